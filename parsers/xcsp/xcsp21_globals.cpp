// Definitions for parsers/xcsp/xcsp21_globals.hpp.
#include "parsers/xcsp/xcsp21_globals.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <optional>
#include <string>

#include "arcwave/error.hpp"
#include "parsers/text/scanner.hpp"

namespace arcwave::xcsp21 {

namespace {

// The text offset at which a child element of `node` sits: the start of the first piece of text
// that follows it (the pieces are anchored at their source positions), or the end of the text.
std::size_t child_offset(const XmlNode& node, const XmlNode& child) {
  for (const XmlNode::TextAnchor& a : node.anchors)
    if (a.line > child.position.line ||
        (a.line == child.position.line && a.column > child.position.column))
      return a.offset;
  return node.text.size();
}

constexpr std::string_view kNil = "<nil/>";

// The tokens of a <parameters> text in the abridged notation: brackets, braces and words, and
// the <nil/> elements (an absent entry of a dictionary) where they sit among them.
class ParameterTokens {
 public:
  explicit ParameterTokens(const XmlNode& parameters) : node_(parameters) {
    const std::string& t = parameters.text;
    std::vector<std::size_t> nils;
    for (const XmlNode& c : parameters.children)
      if (c.name == "nil") nils.push_back(child_offset(parameters, c));
    std::size_t next_nil = 0;
    auto flush_nils = [&](std::size_t upto) {
      for (; next_nil < nils.size() && nils[next_nil] <= upto; ++next_nil)
        tokens_.push_back({kNil, nils[next_nil]});
    };
    std::size_t i = 0;
    while (i < t.size()) {
      flush_nils(i);
      if (is_space(t[i])) {
        ++i;
      } else if (is_bracket(t[i])) {
        tokens_.push_back({std::string_view(t).substr(i, 1), i});
        ++i;
      } else {
        const std::size_t start = i;
        while (i < t.size() && !is_space(t[i]) && !is_bracket(t[i])) ++i;
        tokens_.push_back({std::string_view(t).substr(start, i - start), start});
      }
    }
    flush_nils(t.size());
  }

  [[nodiscard]] bool at_end() const { return pos_ >= tokens_.size(); }
  [[nodiscard]] bool next_is(char bracket) const {
    return !at_end() && tokens_[pos_].text.size() == 1 && tokens_[pos_].text[0] == bracket;
  }
  void expect(char bracket) {
    if (!next_is(bracket)) fail(fmt::format("expected '{}'", bracket));
    ++pos_;
  }
  // A word (variable name or integer); brackets are not words.
  Word word(std::string_view what) {
    if (at_end() || is_bracket(tokens_[pos_].text[0]) || tokens_[pos_].text == kNil)
      fail("expected " + std::string(what));
    return tokens_[pos_++];
  }
  // A word, or nothing for <nil/>.
  std::optional<Word> word_or_nil(std::string_view what) {
    if (!at_end() && tokens_[pos_].text == kNil) {
      ++pos_;
      return std::nullopt;
    }
    return word(what);
  }
  void expect_end() {
    if (!at_end()) fail("unexpected parameter");
  }
  Value integer(const Word& w) const {
    TextScanner scan(node_);
    scan.seek(w.offset);
    return scan.read_int("an integer");
  }
  [[noreturn]] void fail(const std::string& message) const {
    const std::size_t at = at_end() ? node_.text.size() : tokens_[pos_].offset;
    const std::string found =
        at_end() ? "the end of the parameters" : "'" + std::string(tokens_[pos_].text) + "'";
    throw InputError(node_.text_position(at), message + ", found " + found);
  }
  [[noreturn]] void fail_at(const Word& w, const std::string& message) const {
    throw InputError(node_.text_position(w.offset), message);
  }
  [[nodiscard]] SourcePosition position_of(const Word& w) const {
    return node_.text_position(w.offset);
  }

 private:
  static bool is_bracket(char c) { return c == '[' || c == ']' || c == '{' || c == '}'; }

  const XmlNode& node_;
  std::vector<Word> tokens_;
  std::size_t pos_ = 0;
};

// A variable of the parameters: known, and in the constraint's scope.
int variable_of(const ParameterTokens& tokens, const Word& w, const std::vector<int>& scope,
                const Symbols& symbols) {
  const auto it = symbols.variables.find(w.text);
  if (it == symbols.variables.end())
    tokens.fail_at(w, fmt::format("unknown variable '{}'", w.text));
  if (std::find(scope.begin(), scope.end(), it->second) == scope.end())
    tokens.fail_at(w, fmt::format("variable '{}' is not in the constraint's scope", w.text));
  return it->second;
}

Operand operand_of(const ParameterTokens& tokens, const Word& w, const std::vector<int>& scope,
                   const Symbols& symbols) {
  if (looks_like_integer(w.text)) return {false, tokens.integer(w)};
  return {true, variable_of(tokens, w, scope, symbols)};
}

Condition equals(const Operand& o) {
  Condition c;
  c.op = Relation::kEq;
  c.kind = o.is_variable ? Condition::Kind::kVariable : Condition::Kind::kConstant;
  c.value = o.value;
  return c;
}

const XmlNode& parameters_of(const XmlNode& constraint) {
  const XmlNode* p = constraint.child("parameters");
  if (p == nullptr) fail_at_tag(constraint, "this global constraint needs a <parameters> element");
  return *p;
}

Constraint read_all_different(const XmlNode& constraint, const std::vector<int>& scope,
                              const Symbols& symbols) {
  AllDifferentConstraint c;
  const XmlNode* parameters = constraint.child("parameters");
  if (parameters == nullptr) {
    c.scope = scope;
    return c;
  }
  ParameterTokens tokens(*parameters);
  tokens.expect('[');
  while (!tokens.next_is(']')) {
    const Word w = tokens.word("a variable or ']'");
    if (looks_like_integer(w.text))
      throw Unsupported(parameters->text_position(w.offset),
                        "integer constants in global:allDifferent");
    c.scope.push_back(variable_of(tokens, w, scope, symbols));
  }
  tokens.expect(']');
  tokens.expect_end();
  return c;
}

Constraint read_weighted_sum(const XmlNode& constraint, const std::vector<int>& scope,
                             const Symbols& symbols) {
  const XmlNode& parameters = parameters_of(constraint);
  SumConstraint c;
  ParameterTokens tokens(parameters);
  tokens.expect('[');
  while (!tokens.next_is(']')) {
    if (!tokens.next_is('{')) tokens.fail("expected '{' or ']'");
    tokens.expect('{');
    const Word coeff = tokens.word("a coefficient");
    if (!looks_like_integer(coeff.text))
      tokens.fail_at(coeff, fmt::format("expected an integer coefficient, found '{}'", coeff.text));
    c.coeffs.push_back(tokens.integer(coeff));
    c.scope.push_back(variable_of(tokens, tokens.word("a variable"), scope, symbols));
    tokens.expect('}');
  }
  tokens.expect(']');
  // The relational operator is an empty element (<eq/>, <le/>, ...) between the list and the
  // right-hand side.
  static constexpr std::pair<std::string_view, Relation> kOperators[] = {
      {"eq", Relation::kEq}, {"ne", Relation::kNe}, {"ge", Relation::kGe},
      {"gt", Relation::kGt}, {"le", Relation::kLe}, {"lt", Relation::kLt}};
  if (parameters.children.size() != 1)
    fail_at_tag(parameters,
                "global:weightedSum needs one operator element (<eq/>, <ne/>, <ge/>, "
                "<gt/>, <le/> or <lt/>) in its <parameters>");
  const XmlNode& op = parameters.children.front();
  const auto known = std::find_if(std::begin(kOperators), std::end(kOperators),
                                  [&](const auto& o) { return o.first == op.name; });
  if (known == std::end(kOperators))
    fail_at_tag(op, fmt::format("unknown operator <{}> in global:weightedSum", op.name));
  const Word rhs = tokens.word("the right-hand side");
  tokens.expect_end();
  c.condition = equals(operand_of(tokens, rhs, scope, symbols));
  c.condition.op = known->second;
  return c;
}

Constraint read_element(const XmlNode& constraint, const std::vector<int>& scope,
                        const Symbols& symbols) {
  const XmlNode& parameters = parameters_of(constraint);
  ParameterTokens tokens(parameters);
  const Word index_word = tokens.word("the index");
  const Operand index = operand_of(tokens, index_word, scope, symbols);
  ElementConstraint c;
  tokens.expect('[');
  while (!tokens.next_is(']'))
    c.list.push_back(
        operand_of(tokens, tokens.word("a variable, an integer or ']'"), scope, symbols));
  tokens.expect(']');
  const Word value_word = tokens.word("the value");
  tokens.expect_end();
  if (c.list.empty()) fail_at_tag(parameters, "global:element with an empty list");
  c.condition = equals(operand_of(tokens, value_word, scope, symbols));
  c.start_index = 1;  // the Global Constraint Catalog's convention, which XCSP 2.1 follows
  if (index.is_variable) {
    c.index = static_cast<int>(index.value);
    return c;
  }
  // A constant index selects one entry: that entry must satisfy the condition.
  if (index.value < 1 || index.value > static_cast<Value>(c.list.size()))
    tokens.fail_at(index_word, fmt::format("element index {} outside the list 1..{}", index.value,
                                           c.list.size()));
  c.list = {c.list[static_cast<std::size_t>(index.value - 1)]};
  return c;
}

// A list "[ X0 X1 ... ]" of variables of the scope.
std::vector<int> variable_list(ParameterTokens& tokens, const std::vector<int>& scope,
                               const Symbols& symbols) {
  std::vector<int> vars;
  tokens.expect('[');
  while (!tokens.next_is(']'))
    vars.push_back(variable_of(tokens, tokens.word("a variable or ']'"), scope, symbols));
  tokens.expect(']');
  return vars;
}

// A list "[ v0 v1 ... ]" of integers.
std::vector<Value> integer_list(ParameterTokens& tokens) {
  std::vector<Value> values;
  tokens.expect('[');
  while (!tokens.next_is(']')) {
    const Word w = tokens.word("an integer or ']'");
    if (!looks_like_integer(w.text))
      tokens.fail_at(w, fmt::format("expected an integer, found '{}'", w.text));
    values.push_back(tokens.integer(w));
  }
  tokens.expect(']');
  return values;
}

Value integer_of(ParameterTokens& tokens, const Word& w) {
  if (!looks_like_integer(w.text))
    tokens.fail_at(w, fmt::format("expected an integer, found '{}'", w.text));
  return tokens.integer(w);
}

// among(NVAR, VARIABLES, VALUES): NVAR variables of the list take one of the values.
// atleast / atmost(N, VARIABLES, VALUE): at least / at most N of them take the value.
Constraint read_counting(const XmlNode& constraint, std::string_view name,
                         const std::vector<int>& scope, const Symbols& symbols) {
  ParameterTokens tokens(parameters_of(constraint));
  const Operand n = operand_of(tokens, tokens.word("the number of occurrences"), scope, symbols);
  CountConstraint c;
  c.scope = variable_list(tokens, scope, symbols);
  if (name == "among") {
    for (Value v : integer_list(tokens)) c.values.push_back({false, v});
  } else {
    c.values.push_back({false, integer_of(tokens, tokens.word("the value"))});
  }
  tokens.expect_end();
  c.condition = equals(n);
  if (name == "atleast") c.condition.op = Relation::kGe;
  if (name == "atmost") c.condition.op = Relation::kLe;
  return c;
}

// global_cardinality(VARIABLES, VALUES): [ X... ] [ { value noccurrence } ... ].
Constraint read_global_cardinality(const XmlNode& constraint, const std::vector<int>& scope,
                                   const Symbols& symbols) {
  ParameterTokens tokens(parameters_of(constraint));
  CardinalityConstraint c;
  c.scope = variable_list(tokens, scope, symbols);
  tokens.expect('[');
  while (!tokens.next_is(']')) {
    tokens.expect('{');
    c.values.push_back({false, integer_of(tokens, tokens.word("a value"))});
    c.occurs.push_back(
        equals(operand_of(tokens, tokens.word("a number of occurrences"), scope, symbols)));
    tokens.expect('}');
  }
  tokens.expect(']');
  tokens.expect_end();
  return c;
}

// nvalue(NVAL, VARIABLES): the list takes NVAL distinct values.
Constraint read_nvalue(const XmlNode& constraint, const std::vector<int>& scope,
                       const Symbols& symbols) {
  ParameterTokens tokens(parameters_of(constraint));
  NValuesConstraint c;
  c.condition = equals(operand_of(tokens, tokens.word("the number of values"), scope, symbols));
  c.scope = variable_list(tokens, scope, symbols);
  tokens.expect_end();
  return c;
}

// The variable of a task attribute that must be a variable (an origin, an end).
int task_variable(ParameterTokens& tokens, const Word& w, const std::vector<int>& scope,
                  const Symbols& symbols, std::string_view what) {
  if (looks_like_integer(w.text))
    throw Unsupported(tokens.position_of(w), fmt::format("a constant {} in a task", what));
  return variable_of(tokens, w, scope, symbols);
}

// cumulative(TASKS, LIMIT): [ { origin duration end height } ... ] limit, <nil/> for an absent
// end (the duration is then required).
Constraint read_cumulative(const XmlNode& constraint, const std::vector<int>& scope,
                           const Symbols& symbols) {
  ParameterTokens tokens(parameters_of(constraint));
  CumulativeConstraint c;
  bool any_end = false;
  std::vector<std::optional<int>> ends;
  tokens.expect('[');
  while (!tokens.next_is(']')) {
    tokens.expect('{');
    const std::optional<Word> origin = tokens.word_or_nil("the origin of a task");
    const std::optional<Word> duration = tokens.word_or_nil("the duration of a task");
    const std::optional<Word> end = tokens.word_or_nil("the end of a task");
    const Word height = tokens.word("the height of a task");
    tokens.expect('}');
    if (!origin || !duration)
      throw Unsupported(tokens.position_of(height),
                        "a cumulative task without its origin or its duration");
    c.origins.push_back(task_variable(tokens, *origin, scope, symbols, "origin"));
    c.lengths.push_back(operand_of(tokens, *duration, scope, symbols));
    c.heights.push_back(operand_of(tokens, height, scope, symbols));
    ends.push_back(end ? std::optional<int>(task_variable(tokens, *end, scope, symbols, "end"))
                       : std::nullopt);
    any_end = any_end || end.has_value();
  }
  tokens.expect(']');
  const Operand limit = operand_of(tokens, tokens.word("the limit"), scope, symbols);
  tokens.expect_end();
  if (any_end) {
    for (const std::optional<int>& e : ends) {
      if (!e)
        fail_at_tag(constraint, "global:cumulative gives the end of some tasks but not of all");
      c.ends.push_back(*e);
    }
  }
  c.condition = equals(limit);
  c.condition.op = Relation::kLe;
  return c;
}

// disjunctive(TASKS): [ { origin duration } ... ], no two tasks overlap.
Constraint read_disjunctive(const XmlNode& constraint, const std::vector<int>& scope,
                            const Symbols& symbols) {
  ParameterTokens tokens(parameters_of(constraint));
  NoOverlapConstraint c;
  tokens.expect('[');
  while (!tokens.next_is(']')) {
    tokens.expect('{');
    c.origins.push_back(
        {task_variable(tokens, tokens.word("the origin of a task"), scope, symbols, "origin")});
    c.lengths.push_back({operand_of(tokens, tokens.word("the duration"), scope, symbols)});
    tokens.expect('}');
  }
  tokens.expect(']');
  tokens.expect_end();
  return c;
}

// diffn(ORTHOTOPES): [ [ { origin size } ... ] ... ], one list of dimensions per box; no two
// boxes overlap.
Constraint read_diffn(const XmlNode& constraint, const std::vector<int>& scope,
                      const Symbols& symbols) {
  const XmlNode& parameters = parameters_of(constraint);
  ParameterTokens tokens(parameters);
  NoOverlapConstraint c;
  tokens.expect('[');
  while (!tokens.next_is(']')) {
    std::vector<int>& origins = c.origins.emplace_back();
    std::vector<Operand>& sizes = c.lengths.emplace_back();
    tokens.expect('[');
    while (!tokens.next_is(']')) {
      tokens.expect('{');
      origins.push_back(
          task_variable(tokens, tokens.word("the origin of a box"), scope, symbols, "origin"));
      sizes.push_back(operand_of(tokens, tokens.word("the size of a box"), scope, symbols));
      tokens.expect('}');
    }
    tokens.expect(']');
    if (origins.empty() || origins.size() != c.origins.front().size())
      fail_at_tag(parameters, "global:diffn with boxes of different dimensions");
  }
  tokens.expect(']');
  tokens.expect_end();
  return c;
}

}  // namespace

bool is_global(std::string_view reference, std::string_view lower_name) {
  constexpr std::string_view kPrefix = "global:";
  if (reference.substr(0, kPrefix.size()) != kPrefix) return false;
  const std::string_view name = reference.substr(kPrefix.size());
  return name.size() == lower_name.size() &&
         std::equal(name.begin(), name.end(), lower_name.begin(), [](char a, char b) {
           return std::tolower(static_cast<unsigned char>(a)) == b;
         });
}

Constraint read_global(const XmlNode& constraint, std::string_view reference,
                       const std::vector<int>& scope, const Symbols& symbols) {
  if (is_global(reference, "alldifferent")) return read_all_different(constraint, scope, symbols);
  if (is_global(reference, "weightedsum")) return read_weighted_sum(constraint, scope, symbols);
  if (is_global(reference, "element")) return read_element(constraint, scope, symbols);
  for (std::string_view name : {"among", "atleast", "atmost"})
    if (is_global(reference, name)) return read_counting(constraint, name, scope, symbols);
  if (is_global(reference, "global_cardinality"))
    return read_global_cardinality(constraint, scope, symbols);
  if (is_global(reference, "nvalue")) return read_nvalue(constraint, scope, symbols);
  if (is_global(reference, "cumulative")) return read_cumulative(constraint, scope, symbols);
  if (is_global(reference, "disjunctive")) return read_disjunctive(constraint, scope, symbols);
  if (is_global(reference, "diffn")) return read_diffn(constraint, scope, symbols);
  throw Unsupported(constraint.position, fmt::format("global constraint '{}'", reference));
}

}  // namespace arcwave::xcsp21
