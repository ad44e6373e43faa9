// tests/solver/batch/global_kinds.hpp — the constraint kinds the device propagators take, each
// as a random model generator (tests/solver/batch/global_models.hpp) with how its fixpoints
// compare with the CPU engine's.
#pragma once

#include <vector>

#include "tests/solver/batch/global_models.hpp"

namespace arcwave::test {

inline std::vector<GlobalKind> global_kinds() {
  std::vector<GlobalKind> kinds;
  kinds.push_back(
      {"sum", [](Model& m, const std::vector<int>& vars, gen::Rng& rng) {
         std::vector<int> scope = pick_vars(rng, vars, 2 + rng.below(4));
         if (rng.below(4) == 0) scope.push_back(scope[0]);  // a repeated variable
         std::vector<Value> coeffs;
         for (std::size_t i = 0; i < scope.size(); ++i) {
           const Value c = rng.between(1, 3);
           coeffs.push_back(rng.below(2) == 0 ? c : -c);
         }
         m.add_constraint(SumConstraint{scope, coeffs, random_condition(rng, vars, -8, 8)});
       }});
  GlobalKind all_different{"allDifferent",
                           [](Model& m, const std::vector<int>& vars, gen::Rng& rng) {
                             AllDifferentConstraint a;
                             a.scope = pick_vars(rng, vars, 3 + rng.below(4));
                             if (rng.below(3) == 0) a.except.push_back(rng.between(0, 2));
                             m.add_constraint(a);
                           }};
  all_different.lo = 0;
  all_different.hi = 6;
  all_different.value_elimination = true;
  kinds.push_back(all_different);
  return kinds;
}

}  // namespace arcwave::test
