// Definitions for parsers/xcsp/xcsp21_predicates.hpp.
#include "parsers/xcsp/xcsp21_predicates.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>

#include "arcwave/error.hpp"
#include "parsers/expr/expr_parser.hpp"
#include "parsers/text/scanner.hpp"

namespace arcwave::xcsp21 {

namespace {

constexpr std::size_t kMaxCachedBindings = 4096;

bool is_identifier_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// Offset of the first whole-word occurrence of `name` in `text` (0 when absent).
std::size_t find_identifier(std::string_view text, std::string_view name) {
  for (std::size_t at = text.find(name); at != std::string_view::npos;
       at = text.find(name, at + 1)) {
    const bool starts = at == 0 || !is_identifier_char(text[at - 1]);
    const std::size_t end = at + name.size();
    const bool ends = end == text.size() || !is_identifier_char(text[end]);
    if (starts && ends) return at;
  }
  return 0;
}

const XmlNode& required_child(const XmlNode& node, std::string_view name) {
  const XmlNode* child = node.child(name);
  if (child == nullptr)
    fail_at_tag(node, fmt::format("<{}> needs a <{}> element", node.name, name));
  return *child;
}

}  // namespace

PredicateDef read_predicate(const XmlNode& predicate) {
  PredicateDef def;
  const XmlNode& parameters = required_child(predicate, "parameters");
  const std::vector<Word> words = split_words(parameters.text);
  if (words.size() % 2 != 0)
    throw InputError(parameters.text_position(words.back().offset),
                     fmt::format("formal parameter '{}' has no type (expected pairs 'int NAME')",
                                 words.back().text));
  for (std::size_t i = 0; i < words.size(); i += 2) {
    const Word& type = words[i];
    const Word& name = words[i + 1];
    if (type.text != "int")
      throw InputError(
          parameters.text_position(type.offset),
          fmt::format("unknown parameter type '{}' (XCSP 2.1 predicates take 'int')", type.text));
    if (std::find(def.formals.begin(), def.formals.end(), name.text) != def.formals.end())
      throw InputError(parameters.text_position(name.offset),
                       fmt::format("formal parameter '{}' declared twice", name.text));
    def.formals.emplace_back(name.text);
  }

  const XmlNode& expression = required_child(predicate, "expression");
  const XmlNode* functional = expression.child("functional");
  if (functional == nullptr) {
    if (!expression.children.empty())
      throw Unsupported(expression.children.front().position,
                        fmt::format("<{}> predicate bodies (only <functional> is read)",
                                    expression.children.front().name));
    fail_at_tag(expression, "<expression> needs a <functional> element");
  }
  const std::string& text = functional->text;
  const ParsedExpression parsed = parse_expression(
      text, [functional](std::size_t offset) { return functional->text_position(offset); });
  if (parsed.expr.param_count() > 0) {
    const std::size_t at = text.find('%');
    throw InputError(functional->text_position(at == std::string::npos ? 0 : at),
                     "'%' parameters are XCSP3; XCSP 2.1 bodies name their formal parameters");
  }
  // The parser numbers identifiers by first appearance; the body is kept with parameter leaves
  // numbered by formal parameter instead.
  std::vector<Value> formal_of_slot;
  for (const std::string& id : parsed.identifiers) {
    const auto it = std::find(def.formals.begin(), def.formals.end(), id);
    if (it == def.formals.end())
      throw InputError(functional->text_position(find_identifier(text, id)),
                       fmt::format("'{}' is not a formal parameter of the predicate", id));
    formal_of_slot.push_back(static_cast<Value>(it - def.formals.begin()));
  }
  std::vector<ExprInstr> code = parsed.expr.code();
  for (ExprInstr& in : code) {
    if (in.op != ExprOp::kSlot) continue;
    in.op = ExprOp::kParam;
    in.operand = formal_of_slot[static_cast<std::size_t>(in.operand)];
  }
  def.body = Expr(std::move(code));
  return def;
}

IntensionConstraint bind_predicate(PredicateDef& def, const XmlNode& parameters,
                                   const std::vector<int>& scope, const Symbols& symbols) {
  const std::vector<Word> words = split_words(parameters.text);
  if (words.size() != def.formals.size()) {
    const std::size_t at = words.size() > def.formals.size() ? words[def.formals.size()].offset
                                                             : parameters.text.size();
    throw InputError(parameters.text_position(at),
                     fmt::format("{} effective parameters for a predicate of {}", words.size(),
                                 def.formals.size()));
  }
  IntensionConstraint out;
  std::vector<std::pair<bool, Value>> key;
  std::vector<Expr::Binding> bindings;
  key.reserve(words.size());
  bindings.reserve(words.size());
  for (const Word& w : words) {
    if (looks_like_integer(w.text)) {
      TextScanner scan(parameters);
      scan.seek(w.offset);
      const Value v = scan.read_int("an effective parameter");
      bindings.push_back({true, v});
      key.emplace_back(true, v);
      continue;
    }
    const auto var = symbols.variables.find(w.text);
    if (var == symbols.variables.end())
      throw InputError(parameters.text_position(w.offset),
                       fmt::format("unknown variable '{}'", w.text));
    if (std::find(scope.begin(), scope.end(), var->second) == scope.end())
      throw InputError(parameters.text_position(w.offset),
                       fmt::format("variable '{}' is not in the constraint's scope", w.text));
    auto slot = std::find(out.scope.begin(), out.scope.end(), var->second);
    if (slot == out.scope.end()) {
      out.scope.push_back(var->second);
      slot = out.scope.end() - 1;
    }
    const auto slot_index = static_cast<Value>(slot - out.scope.begin());
    bindings.push_back({false, slot_index});
    key.emplace_back(false, slot_index);
  }
  if (const auto cached = def.bound.find(key); cached != def.bound.end()) {
    out.expr = cached->second;
    return out;
  }
  out.expr = std::make_shared<const Expr>(def.body.bind(bindings));
  if (def.bound.size() < kMaxCachedBindings) def.bound.emplace(std::move(key), out.expr);
  return out;
}

}  // namespace arcwave::xcsp21
