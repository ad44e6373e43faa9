// solver/parallel/solution_sink.hpp — what a parallel search does with the solutions its
// workers find: each is checked against every constraint (in the worker's thread), then,
// one at a time, counted, kept and handed to the user's callback; the sink tells the worker's
// search what to do next. One solution wanted: the first one stops every worker (the halt
// flag). All solutions: each is counted once (the workers search disjoint subproblems).
// Optimisation: a solution is kept only when it beats the shared incumbent; the worker then
// restarts under its objective value or under the better one another worker found.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <span>
#include <vector>

#include "arcwave/model.hpp"
#include "arcwave/solver.hpp"
#include "solver/parallel/incumbent.hpp"
#include "solver/search/mac_search.hpp"

namespace arcwave::parallel {

/// The values of a search leaf (one value index per variable), checked against the model;
/// InternalError naming the violated constraint or domain when the check fails (a bug).
void checked_values(const Model& model, std::span<const int> indices, std::vector<Value>& values);
/// The same check for values that came from elsewhere (another MPI rank).
void check_values(const Model& model, std::span<const Value> values);

enum class SinkMode : std::uint8_t { kFirst, kAll, kOptimise };

class SolutionSink {
 public:
  /// `incumbent` is required for kOptimise; `halt` is raised when kFirst gets its solution.
  SolutionSink(const Model& model, SinkMode mode, std::function<void(const Solution&)> callback,
               Incumbent* incumbent, std::atomic<bool>& halt);

  /// From a worker's search (any thread); `scratch` is the worker's own buffer. `kept_version`
  /// (may be null) becomes best_version() when this solution was kept.
  search::AfterSolution offer(std::span<const int> indices, std::vector<Value>& scratch,
                              std::uint64_t* kept_version = nullptr);
  /// A checked solution found elsewhere (MPI: another rank); true when it was kept (kFirst:
  /// the first one; kOptimise: it beat the incumbent; kAll: always).
  bool offer_values(std::span<const Value> values);

  /// kAll: `n` more solutions, counted where they were found (a device counts its solutions
  /// without handing each over).
  void count(std::uint64_t n);

  [[nodiscard]] SinkMode mode() const noexcept { return mode_; }
  [[nodiscard]] std::uint64_t solutions() const;
  /// kFirst: the solution; kOptimise: the best; kAll: one of them (without a callback, the
  /// first kept: counting takes no lock per solution).
  [[nodiscard]] std::optional<Solution> best() const;
  /// kOptimise: when best() changed after version `seen` and came from a worker's search, its
  /// value indices go to `out` and true comes back; `seen` becomes the current version.
  bool newer_best_indices(std::uint64_t& seen, std::vector<int>& out) const;
  /// Grows by one each time best() changes.
  [[nodiscard]] std::uint64_t best_version() const {
    return best_version_.load(std::memory_order_acquire);
  }

 private:
  // Under the lock: keeps `s` (kOptimise: only when it beats the incumbent). True when kept.
  bool keep(Solution s);

  const Model& model_;
  SinkMode mode_;
  std::function<void(const Solution&)> callback_;
  Incumbent* incumbent_;
  std::atomic<bool>& halt_;
  mutable std::mutex mutex_;
  std::atomic<std::uint64_t> solutions_{0};
  std::atomic<bool> has_best_{false};
  std::optional<Solution> best_;
  std::vector<int> best_indices_;  // kOptimise: best_'s value indices (empty: from elsewhere)
  std::atomic<std::uint64_t> best_version_{0};
};

}  // namespace arcwave::parallel
