// Definitions for solver/parallel/worker_team.hpp.
#include "solver/parallel/worker_team.hpp"

namespace arcwave::parallel {

WorkerTeam::WorkerTeam(int workers, const EngineFactory& make_engine,
                       const search::SearchConfig& config, SolutionSink& sink, Incumbent* incumbent,
                       WorkPool& pool, std::atomic<bool>& halt, FirstTask first)
    : make_engine_(make_engine),
      config_(config),
      sink_(sink),
      incumbent_(incumbent),
      pool_(pool),
      halt_(halt),
      first_(std::move(first)),
      search_stats_(static_cast<std::size_t>(workers)),
      engine_stats_(static_cast<std::size_t>(workers)) {
  threads_.reserve(static_cast<std::size_t>(workers));
  for (int i = 0; i < workers; ++i) threads_.emplace_back([this, i] { body(i); });
}

WorkerTeam::~WorkerTeam() {
  for (std::thread& t : threads_)
    if (t.joinable()) t.join();
}

void WorkerTeam::body(int i) {
  try {
    std::unique_ptr<Engine> engine = make_engine_();
    engine->set_interrupt(&halt_);
    Worker worker(*engine, config_, sink_, incumbent_, &pool_, halt_);
    const bool root = worker.search().propagate_root();
    if (i == 0) {
      description_ = engine->description();
      if (first_) first_(*engine, worker, root);
    }
    if (!worker.drain(root)) unfinished_.store(true);
    search_stats_[static_cast<std::size_t>(i)] = worker.search().stats();
    engine_stats_[static_cast<std::size_t>(i)] = engine->stats();
  } catch (...) {
    {
      std::lock_guard lock(error_mutex_);
      if (!error_) error_ = std::current_exception();
    }
    failed_.store(true);
    unfinished_.store(true);
    halt_.store(true);
    pool_.finish();
  }
}

void WorkerTeam::join() {
  for (std::thread& t : threads_)
    if (t.joinable()) t.join();
  if (error_) std::rethrow_exception(error_);
}

void WorkerTeam::add_stats_to(ParallelReport& report) const {
  for (std::size_t i = 0; i < search_stats_.size(); ++i)
    add_stats(report, search_stats_[i], engine_stats_[i]);
}

}  // namespace arcwave::parallel
