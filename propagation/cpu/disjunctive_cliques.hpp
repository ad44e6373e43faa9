// propagation/cpu/disjunctive_cliques.hpp — cliques of binary disjunctive pairs. A binary
// constraint that allows exactly the pairs with x + p <= y or y + q <= x (p, q >= 1: two tasks
// of lengths p and q that must not overlap), stated as an intension or a table, is the pairwise
// form of a unary resource; over a clique of such pairs (open shops, job shops and machines
// stated pair by pair) a noOverlap with edge finding, not-first / not-last and detectable
// precedences filters far more than arc consistency on the pairs. The search's engine adds one
// over each clique as a redundant constraint, each task with the smallest length its pairs in
// the clique give it (every pair then still implies the noOverlap).
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "arcwave/model.hpp"
#include "propagation/indexed/indexed_model.hpp"

namespace arcwave::cpu {

/// The lengths (p, q) when the binary constraint allows exactly the pairs (a, b) of its
/// domains with a + p <= b or b + q <= a, p and q >= 1 the largest such, not both 1 (that is
/// x != y, which difference_cliques.hpp covers); nothing otherwise, or
/// when a domain is not an interval of integers (not start times) or its matrix has more than
/// `max_cells` cells.
std::optional<std::pair<Value, Value>> disjunctive_pair(const IndexedBinary& b,
                                                        const IndexedModel& m,
                                                        std::size_t max_cells = 1 << 22);

struct DisjunctiveClique {
  std::vector<int> starts;     // distinct variables
  std::vector<Value> lengths;  // per start
};

/// Cliques of at least `min_size` tasks in the graph of disjunctive pairs, found greedily so
/// that every pair lies in at most one clique. Empty when there are more than `max_edges`
/// pairs.
std::vector<DisjunctiveClique> disjunctive_cliques(const IndexedModel& m, std::size_t min_size = 3,
                                                   std::size_t max_edges = 200'000);

}  // namespace arcwave::cpu
