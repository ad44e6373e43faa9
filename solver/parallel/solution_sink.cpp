// Definitions for solver/parallel/solution_sink.hpp.
#include "solver/parallel/solution_sink.hpp"

#include <fmt/format.h>

#include "arcwave/error.hpp"

namespace arcwave::parallel {

void check_values(const Model& model, std::span<const Value> values) {
  if (const auto bad = model.first_violation(values)) {
    const std::string what =
        *bad < model.constraints().size()
            ? fmt::format("constraint {} ({})", *bad, constraint_kind(model.constraints()[*bad]))
            : fmt::format("the domain of variable {}", *bad - model.constraints().size());
    throw InternalError("the search produced an assignment that violates " + what);
  }
}

void checked_values(const Model& model, std::span<const int> indices, std::vector<Value>& values) {
  values.resize(model.variable_count());
  for (std::size_t v = 0; v < values.size(); ++v)
    values[v] = model.variables()[v].domain[static_cast<std::size_t>(indices[v])];
  check_values(model, values);
}

SolutionSink::SolutionSink(const Model& model, SinkMode mode,
                           std::function<void(const Solution&)> callback, Incumbent* incumbent,
                           std::atomic<bool>& halt)
    : model_(model),
      mode_(mode),
      callback_(std::move(callback)),
      incumbent_(incumbent),
      halt_(halt) {
  if (mode == SinkMode::kOptimise && (incumbent == nullptr || !model.objective()))
    throw InternalError("SolutionSink: optimisation without an objective or incumbent");
}

bool SolutionSink::keep(Solution s) {
  switch (mode_) {
    case SinkMode::kFirst:
      halt_.store(true);
      if (best_) return false;
      break;
    case SinkMode::kAll:
      break;
    case SinkMode::kOptimise:
      if (!incumbent_->offer(*s.objective)) return false;
      break;
  }
  solutions_.fetch_add(1);
  if (callback_) callback_(s);
  best_ = std::move(s);
  has_best_.store(true);
  best_version_.fetch_add(1, std::memory_order_release);
  return true;
}

search::AfterSolution SolutionSink::offer(std::span<const int> indices, std::vector<Value>& scratch,
                                          std::uint64_t* kept_version) {
  using Action = search::AfterSolution::Action;
  checked_values(model_, indices, scratch);
  if (mode_ == SinkMode::kAll && !callback_ && has_best_.load(std::memory_order_relaxed)) {
    // Counting without a callback: no lock per solution (best() keeps an earlier one).
    solutions_.fetch_add(1);
    return {Action::kContinue, 0};
  }
  Solution s{scratch, std::nullopt};
  if (model_.objective()) {
    s.objective = model_.objective()->evaluate(scratch);
    // An undefined objective (overflow) cannot be reported or bounded: look further.
    if (!s.objective) return {Action::kContinue, 0};
  }
  const std::optional<Value> objective = s.objective;
  std::lock_guard lock(mutex_);
  const bool kept = keep(std::move(s));
  switch (mode_) {
    case SinkMode::kFirst:
      return {Action::kStop, 0};
    case SinkMode::kAll:
      return {Action::kContinue, 0};
    case SinkMode::kOptimise:
      break;
  }
  if (kept) {
    best_indices_.assign(indices.begin(), indices.end());
    if (kept_version != nullptr) *kept_version = best_version_.load();
  }
  // Restart under this solution's value, or under the better one found elsewhere.
  return {Action::kImprove, kept ? *objective : *incumbent_->get()};
}

bool SolutionSink::offer_values(std::span<const Value> values) {
  check_values(model_, values);
  Solution s{std::vector<Value>(values.begin(), values.end()), std::nullopt};
  if (model_.objective()) {
    s.objective = model_.objective()->evaluate(values);
    if (!s.objective) return false;
  }
  std::lock_guard lock(mutex_);
  if (!keep(std::move(s))) return false;
  best_indices_.clear();  // values from elsewhere: no value indices to hand to a search
  return true;
}

bool SolutionSink::newer_best_indices(std::uint64_t& seen, std::vector<int>& out) const {
  if (best_version_.load(std::memory_order_acquire) <= seen) return false;
  std::lock_guard lock(mutex_);
  seen = best_version_.load();
  if (best_indices_.empty()) return false;
  out = best_indices_;
  return true;
}

void SolutionSink::count(std::uint64_t n) {
  if (mode_ != SinkMode::kAll) throw InternalError("SolutionSink::count: not counting solutions");
  solutions_.fetch_add(n);
}

std::uint64_t SolutionSink::solutions() const {
  return solutions_.load();
}

std::optional<Solution> SolutionSink::best() const {
  std::lock_guard lock(mutex_);
  return best_;
}

}  // namespace arcwave::parallel
