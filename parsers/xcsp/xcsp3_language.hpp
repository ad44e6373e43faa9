// parsers/xcsp/xcsp3_language.hpp — the XCSP3 language constraints: regular (<transitions>
// "(q,v,q')..." with integer or symbolic labels, <start>, <final>) and mdd (<transitions>; the
// root is the one state no transition enters, the terminals those no transition leaves).
// States are names, numbered in order of appearance.
//
// A group or slide template reads its automaton once (TemplateMemo) and shares it.
//
// Internal to the XCSP3 reader; header-only so that the reader stays one translation unit.
#pragma once

#include <algorithm>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "arcwave/error.hpp"
#include "arcwave/model.hpp"
#include "parsers/xcsp/xcsp3_children.hpp"
#include "parsers/xcsp/xcsp3_lists.hpp"
#include "parsers/xcsp/xcsp3_variables.hpp"
#include "parsers/xml/xml_stream.hpp"

namespace arcwave::xcsp3 {

/// What a constraint template reads once and shares between its uses.
struct TemplateMemo {
  std::shared_ptr<const Automaton> automaton;
};

namespace detail {

class StateNames {
 public:
  int number(std::string_view name) {
    const auto it = numbers_.find(std::string(name));
    if (it != numbers_.end()) return it->second;
    const int n = static_cast<int>(numbers_.size());
    numbers_.emplace(std::string(name), n);
    return n;
  }
  [[nodiscard]] const int* find(std::string_view name) const {
    const auto it = numbers_.find(std::string(name));
    return it == numbers_.end() ? nullptr : &it->second;
  }
  [[nodiscard]] int size() const { return static_cast<int>(numbers_.size()); }

 private:
  std::unordered_map<std::string, int> numbers_;
};

inline bool state_name(std::string_view s) {
  if (s.empty()) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  });
}

// "(q,v,q')(...)": states by name, labels integers or symbols.
inline std::vector<Automaton::Transition> read_transitions(const XmlNode& node,
                                                           const VariableTable& vars,
                                                           StateNames& states) {
  TextScanner s(node);
  const std::string_view text = node.text;
  std::vector<Automaton::Transition> out;
  auto field = [&](char stop) {
    s.skip_space();
    const std::size_t start = s.offset();
    while (!s.at_end() && s.peek() != stop && s.peek() != ',' && s.peek() != ')' &&
           !TextScanner::is_space(s.peek()))
      s.advance();
    return Token{text.substr(start, s.offset() - start), start};
  };
  s.skip_space();
  while (!s.at_end()) {
    if (!s.accept('(')) s.fail("expected '(' to open a transition \"(state,value,state)\"");
    const Token from = field(',');
    s.expect(',', "after the state a transition leaves");
    const Token label = field(',');
    s.expect(',', "after the value of a transition");
    const Token to = field(')');
    s.expect(')', "to close the transition");
    for (const Token* t : {&from, &to})
      if (!state_name(t->text))
        s.fail_at(t->offset, "expected a state name, found " + quoted(t->text));
    Value v = 0;
    if (starts_like_integer(label.text)) {
      v = int_or_fail(s, label.text, label.offset, "a transition value");
    } else if (const std::optional<Value> sym = vars.symbol(label.text)) {
      v = *sym;
    } else {
      s.fail_at(label.offset,
                "expected an integer or a symbol as the value of a transition, "
                "found " +
                    quoted(label.text));
    }
    out.push_back({states.number(from.text), v, states.number(to.text)});
    check_list_length(out.size(), s.position_at(from.offset));
    s.skip_space();
  }
  if (out.empty()) throw InputError(node.position, "<transitions> without transitions");
  return out;
}

inline std::shared_ptr<const Automaton> read_regular(const XmlNode& node,
                                                     const VariableTable& vars) {
  const XmlNode* transitions = single_child(node, "transitions", true);
  const XmlNode* start = single_child(node, "start", true);
  const XmlNode* final = single_child(node, "final", true);
  for (const XmlNode* c : {transitions, start, final}) VariableTable::check_attributes(*c, {});
  StateNames states;
  auto a = std::make_shared<Automaton>();
  a->transitions = read_transitions(*transitions, vars, states);
  TextScanner ss(*start);
  const Token q0 = next_token(ss);
  if (q0.empty() || !state_name(q0.text) || !next_token(ss).empty())
    throw InputError(start->position, "<start> must name one state");
  a->start = states.number(q0.text);
  TextScanner fs(*final);
  for (Token t = next_token(fs); !t.empty(); t = next_token(fs)) {
    if (!state_name(t.text)) fs.fail_at(t.offset, "expected a state name, found " + quoted(t.text));
    a->finals.push_back(states.number(t.text));
  }
  std::sort(a->finals.begin(), a->finals.end());
  a->finals.erase(std::unique(a->finals.begin(), a->finals.end()), a->finals.end());
  a->states = states.size();
  return a;
}

inline std::shared_ptr<const Automaton> read_mdd(const XmlNode& node, const VariableTable& vars) {
  const XmlNode* transitions = single_child(node, "transitions", true);
  VariableTable::check_attributes(*transitions, {});
  StateNames states;
  auto a = std::make_shared<Automaton>();
  a->transitions = read_transitions(*transitions, vars, states);
  a->states = states.size();
  std::vector<char> entered(static_cast<std::size_t>(a->states), 0);
  std::vector<char> left(static_cast<std::size_t>(a->states), 0);
  for (const Automaton::Transition& t : a->transitions) {
    entered[static_cast<std::size_t>(t.to)] = 1;
    left[static_cast<std::size_t>(t.from)] = 1;
  }
  int roots = 0;
  for (int q = 0; q < a->states; ++q) {
    if (entered[static_cast<std::size_t>(q)] == 0) {
      a->start = q;
      ++roots;
    }
    if (left[static_cast<std::size_t>(q)] == 0) a->finals.push_back(q);
  }
  if (roots != 1)
    throw InputError(transitions->position,
                     "the MDD has " + std::to_string(roots) +
                         " root nodes (nodes no transition enters); it needs exactly one");
  return a;
}

}  // namespace detail

/// regular / mdd over <list>.
inline void post_regular(const XmlNode& node, const VariableTable& vars, Model& model,
                         const TemplateArgs* args, TemplateMemo* memo) {
  (void)model;
  const bool mdd = node.name == "mdd";
  VariableTable::check_attributes(node, {"id", "class", "note"});
  if (mdd)
    check_children(node, {"list", "transitions"});
  else
    check_children(node, {"list", "transitions", "start", "final"});
  check_no_text(node);
  const XmlNode* list = single_child(node, "list", true);
  VariableTable::check_attributes(*list, {});
  RegularConstraint c;
  c.mdd = mdd;
  c.scope = read_variables(*list, vars, args, node.name);
  if (memo != nullptr && memo->automaton) {
    c.automaton = memo->automaton;
  } else {
    c.automaton = mdd ? detail::read_mdd(node, vars) : detail::read_regular(node, vars);
    if (memo != nullptr) memo->automaton = c.automaton;
  }
  vars.aux().post(std::move(c), where_of(node, args));
}

}  // namespace arcwave::xcsp3
