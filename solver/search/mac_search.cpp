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
    if (in_subproblem_)
      while (!refutations_.empty() && refutations_.back().level > decisions_.size())
        refutations_.pop_back();
    if (timed([&] { return engine_.remove(d.var, d.value); })) {
      // A refutation at a subproblem's root holds for the rest of it (restarts included).
      if (in_subproblem_) {
        if (decisions_.empty())
          prefix_.push_back({d.var, d.value, false});
        else
          refutations_.push_back({decisions_.size(), {d.var, d.value, false}});
      }
      return true;
    }
    if (stopped()) return false;
    failed();
  }
  return false;
}

void MacSearch::backtrack_to_root() {
  refutations_.clear();
  while (!decisions_.empty()) {
    const Decision d = decisions_.back();
    decisions_.pop_back();
    engine_.pop();
    weights_.unassign(d.var);
    ++future_size_;
  }
}

void MacSearch::take_out_of_future(int x) {
  const auto xi = static_cast<std::size_t>(x);
  const auto p = static_cast<std::size_t>(future_pos_[xi]);
  const std::size_t last = --future_size_;
  const int y = future_[last];
  future_[p] = y;
  future_pos_[static_cast<std::size_t>(y)] = static_cast<int>(p);
  future_[last] = x;
  future_pos_[xi] = static_cast<int>(last);
}

// Applies an objective bound: the engine takes it at depth 0 only, so a subproblem's prefix is
// undone first and replayed after. False when no solution is left (here or, when the bound
// itself wiped a domain out, anywhere).
bool MacSearch::apply_bound(Value bound) {
  if (!in_subproblem_) return timed([&] { return engine_.improve_objective(bound); });
  leave_prefix();
  if (!timed([&] { return engine_.improve_objective(bound); })) {
    if (!stopped()) dead_ = true;
    return false;
  }
  return enter_prefix();
}

// One choice point for the subproblem's root (so that refutations made there are undone when
// the subproblem is left), then one per prefix decision.
bool MacSearch::enter_prefix() {
  engine_.push();
  prefix_pushes_ = 1;
  prefix_vars_.clear();
  for (const Decision& d : prefix_) {
    engine_.push();
    ++prefix_pushes_;
    if (d.positive && weights_.future(d.var)) {
      weights_.assign(d.var);
      take_out_of_future(d.var);
      prefix_vars_.push_back(d.var);
    }
    if (!timed([&] { return apply(engine_, d); })) return false;
  }
  return true;
}

void MacSearch::leave_prefix() {
  for (; prefix_pushes_ > 0; --prefix_pushes_) engine_.pop();
  for (auto it = prefix_vars_.rbegin(); it != prefix_vars_.rend(); ++it) {
    weights_.unassign(*it);
    ++future_size_;  // prefix variables left the future set in stack order too
  }
  prefix_vars_.clear();
}

// Work stealing: the shallowest open right branch (the refutation of the first decision above
// the subproblem's root) goes to the hooks as a subproblem of its own, and that decision joins
// the prefix, so that this search never refutes it; so do the refutations made under it (the
// subtrees they close were searched here).
void MacSearch::split() {
  const Decision d = decisions_.front();
  Subproblem gift = prefix_;
  gift.push_back({d.var, d.value, false});
  hooks_->give(std::move(gift));
  prefix_.push_back(d);
  prefix_vars_.push_back(d.var);
  ++prefix_pushes_;
  decisions_.erase(decisions_.begin());
  std::size_t moved = 0;
  while (moved < refutations_.size() && refutations_[moved].level == 1)
    prefix_.push_back(refutations_[moved++].decision);
  refutations_.erase(refutations_.begin(),
                     refutations_.begin() + static_cast<std::ptrdiff_t>(moved));
  for (Refutation& r : refutations_) --r.level;
  ++stats_.splits;
}

bool MacSearch::propagate_root() {
  return timed([&] { return engine_.propagate_root(); });
}

SearchOutcome MacSearch::run(const OnSolution& on_solution) {
  if (!timed([&] { return engine_.propagate_root(); })) return ended();
  return search(on_solution);
}

SearchOutcome MacSearch::run_subproblem(Subproblem prefix, const OnSolution& on_solution) {
  ++stats_.subproblems;
  if (dead_) return SearchOutcome::kExhausted;
  in_subproblem_ = true;
  prefix_ = std::move(prefix);
  schedule_.reset();
  fails_since_restart_ = 0;
  last_conflict_var_ = -1;
  SearchOutcome outcome = SearchOutcome::kExhausted;
  std::optional<Value> bound = hooks_ != nullptr ? hooks_->bound_to_apply() : std::nullopt;
  if (bound && !timed([&] { return engine_.improve_objective(*bound); })) {
    if (!stopped()) dead_ = true;
    outcome = ended();
  } else if (!enter_prefix()) {
    outcome = ended();
  } else {
    outcome = search(on_solution);
  }
  backtrack_to_root();
  leave_prefix();
  in_subproblem_ = false;
  return outcome;
}

SearchOutcome MacSearch::search(const OnSolution& on_solution) {
  std::uint64_t cutoff = schedule_.next();
  for (;;) {
    if (stopped()) return SearchOutcome::kInterrupted;
    if (in_subproblem_ && !decisions_.empty() && hooks_ != nullptr && hooks_->work_wanted())
      split();
    if (fails_since_restart_ >= cutoff && !decisions_.empty()) {
      backtrack_to_root();
      ++stats_.restarts;
      fails_since_restart_ = 0;
      cutoff = schedule_.next();
      last_conflict_var_ = -1;
      if (hooks_ != nullptr)
        if (const std::optional<Value> bound = hooks_->bound_to_apply())
          if (!apply_bound(*bound)) return ended();
    }
    const int x = select_variable();
    if (x < 0) {
      ++stats_.solutions;
      for (std::size_t v = 0; v < solution_.size(); ++v)
        solution_[v] = engine_.min_value(static_cast<int>(v));
      const AfterSolution next = on_solution(solution_);
      if (next.action == AfterSolution::Action::kStop) return SearchOutcome::kStoppedOnSolution;
      if (next.action == AfterSolution::Action::kContinue) {
        if (!backtrack()) return ended();
        continue;
      }
      backtrack_to_root();
      schedule_.reset();
      cutoff = schedule_.next();
      fails_since_restart_ = 0;
      if (!apply_bound(next.bound)) return ended();
      continue;
    }
    const int a = select_value(x);
    engine_.push();
    decisions_.push_back({x, a});
    weights_.assign(x);
    take_out_of_future(x);
    ++stats_.nodes;
    stats_.max_depth =
        std::max(stats_.max_depth, static_cast<int>(decisions_.size() + prefix_vars_.size()));
    if (timed([&] { return engine_.assign(x, a); })) {
      if (last_conflict_var_ == x) last_conflict_var_ = -1;
      continue;
    }
    if (stopped()) return SearchOutcome::kInterrupted;
    failed();
    if (config_.last_conflict) last_conflict_var_ = x;
    if (!backtrack()) return ended();
  }
}

}  // namespace arcwave::search
