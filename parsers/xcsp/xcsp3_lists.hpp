// parsers/xcsp/xcsp3_lists.hpp — lists of operands in XCSP3 constraints (variables, compact forms,
// integers with `vxk` repetition, symbols, expressions that become auxiliary variables, and the
// template parameters %i / %... that a group's <args> or a slide window supplies), and posting a
// constraint with its source position.
//
// Internal to the XCSP3 reader; header-only so that the reader stays one translation unit.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "arcwave/error.hpp"
#include "arcwave/model.hpp"
#include "parsers/text/scanner.hpp"
#include "parsers/xcsp/xcsp3_auxiliary.hpp"
#include "parsers/xcsp/xcsp3_text.hpp"
#include "parsers/xcsp/xcsp3_variables.hpp"
#include "parsers/xml/xml_stream.hpp"

namespace arcwave::xcsp3 {

/// The arguments of one use of a constraint template: a group's <args>, or a slide window.
/// An expression argument (`not(x[0])`) stays text until a parameter takes it: most templates
/// make it an auxiliary variable, <clause> reads its literals.
struct TemplateArgs {
  std::vector<Operand> values;
  std::size_t ellipsis_from = 0;   // %... stands for values[ellipsis_from..]
  SourcePosition where;            // of the <args> (or the <slide>)
  const XmlNode* node = nullptr;   // the <args>, whose text holds the expressions
  std::vector<Token> expressions;  // empty, or per value: the expression it is (empty if none)

  /// The expression text of argument i, or an empty token.
  [[nodiscard]] Token expression(std::size_t i) const {
    return i < expressions.size() ? expressions[i] : Token{};
  }
};

/// Argument i, an expression argument made a variable.
inline Operand argument(const TemplateArgs& args, std::size_t i, const VariableTable& vars) {
  const Token e = args.expression(i);
  if (e.empty()) return args.values[i];
  const TextScanner s(*args.node);
  return Operand{true, vars.aux().expression(s, e)};
}

enum class ParamKind : std::uint8_t { kNone, kIndex, kEllipsis };

/// Is `text` a template parameter ("%3", "%...")? Sets `index` for %i.
inline ParamKind parse_param(std::string_view text, std::size_t& index) {
  if (text.empty() || text[0] != '%') return ParamKind::kNone;
  if (text == "%...") return ParamKind::kEllipsis;
  if (text.size() < 2 || text.size() > 10) return ParamKind::kNone;
  index = 0;
  for (std::size_t i = 1; i < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '9') return ParamKind::kNone;
    index = index * 10 + static_cast<std::size_t>(text[i] - '0');
  }
  return ParamKind::kIndex;
}

/// Appends the operand(s) a parameter token stands for.
inline void expand_param(const TextScanner& s, const Token& t, ParamKind kind, std::size_t index,
                         const TemplateArgs* args, const VariableTable& vars,
                         std::vector<Operand>& out) {
  if (args == nullptr)
    s.fail_at(t.offset, "parameter " + quoted(t.text) + " outside a group or slide template");
  if (kind == ParamKind::kEllipsis) {
    for (std::size_t i = args->ellipsis_from; i < args->values.size(); ++i)
      out.push_back(argument(*args, i, vars));
    return;
  }
  if (index >= args->values.size())
    s.fail_at(t.offset, "parameter " + quoted(t.text) + ", but the arguments at " +
                            std::to_string(args->where.line) + ":" +
                            std::to_string(args->where.column) + " are only " +
                            std::to_string(args->values.size()));
  out.push_back(argument(*args, index, vars));
}

/// Appends one token's operands: an integer (`vxk` repeats), a parameter, a reference, a symbol,
/// or an expression (its auxiliary variable).
inline void read_operand(const TextScanner& s, const Token& t, const VariableTable& vars,
                         const TemplateArgs* args, std::vector<Operand>& out) {
  std::size_t index = 0;
  if (const ParamKind kind = parse_param(t.text, index); kind != ParamKind::kNone) {
    expand_param(s, t, kind, index, args, vars, out);
    return;
  }
  if (is_expression(t.text)) {
    out.push_back(Operand{true, vars.aux().expression(s, t)});
    return;
  }
  if (const std::optional<Value> sym = vars.symbol(t.text)) {
    out.push_back(Operand{false, *sym});
    return;
  }
  if (starts_like_integer(t.text)) {
    const std::size_t x = t.text.find('x');
    if (x == std::string_view::npos) {
      out.push_back(Operand{false, int_or_fail(s, t.text, t.offset, "an integer")});
      return;
    }
    const Value v = int_or_fail(s, t.text.substr(0, x), t.offset, "an integer");
    const Value k = int_or_fail(s, t.text.substr(x + 1), t.offset + x + 1, "a repetition count");
    if (k < 1) s.fail_at(t.offset + x + 1, "repetition count " + std::to_string(k) + " below 1");
    check_list_length(out.size() + static_cast<std::uint64_t>(k), s.position_at(t.offset));
    out.insert(out.end(), static_cast<std::size_t>(k), Operand{false, v});
    return;
  }
  thread_local std::vector<int> found;
  found.clear();
  vars.resolve(s, t, found);
  for (int v : found) out.push_back(Operand{true, v});
}

/// All the operands of a node's text; `offsets` (optional) gets each operand's token offset.
inline std::vector<Operand> read_operands(const XmlNode& node, const VariableTable& vars,
                                          const TemplateArgs* args,
                                          std::vector<std::size_t>* offsets = nullptr) {
  TextScanner s(node);
  std::vector<Operand> out;
  for (Token t = next_token(s); !t.empty(); t = next_token(s)) {
    const std::size_t before = out.size();
    read_operand(s, t, vars, args, out);
    check_list_length(out.size(), s.position_at(t.offset));
    if (offsets != nullptr) offsets->insert(offsets->end(), out.size() - before, t.offset);
  }
  return out;
}

/// The arguments of a group's <args>: operands, with each expression kept as text.
inline void read_arguments(const XmlNode& node, const VariableTable& vars, TemplateArgs& args) {
  TextScanner s(node);
  args.values.clear();
  args.expressions.clear();
  args.node = &node;
  for (Token t = next_token(s); !t.empty(); t = next_token(s)) {
    if (is_expression(t.text)) {
      args.expressions.resize(args.values.size());
      args.expressions.push_back(t);
      args.values.push_back(Operand{false, 0});
      continue;
    }
    read_operand(s, t, vars, nullptr, args.values);
    check_list_length(args.values.size(), s.position_at(t.offset));
  }
  if (!args.expressions.empty()) args.expressions.resize(args.values.size());
}

/// The variables of a list; a constant there is an InputError (or Unsupported when `what` is a
/// constraint whose XCSP3 form allows expressions there, given by `constants_unsupported`).
inline std::vector<int> read_variables(const XmlNode& node, const VariableTable& vars,
                                       const TemplateArgs* args, std::string_view what,
                                       bool constants_unsupported = false) {
  std::vector<std::size_t> offsets;
  const std::vector<Operand> ops = read_operands(node, vars, args, &offsets);
  std::vector<int> scope;
  scope.reserve(ops.size());
  for (std::size_t i = 0; i < ops.size(); ++i) {
    if (!ops[i].is_variable) {
      const SourcePosition at = node.text_position(offsets[i]);
      const std::string msg =
          "the constant " + std::to_string(ops[i].value) + " in the list of " + std::string(what);
      if (constants_unsupported) throw Unsupported(at, msg);
      throw InputError(at, "expected a variable, found " + msg.substr(4));
    }
    scope.push_back(static_cast<int>(ops[i].value));
  }
  return scope;
}

/// The children of `node` must be among `allowed`; an unknown one is Unsupported (never dropped).
inline void check_children(const XmlNode& node, std::initializer_list<std::string_view> allowed) {
  for (const XmlNode& c : node.children) {
    if (std::find(allowed.begin(), allowed.end(), c.name) == allowed.end())
      throw Unsupported(c.position, "<" + c.name + "> in <" + node.name + ">");
  }
}

/// The only child named `name`, or nullptr; two of them is an error.
inline const XmlNode* single_child(const XmlNode& node, std::string_view name, bool required) {
  const XmlNode* found = nullptr;
  for (const XmlNode& c : node.children) {
    if (c.name != name) continue;
    if (found != nullptr) {
      if (name == "list") throw Unsupported(c.position, "<" + node.name + "> over several lists");
      throw InputError(c.position, "a second <" + std::string(name) + "> in <" + node.name + ">");
    }
    found = &c;
  }
  if (found == nullptr && required)
    throw InputError(node.position, "<" + node.name + "> without <" + std::string(name) + ">");
  return found;
}

/// Text directly inside an element that should only hold child elements.
inline void check_no_text(const XmlNode& node) {
  if (!has_content(node.text)) return;
  std::size_t i = 0;
  while (TextScanner::is_space(node.text[i])) ++i;
  throw InputError(node.text_position(i), "unexpected text in <" + node.name + ">");
}

/// Appends a constraint; the model's own validation errors get the element's position.
inline void post(Model& model, Constraint c, const SourcePosition& where) {
  try {
    model.add_constraint(std::move(c));
  } catch (const InputError& e) {
    if (e.where().line != 0) throw;
    throw InputError(where, e.message());
  }
}

/// A condition read from `node`, its variable operand resolved (a parameter, or a reference).
inline Condition resolve_condition(const XmlNode& node, const VariableTable& vars,
                                   const TemplateArgs* args) {
  ConditionText ct = read_condition(node);
  Condition c;
  c.op = ct.op;
  c.kind = ct.kind;
  c.value = ct.value;
  c.lo = ct.lo;
  c.hi = ct.hi;
  c.set = std::move(ct.set);
  if (ct.kind == Condition::Kind::kVariable) {
    TextScanner s(node);
    std::vector<Operand> ops;
    read_operand(s, ct.operand, vars, args, ops);
    if (ops.size() != 1)
      s.fail_at(ct.operand.offset, "the condition needs one operand, " + quoted(ct.operand.text) +
                                       " gives " + std::to_string(ops.size()));
    c.kind = ops[0].is_variable ? Condition::Kind::kVariable : Condition::Kind::kConstant;
    c.value = ops[0].value;
  }
  return c;
}

}  // namespace arcwave::xcsp3
