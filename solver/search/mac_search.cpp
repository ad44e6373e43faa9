// Definitions for solver/search/mac_search.hpp.
#include "solver/search/mac_search.hpp"

#include <algorithm>
#include <numeric>

namespace arcwave::search {

MacSearch::MacSearch(Engine& engine, const SearchConfig& config, const std::atomic<bool>* stop)
    : engine_(engine),
      config_(config),
      stop_(stop),
      weights_(engine, config.var_heuristic == VarHeuristic::kDomDdeg
                           ? WeightedDegree::Learning::kNone
                       : config.var_heuristic == VarHeuristic::kDomWdegCaCd
                           ? WeightedDegree::Learning::kCaCd
                           : WeightedDegree::Learning::kConflicts),
      schedule_(config.restarts, config.restart_base, config.restart_factor),
      rng_(config.seed) {
  const auto n = static_cast<std::size_t>(engine.variable_count());
  future_.resize(n);
  std::iota(future_.begin(), future_.end(), 0);
  future_pos_ = future_;
  future_size_ = n;
  solution_.resize(n);
  upper_first_.assign(n, 0);
  for (const int x : config.upper_half_first) upper_first_[static_cast<std::size_t>(x)] = 1;
  last_.assign(n, 0);
  for (const int x : config.branch_last) last_[static_cast<std::size_t>(x)] = 1;
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
  if (nogoods_) {
    s.nogoods = nogoods_->size();
    s.nogood_removals = nogoods_->removals();
  }
  s.propagate_seconds = clock_.seconds(propagate_ticks_);
  return s;
}

int MacSearch::select_variable() {
  for (const int x : config_.split_first)
    if (engine_.large(x) && weights_.future(x) && engine_.size(x) > 1) return x;
  if (last_conflict_var_ >= 0 && weights_.future(last_conflict_var_) &&
      engine_.size(last_conflict_var_) > 1)
    return last_conflict_var_;
  int best = -1;
  double best_score = 0;
  char best_last = 0;
  for (std::size_t i = 0; i < future_size_; ++i) {
    const int x = future_[i];
    const int size = engine_.size(x);
    if (size <= 1) continue;
    const char last = last_[static_cast<std::size_t>(x)];
    if (best >= 0 && last > best_last) continue;
    const double w = weights_.degree(x);
    // Variables in no constraint with another future variable go last, smallest domain first.
    const double score = w > 0 ? size / w : 1e15 + size;
    if (best < 0 || last < best_last || score < best_score || (score == best_score && x < best)) {
      best = x;
      best_score = score;
      best_last = last;
    }
  }
  return best;
}

bool MacSearch::incumbent_first(int x) const {
  return lns_phase_ && !incumbent_.empty() &&
         engine_.contains(x, incumbent_[static_cast<std::size_t>(x)]);
}

int MacSearch::select_value(int x) {
  // Inside a neighbourhood the incumbent's value first: improvements lie near it.
  if (incumbent_first(x)) return incumbent_[static_cast<std::size_t>(x)];
  if (config_.val_heuristic == ValHeuristic::kLex && !config_.preferred_values.empty()) {
    const int a = config_.preferred_values[static_cast<std::size_t>(x)];
    if (a >= 0 && engine_.contains(x, a)) return a;
  }
  if (config_.val_heuristic == ValHeuristic::kLex)
    return upper_first_[static_cast<std::size_t>(x)] != 0 ? engine_.max_value(x)
                                                          : engine_.min_value(x);
  engine_.values(x, values_);
  std::uniform_int_distribution<std::size_t> pick(0, values_.size() - 1);
  return values_[pick(rng_)];
}

void MacSearch::failed() {
  ++stats_.fails;
  ++fails_since_restart_;
  if (lns_phase_) {
    ++lns_fails_;
    if (lns_budget_ > 0) --lns_budget_;
  }
  weights_.conflict(engine_.conflict().constraint);
}

// Undoes decisions after a failure: each undone decision x = a is refuted (x != a) at its
// parent's state; true once a refutation propagates, false when there is none left (above the
// neighbourhood's fixed decisions, in LNS).
bool MacSearch::backtrack() {
  while (decisions_.size() > frozen_) {
    const Decision d = decisions_.back();
    decisions_.pop_back();
    engine_.pop();
    if (!d.split) {
      weights_.unassign(d.var);
      ++future_size_;  // decisions leave the future set in stack order: d.var is next in line
    }
    if (in_subproblem_)
      while (!refutations_.empty() && refutations_.back().level > decisions_.size())
        refutations_.pop_back();
    while (!branch_refutations_.empty() && branch_refutations_.back().level > decisions_.size())
      branch_refutations_.pop_back();
    Decision refuted = d;
    refuted.positive = !d.positive;  // (a split may try its upper half, x > mid, first)
    if (propagated(timed([&] { return apply(engine_, refuted); }))) {
      if (nogoods_) branch_refutations_.push_back({decisions_.size(), refuted});
      // A refutation at a subproblem's root holds for the rest of it (restarts included).
      if (in_subproblem_) {
        if (decisions_.empty())
          prefix_.push_back(refuted);
        else
          refutations_.push_back({decisions_.size(), refuted});
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
  branch_refutations_.clear();
  frozen_ = 0;
  while (!decisions_.empty()) {
    const Decision d = decisions_.back();
    decisions_.pop_back();
    engine_.pop();
    if (!d.split) {
      weights_.unassign(d.var);
      ++future_size_;
    }
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
    if (d.positive && !d.split && weights_.future(d.var)) {
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
  Decision refuted = d;
  refuted.positive = !d.positive;
  gift.push_back(refuted);
  hooks_->give(std::move(gift));
  prefix_.push_back(d);
  if (!d.split) prefix_vars_.push_back(d.var);
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

void MacSearch::decide(int x, int a) {
  engine_.push();
  decisions_.push_back({x, a});
  weights_.assign(x);
  take_out_of_future(x);
}

void MacSearch::undo_last_decision() {
  const Decision d = decisions_.back();
  decisions_.pop_back();
  engine_.pop();
  if (d.split) return;
  weights_.unassign(d.var);
  ++future_size_;  // d.var was the last to leave the future set
}

// A large variable is halved (x <= mid first, or x > mid first when larger values improve the
// objective) rather than given a value: it stays in the future set until it has one value.
void MacSearch::decide_split(int x) {
  const int lo = engine_.min_value(x);
  const int mid = lo + (engine_.max_value(x) - lo) / 2;
  engine_.push();
  decisions_.push_back({x, mid, upper_first_[static_cast<std::size_t>(x)] == 0, true});
}

// Fixes the next neighbourhood's variables at the incumbent's values (from the root). A value
// that the objective bound (or the values fixed before it) rules out is left free.
void MacSearch::start_neighbourhood() {
  ++stats_.neighbourhoods;
  lns_fails_ = 0;
  last_conflict_var_ = -1;
  for (const int x : lns_->next()) {
    const int a = incumbent_[static_cast<std::size_t>(x)];
    if (!weights_.future(x) || !engine_.contains(x, a)) continue;
    if (engine_.size(x) == 1) continue;  // fixed already: nothing to decide
    decide(x, a);
    if (!propagated(timed([&] { return engine_.assign(x, a); }))) {
      undo_last_decision();
      if (stopped()) break;
    }
  }
  frozen_ = decisions_.size();
}

void MacSearch::end_neighbourhood(Neighbourhoods::Outcome outcome) {
  lns_->report(outcome);
  if (lns_budget_ > 0) --lns_budget_;  // every neighbourhood costs at least one failure's worth
  if (outcome == Neighbourhoods::Outcome::kImproved) ++stats_.neighbourhood_improvements;
  backtrack_to_root();
}

// At the root, between restarts and neighbourhoods: the bound found elsewhere since the last
// call, and (LNS) the solution that carries it, so that the next neighbourhoods are drawn around
// the best solution known. False when the bound leaves no solution (nothing better exists).
bool MacSearch::catch_up() {
  if (hooks_ == nullptr) return true;
  if (const std::optional<Value> bound = hooks_->bound_to_apply())
    if (!apply_bound(*bound) || !propagated(true)) return false;
  if (config_.lns && !in_subproblem_ && hooks_->solution_to_adopt(adopted_))
    incumbent_.swap(adopted_);
  return true;
}

// A fixpoint's result, completed by the nogoods' unit propagation when it succeeded.
bool MacSearch::propagated(bool ok) {
  if (!ok || !nogoods_) return ok;
  return timed([&] { return nogoods_->propagate(engine_); });
}

// Before going back to the root: every refutation on the branch closed a subtree that was
// searched to its end under the positive decisions above it (reduced nld-nogoods). Those taken
// at the root itself are permanent removals already.
void MacSearch::record_nogoods() {
  if (!nogoods_) return;
  for (const Refutation& r : branch_refutations_) {
    if (r.level == 0) continue;
    // Nogoods are literals x = a: a branch with splits of large variables gives none.
    if (r.decision.split ||
        std::any_of(decisions_.begin(), decisions_.begin() + static_cast<std::ptrdiff_t>(r.level),
                    [](const Decision& d) { return d.split; }))
      continue;
    nogood_scratch_.clear();
    for (std::size_t i = 0; i < r.level; ++i)
      nogood_scratch_.push_back({decisions_[i].var, decisions_[i].value});
    nogood_scratch_.push_back({r.decision.var, r.decision.value});
    if (!nogoods_->add(nogood_scratch_)) break;  // the store is full
  }
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
  // LNS runs in run() only (a subproblem's space is not the whole problem's) and once there is
  // an incumbent; a phase of neighbourhoods follows every improvement and every restart of the
  // complete search, and spends as many failures as that restart's cutoff.
  const bool lns = config_.lns && !in_subproblem_;
  if (config_.nogoods && !in_subproblem_ && !nogoods_) nogoods_.emplace(engine_.variable_count());
  const auto begin_lns_phase = [&](std::uint64_t budget) {
    if (!lns || incumbent_.empty()) return;
    if (!lns_) lns_.emplace(engine_, config_.objective_vars, config_.seed);
    lns_phase_ = true;
    lns_budget_ = std::max<std::uint64_t>(budget, lns_->fail_limit());
    start_neighbourhood();
  };
  for (;;) {
    if (stopped()) return SearchOutcome::kInterrupted;
    if (in_subproblem_ && !decisions_.empty() && hooks_ != nullptr && hooks_->work_wanted())
      split();
    if (lns_phase_) {
      if (lns_fails_ >= lns_->fail_limit()) {
        end_neighbourhood(Neighbourhoods::Outcome::kLimit);
        if (lns_budget_ == 0) {
          lns_phase_ = false;  // back to the complete search, from its next cutoff
          fails_since_restart_ = 0;
          continue;
        }
        if (!catch_up()) return ended();
        start_neighbourhood();
      }
    } else if (fails_since_restart_ >= cutoff && !decisions_.empty()) {
      record_nogoods();
      backtrack_to_root();
      if (!propagated(true)) return ended();  // the nogoods leave nothing at the root
      ++stats_.restarts;
      fails_since_restart_ = 0;
      const std::uint64_t spent = cutoff;
      cutoff = schedule_.next();
      last_conflict_var_ = -1;
      if (!catch_up()) return ended();
      begin_lns_phase(spent);
      continue;
    }
    const int x = select_variable();
    if (x < 0) {
      ++stats_.solutions;
      for (std::size_t v = 0; v < solution_.size(); ++v)
        solution_[v] = engine_.min_value(static_cast<int>(v));
      const AfterSolution next = on_solution(solution_);
      if (next.action == AfterSolution::Action::kStop) return SearchOutcome::kStoppedOnSolution;
      if (next.action == AfterSolution::Action::kContinue) {
        if (!backtrack()) {
          if (frozen_ > 0) {  // (all solutions never run LNS; kept for symmetry)
            end_neighbourhood(Neighbourhoods::Outcome::kExhausted);
            continue;
          }
          return ended();
        }
        continue;
      }
      incumbent_ = solution_;
      if (lns_phase_) {
        end_neighbourhood(Neighbourhoods::Outcome::kImproved);
      } else {
        record_nogoods();  // they hold under the better bound too
        backtrack_to_root();
      }
      lns_phase_ = false;
      schedule_.reset();
      cutoff = schedule_.next();
      fails_since_restart_ = 0;
      // At the root with no neighbourhood fixed: a bound that empties a domain proves that
      // nothing better exists anywhere.
      if (!apply_bound(next.bound) || !propagated(true) || !catch_up()) return ended();
      begin_lns_phase(cutoff);
      continue;
    }
    const bool split = engine_.large(x) && !incumbent_first(x);
    if (split) {
      decide_split(x);
    } else {
      decide(x, select_value(x));
    }
    const Decision& made = decisions_.back();
    ++stats_.nodes;
    stats_.max_depth =
        std::max(stats_.max_depth, static_cast<int>(decisions_.size() + prefix_vars_.size()));
    if (propagated(timed([&] { return apply(engine_, made); }))) {
      if (last_conflict_var_ == x) last_conflict_var_ = -1;
      continue;
    }
    if (stopped()) return SearchOutcome::kInterrupted;
    failed();
    if (config_.last_conflict) last_conflict_var_ = x;
    if (!backtrack()) {
      if (stopped()) return SearchOutcome::kInterrupted;
      if (frozen_ > 0) {
        // The neighbourhood holds no better solution; the complete search proves optimality.
        end_neighbourhood(Neighbourhoods::Outcome::kExhausted);
        if (lns_budget_ == 0) {
          lns_phase_ = false;
          fails_since_restart_ = 0;
        } else {
          if (!catch_up()) return ended();
          start_neighbourhood();
        }
        continue;
      }
      return ended();
    }
  }
}

}  // namespace arcwave::search
