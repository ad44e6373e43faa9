// parsers/xcsp/xcsp3_auxiliary.hpp — the auxiliary variables the XCSP3 reader introduces: one per
// distinct expression met in a list (`eq(x[0][0],1)` in a <sum>, `sub(ft[0],15319)` in an
// objective), one per product of a variable coefficient and its term, and those that stand for
// an objective (the maximum of a list, ...). None is printed in solutions.
//
// An expression variable `aux` comes with the constraint aux = expr (an IntensionConstraint). Its
// domain is the exact image of the expression over the product of its variables' domains when
// that product has at most kExactImageTuples tuples (and the document's kExactImageBudget is not
// spent), else the interval that interval arithmetic gives (a large domain above
// Domain::kMaxEnumerated values, refused as Unsupported above Domain::kMaxValues).
//
// Internal to the XCSP3 reader; header-only so that the reader stays one translation unit.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "arcwave/error.hpp"
#include "arcwave/expr.hpp"
#include "arcwave/model.hpp"
#include "model/expr_interval.hpp"
#include "parsers/expr/expr_parser.hpp"
#include "parsers/text/scanner.hpp"
#include "parsers/xcsp/xcsp3_text.hpp"
#include "parsers/xcsp/xcsp3_variables.hpp"

namespace arcwave::xcsp3 {

/// An expression of element text whose identifiers are resolved to variables (symbols of
/// symbolic domains become constants).
struct ResolvedExpression {
  Expr expr;               // slot i is scope[i]
  std::vector<int> scope;  // distinct variables
};

namespace detail {

inline bool identifier_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '[' || c == ']' || c == '.';
}

// Offset of the first whole occurrence of `id` in `text` (for messages), or 0.
inline std::size_t find_identifier(std::string_view text, std::string_view id) {
  for (std::size_t at = text.find(id); at != std::string_view::npos; at = text.find(id, at + 1)) {
    const bool starts = at == 0 || !identifier_char(text[at - 1]);
    const bool ends = at + id.size() == text.size() || !identifier_char(text[at + id.size()]);
    if (starts && ends) return at;
  }
  return 0;
}

}  // namespace detail

/// Parses the expression `text`, found at `offset` of the scanner's text, and resolves its
/// identifiers (two names of one variable become one slot; a symbol becomes its constant).
inline ResolvedExpression resolve_expression(const TextScanner& s, std::string_view text,
                                             std::size_t offset, const VariableTable& vars) {
  const TextLocator locate = [&s, offset](std::size_t at) { return s.position_at(offset + at); };
  ParsedExpression parsed = parse_expression(text, locate);
  ResolvedExpression r;
  // Per identifier: its new slot, or a constant (a symbol).
  struct Leaf {
    bool constant = false;
    Value value = 0;
  };
  std::vector<Leaf> leaves(parsed.identifiers.size());
  bool rewrite = false;
  for (std::size_t i = 0; i < parsed.identifiers.size(); ++i) {
    const std::string& id = parsed.identifiers[i];
    if (const std::optional<Value> sym = vars.symbol(id)) {
      leaves[i] = {true, *sym};
      rewrite = true;
      continue;
    }
    const int v = vars.resolve_one(s, Token{id, offset + detail::find_identifier(text, id)});
    const auto it = std::find(r.scope.begin(), r.scope.end(), v);
    leaves[i] = {false, static_cast<Value>(it - r.scope.begin())};
    if (it == r.scope.end()) r.scope.push_back(v);
    rewrite = rewrite || leaves[i].value != static_cast<Value>(i);
  }
  if (!rewrite) {
    r.expr = std::move(parsed.expr);
    return r;
  }
  std::vector<ExprInstr> code = parsed.expr.code();
  for (ExprInstr& in : code) {
    if (in.op != ExprOp::kSlot) continue;
    const Leaf& leaf = leaves[static_cast<std::size_t>(in.operand)];
    in = leaf.constant ? ExprInstr{ExprOp::kConst, 0, leaf.value}
                       : ExprInstr{ExprOp::kSlot, 0, leaf.value};
  }
  r.expr = Expr(std::move(code));
  return r;
}

/// Parses the whole text of `node` as an expression.
inline ResolvedExpression resolve_expression(const XmlNode& node, const VariableTable& vars) {
  TextScanner s(node);
  return resolve_expression(s, node.text, 0, vars);
}

/// Products of domains up to this many tuples give an auxiliary variable its exact image.
inline constexpr std::uint64_t kExactImageTuples = 1'000'000;
/// Tuples evaluated for exact images in one document; past it, images are intervals (a short
/// document must not buy unbounded time with many expressions).
inline constexpr std::uint64_t kExactImageBudget = 50'000'000;

class AuxiliaryVariables {
 public:
  AuxiliaryVariables(VariableTable& vars, Model& model) : vars_(vars), model_(model) {}

  /// The variable that stands for the expression token `t` of the scanner's text.
  int expression(const TextScanner& s, const Token& t) {
    ResolvedExpression r = resolve_expression(s, t.text, t.offset, vars_);
    if (r.expr.param_count() != 0)
      s.fail_at(t.offset, "parameter in the expression " + quoted(t.text) +
                              " (parameters are whole list entries)");
    return expression(std::move(r), std::string(t.text), s.position_at(t.offset));
  }

  /// The variable aux = expr (one per distinct expression over the same variables).
  int expression(ResolvedExpression r, std::string name, const SourcePosition& where) {
    const std::string key = key_of(r);
    if (const auto it = cache_.find(key); it != cache_.end()) return it->second;
    Domain domain = image(r, name, where);
    const int aux = vars_.add_auxiliary(std::move(name), std::move(domain), where);
    // aux = expr: slot 0 is aux, the expression's slots move up by one.
    std::vector<std::uint32_t> shift(r.scope.size());
    for (std::size_t i = 0; i < shift.size(); ++i) shift[i] = static_cast<std::uint32_t>(i + 1);
    std::vector<ExprInstr> code{{ExprOp::kSlot, 0, 0}};
    const Expr moved = r.expr.remap_slots(shift);
    code.insert(code.end(), moved.code().begin(), moved.code().end());
    code.push_back({ExprOp::kEq, 2, 0});
    std::vector<int> scope{aux};
    scope.insert(scope.end(), r.scope.begin(), r.scope.end());
    post(IntensionConstraint{std::move(scope), std::make_shared<const Expr>(std::move(code))},
         where);
    cache_.emplace(key, aux);
    return aux;
  }

  /// The variable a * b (operands: variables or constants).
  int product(const Operand& a, const Operand& b, const SourcePosition& where) {
    ResolvedExpression r;
    std::vector<ExprInstr> code;
    std::string name = "mul(";
    for (const Operand* o : {&a, &b}) {
      if (o->is_variable) {
        code.push_back({ExprOp::kSlot, 0, static_cast<Value>(r.scope.size())});
        r.scope.push_back(static_cast<int>(o->value));
        name += model_.variables()[static_cast<std::size_t>(o->value)].name;
      } else {
        code.push_back({ExprOp::kConst, 0, o->value});
        name += std::to_string(o->value);
      }
      name += o == &a ? "," : ")";
    }
    code.push_back({ExprOp::kMul, 2, 0});
    if (r.scope.size() == 2 && r.scope[0] == r.scope[1]) {
      r.scope.pop_back();
      code[1] = {ExprOp::kSlot, 0, 0};
    }
    r.expr = Expr(std::move(code));
    return expression(std::move(r), std::move(name), where);
  }

  /// A new variable with this domain and no constraint (the caller posts what defines it).
  int variable(std::string name, Domain domain, const SourcePosition& where) {
    return vars_.add_auxiliary(std::move(name), std::move(domain), where);
  }

  /// Appends a constraint; the model's own validation errors get the position `where`.
  void post(Constraint c, const SourcePosition& where) {
    try {
      model_.add_constraint(std::move(c));
    } catch (const InputError& e) {
      if (e.where().line != 0) throw;
      throw InputError(where, e.message());
    }
  }

  /// The values an expression over these variables can take: exact over small domain
  /// products, else an interval.
  Domain image(const ResolvedExpression& r, std::string_view text, const SourcePosition& where) {
    std::uint64_t tuples = 1;
    for (int v : r.scope) {
      tuples *= domain(v).size();
      if (tuples > kExactImageTuples) break;
    }
    std::vector<Value> values;
    if (tuples <= kExactImageTuples && evaluated_ + tuples <= kExactImageBudget) {
      evaluated_ += tuples;
      values = exact_image(r);
    } else {
      std::vector<ValueInterval> slots;
      for (int v : r.scope) slots.push_back({domain(v).front(), domain(v).back(), false});
      const ValueInterval iv = evaluate_interval(r.expr, slots);
      if (!iv.empty) {
        if (range_width(iv.lo, iv.hi) > Domain::kMaxValues)
          throw Unsupported(where, "expression " + quoted(text) + " whose values span " +
                                       std::to_string(iv.lo) + ".." + std::to_string(iv.hi) +
                                       " (more than 2^31 values)");
        // Enumerated up to Domain::kMaxEnumerated values, a large domain beyond.
        return Domain::range(iv.lo, iv.hi);
      }
    }
    if (values.empty())
      throw InputError(where, "the expression " + quoted(text) + " is defined nowhere");
    return values;
  }

 private:
  [[nodiscard]] const Domain& domain(int v) const {
    return model_.variables()[static_cast<std::size_t>(v)].domain;
  }

  // Every value over the product of the domains (odometer order), sorted and distinct.
  std::vector<Value> exact_image(const ResolvedExpression& r) const {
    const std::size_t k = r.scope.size();
    std::vector<std::size_t> at(k, 0);
    std::vector<Value> slots(k);
    for (std::size_t i = 0; i < k; ++i) slots[i] = domain(r.scope[i]).front();
    std::vector<Value> values;
    for (;;) {
      if (const std::optional<Value> v = r.expr.evaluate(slots)) values.push_back(*v);
      bool carry = true;
      for (std::size_t i = k; carry && i > 0;) {
        --i;
        const Domain& d = domain(r.scope[i]);
        if (++at[i] < d.size()) {
          slots[i] = d[at[i]];
          carry = false;
        } else {
          at[i] = 0;
          slots[i] = d.front();
        }
      }
      if (carry) break;
    }
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    return values;
  }

  // The expression with its slots replaced by the variables they stand for.
  static std::string key_of(const ResolvedExpression& r) {
    std::string key;
    key.reserve(r.expr.code().size() * 13);
    for (const ExprInstr& in : r.expr.code()) {
      const Value operand =
          in.op == ExprOp::kSlot ? r.scope[static_cast<std::size_t>(in.operand)] : in.operand;
      key.push_back(static_cast<char>(in.op));
      key.append(reinterpret_cast<const char*>(&in.arity), sizeof in.arity);
      key.append(reinterpret_cast<const char*>(&operand), sizeof operand);
    }
    return key;
  }

  VariableTable& vars_;
  Model& model_;
  std::unordered_map<std::string, int> cache_;
  std::uint64_t evaluated_ = 0;  // tuples evaluated for exact images
};

}  // namespace arcwave::xcsp3
