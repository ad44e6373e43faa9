// propagation/cpu/globals/all_equal.hpp — allEqual: every variable takes the same value. GAC:
// each domain is cut down to the intersection of all the domains (a value some variable lacks
// has no support; every other value is its own support).
#pragma once

#include <cstdint>
#include <vector>

#include "arcwave/model.hpp"
#include "propagation/cpu/propagator.hpp"

namespace arcwave::cpu {

class AllEqualPropagator final : public Propagator {
 public:
  AllEqualPropagator(int constraint, std::vector<int> scope, const std::vector<Domain>& domains);
  bool propagate(Context& ctx) override;

 private:
  std::vector<std::size_t> offset_;  // per variable, into ids_
  std::vector<int> ids_;             // (variable, value index) -> value id
  std::vector<int> holders_;         // per value id: how many variables hold it (scratch)
};

}  // namespace arcwave::cpu
