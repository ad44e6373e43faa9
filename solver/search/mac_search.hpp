// solver/search/mac_search.hpp — MAC: depth-first search with binary branching (x = a, then
// x != a; a large variable is halved instead: x <= mid, then x > mid), maintaining arc consistency
// through an Engine (propagation/engine/engine.hpp) after every decision. Variable ordering
// dom/wdeg or dom/ddeg with last-conflict reasoning, value ordering lexicographic or random
// (seeded), restarts (Luby or geometric, in failures, keeping the learnt weights). Solutions are
// reported to a callback that says whether to stop, continue (all solutions) or restart with a
// better objective bound (branch and bound).
//
// Parallel executors (solver/parallel) use the same search on parts of the space: after
// propagate_root(), run_subproblem() searches the subproblem named by a list of decisions,
// gives away its shallowest open right branch when SearchHooks says that workers wait for work
// (work stealing), and applies objective bounds found elsewhere at its restarts. run() alone,
// without hooks, is the sequential search.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <span>
#include <vector>

#include "arcwave/solver.hpp"
#include "propagation/engine/engine.hpp"
#include "solver/search/neighbourhoods.hpp"
#include "solver/search/nogoods.hpp"
#include "solver/search/restarts.hpp"
#include "solver/search/subproblem.hpp"
#include "solver/search/tick_clock.hpp"
#include "solver/search/weighted_degree.hpp"

namespace arcwave::search {

struct SearchConfig {
  VarHeuristic var_heuristic = VarHeuristic::kDomWdegCaCd;
  ValHeuristic val_heuristic = ValHeuristic::kLex;
  RestartPolicy restarts = RestartPolicy::kLuby;
  std::uint64_t restart_base = 1000;
  double restart_factor = 1.1;
  bool last_conflict = true;
  std::uint64_t seed = 0;
  /// Optimisation, run() only: large neighbourhood search after the first solution, in phases
  /// that alternate with the complete search (each phase spends as many failures as the
  /// complete search's restart before it), so an optimum is still proved by the complete
  /// search. Within a neighbourhood the incumbent's value is tried first.
  bool lns = false;
  /// The variables the objective is computed from (LNS's objective-guided neighbourhoods).
  std::vector<int> objective_vars{};
  /// Variables whose larger values improve the objective (solver/search/value_order.hpp): lex
  /// tries their largest value first, and a large one is split upper half first (x > mid, then
  /// x <= mid). Others try the smallest value, or the lower half, first.
  std::vector<int> upper_half_first{};
  /// Per variable (or empty): the value index to try first while present, -1 for none
  /// (solver/search/value_order.hpp); under lex, before upper_half_first.
  std::vector<int> preferred_values{};
  /// Large variables the objective is computed from, split before any other variable while they
  /// have several values: the search bisects the objective's range toward better values instead
  /// of fixing the other variables first, which on a wide range improves a solution by one unit
  /// at a time (x - y >= k, x + y <= n, maximise y: lower-half splits of x give y = x - k).
  std::vector<int> split_first{};
  /// Variables branched on only once every other variable is fixed (solver/search/
  /// branch_order.hpp: the sizes of packed boxes, which their places decide).
  std::vector<int> branch_last{};
  /// run() only: record nogoods from restarts (solver/search/nogoods.hpp) so that restarts keep
  /// the subtrees they had searched to the end.
  bool nogoods = true;
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
  std::uint64_t subproblems = 0;                 // run_subproblem calls
  std::uint64_t splits = 0;                      // right branches given away
  std::uint64_t neighbourhoods = 0;              // LNS neighbourhoods searched
  std::uint64_t neighbourhood_improvements = 0;  // of which found a better solution
  std::uint64_t nogoods = 0;                     // recorded at restarts
  std::uint64_t nogood_removals = 0;             // values they removed
};

/// What a parallel executor plugs into a search; polled between nodes, from the search's thread.
class SearchHooks {
 public:
  virtual ~SearchHooks() = default;
  /// An objective bound tighter than any this search has applied (solutions must beat it from
  /// now on), or nullopt. The engine takes bounds at depth 0 only, so the search applies it at
  /// its next restart (run, run_subproblem) and at the start of each subproblem.
  virtual std::optional<Value> bound_to_apply() = 0;
  /// True when workers wait for work: run_subproblem then gives its shallowest open right
  /// branch away through give() (run() never splits).
  [[nodiscard]] virtual bool work_wanted() const = 0;
  virtual void give(Subproblem gift) = 0;
  /// LNS: a solution (one value index per variable) found elsewhere and better than any this
  /// search was handed before, written to `out`; false when there is none. The search then
  /// builds its neighbourhoods around it instead of around its own, worse, last solution (under
  /// the shared bound, neighbourhoods of a worse solution hold few improvements).
  virtual bool solution_to_adopt(std::vector<int>& out) {
    (void)out;
    return false;
  }
};

using OnSolution = std::function<AfterSolution(std::span<const int>)>;

class MacSearch {
 public:
  /// `stop` (may be null) is polled between nodes; the engine should poll the same flag.
  MacSearch(Engine& engine, const SearchConfig& config, const std::atomic<bool>* stop);

  /// Runs until the callback says stop, the space is exhausted, or the stop flag is raised.
  /// The callback gets one value index per variable.
  SearchOutcome run(const OnSolution& on_solution);
  [[nodiscard]] SearchStats stats() const;

  /// Bounds and work stealing for parallel executors (null: none). Not owned.
  void set_hooks(SearchHooks* hooks) noexcept { hooks_ = hooks; }

  /// Subproblem mode: the root fixpoint, once, before the first run_subproblem. False: the
  /// problem has no solution (or the stop flag interrupted it).
  bool propagate_root();
  /// Searches the subproblem named by `prefix` (decisions from the root fixpoint) until the
  /// callback says stop, it is exhausted, or the stop flag is raised; the engine is back at
  /// depth 0 afterwards. Learnt weights carry over from one subproblem to the next; restarts
  /// go back to the subproblem's root. Exhausted also when an objective bound left no solution
  /// anywhere (every later call then returns at once).
  SearchOutcome run_subproblem(Subproblem prefix, const OnSolution& on_solution);

 private:
  [[nodiscard]] bool stopped() const noexcept {
    return stop_ != nullptr && stop_->load(std::memory_order_relaxed);
  }
  template <typename F>
  bool timed(F&& propagate);
  SearchOutcome search(const OnSolution& on_solution);
  [[nodiscard]] SearchOutcome ended() const {
    return stopped() ? SearchOutcome::kInterrupted : SearchOutcome::kExhausted;
  }
  int select_variable();
  int select_value(int x);
  [[nodiscard]] bool incumbent_first(int x) const;
  void decide_split(int x);
  void failed();
  void take_out_of_future(int x);
  bool backtrack();
  void backtrack_to_root();
  bool apply_bound(Value bound);
  bool enter_prefix();
  void leave_prefix();
  void split();
  void decide(int x, int a);
  void undo_last_decision();
  void start_neighbourhood();
  void end_neighbourhood(Neighbourhoods::Outcome outcome);
  bool catch_up();
  bool propagated(bool ok);
  void record_nogoods();

  Engine& engine_;
  SearchConfig config_;
  const std::atomic<bool>* stop_;
  WeightedDegree weights_;
  RestartSchedule schedule_;
  std::mt19937_64 rng_;
  std::vector<Decision> decisions_;
  std::vector<char> last_;   // per variable: in config_.branch_last
  std::vector<int> future_;  // undecided variables (sparse set)
  std::vector<int> future_pos_;
  std::size_t future_size_ = 0;
  int last_conflict_var_ = -1;
  std::uint64_t fails_since_restart_ = 0;
  std::vector<int> values_;
  std::vector<int> solution_;
  std::vector<std::uint8_t> upper_first_;  // per variable, from config_.upper_half_first
  SearchStats stats_;
  TickClock clock_;
  std::uint64_t propagate_ticks_ = 0;
  // Subproblem mode. The prefix holds the subproblem's decisions, the refutations made at its
  // root since (they stay true after a restart) and the decisions given to it by splits; it is
  // replayed after an objective bound is applied at depth 0. decisions_ are the search's own.
  SearchHooks* hooks_ = nullptr;
  bool in_subproblem_ = false;
  bool dead_ = false;  // a bound applied at depth 0 wiped a domain out: no solution anywhere
  Subproblem prefix_;
  std::vector<int> prefix_vars_;  // variables of the prefix's positive decisions, in order
  int prefix_pushes_ = 0;         // choice points under the subproblem's root
  // Refutations made above the subproblem's root, with the number of decisions they were made
  // under (non-decreasing): a split moves those made under the first decision into the prefix.
  struct Refutation {
    std::size_t level;
    Decision decision;
  };
  std::vector<Refutation> refutations_;
  // LNS (config_.lns, run() only). frozen_ decisions at the bottom of decisions_ fix the current
  // neighbourhood: backtracking stops above them, and reaching them exhausts the neighbourhood.
  std::optional<Neighbourhoods> lns_;
  std::vector<int> incumbent_;  // value indices of the last solution reported (or adopted)
  std::vector<int> adopted_;    // scratch for SearchHooks::solution_to_adopt
  bool lns_phase_ = false;
  std::uint64_t lns_budget_ = 0;  // failures left in this LNS phase
  std::uint64_t lns_fails_ = 0;   // failures in the current neighbourhood
  std::size_t frozen_ = 0;
  // Nogoods from restarts (config_.nogoods, run() only): the refutations on the current branch,
  // each with the number of positive decisions it was made under.
  std::optional<NogoodStore> nogoods_;
  std::vector<Refutation> branch_refutations_;
  std::vector<NogoodStore::Literal> nogood_scratch_;
};

}  // namespace arcwave::search
