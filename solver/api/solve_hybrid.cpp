// Definitions for solver/api/solve_hybrid.hpp.
#include "solver/api/solve_hybrid.hpp"

#include <algorithm>
#include <chrono>
#include <exception>
#include <thread>

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "core/device_set.hpp"
#include "core/gpu_runtime.hpp"
#include "core/timer.hpp"
#include "solver/api/solve_batched.hpp"
#include "solver/api/solver_access.hpp"
#include "solver/batch/incumbent_link.hpp"
#include "solver/parallel/incumbent.hpp"
#include "solver/parallel/parallel_search.hpp"
#include "solver/parallel/solution_sink.hpp"

namespace arcwave {

namespace {

// The CPU workers' incumbent as the batched search's link: their best bounds the device (and
// centres its LNS when better than its own), and the device's improvements go through their
// sink (checked, kept when better, reported).
class SinkLink final : public batch::IncumbentLink {
 public:
  SinkLink(const Model& model, const parallel::Incumbent& incumbent, parallel::SolutionSink& sink)
      : model_(model), incumbent_(incumbent), sink_(sink) {}
  [[nodiscard]] std::optional<long long> outside() const override {
    const std::optional<Value> v = incumbent_.get();
    if (!v) return std::nullopt;
    return static_cast<long long>(*v);
  }
  [[nodiscard]] std::optional<std::vector<int>> outside_solution() const override {
    const std::optional<Solution> best = sink_.best();
    if (!best) return std::nullopt;
    std::vector<int> indices(best->values.size());
    for (std::size_t v = 0; v < indices.size(); ++v) {
      const std::int64_t a = model_.variables()[v].domain.index_of(best->values[v]);
      if (a < 0) return std::nullopt;
      indices[v] = static_cast<int>(a);
    }
    return indices;
  }
  void improved(std::span<const int> solution, long long /*value*/) override {
    sink_.offer_values(batched_values(model_, solution));
  }

 private:
  const Model& model_;
  const parallel::Incumbent& incumbent_;
  parallel::SolutionSink& sink_;
};

}  // namespace

std::optional<SolveResult> solve_hybrid(const Model& model, const SolverOptions& options,
                                        std::shared_ptr<const IndexedModel> indexed,
                                        const std::function<void(const Solution&)>& callback,
                                        const std::atomic<bool>& stop, std::string& refusal) {
  if (options.all_solutions) throw InternalError("solve_hybrid: not for all solutions");
  std::optional<BatchedSearch> b = prepare_batched(model, std::move(indexed), refusal);
  if (!b) return std::nullopt;
  const Stopwatch clock;
  const bool optimise = model.objective().has_value();
  // The devices' host threads (one per GPU, or the host devices) take cores too.
  const int host_devices = batch_host_devices();
  const int device_threads = host_devices > 0 ? host_devices
                             : gpu_available()
                                 ? static_cast<int>(resolve_gpus(options.gpus, gpu_count()).size())
                                 : 1;
  const int workers = std::max(1, worker_count(options.threads) - std::max(1, device_threads));
  SolverOptions cpu_options = options;
  cpu_options.backend = SolverBackend::kCpu;
  std::string how;
  const bool portfolio = use_portfolio(model, cpu_options, how);

  parallel::Incumbent incumbent(!optimise || model.objective()->minimize);
  std::atomic<bool> cpu_halt{false};
  std::atomic<bool> device_stop{false};
  parallel::SolutionSink sink(model,
                              optimise ? parallel::SinkMode::kOptimise : parallel::SinkMode::kFirst,
                              callback, optimise ? &incumbent : nullptr, cpu_halt);
  SinkLink link(model, incumbent, sink);
  parallel::ParallelConfig config;
  config.workers = workers;
  config.subproblems_per_worker =
      static_cast<std::size_t>(std::max(1, options.subproblems_per_worker));
  config.search = search_config(cpu_options, model);
  const parallel::EngineFactory factory = cpu_engine_factory(b->indexed, cpu_options);

  // Each side in its own thread; this one relays the stops between them.
  std::atomic<bool> cpu_done{false};
  std::atomic<bool> device_done{false};
  std::atomic<bool> device_settled{false};  // complete, or a CSP's solution
  std::atomic<bool> device_first{false};    // a CSP's solution the sink kept first
  parallel::ParallelReport report;
  std::exception_ptr cpu_error;
  std::thread cpu([&] {
    try {
      report = portfolio ? parallel::search_portfolio(factory, config, sink,
                                                      optimise ? &incumbent : nullptr, cpu_halt)
                         : parallel::search_decomposed(factory, config, sink,
                                                       optimise ? &incumbent : nullptr, cpu_halt);
    } catch (...) {
      cpu_error = std::current_exception();
    }
    cpu_done.store(true);
  });
  SolveResult device_part;
  batch::BatchResult r;
  std::exception_ptr device_error;
  std::string device_failed;  // why the device could not start
  std::thread device([&] {
    try {
      batch::BatchOptions bo;
      bo.stop = &device_stop;
      if (optimise) bo.link = &link;
      r = run_batched(*b, options, bo, device_part);
      if (!optimise && r.solution)
        device_first.store(sink.offer_values(batched_values(model, *r.solution)));
      device_settled.store(r.complete || (!optimise && r.solution.has_value()));
    } catch (const ResourceError& e) {
      device_failed = e.what();
    } catch (...) {
      device_error = std::current_exception();
    }
    device_done.store(true);
  });
  for (;;) {
    const bool c = cpu_done.load();
    const bool d = device_done.load();
    if (stop.load()) {
      cpu_halt.store(true);
      device_stop.store(true);
    }
    if (c) device_stop.store(true);
    if (d && (device_settled.load() || device_error)) cpu_halt.store(true);
    if (c && d) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  cpu.join();
  device.join();
  if (device_error) std::rethrow_exception(device_error);
  if (cpu_error) std::rethrow_exception(cpu_error);

  SolveResult result;
  fill_result(result, report, sink, optimise);  // the CPU's counters, the sink's best and status
  result.engine = report.engine_description;
  result.stats.workers = workers;
  result.stats.model_seconds = b->model_seconds;
  result.stats.init_seconds = b->init_seconds;
  result.stats.search_seconds = clock.seconds();
  const std::string cpus =
      fmt::format("{} CPU worker{} ({})", workers, workers == 1 ? "" : "s", how);
  if (!device_failed.empty()) {
    result.backend =
        fmt::format("cpu ({}; the batched GPU search could not start: {})", cpus, device_failed);
    return result;
  }
  result.stats.nodes += r.nodes;
  result.stats.fails += r.fails;
  result.engine = device_part.engine + "; beside it: " + result.engine;
  const bool cpu_settled = report.end != parallel::ParallelEnd::kInterrupted;
  const bool found = result.best.has_value();
  if (!cpu_settled && device_settled.load()) {
    // The device's complete search under the shared bound: nothing better than the sink's best.
    result.complete = true;
    result.status = !found ? SolveStatus::kUnsatisfiable
                           : (optimise ? SolveStatus::kOptimum : SolveStatus::kSatisfiable);
  }
  result.backend =
      fmt::format("{} beside {}, sharing the {}; settled by {}", device_part.backend, cpus,
                  optimise ? "incumbent" : "first solution",
                  device_first.load() || (!cpu_settled && device_settled.load()) ? "the device"
                  : cpu_settled                                                  ? "the CPU workers"
                                : "neither (stopped)");
  return result;
}

}  // namespace arcwave
