// propagation/cpu/globals/channel_value.hpp — channel between a list of 0/1 variables and a
// value variable v: x[i] = 1 <=> v = i + start, and some x[i] = 1 (so exactly one).
//
// GAC: the x keep only 0 and 1; v = i + start stays iff x[i] can be 1 and every other x can be
// 0; x[i] = 1 stays iff v can be i + start; x[i] = 0 stays iff v can be another position's
// value. (With a variable in several roles, occurrences are filtered as if independent.)
#pragma once

#include <vector>

#include "arcwave/model.hpp"
#include "propagation/cpu/propagator.hpp"

namespace arcwave::cpu {

class ChannelValuePropagator final : public Propagator {
 public:
  ChannelValuePropagator(int constraint, std::vector<int> scope, const ChannelConstraint& c,
                         const std::vector<Domain>& domains);
  bool propagate(Context& ctx) override;

 private:
  bool once(Context& ctx, bool& changed);
  [[nodiscard]] bool can(const Domains& d, int x, int a) const {
    return a >= 0 && d.contains(x, a);
  }

  std::vector<int> list_;
  int v_;
  std::vector<int> zero_, one_;  // per position: value index of 0 / 1, or -1
  std::vector<int> at_;          // per position: value index of i + start in v, or -1
  std::vector<int> position_;    // per value index of v: the position, or -1
};

}  // namespace arcwave::cpu
