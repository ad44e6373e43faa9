// arcwave/solver.hpp — embedding the CSP solver: build a Model (arcwave/model.hpp) or load an
// XCSP 2.1 / XCSP3 file, set options, solve by MAC search, read the answer.
//
//   arcwave::Solver solver = arcwave::Solver::load("queens-8.xml");
//   solver.options().all_solutions = true;
//   const arcwave::SolveResult r = solver.solve();
//   if (r.best) use(r.best->values);  // one value per model variable, in declaration order
//
// Every solution is checked against all constraints before it is reported; a solution that
// fails the check throws InternalError (a bug). Search is deterministic for a given seed with
// one thread (the default here; the CLI's default is every core).
//
// Parallel search: options().threads = N (0: every core) runs N workers, each with its own CPU
// engine over one shared compiled model. Either the problem is decomposed into about
// subproblems_per_worker × N subproblems (embarrassingly parallel search) that the workers take
// from a shared queue, busy workers splitting their trees for idle ones once it runs dry, or, in
// a portfolio, every worker searches the whole problem with other seeds and heuristics (each
// with LNS and nogoods, the best solution shared). options().parallel chooses; by default the
// decomposition for all solutions and otherwise a portfolio whose worker 0 is the sequential
// search (the other workers at idle priority).
// Answers are the same as with one thread (counts exact, optima equal, UNSATISFIABLE only when
// everything was searched); which solution is reported first, the counters and the order of
// callbacks may differ from run to run. Callbacks come one at a time, from worker threads.
// Across machines, arcwave/mpi.hpp (builds with MPI) runs the same search on every MPI rank.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arcwave/backend.hpp"
#include "arcwave/model.hpp"

namespace arcwave {

namespace detail {
struct SolverAccess;  // the MPI driver's way in (solver/api/solver_access.hpp)
}

/// Variable ordering: smallest domain size over weighted degree (weights grow on conflicts: by 1
/// per constraint, or with ca.cd by 1 / (future variables × domain size) per variable of the
/// constraint) or over dynamic degree (constraints with another unassigned variable).
enum class VarHeuristic : std::uint8_t { kDomWdeg, kDomDdeg, kDomWdegCaCd };
/// Value ordering: smallest value first, or uniformly at random (seeded).
enum class ValHeuristic : std::uint8_t { kLex, kRandom };
/// Restart policy: cutoffs (in failures) follow restart_base × Luby(i) or restart_base ×
/// restart_factor^i; none disables restarts.
enum class RestartPolicy : std::uint8_t { kLuby, kGeometric, kNone };
/// How parallel workers share the search (SolverOptions::parallel).
enum class ParallelMode : std::uint8_t {
  kAuto,        // the decomposition for all solutions, a portfolio otherwise
  kDecomposed,  // embarrassingly parallel search over subproblems, with work stealing
  kPortfolio,   // every worker on the whole problem, its own seed and heuristics
};
/// Where propagation runs. kGpu uses the device-resident AC4GPU+ engine and throws what it
/// throws (Unsupported for models it cannot take, ResourceError without a GPU or without
/// enough device memory). kAuto runs it on binary networks with at least 5,000 value pairs per
/// value when a GPU is present (where it was measured faster than MAC with AC3bit+rm), the CPU
/// engine otherwise or when the GPU engine cannot start, and says which and why in
/// SolveResult::backend.
using SolverBackend = Backend;  // the choice every capability takes (arcwave/backend.hpp)
/// The algorithm for extension constraints (and intensions turned into tables) on the CPU.
enum class TablePropagation : std::uint8_t {
  kAuto,          // AC3bit+rm on binary constraints, Compact-Table on n-ary tables
  kAc4,           // serial AC4 / GAC4 (the reference)
  kAc3Bit,        // AC3bit+rm on binary constraints, Compact-Table on n-ary tables
  kCompactTable,  // Compact-Table on every table
};

struct SolverOptions {
  /// dom/wdeg^ca.cd: on the shared real files it proved Fastfood-ff10 and found first solutions
  /// of Cargo-01 and MagicSquare-9 that dom/wdeg did not within 30 s, and settled 261 of the
  /// 294 binary files at 10 s against 259 (docs/results/anchors-2026-11-28-search.md).
  VarHeuristic var_heuristic = VarHeuristic::kDomWdegCaCd;
  ValHeuristic val_heuristic = ValHeuristic::kLex;
  RestartPolicy restarts = RestartPolicy::kLuby;
  /// Failures before the first restart (1000: measured better than 100 on the shared binary
  /// and real XCSP3 instances, docs/results/h100-2026-11-25.md).
  std::uint64_t restart_base = 1000;
  double restart_factor = 1.1;  // growth of the geometric policy
  bool last_conflict = true;    // retry the variable of the last failed decision first
  /// Optimisation: large neighbourhood search after the first solution — neighbourhoods of the
  /// incumbent (random, constraint-graph and objective-guided, of adaptive size) searched with
  /// a failure limit, in phases that alternate with the complete search, which alone proves an
  /// optimum. Each worker of a portfolio runs its own; decomposed (EPS) workers do not.
  bool lns = true;
  /// Record nogoods at restarts (the refutations of the branch being left, under the decisions
  /// above them) and propagate them, so that restarts do not search those subtrees again. The
  /// sequential search and each portfolio worker; not the decomposed (EPS) workers.
  bool nogoods = true;
  std::uint64_t seed = 0;
  /// Find every solution (restarts are then off); solve() reports their number.
  bool all_solutions = false;
  double time_limit_seconds = 0;  // 0: no limit
  SolverBackend backend = SolverBackend::kAuto;
  TablePropagation tables = TablePropagation::kAuto;
  /// CPU engine: add a redundant allDifferent over each clique of binary != constraints, and a
  /// redundant noOverlap over each clique of binary disjunctive pairs (x + p <= y or y + q <= x).
  bool difference_cliques = true;
  /// kGpu: the batched device search is preceded by a CPU search of at most this many seconds
  /// (0: none); what it settles is answered without the device, and its best objective bounds
  /// the device search.
  double batch_probe_seconds = 0.2;
  /// Workers searching at once: 1 is the sequential search, exactly; 0 one per core
  /// (std::thread::hardware_concurrency); N > 1 runs N workers on CPU engines (kGpu, or kAuto
  /// choosing the GPU, then runs the GPU engine alone, one search, and says so in backend).
  int threads = 1;
  /// With threads != 1: how the workers share the search. kAuto: the decomposition for all
  /// solutions; otherwise a portfolio whose worker 0 runs exactly the sequential search and the
  /// others, at idle priority, other seeds and orders (every worker runs LNS and records
  /// nogoods; the best solution and its bound are shared) — measured on the 2-core machine
  /// (docs/results/anchors-2026-11-28-search.md). A portfolio cannot count every solution
  /// (kPortfolio with all_solutions: InputError).
  ParallelMode parallel = ParallelMode::kAuto;
  /// The decomposition's target: about this many subproblems per worker (EPS's k), >= 1.
  int subproblems_per_worker = 30;
  /// kGpu: the GPUs (device ordinals as CUDA numbers them, after CUDA_VISIBLE_DEVICES); empty:
  /// every visible GPU. The batched search runs one host thread per listed device, moving work
  /// between them (a device listed twice gets two workers, each with half of it); the
  /// device-resident engine runs on the first. InputError for a device that is not visible.
  std::vector<int> gpus;
};

enum class SolveStatus : std::uint8_t { kSatisfiable, kUnsatisfiable, kOptimum, kUnknown };
/// "SATISFIABLE", "UNSATISFIABLE", "OPTIMUM FOUND" or "UNKNOWN" (the competition's words).
std::string_view to_string(SolveStatus status);

struct Solution {
  std::vector<Value> values;       // one per model variable
  std::optional<Value> objective;  // its objective value, for models with an objective
};

struct SolveStats {
  std::uint64_t nodes = 0;  // decisions (positive branches)
  std::uint64_t fails = 0;  // failed decisions and refutations
  std::uint64_t restarts = 0;
  std::uint64_t propagations = 0;  // propagator executions
  std::uint64_t removals = 0;      // values removed (decisions included)
  std::uint64_t solutions = 0;
  int max_depth = 0;
  std::uint64_t neighbourhoods = 0;              // LNS neighbourhoods searched
  std::uint64_t neighbourhood_improvements = 0;  // of which found a better solution
  std::uint64_t nogoods = 0;                     // recorded at restarts
  std::uint64_t nogood_removals = 0;             // values removed by them
  double parse_seconds = 0;                      // reading the file (load() only)
  double model_seconds = 0;                      // compiling the model for the propagators
  double init_seconds = 0;                       // building the propagators' state
  double propagate_seconds = 0;                  // inside propagation (root fixpoint included)
  double search_seconds = 0;                     // the whole search, propagation included
  // Parallel search (threads != 1, MPI). Counters and init / propagate times are summed over
  // the workers (CPU seconds); search_seconds stays wall-clock time.
  int workers = 1;                // threads, over all MPI ranks
  int ranks = 1;                  // MPI processes
  std::uint64_t subproblems = 0;  // made by the decomposition
  std::uint64_t splits = 0;       // subtrees given away by busy workers (work stealing)
  double decomposition_seconds = 0;
};

struct SolveResult {
  SolveStatus status = SolveStatus::kUnknown;
  /// The last solution found; when optimising, the best one.
  std::optional<Solution> best;
  std::uint64_t solutions = 0;
  /// True when the search ended by itself (not by the time limit or a stop request).
  bool complete = false;
  SolveStats stats;
  std::string backend;  // "cpu" or "gpu", and for kAuto why (one line)
  std::string engine;   // the propagators used (one line)
};

class Solver {
 public:
  explicit Solver(Model model, SolverOptions options = {});
  /// Reads an XCSP 2.1 or XCSP3 file (compressed or not); InputError on bad input.
  static Solver load(const std::string& path, SolverOptions options = {});
  ~Solver();
  Solver(Solver&&) noexcept;
  Solver& operator=(Solver&&) noexcept;

  [[nodiscard]] const Model& model() const noexcept;
  [[nodiscard]] SolverOptions& options() noexcept;
  /// Seconds load() spent reading the file (0 for a model built in memory).
  [[nodiscard]] double parse_seconds() const noexcept;

  /// Called with every solution as it is found (already checked). When optimising, each one
  /// is better than the previous.
  void on_solution(std::function<void(const Solution&)> callback);
  /// Solves from scratch (each call starts again).
  SolveResult solve();
  /// Makes a running solve() return soon with what it has. Safe from any thread.
  void stop() noexcept;
  /// solve() also stops when *flag becomes true (for example set by a signal handler).
  void set_stop_flag(const std::atomic<bool>* flag) noexcept;

 private:
  friend struct detail::SolverAccess;
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace arcwave
