// propagation/cpu/globals/generic.hpp — a propagator for any constraint from its semantics alone
// (constraint_satisfied): generalised arc consistency by enumerating the product of the current
// domains while that product is at most `enumeration_limit`, and a check once every variable
// is fixed otherwise. It loses no solution and accepts no violating assignment, so it is the
// fallback where a kind has no dedicated filter and the reference that the randomized tests of
// the dedicated propagators compare with.
#pragma once

#include <cstddef>
#include <vector>

#include "arcwave/model.hpp"
#include "propagation/cpu/propagator.hpp"

namespace arcwave::cpu {

class GenericPropagator final : public Propagator {
 public:
  GenericPropagator(int constraint, std::vector<int> scope, Constraint c,
                    const std::vector<Domain>& domains, std::size_t enumeration_limit = 20'000);
  bool propagate(Context& ctx) override;
  [[nodiscard]] bool expensive() const override { return true; }

 private:
  [[nodiscard]] bool satisfied(const std::vector<int>& index) const;

  Constraint c_;
  const std::vector<Domain>* domains_;
  std::size_t limit_;
  std::vector<std::vector<std::uint8_t>> supported_;
};

}  // namespace arcwave::cpu
