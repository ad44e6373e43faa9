// propagation/cpu/globals/precedence.hpp — value precedence: for each consecutive pair (s, t)
// of the values, an x taking t has an earlier x taking s (Law & Lee 2004); covered: every
// value is taken.
//
// For a pair, with alpha the first position that can take s and beta the next one: t goes
// from the positions up to alpha, and x[alpha] = s when a position fixed to t comes before
// beta. That is GAC on one pair over distinct variables. The pairs of a longer chain are
// filtered in turn until none prunes (not GAC on the whole chain). Covered: a value no
// position can take fails, a value only one position can take is assigned there. A variable
// occurring at several positions is treated as independent copies (sound).
#pragma once

#include <vector>

#include "arcwave/model.hpp"
#include "propagation/cpu/propagator.hpp"

namespace arcwave::cpu {

class PrecedencePropagator final : public Propagator {
 public:
  PrecedencePropagator(int constraint, std::vector<int> vars, const PrecedenceConstraint& c,
                       const std::vector<Domain>& domains);
  bool propagate(Context& ctx) override;

 private:
  /// Can position i take value k of the list (index -1 when outside its domain)?
  [[nodiscard]] bool can_take(const Context& ctx, std::size_t i, std::size_t k) const {
    const int a = index_[i][k];
    return a >= 0 && ctx.domains.contains(positions_[i], a);
  }
  bool filter_pair(Context& ctx, std::size_t k, bool& changed);
  bool filter_covered(Context& ctx, std::size_t k, bool& changed);

  std::vector<int> positions_;
  std::size_t values_ = 0;
  bool covered_ = false;
  std::vector<std::vector<int>> index_;  // per position, per value of the list: value index
};

}  // namespace arcwave::cpu
