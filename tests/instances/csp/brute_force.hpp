// tests/instances/csp/brute_force.hpp — the tests' independent reference for small models:
// chronological backtracking in variable order that checks each constraint (with the model's
// own constraint_satisfied) as soon as its scope is assigned, and allDifferent pairwise on the
// way. Exact: every full assignment it accepts satisfies Model::check.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "arcwave/model.hpp"

namespace arcwave::test {

/// Number of solutions, stopping at `limit`.
std::uint64_t count_solutions(const Model& model, std::uint64_t limit = UINT64_MAX);

/// One solution, if any.
std::optional<std::vector<Value>> find_solution(const Model& model);

}  // namespace arcwave::test
