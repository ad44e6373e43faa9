// Definitions for solver/parallel/worker.hpp.
#include "solver/parallel/worker.hpp"

namespace arcwave::parallel {

Worker::Worker(Engine& engine, const search::SearchConfig& config, SolutionSink& sink,
               Incumbent* incumbent, WorkPool* pool, const std::atomic<bool>& halt)
    : search_(engine, config, &halt), sink_(sink), incumbent_(incumbent), pool_(pool) {
  search_.set_hooks(this);
  on_solution_ = [this](std::span<const int> indices) {
    const search::AfterSolution next = sink_.offer(indices, scratch_, &seen_best_);
    if (next.action == search::AfterSolution::Action::kImprove) applied_ = next.bound;
    return next;
  };
}

std::optional<Value> Worker::bound_to_apply() {
  if (incumbent_ == nullptr) return std::nullopt;
  const std::optional<Value> best = incumbent_->get();
  if (!best || (applied_ && !incumbent_->better(*best, *applied_))) return std::nullopt;
  applied_ = best;
  return best;
}

bool Worker::solution_to_adopt(std::vector<int>& out) {
  return incumbent_ != nullptr && sink_.newer_best_indices(seen_best_, out);
}

bool Worker::drain(bool root_ok) {
  search::Subproblem sub;
  while (pool_->take(sub)) {
    if (!root_ok) continue;  // the root has no solution: neither has any part of it
    const search::SearchOutcome outcome = search_.run_subproblem(std::move(sub), on_solution_);
    if (outcome != search::SearchOutcome::kExhausted) return false;
  }
  return true;
}

}  // namespace arcwave::parallel
