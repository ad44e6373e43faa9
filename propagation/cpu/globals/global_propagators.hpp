// propagation/cpu/globals/global_propagators.hpp — the CPU propagators of the XCSP3-core global
// constraints that reach the engine as IndexedGlobal (propagation/indexed/indexed_model.hpp).
//
// make_global_propagators() dispatches on the constraint's kind to one overload of
// make_propagators() per kind; each family of constraints defines its overloads in its own
// file of this folder (one propagator class per file). `scope` is the constraint's distinct
// variables (the engine wakes the propagators on their changes), `domains` the model's sorted
// domains (value index a of variable x is domains[x][a]). A kind may be propagated by several
// propagators (a decomposition into stronger pieces, or a checker plus a filter).
#pragma once

#include <memory>
#include <vector>

#include "arcwave/model.hpp"
#include "propagation/cpu/propagator.hpp"

namespace arcwave::cpu {

using PropagatorList = std::vector<std::unique_ptr<Propagator>>;
using ModelDomains = std::vector<Domain>;

PropagatorList make_global_propagators(int constraint, const std::vector<int>& scope,
                                       const Constraint& c, const ModelDomains& domains);

// ---- automata and orderings (automaton.cpp, ordering.cpp) ----------------------------------
PropagatorList make_propagators(int constraint, const std::vector<int>& scope,
                                const RegularConstraint& c, const ModelDomains& domains);
PropagatorList make_propagators(int constraint, const std::vector<int>& scope,
                                const StretchConstraint& c, const ModelDomains& domains);
PropagatorList make_propagators(int constraint, const std::vector<int>& scope,
                                const OrderedConstraint& c, const ModelDomains& domains);
PropagatorList make_propagators(int constraint, const std::vector<int>& scope,
                                const LexConstraint& c, const ModelDomains& domains);
PropagatorList make_propagators(int constraint, const std::vector<int>& scope,
                                const PrecedenceConstraint& c, const ModelDomains& domains);

// ---- counting (counting.cpp) -----------------------------------------------------------------
PropagatorList make_propagators(int constraint, const std::vector<int>& scope,
                                const CountConstraint& c, const ModelDomains& domains);
PropagatorList make_propagators(int constraint, const std::vector<int>& scope,
                                const NValuesConstraint& c, const ModelDomains& domains);
PropagatorList make_propagators(int constraint, const std::vector<int>& scope,
                                const CardinalityConstraint& c, const ModelDomains& domains);
PropagatorList make_propagators(int constraint, const std::vector<int>& scope,
                                const AllEqualConstraint& c, const ModelDomains& domains);
PropagatorList make_propagators(int constraint, const std::vector<int>& scope,
                                const AllDifferentListsConstraint& c, const ModelDomains& domains);

// ---- scheduling and packing (scheduling.cpp) ---------------------------------------------------
PropagatorList make_propagators(int constraint, const std::vector<int>& scope,
                                const NoOverlapConstraint& c, const ModelDomains& domains);
PropagatorList make_propagators(int constraint, const std::vector<int>& scope,
                                const CumulativeConstraint& c, const ModelDomains& domains);
PropagatorList make_propagators(int constraint, const std::vector<int>& scope,
                                const BinPackingConstraint& c, const ModelDomains& domains);

// ---- connection (connection.cpp) ---------------------------------------------------------------
PropagatorList make_propagators(int constraint, const std::vector<int>& scope,
                                const ExtremumConstraint& c, const ModelDomains& domains);
PropagatorList make_propagators(int constraint, const std::vector<int>& scope,
                                const ExtremumArgConstraint& c, const ModelDomains& domains);
PropagatorList make_propagators(int constraint, const std::vector<int>& scope,
                                const ElementMatrixConstraint& c, const ModelDomains& domains);
PropagatorList make_propagators(int constraint, const std::vector<int>& scope,
                                const ChannelConstraint& c, const ModelDomains& domains);
PropagatorList make_propagators(int constraint, const std::vector<int>& scope,
                                const CircuitConstraint& c, const ModelDomains& domains);

}  // namespace arcwave::cpu
