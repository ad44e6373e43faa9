// tests/solver/parallel/brute_force.hpp — every solution of a small model by enumerating all
// assignments (the reference the parallel search is compared with), and reading a subproblem's
// decisions against a solution.
#pragma once

#include <vector>

#include "arcwave/model.hpp"
#include "solver/search/subproblem.hpp"

namespace arcwave::test {

inline double domain_product(const Model& m) {
  double p = 1;
  for (const Variable& v : m.variables()) p *= static_cast<double>(v.domain.size());
  return p;
}

/// Every solution as value indices (one per variable), in lexicographic order.
inline std::vector<std::vector<int>> all_solutions(const Model& m) {
  const std::size_t n = m.variable_count();
  std::vector<int> pos(n, 0);
  std::vector<Value> a(n);
  std::vector<std::vector<int>> out;
  for (;;) {
    for (std::size_t i = 0; i < n; ++i)
      a[i] = m.variables()[i].domain[static_cast<std::size_t>(pos[i])];
    if (m.check(a)) out.push_back(pos);
    std::size_t i = n;
    for (;;) {
      if (i == 0) return out;
      --i;
      if (static_cast<std::size_t>(++pos[i]) < m.variables()[i].domain.size()) break;
      pos[i] = 0;
    }
  }
}

/// True when the assignment (value indices) satisfies every decision.
inline bool satisfies(const std::vector<int>& indices, const search::Subproblem& decisions) {
  for (const search::Decision& d : decisions) {
    const bool equal = indices[static_cast<std::size_t>(d.var)] == d.value;
    if (equal != d.positive) return false;
  }
  return true;
}

}  // namespace arcwave::test
