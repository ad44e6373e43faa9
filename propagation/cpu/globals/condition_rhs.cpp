// Definitions for propagation/cpu/globals/condition_rhs.hpp.
#include "propagation/cpu/globals/condition_rhs.hpp"

#include <algorithm>

#include "propagation/indexed/indexed_model.hpp"

namespace arcwave::cpu {

ConditionRhs::ConditionRhs(Condition condition, const std::vector<Domain>& domains)
    : c_(std::move(condition)) {
  if (c_.kind == Condition::Kind::kVariable) {
    var_ = static_cast<int>(c_.value);
    rhs_values_ = &domains[static_cast<std::size_t>(var_)];
  }
}

bool ConditionRhs::accepts(const Domains& d, Value lhs) const {
  if (var_ < 0) return c_.holds(lhs, {});
  switch (c_.op) {
    case Relation::kEq: {
      const int a = index_of(*rhs_values_, lhs);
      return a >= 0 && d.contains(var_, a);
    }
    case Relation::kNe:
      return d.size(var_) > 1 || value(d.min(var_)) != lhs;
    case Relation::kLt:
      return lhs < value(d.max(var_));
    case Relation::kLe:
      return lhs <= value(d.max(var_));
    case Relation::kGt:
      return lhs > value(d.min(var_));
    case Relation::kGe:
      return lhs >= value(d.min(var_));
    default:
      return true;  // in / notin take no variable (the model refuses it)
  }
}

bool ConditionRhs::filter(Context& ctx, std::span<const Value> lhs, bool& changed) const {
  if (lhs.empty()) return false;
  if (var_ < 0) return true;
  const Value lo = lhs.front();
  const Value hi = lhs.back();
  const std::int32_t* dense = ctx.domains.dense(var_);
  for (int k = ctx.domains.size(var_) - 1; k >= 0; --k) {
    const int a = dense[k];
    const Value r = value(a);
    bool ok = true;
    switch (c_.op) {
      case Relation::kEq:
        ok = std::binary_search(lhs.begin(), lhs.end(), r);
        break;
      case Relation::kNe:
        ok = lo != hi || lo != r;
        break;
      case Relation::kLt:
        ok = lo < r;
        break;
      case Relation::kLe:
        ok = lo <= r;
        break;
      case Relation::kGt:
        ok = hi > r;
        break;
      case Relation::kGe:
        ok = hi >= r;
        break;
      default:
        break;
    }
    if (ok) continue;
    changed = true;
    if (!ctx.remove(var_, a)) return false;
  }
  return true;
}

}  // namespace arcwave::cpu
