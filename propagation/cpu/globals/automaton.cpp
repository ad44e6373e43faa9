// The propagators of regular / mdd and stretch: the layered-graph propagator (regular.hpp) on
// the given automaton, or on the automaton compiled from the stretch (stretch_automaton.hpp).
#include "propagation/cpu/globals/global_propagators.hpp"
#include "propagation/cpu/globals/regular.hpp"
#include "propagation/cpu/globals/stretch_automaton.hpp"

namespace arcwave::cpu {

PropagatorList make_propagators(int constraint, const std::vector<int>& scope,
                                const RegularConstraint& c, const ModelDomains& domains) {
  PropagatorList out;
  out.push_back(
      std::make_unique<RegularPropagator>(constraint, scope, c.scope, *c.automaton, domains));
  return out;
}

PropagatorList make_propagators(int constraint, const std::vector<int>& scope,
                                const StretchConstraint& c, const ModelDomains& domains) {
  PropagatorList out;
  out.push_back(std::make_unique<RegularPropagator>(constraint, scope, c.scope,
                                                    stretch_automaton(c), domains));
  return out;
}

}  // namespace arcwave::cpu
