// Definitions for solver/mpi/rank_search.hpp.
#include "solver/mpi/rank_search.hpp"

#include <algorithm>
#include <cstdlib>
#include <string_view>

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "core/device_set.hpp"
#include "core/gpu_runtime.hpp"
#include "propagation/indexed/indexed_model.hpp"
#include "solver/api/solver_access.hpp"
#include "solver/batch/search_device.hpp"

namespace arcwave::distributed {

namespace {

bool host_device_hook() {
  const char* v = std::getenv("ARCWAVE_BATCH_HOST_DEVICE");
  return v != nullptr && std::string_view(v) == "1";
}

}  // namespace

std::string placement_name(int device, int workers) {
  if (device >= 0) return fmt::format("GPU {}", device);
  if (device == kHostDevice) return "host device";
  return fmt::format("{} CPU workers", workers);
}

void RankSearch::plan_device(int local_rank) {
  const IndexedModel indexed = index_model(model_);
  if (const std::optional<std::string> why = batch::batch_refusal(indexed)) {
    note_ = "the batched search refused the model: " + *why;
    return;
  }
  if (host_device_hook()) {
    device_ = kHostDevice;
  } else {
    device_ = gpu_for_local_rank(options_.gpus, local_rank, gpu_count());
    if (device_ < 0)
      throw ResourceError("--backend gpu under MPI: no usable GPU for this rank: " +
                          gpu_info().reason);
  }
  net_ = std::make_unique<batch::BatchNetwork>(batch::make_batch_network(indexed));
  batch_options_.all_solutions = options_.all_solutions;
  batch_options_.learn_weights = options_.var_heuristic != VarHeuristic::kDomDdeg;
}

RankSearch::RankSearch(Solver& solver, bool user_callback, parallel::WorkerTeam::FirstTask first,
                       int local_rank)
    : model_(detail::SolverAccess::model(solver)),
      options_(detail::SolverAccess::options(solver)),
      halt_(detail::SolverAccess::stop_flag(solver)),
      workers_(worker_count(options_.threads)) {
  if (options_.parallel == ParallelMode::kPortfolio)
    throw InputError("a portfolio runs on one process: leave it out under MPI");
  halt_.store(false);
  if (options_.backend == SolverBackend::kGpu) plan_device(local_rank);
  if (net_) workers_ = 1;
  factory_ = cpu_engine_factory(model_, options_, &model_seconds_);
  config_ = search_config(options_, model_);
  const bool optimise = model_.objective().has_value() && !options_.all_solutions;
  incumbent_ = std::make_unique<parallel::Incumbent>(!optimise || model_.objective()->minimize);
  const parallel::SinkMode mode = options_.all_solutions ? parallel::SinkMode::kAll
                                  : optimise             ? parallel::SinkMode::kOptimise
                                                         : parallel::SinkMode::kFirst;
  sink_ = std::make_unique<parallel::SolutionSink>(model_, mode,
                                                   user_callback
                                                       ? detail::SolverAccess::callback(solver)
                                                       : std::function<void(const Solution&)>(),
                                                   optimise ? incumbent_.get() : nullptr, halt_);
  pool_ = std::make_unique<parallel::WorkPool>(workers_, false, halt_);
  // Subproblems come from rank 0 until it has none left: until then no local splitting.
  pool_->set_local_stealing(false);
  pool_->open();
  watcher_ = std::make_unique<StopWatcher>(halt_, detail::SolverAccess::external_flag(solver),
                                           options_.time_limit_seconds);
  if (!net_) {
    team_ = std::make_unique<parallel::WorkerTeam>(workers_, factory_, config_, *sink_,
                                                   optimise ? incumbent_.get() : nullptr, *pool_,
                                                   halt_, std::move(first));
    return;
  }
  DeviceWorker::Setup s;
  s.model = &model_;
  s.net = net_.get();
  s.options = batch_options_;
  const batch::BatchNetwork* net = net_.get();
  const batch::BatchOptions* bo = &batch_options_;  // outlives the device (a member)
  if (device_ == kHostDevice)
    s.make_device = [net, bo](bool shared) { return batch::make_host_device(*net, *bo, shared); };
  else
    s.make_device = [net, bo, gpu = device_](bool shared) {
      return batch::make_cuda_device(*net, *bo, gpu, shared);
    };
  s.device_name = placement_name(device_, 1);
  s.make_engine = factory_;
  s.config = config_;
  s.sink = sink_.get();
  s.incumbent = optimise ? incumbent_.get() : nullptr;
  s.pool = pool_.get();
  s.halt = &halt_;
  s.first = std::move(first);
  device_worker_ = std::make_unique<DeviceWorker>(std::move(s));
}

RankSearch::~RankSearch() {
  if (finished_) return;
  halt_.store(true);
  pool_->finish();
  team_.reset();  // joins
  device_worker_.reset();
}

bool RankSearch::found() const {
  return sink_->mode() == parallel::SinkMode::kFirst && sink_->solutions() > 0;
}

bool RankSearch::interrupted() const {
  return halt_.load() && !found() && !failed();
}

Status RankSearch::status() const {
  const parallel::WorkPool::State st = pool_->state();
  Status s;
  // A device worker asks for a round's worth: rank 0 then sends it up to a fair share at once.
  const int appetite = device_worker_ ? device_worker_->appetite() : 1;
  s.hungry = std::max(0, st.waiting - static_cast<int>(st.queued)) * appetite;
  s.idle = st.waiting == workers_ && st.queued == 0 && st.outbox == 0;
  return s;
}

void RankSearch::finish() {
  if (finished_) return;
  finished_ = true;
  halt_.store(true);
  pool_->finish();
  watcher_.reset();
  if (team_)
    team_->join();
  else
    device_worker_->join();
}

parallel::ParallelReport RankSearch::report() const {
  parallel::ParallelReport r;
  if (team_) {
    team_->add_stats_to(r);
    r.engine_description = team_->engine_description();
  } else {
    device_worker_->add_stats_to(r);
    r.engine_description = device_worker_->description();
  }
  return r;
}

RankResult RankSearch::result() const {
  const parallel::ParallelReport r = report();
  RankResult out;
  out.solutions = sink_->solutions();
  out.nodes = r.search.nodes;
  out.fails = r.search.fails;
  out.restarts = r.search.restarts;
  out.propagations = r.engine.propagations;
  out.removals = r.engine.removals;
  out.splits = r.splits;
  out.max_depth = r.search.max_depth;
  out.workers = workers_;
  out.init_seconds = r.engine.init_seconds;
  out.propagate_seconds = r.search.propagate_seconds;
  if (const std::optional<Solution> best = sink_->best()) out.solution = best->values;
  return out;
}

}  // namespace arcwave::distributed
