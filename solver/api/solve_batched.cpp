// Definitions for solver/api/solve_batched.hpp.
#include "solver/api/solve_batched.hpp"

#include <algorithm>
#include <cstdlib>

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "core/device_set.hpp"
#include "core/gpu_runtime.hpp"
#include "core/timer.hpp"
#include "propagation/cpu/cpu_engine.hpp"
#include "propagation/indexed/indexed_model.hpp"
#include "solver/batch/batch_search.hpp"
#include "solver/batch/state_decisions.hpp"

#include "arcwave/solver.hpp"

namespace arcwave {

namespace {

// A non-negative number from the environment, or `otherwise` when the variable is not set.
double env_number(const char* name, double otherwise) {
  const char* text = std::getenv(name);
  if (text == nullptr || *text == '\0') return otherwise;
  char* end = nullptr;
  const double v = std::strtod(text, &end);
  if (*end != '\0' || v < 0)
    throw InputError(fmt::format("{}: '{}' (expected a number, 0 or more)", name, text));
  return v;
}

// The engine's root fixpoint as the batch layout's domains; nullopt on a wipe-out.
std::optional<batch::Subproblem> root_state(const std::shared_ptr<const IndexedModel>& indexed,
                                            const batch::BatchNetwork& net) {
  cpu::CpuEngine engine(indexed);
  if (!engine.propagate_root()) return std::nullopt;
  return batch::read_state(engine, net);
}

}  // namespace

int batch_host_devices() {
  const double n = env_number("ARCWAVE_BATCH_HOST_DEVICE", 0);
  if (n != static_cast<double>(static_cast<int>(n)) || n > 1024)
    throw InputError(fmt::format("ARCWAVE_BATCH_HOST_DEVICE: {} (expected 0 to 1024 devices)", n));
  return static_cast<int>(n);
}

bool batch_device_available() {
  return batch_host_devices() > 0 || gpu_available();
}

std::optional<BatchedSearch> prepare_batched(const Model& model,
                                             std::shared_ptr<const IndexedModel> indexed,
                                             std::string& refusal) {
  Stopwatch clock;
  if (!indexed) indexed = std::make_shared<const IndexedModel>(index_model(model));
  if (auto why = batch::batch_refusal(*indexed)) {
    refusal = *why;
    return std::nullopt;
  }
  BatchedSearch b{indexed, batch::make_batch_network(*indexed), {}, 0, 0};
  b.model_seconds = clock.seconds();
  clock.restart();
  if (!indexed->trivially_false)
    if (auto root = root_state(indexed, b.net)) b.items.push_back(std::move(*root));
  b.init_seconds = clock.seconds();
  return b;
}

batch::BatchResult run_batched(const BatchedSearch& b, const SolverOptions& options,
                               batch::BatchOptions& bo, SolveResult& result) {
  const int host_devices = batch_host_devices();
  if (host_devices == 0 && !gpu_available())
    throw ResourceError("no usable GPU for the batched search: " + gpu_info().reason);
  bo.all_solutions = options.all_solutions;
  bo.learn_weights = options.var_heuristic != VarHeuristic::kDomDdeg;
  // LNS rounds on the device while optimising (--lns, on by default), over the constraint graph.
  const std::optional<Objective>& objective = b.indexed->objective;
  if (options.lns && objective && !options.all_solutions) {
    bo.lns.on = true;
    bo.lns.scopes = &b.indexed->scopes;
    bo.lns.objective_vars = objective->kind == Objective::Kind::kVariable
                                ? std::vector<int>{objective->variable}
                                : objective->scope;
    bo.lns.seed = options.seed;
  }
  batch::BatchResult r;
  if (host_devices > 0) {
    // The reference searcher on host threads: what CI runs without a GPU.
    bo.host_devices = host_devices;
    r = batch::batch_search_host(b.net, b.items, bo);
    result.backend =
        fmt::format("gpu (batched MAC on {} host reference device{}: ARCWAVE_BATCH_HOST_DEVICE={})",
                    host_devices, host_devices > 1 ? "s" : "", host_devices);
  } else {
    bo.devices = resolve_gpus(options.gpus, gpu_count());
    r = batch::batch_search_device(b.net, b.items, bo);
    result.backend = bo.devices.size() > 1
                         ? fmt::format("gpu (batched MAC on {} devices: {})", bo.devices.size(),
                                       format_gpu_list(bo.devices))
                         : std::string("gpu (batched MAC on the device)");
  }
  const std::size_t devices =
      host_devices > 0 ? static_cast<std::size_t>(host_devices) : bo.devices.size();
  result.stats.search_seconds = r.seconds;
  result.stats.propagate_seconds = r.seconds;
  result.stats.nodes = r.nodes;
  result.stats.fails = r.fails;
  result.engine = fmt::format(
      "{}: batched MAC, {} searchers x {} threads, bitwise AC3, {}; {} subproblems "
      "given away; {:.1f} MB of device memory, {:.3f} s to make the device{}",
      host_devices > 0 ? "host" : "gpu", r.searchers, r.threads_per_searcher,
      bo.learn_weights ? "dom/wdeg" : "dom/ddeg", r.donations,
      static_cast<double>(r.global_bytes) / 1e6, r.setup_seconds, devices > 1 ? "s" : "");
  if (r.busy >= 0)
    result.engine += fmt::format(
        "; searchers busy {:.0f}% of the time, {:.1f} nodes per subproblem", 100 * r.busy,
        static_cast<double>(r.nodes) /
            static_cast<double>(std::max<std::uint64_t>(1, r.donations + b.items.size())));
  if (r.lns_rounds > 0 || r.complete_slices > 0)
    result.engine += fmt::format(
        "; LNS: {} rounds of {} neighbourhoods in all ({} improved the incumbent; {:.0f}% of the "
        "variables freed last) between {} slices of the complete search",
        r.lns_rounds, r.lns_neighbourhoods, r.lns_improvements, 100 * r.lns_free_share,
        r.complete_slices);
  if (devices > 1)
    result.engine += fmt::format(
        "; {} devices ({}): {} kernels, in kernels {:.0f}% of the time, {} subproblems moved "
        "between their queues, {} open branches sent between them",
        devices, host_devices > 0 ? std::string("host threads") : format_gpu_list(bo.devices),
        r.rounds, 100 * std::max(r.in_kernels, 0.0), r.moved, r.exported);
  return r;
}

std::vector<Value> batched_values(const Model& model, std::span<const int> indices) {
  std::vector<Value> values(model.variable_count());
  for (std::size_t v = 0; v < values.size(); ++v)
    values[v] = model.variables()[v].domain[static_cast<std::size_t>(indices[v])];
  if (const auto bad = model.first_violation(values))
    throw InternalError(
        fmt::format("the batched search produced an assignment that violates constraint {}", *bad));
  return values;
}

std::optional<SolveResult> solve_batched(const Model& model, const SolverOptions& options,
                                         const std::function<void(const Solution&)>& callback,
                                         const std::atomic<bool>* stop, std::string& refusal,
                                         std::shared_ptr<const IndexedModel> indexed) {
  if (batch_host_devices() == 0 && !gpu_available())
    throw ResourceError("no usable GPU for the batched search: " + gpu_info().reason);
  std::optional<BatchedSearch> b = prepare_batched(model, std::move(indexed), refusal);
  if (!b) return std::nullopt;

  // A short CPU search first: what it settles (most instances, in milliseconds) never pays for
  // the device; otherwise its best objective is the device search's starting bound.
  std::optional<SolveResult> probe;
  const double probe_seconds = env_number("ARCWAVE_BATCH_PROBE", options.batch_probe_seconds);
  if (probe_seconds > 0) {
    SolverOptions p = options;
    p.backend = SolverBackend::kCpu;
    p.time_limit_seconds = probe_seconds;
    Solver cpu(model, p);
    if (callback) cpu.on_solution(callback);
    cpu.set_stop_flag(stop);
    probe = cpu.solve();
    if (probe->complete) {
      probe->backend = fmt::format(
          "gpu (batched MAC on the device; settled by the {:.2f} s CPU search that precedes it)",
          probe_seconds);
      return probe;
    }
  }
  const bool optimise = model.objective().has_value() && !options.all_solutions;
  std::optional<long long> bound;
  if (optimise && probe && probe->best && probe->best->objective) bound = *probe->best->objective;

  SolveResult result;
  batch::BatchOptions bo;
  bo.stop = stop;
  bo.initial_bound = bound;
  // The probe's solution centres the device's first neighbourhoods.
  if (bound)
    for (std::size_t v = 0; v < probe->best->values.size(); ++v)
      bo.lns.start.push_back(
          static_cast<int>(model.variables()[v].domain.index_of(probe->best->values[v])));
  const batch::BatchResult r = run_batched(*b, options, bo, result);
  result.stats.model_seconds = b->model_seconds;
  result.stats.init_seconds = b->init_seconds;

  if (r.solution) {
    const std::vector<Value> values = batched_values(model, *r.solution);
    Solution s{values, std::nullopt};
    if (model.objective()) s.objective = model.objective()->evaluate(values);
    if (callback) callback(s);
    result.best = std::move(s);
  } else if (probe && probe->best && (bound || options.all_solutions)) {
    // Optimising: nothing better exists (complete) or was found yet. Counting: a device stopped
    // before its first solution still answers with the probe's (checked when it was found).
    result.best = probe->best;
  }
  // Counting: the device's count and the probe's are both lower bounds of the total (the
  // device's is exact when complete, and then the larger).
  const std::uint64_t probe_count = probe ? probe->solutions : 0;
  result.solutions =
      options.all_solutions ? std::max(r.solutions, probe_count) : (result.best ? 1 : 0);
  result.stats.solutions = result.solutions;
  result.complete = r.complete;
  const bool found = r.solution.has_value() || result.solutions > 0 || bound.has_value();
  if (r.complete)
    result.status = !found ? SolveStatus::kUnsatisfiable
                           : (optimise ? SolveStatus::kOptimum : SolveStatus::kSatisfiable);
  else
    result.status = found ? SolveStatus::kSatisfiable : SolveStatus::kUnknown;
  // A CSP stopped on its first solution is settled even though the rest was not searched.
  if (!optimise && !options.all_solutions && r.solution) result.complete = true;
  return result;
}

}  // namespace arcwave
