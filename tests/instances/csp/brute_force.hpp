// tests/instances/csp/brute_force.hpp — the tests' independent reference for small models:
// chronological backtracking over the variables in index order (or its reverse) that checks
// each constraint with the model's own constraint_satisfied as soon as its scope is assigned,
// and allDifferent pairwise on the way. Exact: every full assignment it accepts satisfies
// Model::check, and it misses none.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "arcwave/model.hpp"

namespace arcwave::test {

struct SearchLimits {
  std::uint64_t max_solutions = UINT64_MAX;
  std::uint64_t max_nodes = UINT64_MAX;  // assignments tried
  bool reverse_order = false;            // assign the last variable first
};

struct SearchResult {
  std::uint64_t solutions = 0;
  bool complete = false;  // every assignment was covered (solutions is the exact count)
  std::optional<std::vector<Value>> first;
};

SearchResult enumerate(const Model& model, const SearchLimits& limits);

/// Number of solutions, stopping at `limit`.
std::uint64_t count_solutions(const Model& model, std::uint64_t limit = UINT64_MAX);

/// One solution, if any.
std::optional<std::vector<Value>> find_solution(const Model& model);

}  // namespace arcwave::test
