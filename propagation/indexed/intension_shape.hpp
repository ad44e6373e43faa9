// propagation/indexed/intension_shape.hpp — an intension restated for dedicated propagators: a
// conjunction of clauses, each clause a disjunction of linear literals
// `sum(coeffs[i] * vars[i]) + constant <op> 0` with op one of <=, = and !=.
//
// The shapes real models use most become such formulas: precedences (`le(add(s1,d1),s2)`),
// linear equalities (`eq(e,add(s,d))`), disequalities of differences and of distances
// (`ne(sub(x,y),sub(z,w))`, `ne(dist(a,b),dist(c,d))` is a - b - c + d != 0 and
// a - b + c - d != 0), disjunctive pairs with an optional machine condition
// (`or(ne(m1,m2),le(add(s1,d1),s2),le(add(s2,d2),s1))`), implications and equivalences of such
// forms, `in` / `notin` sets. Recognised: constants, slots, neg, add, sub, mul by constants,
// abs and dist at the top of a comparison's side, the comparisons (eq / ne of any arity), not,
// and, or, imp, iff, xor of two, in, notin, a slot as a Boolean (x != 0). Anything else (products
// of variables, division, min / max, if, ...) is not recognised.
//
// The formula holds on exactly the assignments that satisfy the expression: every intermediate
// value of the expression is bounded by the domains well inside 64 bits (recognition refuses
// otherwise), so the expression is never undefined on the domains.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "arcwave/model.hpp"

namespace arcwave {

/// sum(coeffs[i] * vars[i]) + constant <op> 0, op one of kLe, kEq, kNe; vars distinct (model
/// variable indices), coefficients non-zero, at least one variable.
struct LinearLiteral {
  std::vector<int> vars;
  std::vector<Value> coeffs;
  Value constant = 0;
  Relation op = Relation::kLe;
  friend bool operator==(const LinearLiteral&, const LinearLiteral&) = default;

  /// Does the literal hold when vars[i] takes values[i]?
  [[nodiscard]] bool holds(std::span<const Value> values) const;
};

/// A disjunction of literals (never empty).
using LinearClause = std::vector<LinearLiteral>;

struct IntensionShape {
  /// A conjunction (never empty: an expression true everywhere is not recognised).
  std::vector<LinearClause> clauses;
};

/// The shape of `expr` over `scope` (slot i is variable scope[i], whose sorted domain is
/// domains[scope[i]]), or nothing when the expression is not of the recognised forms, its
/// formula would be large (more than 16 clauses or 8 literals in a clause), it holds everywhere
/// or nowhere, or its values could come near 2^62.
std::optional<IntensionShape> recognise_intension(const Expr& expr, const std::vector<int>& scope,
                                                  const std::vector<Domain>& domains);

}  // namespace arcwave
