// Definitions for propagation/cpu/globals/disjunctive.hpp.
#include "propagation/cpu/globals/disjunctive.hpp"

#include <algorithm>
#include <numeric>

namespace arcwave::cpu {

namespace {

using Windows = DisjunctivePropagator::Windows;
constexpr Value kMinusInfinity = ThetaLambdaTree::kMinusInfinity;

std::vector<int> sorted_by(std::size_t n, auto key) {
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return key(a) < key(b); });
  return order;
}

// The same tasks with time reversed: [est, lct] becomes [-lct, -est]. A new earliest start in
// the mirror is a new latest end in the original.
Windows mirror(const Windows& w) {
  Windows m;
  m.p = w.p;
  for (std::size_t k = 0; k < w.est.size(); ++k) {
    m.est.push_back(-w.lct[k]);
    m.lct.push_back(-w.est[k]);
  }
  return m;
}

// Each algorithm raises `est` (sized like w, starting at w.est) and returns false when the tasks
// cannot all be scheduled.

// Detectable precedences: when ect_i > lst_j, j cannot follow i, so it precedes it; the tasks
// detected that way end before i starts.
bool detectable_precedences(const Windows& w, ThetaLambdaTree& tree, std::vector<Value>& est) {
  const std::size_t n = w.est.size();
  auto lst = [&](int j) {
    return w.lct[static_cast<std::size_t>(j)] - w.p[static_cast<std::size_t>(j)];
  };
  auto ect = [&](int i) {
    return w.est[static_cast<std::size_t>(i)] + w.p[static_cast<std::size_t>(i)];
  };
  tree.reset(w.est, w.p);
  const std::vector<int> by_lst = sorted_by(n, lst);
  std::vector<char> in(n, 0);
  std::size_t q = 0;
  for (int i : sorted_by(n, ect)) {
    while (q < n && ect(i) > lst(by_lst[q])) {
      tree.insert(by_lst[q]);
      in[static_cast<std::size_t>(by_lst[q])] = 1;
      ++q;
    }
    const auto ii = static_cast<std::size_t>(i);
    if (in[ii] != 0) tree.remove(i);
    est[ii] = std::max(est[ii], tree.ect());
    if (in[ii] != 0) tree.insert(i);
  }
  return true;
}

// Not-last on the windows given: Ω = {j != i : lst_j < lct_i}; when Ω cannot end before i
// starts (ect(Ω) > lst_i), i precedes some j of Ω, so it ends by the largest lst of Ω.
void not_last(const Windows& w, ThetaLambdaTree& tree, std::vector<Value>& lct) {
  const std::size_t n = w.est.size();
  auto lst = [&](int j) {
    return w.lct[static_cast<std::size_t>(j)] - w.p[static_cast<std::size_t>(j)];
  };
  tree.reset(w.est, w.p);
  const std::vector<int> by_lst = sorted_by(n, lst);
  std::vector<char> in(n, 0);
  std::size_t q = 0;
  int last = -1;  // the task of Θ with the largest lst, and the one before it
  int before_last = -1;
  for (int i : sorted_by(n, [&](int k) { return w.lct[static_cast<std::size_t>(k)]; })) {
    const auto ii = static_cast<std::size_t>(i);
    while (q < n && w.lct[ii] > lst(by_lst[q])) {
      tree.insert(by_lst[q]);
      in[static_cast<std::size_t>(by_lst[q])] = 1;
      before_last = last;
      last = by_lst[q];
      ++q;
    }
    if (in[ii] != 0) tree.remove(i);
    if (tree.ect() > lst(i)) lct[ii] = std::min(lct[ii], lst(last != i ? last : before_last));
    if (in[ii] != 0) tree.insert(i);
  }
}

// Not-first: not-last on the mirrored windows.
bool not_first(const Windows& w, ThetaLambdaTree& tree, std::vector<Value>& est) {
  const Windows m = mirror(w);
  std::vector<Value> lct = m.lct;
  not_last(m, tree, lct);
  for (std::size_t k = 0; k < est.size(); ++k) est[k] = std::max(est[k], -lct[k]);
  return true;
}

// Edge finding (Vilím's Θ-Λ sweep by decreasing lct): Θ holds the tasks with lct <= lct_j;
// overload when ect(Θ) > lct_j; a gray task i with ect(Θ + i) > lct_j must follow all of Θ.
bool edge_finding(const Windows& w, ThetaLambdaTree& tree, std::vector<Value>& est) {
  const std::size_t n = w.est.size();
  tree.reset(w.est, w.p);
  tree.insert_all();
  const std::vector<int> by_lct =
      sorted_by(n, [&](int k) { return -w.lct[static_cast<std::size_t>(k)]; });
  for (std::size_t q = 0;;) {
    const int j = by_lct[q];
    if (tree.ect() > w.lct[static_cast<std::size_t>(j)]) return false;
    tree.gray(j);
    if (++q == n) break;
    const Value lct_j = w.lct[static_cast<std::size_t>(by_lct[q])];
    while (tree.ect_bar() > lct_j) {
      const int i = tree.responsible();
      if (i < 0) break;  // cannot happen: ect(Θ) <= lct_j, so a gray task is behind it
      est[static_cast<std::size_t>(i)] = std::max(est[static_cast<std::size_t>(i)], tree.ect());
      tree.remove(i);
    }
  }
  return true;
}

using Algorithm = bool (*)(const Windows&, ThetaLambdaTree&, std::vector<Value>&);

// Runs an algorithm forwards and on the mirror, then narrows the windows; false on a failure
// or an empty window.
bool both_ways(Algorithm algorithm, Windows& w, ThetaLambdaTree& tree) {
  std::vector<Value> est = w.est;
  if (!algorithm(w, tree, est)) return false;
  const Windows m = mirror(w);
  std::vector<Value> mest = m.est;
  if (!algorithm(m, tree, mest)) return false;
  for (std::size_t k = 0; k < est.size(); ++k) {
    w.est[k] = std::max(w.est[k], est[k]);
    w.lct[k] = std::min(w.lct[k], -mest[k]);
    if (w.est[k] + w.p[k] > w.lct[k]) return false;
  }
  return true;
}

// The three rules until they stop narrowing the windows; false on a failure.
bool narrow(Windows& w, Windows& before, ThetaLambdaTree& tree) {
  for (;;) {
    before = w;
    for (Algorithm a : {&detectable_precedences, &not_first, &edge_finding})
      if (!both_ways(a, w, tree)) return false;
    if (w.est == before.est && w.lct == before.lct) return true;
  }
}

}  // namespace

DisjunctivePropagator::DisjunctivePropagator(int constraint, std::vector<int> scope,
                                             std::vector<Term> starts, std::vector<Term> lengths,
                                             bool zero_ignored, std::vector<Term> presence)
    : Propagator(constraint, std::move(scope)),
      starts_(std::move(starts)),
      lengths_(std::move(lengths)),
      zero_ignored_(zero_ignored),
      presence_(std::move(presence)) {
  for (const Term& l : lengths_) variable_lengths_ = variable_lengths_ || l.is_variable();
}

void DisjunctivePropagator::gather(const Domains& d) {
  active_.clear();
  w_.est.clear();
  w_.lct.clear();
  w_.p.clear();
  for (std::size_t t = 0; t < starts_.size(); ++t) {
    const Value p = lengths_[t].min(d);
    if (zero_ignored_ && p == 0) continue;  // may vanish: not a task yet
    if (!present(d, t)) continue;
    active_.push_back(static_cast<int>(t));
    w_.est.push_back(starts_[t].min(d));
    w_.lct.push_back(starts_[t].max(d) + p);
    w_.p.push_back(p);
  }
}

bool DisjunctivePropagator::compulsory_parts(Context& ctx, bool& changed) {
  // The windows hold the domains' bounds here (apply() wrote them): a range only matters
  // where it meets a window.
  const std::size_t n = active_.size();
  for (std::size_t b = 0; b < n; ++b) {
    const Value lst = w_.lct[b] - w_.p[b];
    const Value ect = w_.est[b] + w_.p[b];
    for (std::size_t a = 0; a < n; ++a) {
      if (a == b) continue;
      const Value lo = std::max(lst - w_.p[a] + 1, w_.est[a]);
      const Value hi = std::min(ect - 1, w_.lct[a] - w_.p[a]);
      if (lo <= hi &&
          !starts_[static_cast<std::size_t>(active_[a])].remove_range(ctx, lo, hi, changed))
        return false;
    }
  }
  return true;
}

bool DisjunctivePropagator::cut_lengths(Context& ctx, bool& changed) {
  const Domains& d = ctx.domains;
  for (std::size_t a = 0; a < active_.size(); ++a) {
    const auto i = static_cast<std::size_t>(active_[a]);
    if (!lengths_[i].is_variable()) continue;
    const Value smin_i = starts_[i].min(d);
    const Value smax_i = starts_[i].max(d);
    for (std::size_t b = 0; b < active_.size(); ++b) {
      const auto j = static_cast<std::size_t>(active_[b]);
      if (j == i) continue;
      // j cannot precede i: i precedes j and ends by j's latest start
      if (starts_[j].min(d) + lengths_[j].min(d) > smax_i &&
          !lengths_[i].lower_max(ctx, starts_[j].max(d) - smin_i, changed))
        return false;
    }
  }
  return true;
}

bool DisjunctivePropagator::optional_tasks(Context& ctx, bool& changed) {
  const Domains& d = ctx.domains;
  for (std::size_t t = 0; t < starts_.size(); ++t) {
    const Term& l = lengths_[t];
    if (!l.is_variable() || l.min(d) != 0 || l.max(d) == 0 || !starts_[t].fixed(d)) continue;
    if (!present(d, t)) continue;  // absent, its length may be anything
    const Value s = starts_[t].min(d);
    const Value shortest = l.value_at(d.next(l.var(), d.min(l.var())));  // positive
    for (std::size_t k = 0; k < active_.size(); ++k) {
      const Value lst = starts_[static_cast<std::size_t>(active_[k])].max(d);
      const Value ect = starts_[static_cast<std::size_t>(active_[k])].min(d) + w_.p[k];
      if (s < ect && s + shortest > lst) {
        if (!l.lower_max(ctx, 0, changed)) return false;
        break;
      }
    }
  }
  return true;
}

bool DisjunctivePropagator::check_fixed(const Domains& d) const {
  struct Placed {
    Value s, l;
  };
  std::vector<Placed> tasks;
  for (std::size_t t = 0; t < starts_.size(); ++t) {
    if (!presence_.empty()) {
      if (!presence_[t].fixed(d)) return true;
      if (presence_[t].min(d) <= 0) continue;
    }
    if (!starts_[t].fixed(d) || !lengths_[t].fixed(d)) return true;
    const Value l = lengths_[t].min(d);
    if (!zero_ignored_ || l != 0) tasks.push_back({starts_[t].min(d), l});
  }
  std::sort(tasks.begin(), tasks.end(),
            [](const Placed& a, const Placed& b) { return a.s != b.s ? a.s < b.s : a.l < b.l; });
  Value end = kMinusInfinity;
  for (const Placed& t : tasks) {
    if (t.s < end) return false;
    end = std::max(end, t.s + t.l);
  }
  return true;
}

bool DisjunctivePropagator::windows_fixpoint() {
  return narrow(w_, before_, tree_);
}

bool DisjunctivePropagator::absent_without_room(Context& ctx, bool& changed) {
  const Domains& d = ctx.domains;
  for (std::size_t t = 0; t < starts_.size(); ++t) {
    if (present(d, t) || presence_[t].max(d) <= 0) continue;
    const Value p = lengths_[t].min(d);
    if (p <= 0 && (zero_ignored_ || p < 0)) continue;  // may take no time: always fits
    trial_ = w_;
    trial_.est.push_back(starts_[t].min(d));
    trial_.lct.push_back(starts_[t].max(d) + p);
    trial_.p.push_back(p);
    // One pass of the two cheapest rules, which include overload checking (a fixpoint of all
    // three per optional task was measured 3x slower on flexible job shops for little gain).
    const bool fits = both_ways(&detectable_precedences, trial_, tree_) &&
                      both_ways(&edge_finding, trial_, tree_);
    if (!fits && !presence_[t].lower_max(ctx, 0, changed)) return false;
  }
  return true;
}

bool DisjunctivePropagator::apply(Context& ctx, bool& changed, bool& exact) {
  const Domains& d = ctx.domains;
  exact = true;
  for (std::size_t k = 0; k < active_.size(); ++k) {
    const Term& s = starts_[static_cast<std::size_t>(active_[k])];
    const Value lst = w_.lct[k] - w_.p[k];
    if (!s.raise_min(ctx, w_.est[k], changed) || !s.lower_max(ctx, lst, changed)) return false;
    exact = exact && s.min(d) == w_.est[k] && s.max(d) == lst;
  }
  return true;
}

bool DisjunctivePropagator::propagate(Context& ctx) {
  last_run = ctx.now();
  for (;;) {
    bool changed = false;
    gather(ctx.domains);
    if (!active_.empty()) {
      if (!windows_fixpoint()) return false;
      bool exact = true;
      if (!apply(ctx, changed, exact)) return false;
      if (!exact) continue;  // a bound fell on a hole and moved further: the windows are stale
      if (!compulsory_parts(ctx, changed)) return false;
    }
    if (variable_lengths_ && !cut_lengths(ctx, changed)) return false;
    if (zero_ignored_ && variable_lengths_ && !optional_tasks(ctx, changed)) return false;
    if (!presence_.empty() && !absent_without_room(ctx, changed)) return false;
    if (!changed || !bounds_moved(ctx.domains)) break;
  }
  return check_fixed(ctx.domains);
}

bool DisjunctivePropagator::bounds_moved(const Domains& d) const {
  for (std::size_t k = 0; k < active_.size(); ++k) {
    const auto t = static_cast<std::size_t>(active_[k]);
    if (starts_[t].min(d) != w_.est[k] || starts_[t].max(d) + w_.p[k] != w_.lct[k] ||
        lengths_[t].min(d) != w_.p[k])
      return true;
  }
  // a task that was waiting for a positive length or its presence may have it now
  if (zero_ignored_ || !presence_.empty())
    for (std::size_t t = 0; t < starts_.size(); ++t)
      if ((lengths_[t].min(d) > 0 || !zero_ignored_) && present(d, t) &&
          std::find(active_.begin(), active_.end(), static_cast<int>(t)) == active_.end())
        return true;
  return false;
}

}  // namespace arcwave::cpu
