// arcwave::Solver (include/arcwave/solver.hpp): compile the model, pick the engine, run the MAC
// search, check every solution, and turn the outcome into a status.
#include "arcwave/solver.hpp"

#include <algorithm>
#include <thread>

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "core/device_set.hpp"
#include "core/gpu_runtime.hpp"
#include "core/timer.hpp"
#include "parsers/xcsp/xcsp_reader.hpp"
#include "propagation/cpu/cpu_engine.hpp"
#ifdef ARCWAVE_HAVE_GPU_ENGINE
#include "propagation/gpu/gpu_engine.hpp"
#endif
#include "propagation/indexed/indexed_model.hpp"
#include "solver/api/backend_choice.hpp"
#include "solver/api/solve_batched.hpp"
#include "solver/api/solve_hybrid.hpp"
#include "solver/api/solver_access.hpp"
#include "solver/api/stop_watcher.hpp"
#include "solver/parallel/incumbent.hpp"
#include "solver/parallel/parallel_search.hpp"
#include "solver/parallel/solution_sink.hpp"
#include "solver/search/branch_order.hpp"
#include "solver/search/mac_search.hpp"
#include "solver/search/value_order.hpp"

namespace arcwave {

struct Solver::Impl {
  Model model;
  SolverOptions options;
  double parse_seconds = 0;
  std::function<void(const Solution&)> callback;
  std::atomic<bool> stop{false};
  const std::atomic<bool>* external = nullptr;
};

namespace {

cpu::TableAlgorithm table_algorithm(TablePropagation t) {
  switch (t) {
    case TablePropagation::kAc4:
      return cpu::TableAlgorithm::kAc4;
    case TablePropagation::kCompactTable:
      return cpu::TableAlgorithm::kCompactTable;
    case TablePropagation::kAuto:
    case TablePropagation::kAc3Bit:
      break;
  }
  return cpu::TableAlgorithm::kAc3Bit;
}

cpu::CpuEngineOptions cpu_options(const SolverOptions& opt) {
  cpu::CpuEngineOptions engine_options;
  engine_options.tables = table_algorithm(opt.tables);
  engine_options.difference_cliques = opt.difference_cliques;
  return engine_options;
}

// The model compiled for the CPU engines, at most once per solve: auto's choice of the batched
// GPU search needs it before the engine that runs instead does.
class IndexedOnce {
 public:
  explicit IndexedOnce(const Model& model) : model_(model) {}
  const std::shared_ptr<const IndexedModel>& get() {
    if (!indexed_) {
      const Stopwatch clock;
      indexed_ = std::make_shared<const IndexedModel>(index_model(model_));
      seconds_ = clock.seconds();
    }
    return indexed_;
  }
  /// What compiling took (0 before get()).
  [[nodiscard]] double seconds() const { return seconds_; }

 private:
  const Model& model_;
  std::shared_ptr<const IndexedModel> indexed_;
  double seconds_ = 0;
};

std::unique_ptr<Engine> cpu_engine(IndexedOnce& indexed, const SolverOptions& opt,
                                   SolveResult& result) {
  std::shared_ptr<const IndexedModel> m = indexed.get();
  result.stats.model_seconds = indexed.seconds();
  return std::make_unique<cpu::CpuEngine>(std::move(m), cpu_options(opt));
}

// CPU engines over one compiled model, made from several threads at once.
parallel::EngineFactory engine_factory(std::shared_ptr<const IndexedModel> indexed,
                                       const SolverOptions& options) {
  const cpu::CpuEngineOptions engine_options = cpu_options(options);
  return [indexed = std::move(indexed), engine_options]() -> std::unique_ptr<Engine> {
    return std::make_unique<cpu::CpuEngine>(indexed, engine_options);
  };
}

std::unique_ptr<Engine> gpu_engine(const Model& model, const SolverOptions& opt) {
  // The device-resident engine runs on the first listed GPU (this thread's current device).
  if (gpu_available())
    if (const std::vector<int> devices = resolve_gpus(opt.gpus, gpu_count()); !devices.empty())
      use_gpu(devices.front());
#ifdef ARCWAVE_HAVE_GPU_ENGINE
  return make_gpu_engine(model);
#else
  (void)model;
  throw ResourceError("the GPU engine is not part of this build (arcwave_gpu_engine missing)");
#endif
}

// The engine the options ask for; SolveResult::backend says which and why.
std::unique_ptr<Engine> make_engine(const Model& model, IndexedOnce& indexed,
                                    const SolverOptions& opt, SolveResult& result) {
  switch (opt.backend) {
    case SolverBackend::kCpu:
      result.backend = "cpu";
      return cpu_engine(indexed, opt, result);
    case SolverBackend::kGpu:
      result.backend = "gpu (device-resident AC4GPU+ fixpoint, MAC driven from the host)";
      return gpu_engine(model, opt);
    case SolverBackend::kAuto:
      break;
  }
    // auto: by the model's size (solver/api/backend_choice.hpp; the threshold is measured), and
    // back to the CPU, saying so, when the GPU engine cannot start (memory, a GPU that fails).
#ifdef ARCWAVE_HAVE_GPU_ENGINE
  const bool usable = gpu_available();
  const std::string why_not = usable ? std::string() : gpu_info().reason;
#else
  const bool usable = false;
  const std::string why_not = "this build has no CUDA";
#endif
  const BackendChoice choice = choose_backend(model, usable, why_not);
  if (choice.gpu) {
    try {
      std::unique_ptr<Engine> engine = gpu_engine(model, opt);
      result.backend =
          "gpu (auto: " + choice.reason + "; device-resident AC4GPU+ fixpoint, MAC from the host)";
      return engine;
    } catch (const ResourceError& e) {
      result.backend = std::string("cpu (auto: the GPU engine could not start: ") + e.what() + ")";
      return cpu_engine(indexed, opt, result);
    } catch (const Unsupported& e) {
      result.backend =
          std::string("cpu (auto: the GPU engine refused the model: ") + e.what() + ")";
      return cpu_engine(indexed, opt, result);
    }
  }
  result.backend = "cpu (auto: " + choice.reason + ")";
  return cpu_engine(indexed, opt, result);
}

// The backend line of a parallel search, or nullopt when the options ask for the GPU engine
// (which runs one search: the caller then runs the sequential path).
std::optional<std::string> parallel_backend(const Model& model, const SolverOptions& opt,
                                            int workers) {
  std::string how;
  use_portfolio(model, opt, how);
  const std::string cpus = fmt::format("{} workers, one CPU engine each, {}", workers, how);
  switch (opt.backend) {
    case SolverBackend::kCpu:
      return "cpu (" + cpus + ")";
    case SolverBackend::kGpu:
      return std::nullopt;
    case SolverBackend::kAuto:
      break;
  }
#ifdef ARCWAVE_HAVE_GPU_ENGINE
  const bool usable = gpu_available();
  const std::string why_not = usable ? std::string() : gpu_info().reason;
#else
  const bool usable = false;
  const std::string why_not = "this build has no CUDA";
#endif
  const BackendChoice choice = choose_backend(model, usable, why_not);
  if (choice.gpu) return std::nullopt;
  return "cpu (auto: " + choice.reason + "; " + cpus + ")";
}

SolveResult solve_in_parallel(const Model& model, IndexedOnce& indexed, const SolverOptions& opt,
                              int workers, const std::function<void(const Solution&)>& callback,
                              std::atomic<bool>& stop, const std::atomic<bool>* external,
                              std::string backend) {
  std::string how;
  const bool portfolio = use_portfolio(model, opt, how);
  SolveResult result;
  result.backend = std::move(backend);
  const parallel::EngineFactory factory = engine_factory(indexed.get(), opt);
  result.stats.model_seconds = indexed.seconds();
  const bool optimise = model.objective().has_value() && !opt.all_solutions;
  parallel::Incumbent incumbent(!optimise || model.objective()->minimize);
  const parallel::SinkMode mode = opt.all_solutions ? parallel::SinkMode::kAll
                                  : optimise        ? parallel::SinkMode::kOptimise
                                                    : parallel::SinkMode::kFirst;
  parallel::SolutionSink sink(model, mode, callback, optimise ? &incumbent : nullptr, stop);
  parallel::ParallelConfig config;
  config.workers = workers;
  config.subproblems_per_worker = static_cast<std::size_t>(std::max(1, opt.subproblems_per_worker));
  config.search = search_config(opt, model);
  Stopwatch clock;
  parallel::ParallelReport report;
  {
    StopWatcher watcher(stop, external, opt.time_limit_seconds);
    report = portfolio ? parallel::search_portfolio(factory, config, sink,
                                                    optimise ? &incumbent : nullptr, stop)
                       : parallel::search_decomposed(factory, config, sink,
                                                     optimise ? &incumbent : nullptr, stop);
  }
  result.stats.search_seconds = clock.seconds();
  result.engine = report.engine_description;
  fill_result(result, report, sink, optimise);
  result.stats.workers = workers;
  return result;
}

}  // namespace

namespace detail {

const Model& SolverAccess::model(const Solver& s) {
  return s.impl_->model;
}
const SolverOptions& SolverAccess::options(const Solver& s) {
  return s.impl_->options;
}
const std::function<void(const Solution&)>& SolverAccess::callback(const Solver& s) {
  return s.impl_->callback;
}
std::atomic<bool>& SolverAccess::stop_flag(Solver& s) {
  return s.impl_->stop;
}
const std::atomic<bool>* SolverAccess::external_flag(const Solver& s) {
  return s.impl_->external;
}
double SolverAccess::parse_seconds(const Solver& s) {
  return s.impl_->parse_seconds;
}

}  // namespace detail

search::SearchConfig search_config(const SolverOptions& opt, const Model& model) {
  search::SearchConfig config;
  const std::optional<Objective>& objective = model.objective();
  config.lns = opt.lns && objective.has_value() && !opt.all_solutions;
  config.nogoods = opt.nogoods;
  if (config.lns) {
    if (objective->kind == Objective::Kind::kVariable)
      config.objective_vars = {objective->variable};
    else
      config.objective_vars = objective->scope;
  }
  // Values toward better objective values: the largest first (a large variable: its upper
  // half) where larger values improve it, through the sums that define the objective's terms.
  if (objective && !opt.all_solutions) {
    const std::vector<int> direction = search::improving_direction(model);
    for (std::size_t x = 0; x < direction.size(); ++x)
      if (direction[x] > 0) config.upper_half_first.push_back(static_cast<int>(x));
    config.preferred_values = search::preferred_values(model, direction);
    if (objective->kind == Objective::Kind::kVariable)
      config.split_first = {objective->variable};
    else if (objective->kind == Objective::Kind::kSum)
      config.split_first = objective->scope;
  }
  config.branch_last = search::packing_sizes(model);
  config.var_heuristic = opt.var_heuristic;
  config.val_heuristic = opt.val_heuristic;
  config.restarts = opt.all_solutions ? RestartPolicy::kNone : opt.restarts;
  config.restart_base = opt.restart_base;
  config.restart_factor = opt.restart_factor;
  config.last_conflict = opt.last_conflict;
  config.seed = opt.seed;
  return config;
}

int worker_count(int threads) {
  if (threads > 0) return threads;
  return std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
}

bool use_portfolio(const Model& model, const SolverOptions& opt, std::string& why) {
  const bool optimise = model.objective().has_value() && !opt.all_solutions;
  switch (opt.parallel) {
    case ParallelMode::kPortfolio:
      if (opt.all_solutions)
        throw InputError(
            "a portfolio finds one solution or the optimum: every solution needs the decomposed "
            "search (leave the portfolio out)");
      why = "a portfolio";
      return true;
    case ParallelMode::kDecomposed:
      why = "decomposed";
      return false;
    case ParallelMode::kAuto:
      break;
  }
  // Every solution: the decomposition (a portfolio would find each one on every worker). One
  // solution or the optimum: a portfolio whose worker 0 is the sequential search, which on the
  // 2-core machine kept -p 1's answers where the decomposition lost first solutions that -p 1
  // finds in 1-2 s (docs/results/anchors-2026-11-28-search.md).
  if (opt.all_solutions) {
    why = "decomposed (auto: every solution wanted)";
    return false;
  }
  why = std::string("a portfolio (auto: ") + (optimise ? "optimising" : "one solution wanted") +
        "; worker 0 runs the sequential search (-p 1), the others other seeds and orders at idle "
        "priority" +
        (optimise ? ", every worker's LNS around the best solution found by any)" : ")");
  return true;
}

parallel::EngineFactory cpu_engine_factory(std::shared_ptr<const IndexedModel> indexed,
                                           const SolverOptions& options) {
  return engine_factory(std::move(indexed), options);
}

parallel::EngineFactory cpu_engine_factory(const Model& model, const SolverOptions& options,
                                           double* model_seconds) {
  IndexedOnce indexed(model);
  parallel::EngineFactory factory = engine_factory(indexed.get(), options);
  if (model_seconds != nullptr) *model_seconds = indexed.seconds();
  return factory;
}

void fill_result(SolveResult& result, const parallel::ParallelReport& report,
                 const parallel::SolutionSink& sink, bool optimise) {
  SolveStats& st = result.stats;
  st.nodes = report.search.nodes;
  st.fails = report.search.fails;
  st.restarts = report.search.restarts;
  st.max_depth = report.search.max_depth;
  st.neighbourhoods = report.search.neighbourhoods;
  st.neighbourhood_improvements = report.search.neighbourhood_improvements;
  st.nogoods = report.search.nogoods;
  st.nogood_removals = report.search.nogood_removals;
  st.propagations = report.engine.propagations;
  st.removals = report.engine.removals;
  st.init_seconds = report.engine.init_seconds;
  st.propagate_seconds = report.search.propagate_seconds;
  st.subproblems = report.subproblems;
  st.splits = report.splits;
  st.decomposition_seconds = report.decomposition_seconds;
  result.best = sink.best();
  result.solutions = sink.solutions();
  st.solutions = result.solutions;
  const bool found = result.solutions > 0;
  switch (report.end) {
    case parallel::ParallelEnd::kSolutionFound:
      result.complete = true;
      result.status = SolveStatus::kSatisfiable;
      break;
    case parallel::ParallelEnd::kExhausted:
      result.complete = true;
      result.status = !found ? SolveStatus::kUnsatisfiable
                             : (optimise ? SolveStatus::kOptimum : SolveStatus::kSatisfiable);
      break;
    case parallel::ParallelEnd::kInterrupted:
      result.complete = false;
      result.status = found ? SolveStatus::kSatisfiable : SolveStatus::kUnknown;
      break;
  }
}

Solver::Solver(Model model, SolverOptions options) : impl_(std::make_unique<Impl>()) {
  impl_->model = std::move(model);
  impl_->options = options;
}

Solver Solver::load(const std::string& path, SolverOptions options) {
  Stopwatch clock;
  XcspInstance inst = read_xcsp(path);
  Solver solver(std::move(inst.model), options);
  solver.impl_->parse_seconds = clock.seconds();
  return solver;
}

Solver::~Solver() = default;
Solver::Solver(Solver&&) noexcept = default;
Solver& Solver::operator=(Solver&&) noexcept = default;

const Model& Solver::model() const noexcept {
  return impl_->model;
}
SolverOptions& Solver::options() noexcept {
  return impl_->options;
}
double Solver::parse_seconds() const noexcept {
  return impl_->parse_seconds;
}
void Solver::on_solution(std::function<void(const Solution&)> callback) {
  impl_->callback = std::move(callback);
}
void Solver::stop() noexcept {
  impl_->stop.store(true);
}
void Solver::set_stop_flag(const std::atomic<bool>* flag) noexcept {
  impl_->external = flag;
}

SolveResult Solver::solve() {
  Impl& im = *impl_;
  const Model& model = im.model;
  const SolverOptions& opt = im.options;
  im.stop.store(false);
  const int workers = worker_count(opt.threads);
  // --backend auto: the batched GPU search where it was measured better (choose_batched) and
  // the GPU engine's own measured range (choose_backend) does not apply; otherwise the note
  // says why not, on the backend line of what runs instead.
  std::string auto_note;
  IndexedOnce indexed(model);
  if (opt.backend == SolverBackend::kAuto && opt.parallel != ParallelMode::kPortfolio &&
      batch_device_available() && !choose_backend(model, true, "").gpu) {
    const BackendChoice batched = choose_batched(*indexed.get());
    if (batched.gpu) {
      std::string refusal;
      try {
        StopWatcher watcher(im.stop, im.external, opt.time_limit_seconds);
        // One solution or the optimum: the device and the CPU workers at once (solve_hybrid);
        // every solution: the device alone after its CPU probe.
        if (std::optional<SolveResult> r =
                opt.all_solutions
                    ? solve_batched(model, opt, im.callback, &im.stop, refusal, indexed.get())
                    : solve_hybrid(model, opt, indexed.get(), im.callback, im.stop, refusal)) {
          r->stats.parse_seconds = im.parse_seconds;
          // (A device that could not start left the CPU workers alone: their own line.)
          if (r->backend.starts_with("gpu"))
            r->backend = "gpu (auto: " + batched.reason + "): " + r->backend;
          return std::move(*r);
        }
        auto_note = "the batched GPU search refused the model: " + refusal;
      } catch (const ResourceError& e) {
        auto_note = std::string("the batched GPU search could not start: ") + e.what();
      }
    } else {
      auto_note = "not the batched GPU search: " + batched.reason;
    }
  }
  if (workers > 1) {
    if (std::optional<std::string> backend = parallel_backend(model, opt, workers)) {
      if (!auto_note.empty()) *backend += "; " + auto_note;
      SolveResult result = solve_in_parallel(model, indexed, opt, workers, im.callback, im.stop,
                                             im.external, std::move(*backend));
      result.stats.parse_seconds = im.parse_seconds;
      return result;
    }
  } else if (opt.parallel == ParallelMode::kPortfolio && opt.all_solutions) {
    std::string how;
    use_portfolio(model, opt, how);  // throws the InputError
  }
  SolveResult result;
  result.stats.parse_seconds = im.parse_seconds;

  // --backend gpu: the batched search on the device when it takes the model; otherwise the
  // device-resident engine below (n-ary tables on the N-E model), saying why.
  std::string batch_refusal;
  if (opt.backend == SolverBackend::kGpu) {
    StopWatcher watcher(im.stop, im.external, opt.time_limit_seconds);
    if (std::optional<SolveResult> r =
            solve_batched(model, opt, im.callback, &im.stop, batch_refusal)) {
      r->stats.parse_seconds = im.parse_seconds;
      return std::move(*r);
    }
  }

  Stopwatch clock;
  std::unique_ptr<Engine> engine;
  try {
    engine = make_engine(model, indexed, opt, result);
  } catch (const ResourceError& e) {
    // --backend gpu with no engine left: say also why the batched search did not take it.
    if (batch_refusal.empty()) throw;
    throw ResourceError(std::string(e.what()) +
                        "; the batched search refused the model: " + batch_refusal);
  } catch (const Unsupported& e) {
    if (batch_refusal.empty()) throw;
    throw Unsupported(SourcePosition{},
                      "no GPU search takes the model: the batched search "
                      "refused it (" +
                          batch_refusal + "), the GPU engine too (" + e.what() + ")");
  }
  if (!batch_refusal.empty())
    result.backend += " (the batched search refused the model: " + batch_refusal + ")";
  if (!auto_note.empty()) result.backend += "; " + auto_note;
  if (workers > 1) result.backend += "; one search: parallel workers run CPU engines only";
  const double built = clock.seconds();
  const EngineStats initial = engine->stats();
  // The CPU engine timed index_model as model_seconds; for the GPU engine the model phase is
  // compiling the table network: its construction less the device build (init).
  if (result.backend.starts_with("gpu"))
    result.stats.model_seconds = std::max(0.0, built - initial.init_seconds);
  result.engine = engine->description();
  engine->set_interrupt(&im.stop);

  const search::SearchConfig config = search_config(opt, model);

  const bool optimise = model.objective().has_value() && !opt.all_solutions;
  std::vector<Value> values(model.variable_count());
  auto on_solution = [&](std::span<const int> indices) {
    for (std::size_t v = 0; v < values.size(); ++v)
      values[v] = model.variables()[v].domain[static_cast<std::size_t>(indices[v])];
    if (const auto bad = model.first_violation(values)) {
      const std::string what =
          *bad < model.constraints().size()
              ? fmt::format("constraint {} ({})", *bad, constraint_kind(model.constraints()[*bad]))
              : fmt::format("the domain of variable {}", *bad - model.constraints().size());
      throw InternalError("the search produced an assignment that violates " + what);
    }
    Solution s{values, std::nullopt};
    if (model.objective()) {
      s.objective = model.objective()->evaluate(values);
      // An undefined objective (overflow) cannot be reported or bounded: look further.
      if (!s.objective) return search::AfterSolution{search::AfterSolution::Action::kContinue, 0};
    }
    ++result.solutions;
    if (im.callback) im.callback(s);
    result.best = std::move(s);
    if (opt.all_solutions)
      return search::AfterSolution{search::AfterSolution::Action::kContinue, 0};
    if (optimise)
      return search::AfterSolution{search::AfterSolution::Action::kImprove,
                                   *result.best->objective};
    return search::AfterSolution{search::AfterSolution::Action::kStop, 0};
  };

  search::SearchOutcome outcome;
  search::SearchStats sstats;
  clock.restart();
  {
    StopWatcher watcher(im.stop, im.external, opt.time_limit_seconds);
    search::MacSearch mac(*engine, config, &im.stop);
    outcome = mac.run(on_solution);
    sstats = mac.stats();
  }
  result.stats.search_seconds = clock.seconds();

  const EngineStats es = engine->stats();
  result.stats.nodes = sstats.nodes;
  result.stats.fails = sstats.fails;
  result.stats.restarts = sstats.restarts;
  result.stats.max_depth = sstats.max_depth;
  result.stats.neighbourhoods = sstats.neighbourhoods;
  result.stats.neighbourhood_improvements = sstats.neighbourhood_improvements;
  result.stats.nogoods = sstats.nogoods;
  result.stats.nogood_removals = sstats.nogood_removals;
  result.stats.solutions = result.solutions;
  result.stats.propagations = es.propagations;
  result.stats.removals = es.removals;
  result.stats.init_seconds = es.init_seconds;
  result.stats.propagate_seconds = sstats.propagate_seconds;

  result.complete = outcome != search::SearchOutcome::kInterrupted;
  const bool found = result.solutions > 0;
  if (outcome == search::SearchOutcome::kStoppedOnSolution)
    result.status = SolveStatus::kSatisfiable;
  else if (outcome == search::SearchOutcome::kExhausted)
    result.status = !found ? SolveStatus::kUnsatisfiable
                           : (optimise ? SolveStatus::kOptimum : SolveStatus::kSatisfiable);
  else
    result.status = found ? SolveStatus::kSatisfiable : SolveStatus::kUnknown;
  return result;
}

}  // namespace arcwave
