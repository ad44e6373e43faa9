// propagation/cpu/difference_cliques.hpp — cliques of binary "x != y" constraints. A set of
// variables that are pairwise different by binary constraints is an allDifferent, whose
// propagator (matching) filters far more than the pairs do one by one (quasigroup completion
// stated with binary constraints is the classic case). The search's engine adds such
// allDifferents as redundant constraints; a plain fixpoint (`arcwave ac`) does not.
#pragma once

#include <cstddef>
#include <vector>

#include "propagation/indexed/indexed_model.hpp"

namespace arcwave::cpu {

/// Does the binary constraint allow exactly the pairs of different values?
bool is_difference(const IndexedBinary& b, const IndexedModel& m);

/// Cliques of at least `min_size` variables in the graph of difference constraints, found
/// greedily so that every difference edge lies in at most one clique. Empty when the graph has
/// more than `max_edges` edges (the search for cliques would cost more than it saves).
std::vector<std::vector<int>> difference_cliques(const IndexedModel& m, std::size_t min_size = 3,
                                                 std::size_t max_edges = 200'000);

}  // namespace arcwave::cpu
