// The propagators of minimum / maximum (and their arg forms), element on a matrix, channel and
// circuit: one dedicated propagator per kind (per form for channel), circuit with a matching
// allDifferent on its successors beside it.
#include <algorithm>
#include <cstdlib>

#include "propagation/cpu/all_different.hpp"
#include "propagation/cpu/globals/channel_lists.hpp"
#include "propagation/cpu/globals/channel_self.hpp"
#include "propagation/cpu/globals/channel_value.hpp"
#include "propagation/cpu/globals/circuit.hpp"
#include "propagation/cpu/globals/element_matrix.hpp"
#include "propagation/cpu/globals/extremum.hpp"
#include "propagation/cpu/globals/extremum_arg.hpp"
#include "propagation/cpu/globals/extremum_bounds.hpp"
#include "propagation/cpu/globals/generic.hpp"
#include "propagation/cpu/globals/global_propagators.hpp"

namespace arcwave::cpu {

namespace {

template <typename P, typename C>
PropagatorList one(int constraint, const std::vector<int>& scope, const C& c,
                   const ModelDomains& domains) {
  PropagatorList out;
  out.push_back(std::make_unique<P>(constraint, scope, c, domains));
  return out;
}

// The extremum filters negate values (maximum as minimum) and step keys by one (strict ties):
// values beyond +-2^62 go to the generic propagator instead.
bool moderate(const std::vector<int>& list, const ModelDomains& domains) {
  constexpr Value kLimit = Value{1} << 62;
  for (int x : list) {
    const auto& d = domains[static_cast<std::size_t>(x)];
    if (d.front() <= -kLimit || d.back() >= kLimit) return false;
  }
  return true;
}

template <typename C>
PropagatorList generic(int constraint, const std::vector<int>& scope, const C& c,
                       const ModelDomains& domains) {
  PropagatorList out;
  out.push_back(std::make_unique<GenericPropagator>(constraint, scope, Constraint{c}, domains));
  return out;
}

}  // namespace

PropagatorList make_propagators(int constraint, const std::vector<int>& scope,
                                const ExtremumConstraint& c, const ModelDomains& domains) {
  // Large domains: bounds reasoning (their values are never listed).
  if (std::any_of(scope.begin(), scope.end(),
                  [&](int x) { return domains[static_cast<std::size_t>(x)].large(); }))
    return one<ExtremumBoundsPropagator>(constraint, scope, c, domains);
  if (!moderate(c.scope, domains)) return generic(constraint, scope, c, domains);
  return one<ExtremumPropagator>(constraint, scope, c, domains);
}

PropagatorList make_propagators(int constraint, const std::vector<int>& scope,
                                const ExtremumArgConstraint& c, const ModelDomains& domains) {
  if (!moderate(c.scope, domains)) return generic(constraint, scope, c, domains);
  return one<ExtremumArgPropagator>(constraint, scope, c, domains);
}

PropagatorList make_propagators(int constraint, const std::vector<int>& scope,
                                const ElementMatrixConstraint& c, const ModelDomains& domains) {
  return one<ElementMatrixPropagator>(constraint, scope, c, domains);
}

PropagatorList make_propagators(int constraint, const std::vector<int>& scope,
                                const ChannelConstraint& c, const ModelDomains& domains) {
  if (c.value >= 0) return one<ChannelValuePropagator>(constraint, scope, c, domains);
  if (c.other.empty()) return one<ChannelSelfPropagator>(constraint, scope, c, domains);
  return one<ChannelListsPropagator>(constraint, scope, c, domains);
}

PropagatorList make_propagators(int constraint, const std::vector<int>& scope,
                                const CircuitConstraint& c, const ModelDomains& domains) {
  PropagatorList out;
  out.push_back(std::make_unique<CircuitPropagator>(constraint, scope, c, domains));
  // The successors form a permutation (a loop is a fixed point): all different.
  out.push_back(
      std::make_unique<AllDifferentPropagator>(constraint, c.scope, std::vector<Value>{}, domains));
  return out;
}

}  // namespace arcwave::cpu
