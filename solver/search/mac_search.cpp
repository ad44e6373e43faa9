// Definitions for solver/search/mac_search.hpp.
#include "solver/search/mac_search.hpp"

#include <algorithm>
#include <numeric>

namespace arcwave::search {

MacSearch::MacSearch(Engine& engine, const SearchConfig& config, const std::atomic<bool>* stop)
    : engine_(engine),
      config_(config),
      stop_(stop),
      weights_(engine, config.var_heuristic == VarHeuristic::kDomWdeg),
      schedule_(config.restarts, config.restart_base, config.restart_factor),
      rng_(config.seed) {
  const auto n = static_cast<std::size_t>(engine.variable_count());
  future_.resize(n);
  std::iota(future_.begin(), future_.end(), 0);
  future_pos_ = future_;
  future_size_ = n;
  solution_.resize(n);
}

template <typename F>
bool MacSearch::timed(F&& propagate) {
  const std::uint64_t start = TickClock::now();
  const bool ok = propagate();
  propagate_ticks_ += TickClock::now() - start;
  return ok;
}

SearchStats MacSearch::stats() const {
  SearchStats s = stats_;
  s.propagate_seconds = clock_.seconds(propagate_ticks_);
  return s;
}

int MacSearch::select_variable() {
  if (last_conflict_var_ >= 0 && weights_.future(last_conflict_var_) &&
      engine_.size(last_conflict_var_) > 1)
    return last_conflict_var_;
  int best = -1;
  double best_score = 0;
  for (std::size_t i = 0; i < future_size_; ++i) {
    const int x = future_[i];
    const int size = engine_.size(x);
    if (size <= 1) continue;
    const double w = weights_.degree(x);
    // Variables in no constraint with another future variable go last, smallest domain first.
    const double score = w > 0 ? size / w : 1e15 + size;
    if (best < 0 || score < best_score || (score == best_score && x < best)) {
      best = x;
      best_score = score;
    }
  }
  return best;
}

int MacSearch::select_value(int x) {
  if (config_.val_heuristic == ValHeuristic::kLex) return engine_.min_value(x);
  engine_.values(x, values_);
  std::uniform_int_distribution<std::size_t> pick(0, values_.size() - 1);
  return values_[pick(rng_)];
}

void MacSearch::failed() {
  ++stats_.fails;
  ++fails_since_restart_;
  weights_.conflict(engine_.conflict().constraint);
}

// Undoes decisions after a failure: each undone decision x = a is refuted (x != a) at its
// parent's state; true once a refutation propagates, false when there is none left.
bool MacSearch::backtrack() {
  while (!decisions_.empty()) {
    const Decision d = decisions_.back();
    decisions_.pop_back();
    engine_.pop();
    weights_.unassign(d.var);
    ++future_size_;  // decisions leave the future set in stack order: d.var is next in line
    if (timed([&] { return engine_.remove(d.var, d.value); })) return true;
    if (stopped()) return false;
    failed();
  }
  return false;
}

void MacSearch::backtrack_to_root() {
  while (!decisions_.empty()) {
    const Decision d = decisions_.back();
    decisions_.pop_back();
    engine_.pop();
    weights_.unassign(d.var);
    ++future_size_;
  }
}

SearchOutcome MacSearch::run(
    const std::function<AfterSolution(std::span<const int>)>& on_solution) {
  if (!timed([&] { return engine_.propagate_root(); }))
    return stopped() ? SearchOutcome::kInterrupted : SearchOutcome::kExhausted;
  std::uint64_t cutoff = schedule_.next();
  for (;;) {
    if (stopped()) return SearchOutcome::kInterrupted;
    if (fails_since_restart_ >= cutoff && !decisions_.empty()) {
      backtrack_to_root();
      ++stats_.restarts;
      fails_since_restart_ = 0;
      cutoff = schedule_.next();
      last_conflict_var_ = -1;
    }
    const int x = select_variable();
    if (x < 0) {
      ++stats_.solutions;
      for (std::size_t v = 0; v < solution_.size(); ++v)
        solution_[v] = engine_.min_value(static_cast<int>(v));
      const AfterSolution next = on_solution(solution_);
      if (next.action == AfterSolution::Action::kStop) return SearchOutcome::kStoppedOnSolution;
      if (next.action == AfterSolution::Action::kContinue) {
        if (!backtrack())
          return stopped() ? SearchOutcome::kInterrupted : SearchOutcome::kExhausted;
        continue;
      }
      backtrack_to_root();
      schedule_.reset();
      cutoff = schedule_.next();
      fails_since_restart_ = 0;
      if (!timed([&] { return engine_.improve_objective(next.bound); }))
        return stopped() ? SearchOutcome::kInterrupted : SearchOutcome::kExhausted;
      continue;
    }
    const int a = select_value(x);
    engine_.push();
    decisions_.push_back({x, a});
    weights_.assign(x);
    // move x out of the future set
    {
      const auto xi = static_cast<std::size_t>(x);
      const auto p = static_cast<std::size_t>(future_pos_[xi]);
      const std::size_t last = --future_size_;
      const int y = future_[last];
      future_[p] = y;
      future_pos_[static_cast<std::size_t>(y)] = static_cast<int>(p);
      future_[last] = x;
      future_pos_[xi] = static_cast<int>(last);
    }
    ++stats_.nodes;
    stats_.max_depth = std::max(stats_.max_depth, static_cast<int>(decisions_.size()));
    if (timed([&] { return engine_.assign(x, a); })) {
      if (last_conflict_var_ == x) last_conflict_var_ = -1;
      continue;
    }
    if (stopped()) return SearchOutcome::kInterrupted;
    failed();
    if (config_.last_conflict) last_conflict_var_ = x;
    if (!backtrack()) return stopped() ? SearchOutcome::kInterrupted : SearchOutcome::kExhausted;
  }
}

}  // namespace arcwave::search
