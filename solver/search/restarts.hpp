// solver/search/restarts.hpp — restart cutoffs in failures: restart_base × Luby(i) (1, 1, 2, 1,
// 1, 2, 4, 1, ...; Luby, Sinclair & Zuckerman 1993) or restart_base × factor^i.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

#include "arcwave/solver.hpp"

namespace arcwave::search {

/// The i-th term (from 1) of the Luby sequence.
inline std::uint64_t luby(std::uint64_t i) {
  // If i = 2^k - 1 the term is 2^(k-1); otherwise recurse on i - (2^(k-1) - 1), with 2^(k-1) - 1
  // the largest such number below i.
  for (;;) {
    std::uint64_t k = 1;
    while (((std::uint64_t{1} << k) - 1) < i) ++k;
    if (((std::uint64_t{1} << k) - 1) == i) return std::uint64_t{1} << (k - 1);
    i -= (std::uint64_t{1} << (k - 1)) - 1;
  }
}

class RestartSchedule {
 public:
  RestartSchedule(RestartPolicy policy, std::uint64_t base, double factor)
      : policy_(policy), base_(base == 0 ? 1 : base), factor_(factor < 1.0 ? 1.0 : factor) {}

  /// Failures allowed before the next restart (the maximum when restarts are off).
  std::uint64_t next() {
    ++count_;
    switch (policy_) {
      case RestartPolicy::kLuby:
        return base_ * luby(count_);
      case RestartPolicy::kGeometric: {
        const double c =
            static_cast<double>(base_) * std::pow(factor_, static_cast<double>(count_ - 1));
        return c >= 1e18 ? std::numeric_limits<std::uint64_t>::max()
                         : static_cast<std::uint64_t>(c);
      }
      case RestartPolicy::kNone:
        break;
    }
    return std::numeric_limits<std::uint64_t>::max();
  }
  void reset() { count_ = 0; }

 private:
  RestartPolicy policy_;
  std::uint64_t base_;
  double factor_;
  std::uint64_t count_ = 0;
};

}  // namespace arcwave::search
