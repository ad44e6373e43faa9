// Definitions for propagation/cpu/element_bounds.hpp.
#include "propagation/cpu/element_bounds.hpp"

#include <algorithm>
#include <limits>

namespace arcwave::cpu {

namespace {

constexpr Value kMin = std::numeric_limits<Value>::min();
constexpr Value kMax = std::numeric_limits<Value>::max();

}  // namespace

ElementBoundsPropagator::ElementBoundsPropagator(int constraint, std::vector<int> scope,
                                                 const ElementConstraint& e,
                                                 const std::vector<Domain>& domains)
    : Propagator(constraint, std::move(scope)),
      condition_(e.condition),
      index_(e.index),
      start_(e.start_index) {
  for (const Operand& o : e.list) list_.push_back(Term::of(o, domains));
  if (index_ >= 0) index_values_ = &domains[static_cast<std::size_t>(index_)];
  rhs_variable_ = e.condition.kind == Condition::Kind::kVariable;
  if (rhs_variable_) rhs_ = Term::variable(static_cast<int>(e.condition.value), domains);
}

void ElementBoundsPropagator::allowed(const Domains& d, Value& lo, Value& hi) const {
  lo = kMin;
  hi = kMax;
  const Relation op = condition_.op;
  if (rhs_variable_) {
    const Value rlo = rhs_.min(d);
    const Value rhi = rhs_.max(d);
    if (op == Relation::kEq) lo = rlo, hi = rhi;
    if (op == Relation::kLe) hi = rhi;
    if (op == Relation::kLt) hi = rhi == kMin ? kMin : rhi - 1, lo = rhi == kMin ? kMax : lo;
    if (op == Relation::kGe) lo = rlo;
    if (op == Relation::kGt) lo = rlo == kMax ? kMax : rlo + 1, hi = rlo == kMax ? kMin : hi;
    return;
  }
  if (condition_.kind == Condition::Kind::kConstant) {
    const Value k = condition_.value;
    if (op == Relation::kEq) lo = hi = k;
    if (op == Relation::kLe) hi = k;
    if (op == Relation::kLt) hi = k == kMin ? kMin : k - 1, lo = k == kMin ? kMax : lo;
    if (op == Relation::kGe) lo = k;
    if (op == Relation::kGt) lo = k == kMax ? kMax : k + 1, hi = k == kMax ? kMin : hi;
  } else if (op == Relation::kIn) {
    if (condition_.kind == Condition::Kind::kRange) {
      lo = condition_.lo, hi = condition_.hi;
    } else if (condition_.set.empty()) {
      lo = kMax, hi = kMin;
    } else {
      lo = condition_.set.front(), hi = condition_.set.back();
    }
  }
}

bool ElementBoundsPropagator::holds(const Domains& d, Value v) const {
  Condition c = condition_;
  if (rhs_variable_) {
    c.kind = Condition::Kind::kConstant;
    c.value = rhs_.min(d);
  }
  return c.holds(v, {});
}

bool ElementBoundsPropagator::once(Context& ctx, bool& changed) {
  const Domains& d = ctx.domains;
  Value lo = 0, hi = 0;
  allowed(d, lo, hi);
  const bool rhs_fixed = !rhs_variable_ || rhs_.fixed(d);
  // Can position p hold a value the condition accepts?
  auto possible = [&](std::size_t p) {
    const Term& t = list_[p];
    if (t.max(d) < lo || t.min(d) > hi) return false;
    return !(t.fixed(d) && rhs_fixed) || holds(d, t.min(d));
  };
  possible_.clear();
  if (index_ >= 0) {
    const auto n = static_cast<Value>(list_.size());
    for (int a = d.min(index_); a >= 0;) {
      const int next = d.next(index_, a);
      const Value p = (*index_values_)[static_cast<std::size_t>(a)] - start_;
      if (p >= 0 && p < n && possible(static_cast<std::size_t>(p))) {
        possible_.push_back(static_cast<std::size_t>(p));
      } else {
        changed = true;
        if (!ctx.remove(index_, a)) return false;
      }
      a = next;
    }
  } else {
    for (std::size_t p = 0; p < list_.size(); ++p)
      if (possible(p)) possible_.push_back(p);
    if (possible_.empty()) return false;
  }
  // A variable rhs keeps what the possible entries can reach.
  if (rhs_variable_) {
    Value elo = kMax, ehi = kMin;
    for (const std::size_t p : possible_) {
      elo = std::min(elo, list_[p].min(d));
      ehi = std::max(ehi, list_[p].max(d));
    }
    const Relation op = condition_.op;
    bool ok = true;
    if (op == Relation::kEq)
      ok = rhs_.raise_min(ctx, elo, changed) && rhs_.lower_max(ctx, ehi, changed);
    if (op == Relation::kLe) ok = rhs_.raise_min(ctx, elo, changed);
    if (op == Relation::kLt) ok = elo != kMax && rhs_.raise_min(ctx, elo + 1, changed);
    if (op == Relation::kGe) ok = rhs_.lower_max(ctx, ehi, changed);
    if (op == Relation::kGt) ok = ehi != kMin && rhs_.lower_max(ctx, ehi - 1, changed);
    if (!ok) return false;
  }
  // One entry left (a fixed index): it takes what the condition allows.
  if (possible_.size() == 1 && (index_ >= 0 || list_.size() == 1)) {
    allowed(d, lo, hi);
    const Term& t = list_[possible_[0]];
    if (!t.raise_min(ctx, lo, changed) || !t.lower_max(ctx, hi, changed)) return false;
    if (t.fixed(d) && (!rhs_variable_ || rhs_.fixed(d)) && !holds(d, t.min(d))) return false;
  }
  return true;
}

bool ElementBoundsPropagator::propagate(Context& ctx) {
  return repeat_passes(ctx, [&](bool& changed) { return once(ctx, changed); });
}

}  // namespace arcwave::cpu
