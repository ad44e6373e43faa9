// Definitions for propagation/cpu/globals/extremum_bounds.hpp.
#include "propagation/cpu/globals/extremum_bounds.hpp"

#include <algorithm>
#include <limits>

namespace arcwave::cpu {

ExtremumBoundsPropagator::ExtremumBoundsPropagator(int constraint, std::vector<int> scope,
                                                   const ExtremumConstraint& c,
                                                   const std::vector<Domain>& domains)
    : Propagator(constraint, std::move(scope)), maximum_(c.maximum), condition_(c.condition) {
  for (int x : c.scope) list_.push_back(Term::variable(x, domains));
  rhs_variable_ = c.condition.kind == Condition::Kind::kVariable;
  if (rhs_variable_) rhs_ = Term::variable(static_cast<int>(c.condition.value), domains);
}

bool ExtremumBoundsPropagator::holds_fixed(const Domains& d) const {
  Value e = list_.front().min(d);
  for (const Term& t : list_) e = maximum_ ? std::max(e, t.min(d)) : std::min(e, t.min(d));
  Condition c = condition_;
  if (rhs_variable_) {
    c.kind = Condition::Kind::kConstant;
    c.value = rhs_.min(d);
  }
  return c.holds(e, {});
}

bool ExtremumBoundsPropagator::once(Context& ctx, bool& changed) {
  const Domains& d = ctx.domains;
  constexpr Value kMin = std::numeric_limits<Value>::min();
  constexpr Value kMax = std::numeric_limits<Value>::max();
  // E's hull from the list.
  Value elo = maximum_ ? kMin : kMax;
  Value ehi = maximum_ ? kMin : kMax;
  for (const Term& t : list_) {
    elo = maximum_ ? std::max(elo, t.min(d)) : std::min(elo, t.min(d));
    ehi = maximum_ ? std::max(ehi, t.max(d)) : std::min(ehi, t.max(d));
  }
  // What the condition allows E to be: [a, b].
  Value a = kMin;
  Value b = kMax;
  const Relation op = condition_.op;
  if (rhs_variable_) {
    const Value rlo = rhs_.min(d);
    const Value rhi = rhs_.max(d);
    if (op == Relation::kEq) a = rlo, b = rhi;
    if (op == Relation::kLe) b = rhi;
    if (op == Relation::kLt) b = rhi == kMin ? kMin : rhi - 1;
    if (op == Relation::kGe) a = rlo;
    if (op == Relation::kGt) a = rlo == kMax ? kMax : rlo + 1;
  } else if (condition_.kind == Condition::Kind::kConstant) {
    const Value k = condition_.value;
    if (op == Relation::kEq) a = b = k;
    if (op == Relation::kLe) b = k;
    if (op == Relation::kLt) b = k == kMin ? kMin : k - 1;
    if (op == Relation::kGe) a = k;
    if (op == Relation::kGt) a = k == kMax ? kMax : k + 1;
  } else if (op == Relation::kIn) {
    if (condition_.kind == Condition::Kind::kRange) {
      a = condition_.lo, b = condition_.hi;
    } else if (condition_.set.empty()) {
      return false;
    } else {
      a = condition_.set.front(), b = condition_.set.back();
    }
  }
  elo = std::max(elo, a);
  ehi = std::min(ehi, b);
  if (elo > ehi) return false;
  // The list follows E. Maximum: all at most ehi, and E >= elo needs one entry reaching it.
  std::size_t reach = 0;
  std::size_t last = 0;
  for (std::size_t i = 0; i < list_.size(); ++i) {
    const Term& t = list_[i];
    if (maximum_ ? !t.lower_max(ctx, ehi, changed) : !t.raise_min(ctx, elo, changed)) return false;
    if (maximum_ ? t.max(d) >= elo : t.min(d) <= ehi) ++reach, last = i;
  }
  if (reach == 0) return false;
  if (reach == 1 && (maximum_ ? !list_[last].raise_min(ctx, elo, changed)
                              : !list_[last].lower_max(ctx, ehi, changed)))
    return false;
  // The right-hand side follows E.
  if (rhs_variable_) {
    bool ok = true;
    if (op == Relation::kEq)
      ok = rhs_.raise_min(ctx, elo, changed) && rhs_.lower_max(ctx, ehi, changed);
    if (op == Relation::kLe) ok = rhs_.raise_min(ctx, elo, changed);
    if (op == Relation::kLt) ok = elo == kMax ? false : rhs_.raise_min(ctx, elo + 1, changed);
    if (op == Relation::kGe) ok = rhs_.lower_max(ctx, ehi, changed);
    if (op == Relation::kGt) ok = ehi == kMin ? false : rhs_.lower_max(ctx, ehi - 1, changed);
    if (!ok) return false;
  }
  for (const Term& t : list_)
    if (!t.fixed(d)) return true;
  if (rhs_variable_ && !rhs_.fixed(d)) return true;
  return holds_fixed(d);
}

bool ExtremumBoundsPropagator::propagate(Context& ctx) {
  return repeat_passes(ctx, [&](bool& changed) { return once(ctx, changed); });
}

}  // namespace arcwave::cpu
