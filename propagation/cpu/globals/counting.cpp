// The propagators of count, nValues, cardinality, allEqual and allDifferent over lists.
// (Until their dedicated filters land, these kinds use the generic propagator.)
#include "propagation/cpu/globals/generic.hpp"
#include "propagation/cpu/globals/global_propagators.hpp"

namespace arcwave::cpu {

namespace {
template <typename C>
PropagatorList generic(int constraint, const std::vector<int>& scope, const C& c,
                       const ModelDomains& domains) {
  PropagatorList out;
  out.push_back(std::make_unique<GenericPropagator>(constraint, scope, Constraint{c}, domains));
  return out;
}
}  // namespace

PropagatorList make_propagators(int constraint, const std::vector<int>& scope,
                                const CountConstraint& c, const ModelDomains& domains) {
  return generic(constraint, scope, c, domains);
}

PropagatorList make_propagators(int constraint, const std::vector<int>& scope,
                                const NValuesConstraint& c, const ModelDomains& domains) {
  return generic(constraint, scope, c, domains);
}

PropagatorList make_propagators(int constraint, const std::vector<int>& scope,
                                const CardinalityConstraint& c, const ModelDomains& domains) {
  return generic(constraint, scope, c, domains);
}

PropagatorList make_propagators(int constraint, const std::vector<int>& scope,
                                const AllEqualConstraint& c, const ModelDomains& domains) {
  return generic(constraint, scope, c, domains);
}

PropagatorList make_propagators(int constraint, const std::vector<int>& scope,
                                const AllDifferentListsConstraint& c, const ModelDomains& domains) {
  return generic(constraint, scope, c, domains);
}

}  // namespace arcwave::cpu
