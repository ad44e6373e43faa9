// solver/search/mac_search.hpp — MAC: depth-first search with binary branching (x = a, then
// x != a), maintaining arc consistency through an Engine (propagation/engine/engine.hpp) after
// every decision. Variable ordering dom/wdeg or dom/ddeg with last-conflict reasoning, value
// ordering lexicographic or random (seeded), restarts (Luby or geometric, in failures, keeping
// the learnt weights). Solutions are reported to a callback that says whether to stop,
// continue (all solutions) or restart with a better objective bound (branch and bound).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <random>
#include <span>
#include <vector>

#include "arcwave/solver.hpp"
#include "propagation/engine/engine.hpp"
#include "solver/search/restarts.hpp"
#include "solver/search/tick_clock.hpp"
#include "solver/search/weighted_degree.hpp"

namespace arcwave::search {

struct SearchConfig {
  VarHeuristic var_heuristic = VarHeuristic::kDomWdeg;
  ValHeuristic val_heuristic = ValHeuristic::kLex;
  RestartPolicy restarts = RestartPolicy::kLuby;
  std::uint64_t restart_base = 100;
  double restart_factor = 1.1;
  bool last_conflict = true;
  std::uint64_t seed = 0;
};

/// What the search does after a solution.
struct AfterSolution {
  enum class Action : std::uint8_t { kStop, kContinue, kImprove };
  Action action = Action::kStop;
  Value bound = 0;  // kImprove: the objective must beat this from now on
};

enum class SearchOutcome : std::uint8_t {
  kStoppedOnSolution,  // the callback said stop
  kExhausted,          // the whole space was explored (no more solutions / optimum proved)
  kInterrupted,        // the stop flag was raised
};

struct SearchStats {
  std::uint64_t nodes = 0;
  std::uint64_t fails = 0;
  std::uint64_t restarts = 0;
  std::uint64_t solutions = 0;
  int max_depth = 0;
  double propagate_seconds = 0;
};

class MacSearch {
 public:
  /// `stop` (may be null) is polled between nodes; the engine should poll the same flag.
  MacSearch(Engine& engine, const SearchConfig& config, const std::atomic<bool>* stop);

  /// Runs until the callback says stop, the space is exhausted, or the stop flag is raised.
  /// The callback gets one value index per variable.
  SearchOutcome run(const std::function<AfterSolution(std::span<const int>)>& on_solution);
  [[nodiscard]] SearchStats stats() const;

 private:
  struct Decision {
    int var;
    int value;
  };
  [[nodiscard]] bool stopped() const noexcept {
    return stop_ != nullptr && stop_->load(std::memory_order_relaxed);
  }
  template <typename F>
  bool timed(F&& propagate);
  int select_variable();
  int select_value(int x);
  void failed();
  bool backtrack();
  void backtrack_to_root();

  Engine& engine_;
  SearchConfig config_;
  const std::atomic<bool>* stop_;
  WeightedDegree weights_;
  RestartSchedule schedule_;
  std::mt19937_64 rng_;
  std::vector<Decision> decisions_;
  std::vector<int> future_;  // undecided variables (sparse set)
  std::vector<int> future_pos_;
  std::size_t future_size_ = 0;
  int last_conflict_var_ = -1;
  std::uint64_t fails_since_restart_ = 0;
  std::vector<int> values_;
  std::vector<int> solution_;
  SearchStats stats_;
  TickClock clock_;
  std::uint64_t propagate_ticks_ = 0;
};

}  // namespace arcwave::search
