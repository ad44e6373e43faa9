// solver/search/neighbourhoods.hpp — large neighbourhood search (LNS) for optimisation: which
// variables keep the incumbent's values in the next neighbourhood (the others are searched
// again under the objective bound). Three kinds, chosen by how often each improved lately:
//   random     — a uniform sample of the variables is freed;
//   graph      — the variables reached first by a breadth-first walk of the constraint graph
//                from a random variable are freed (a region where propagation links them);
//   objective  — the objective's variables and their constraint neighbours are freed first.
// The share of freed variables adapts (Perron, Shaw & Furnon's scheme): it grows when a
// neighbourhood is exhausted without improvement (too small to hold a better solution) and
// shrinks when one hits its failure limit (too large to explore). The constraint graph comes
// from an engine (the CPU search) or from scopes (the batched search's LNS rounds on a device,
// solver/batch/lns_search.hpp, which draw many neighbourhoods at once and report them together).
#pragma once

#include <array>
#include <cstdint>
#include <random>
#include <span>
#include <vector>

#include "propagation/engine/engine.hpp"

namespace arcwave::search {

class Neighbourhoods {
 public:
  enum class Kind : std::uint8_t { kRandom, kGraph, kObjective };
  enum class Outcome : std::uint8_t { kImproved, kExhausted, kLimit };

  /// `objective_vars`: the variables the objective is computed from (may be empty).
  Neighbourhoods(const Engine& engine, std::vector<int> objective_vars, std::uint64_t seed);
  /// The same over `variables` variables and the constraints' scopes.
  Neighbourhoods(int variables, std::span<const std::vector<int>> scopes,
                 std::vector<int> objective_vars, std::uint64_t seed);

  /// One neighbourhood and its kind (for report_many).
  struct Pick {
    std::vector<int> fixed;
    Kind kind = Kind::kRandom;
  };
  /// Like next(), with the kind.
  Pick pick();
  /// How many neighbourhoods drawn at once ended, each with its kind: each kind's improvement
  /// rate moves by its share of improvements among them, and the free share moves once, by the
  /// geometric mean of report()'s steps over them.
  void report_many(std::span<const Kind> kinds, std::span<const Outcome> outcomes);

  /// The variables to fix at the incumbent's values, in the order to fix them (random order:
  /// when the bound makes the incumbent's values incompatible, the ones fixed first stay).
  std::vector<int> next();
  /// How the neighbourhood of the last next() ended.
  void report(Outcome outcome);

  /// Failures a neighbourhood may spend before it is abandoned.
  [[nodiscard]] std::uint64_t fail_limit() const noexcept { return fail_limit_; }
  [[nodiscard]] double free_share() const noexcept { return free_share_; }
  [[nodiscard]] std::uint64_t tried() const noexcept { return tried_total_; }
  [[nodiscard]] std::uint64_t improved() const noexcept { return improved_total_; }

 private:
  template <class ScopeOf>
  void link(int constraints, ScopeOf scope_of);
  [[nodiscard]] Kind pick_kind();
  void free_by_walk(std::vector<std::uint8_t>& freed, std::size_t want, int start);

  int n_;
  std::vector<std::size_t> var_offset_;  // CSR: variable -> its neighbours
  std::vector<int> neighbours_;
  std::vector<int> objective_vars_;
  std::mt19937_64 rng_;
  double free_share_ = 0.2;
  std::uint64_t fail_limit_ = 200;
  Kind last_ = Kind::kRandom;
  std::array<double, 3> score_{1.0, 1.0, 1.0};  // recent improvement rate per kind
  std::uint64_t tried_total_ = 0;
  std::uint64_t improved_total_ = 0;
};

}  // namespace arcwave::search
