// tests/propagation/cpu/naive_gac.hpp — an independent reference for the propagators: the
// generalised arc-consistent closure of a Model computed from the checker's semantics alone
// (constraint_satisfied on full assignments), by enumerating, for each value, the other scope
// variables' current domains. Exponential; for small networks only.
#pragma once

#include <algorithm>
#include <optional>
#include <vector>

#include "arcwave/model.hpp"

namespace arcwave::test {

using Domains = std::vector<std::vector<Value>>;

/// Does value `v` of variable `x` have a support in constraint `c` under `domains`?
inline bool has_support(const Constraint& c, const std::vector<int>& scope, int x, Value v,
                        const Domains& domains, std::vector<Value>& assignment) {
  std::vector<std::size_t> pos(scope.size(), 0);
  for (std::size_t i = 0; i < scope.size(); ++i)
    if (scope[i] != x && domains[scope[i]].empty()) return false;
  for (;;) {
    for (std::size_t i = 0; i < scope.size(); ++i)
      assignment[scope[i]] = scope[i] == x ? v : domains[scope[i]][pos[i]];
    if (constraint_satisfied(c, assignment)) return true;
    std::size_t i = scope.size();
    for (;;) {
      if (i == 0) return false;
      --i;
      if (scope[i] == x) continue;
      if (++pos[i] < domains[scope[i]].size()) break;
      pos[i] = 0;
    }
  }
}

/// The GAC closure of `domains` (nullopt on a wipe-out).
inline std::optional<Domains> naive_gac(const Model& m, Domains domains) {
  std::vector<Value> assignment(m.variable_count(), 0);
  std::vector<std::vector<int>> scopes;
  for (const Constraint& c : m.constraints()) scopes.push_back(constraint_scope(c));
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t k = 0; k < m.constraints().size(); ++k) {
      for (int x : scopes[k]) {
        std::vector<Value> kept;
        for (Value v : domains[x])
          if (has_support(m.constraints()[k], scopes[k], x, v, domains, assignment))
            kept.push_back(v);
        if (kept.size() != domains[x].size()) {
          changed = true;
          domains[x] = std::move(kept);
          if (domains[x].empty()) return std::nullopt;
        }
      }
    }
  }
  return domains;
}

inline Domains initial_domains(const Model& m) {
  Domains d;
  for (const Variable& v : m.variables()) d.push_back(v.domain.values());
  return d;
}

/// Number of solutions by enumerating every assignment (small models only).
inline std::uint64_t brute_force_count(const Model& m) {
  const std::size_t n = m.variable_count();
  std::vector<std::size_t> pos(n, 0);
  std::vector<Value> a(n);
  std::uint64_t count = 0;
  for (;;) {
    for (std::size_t i = 0; i < n; ++i) a[i] = m.variables()[i].domain[pos[i]];
    if (m.check(a)) ++count;
    std::size_t i = n;
    for (;;) {
      if (i == 0) return count;
      --i;
      if (++pos[i] < m.variables()[i].domain.size()) break;
      pos[i] = 0;
    }
  }
}

/// The values each variable takes in some solution (nullopt when there is none), by
/// enumerating every assignment: what no sound propagation may remove, whatever constraints it
/// reasons over together.
inline std::optional<Domains> solution_values(const Model& m) {
  const std::size_t n = m.variable_count();
  std::vector<std::size_t> pos(n, 0);
  std::vector<Value> a(n);
  Domains seen(n);
  bool any = false;
  for (;;) {
    for (std::size_t i = 0; i < n; ++i) a[i] = m.variables()[i].domain[pos[i]];
    if (m.check(a)) {
      any = true;
      for (std::size_t i = 0; i < n; ++i)
        if (std::find(seen[i].begin(), seen[i].end(), a[i]) == seen[i].end())
          seen[i].push_back(a[i]);
    }
    std::size_t i = n;
    for (;;) {
      if (i == 0) {
        if (!any) return std::nullopt;
        for (auto& values : seen) std::sort(values.begin(), values.end());
        return seen;
      }
      --i;
      if (++pos[i] < m.variables()[i].domain.size()) break;
      pos[i] = 0;
    }
  }
}

}  // namespace arcwave::test
