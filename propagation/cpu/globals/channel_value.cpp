// Definitions for propagation/cpu/globals/channel_value.hpp.
#include "propagation/cpu/globals/channel_value.hpp"

#include "propagation/indexed/indexed_model.hpp"

namespace arcwave::cpu {

ChannelValuePropagator::ChannelValuePropagator(int constraint, std::vector<int> scope,
                                               const ChannelConstraint& c,
                                               const std::vector<Domain>& domains)
    : Propagator(constraint, std::move(scope)), list_(c.list), v_(c.value) {
  const auto& vd = domains[static_cast<std::size_t>(v_)];
  position_.assign(vd.size(), -1);
  for (std::size_t i = 0; i < list_.size(); ++i) {
    const auto& xd = domains[static_cast<std::size_t>(list_[i])];
    zero_.push_back(index_of(xd, 0));
    one_.push_back(index_of(xd, 1));
    const int a = index_of(vd, static_cast<Value>(i) + c.start);
    at_.push_back(a);
    if (a >= 0) position_[static_cast<std::size_t>(a)] = static_cast<int>(i);
  }
}

bool ChannelValuePropagator::once(Context& ctx, bool& changed) {
  const Domains& d = ctx.domains;
  const std::size_t n = list_.size();
  auto remove = [&](int x, int a) {
    changed = true;
    return ctx.remove(x, a);
  };
  // Only 0 and 1 in the list; which positions cannot be 0.
  int forced = -1;
  int forced_count = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const int x = list_[i];
    const std::int32_t* dense = d.dense(x);
    for (int k = d.size(x) - 1; k >= 0; --k) {
      const int a = dense[k];
      if (a != zero_[i] && a != one_[i] && !remove(x, a)) return false;
    }
    if (!can(d, x, zero_[i])) {
      forced = static_cast<int>(i);
      ++forced_count;
    }
  }
  if (forced_count > 1) return false;
  // v = i + start: x[i] can be 1 and no other position is forced to 1.
  const std::int32_t* dense = d.dense(v_);
  for (int k = d.size(v_) - 1; k >= 0; --k) {
    const int a = dense[k];
    const int i = position_[static_cast<std::size_t>(a)];
    if (i >= 0 && can(d, list_[static_cast<std::size_t>(i)], one_[static_cast<std::size_t>(i)]) &&
        (forced < 0 || forced == i))
      continue;
    if (!remove(v_, a)) return false;
  }
  // x[i] = 1 needs v = i + start; x[i] = 0 needs v elsewhere.
  const int only = d.size(v_) == 1 ? position_[static_cast<std::size_t>(d.min(v_))] : -1;
  for (std::size_t i = 0; i < n; ++i) {
    const int x = list_[i];
    if (can(d, x, one_[i]) && !can(d, v_, at_[i]) && !remove(x, one_[i])) return false;
    if (can(d, x, zero_[i]) && only == static_cast<int>(i) && !remove(x, zero_[i])) return false;
  }
  return true;
}

bool ChannelValuePropagator::propagate(Context& ctx) {
  return repeat_passes(ctx, [&](bool& changed) { return once(ctx, changed); });
}

}  // namespace arcwave::cpu
