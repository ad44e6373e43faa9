// Definitions for propagation/cpu/globals/cumulative.hpp.
#include "propagation/cpu/globals/cumulative.hpp"

#include <algorithm>
#include <utility>

namespace arcwave::cpu {

CumulativePropagator::CumulativePropagator(int constraint, std::vector<int> scope,
                                           std::vector<Task> tasks, Term capacity, bool strict)
    : Propagator(constraint, std::move(scope)),
      tasks_(std::move(tasks)),
      capacity_(capacity),
      strict_(strict),
      b_(tasks_.size()) {}

bool CumulativePropagator::ends(Context& ctx, bool& changed) {
  const Domains& d = ctx.domains;
  for (const Task& t : tasks_) {
    if (!t.has_end) continue;
    // e = s + l by bounds, until these three stop moving
    for (bool moved = true; moved;) {
      moved = false;
      const Value smin = t.start.min(d), smax = t.start.max(d);
      const Value lmin = t.length.min(d), lmax = t.length.max(d);
      const Value emin = t.end.min(d), emax = t.end.max(d);
      if (!t.end.raise_min(ctx, smin + lmin, moved) || !t.end.lower_max(ctx, smax + lmax, moved) ||
          !t.start.raise_min(ctx, emin - lmax, moved) ||
          !t.start.lower_max(ctx, emax - lmin, moved) ||
          !t.length.raise_min(ctx, emin - smax, moved) ||
          !t.length.lower_max(ctx, emax - smin, moved))
        return false;
      changed = changed || moved;
    }
  }
  return true;
}

void CumulativePropagator::build_profile() {
  std::vector<std::pair<Value, Value>> events;  // (time, load change)
  for (const Bounds& b : b_) {
    if (!b.compulsory()) continue;
    events.emplace_back(b.smax, b.hmin);
    events.emplace_back(b.smin + b.lmin, -b.hmin);
  }
  std::sort(events.begin(), events.end());
  profile_.clear();
  Value load = 0;
  for (std::size_t e = 0; e < events.size();) {
    const Value time = events[e].first;
    for (; e < events.size() && events[e].first == time; ++e) load += events[e].second;
    if (load > 0 && e < events.size()) profile_.push_back({time, events[e].first, load});
  }
}

Value CumulativePropagator::others(std::size_t k, std::size_t t) const {
  const Segment& s = profile_[k];
  const Bounds& b = b_[t];
  const bool own = b.compulsory() && b.smax <= s.from && s.to <= b.smin + b.lmin;
  return own ? s.load - b.hmin : s.load;
}

bool CumulativePropagator::filter_task(Context& ctx, std::size_t t, Value cap, bool& changed) {
  const Task& task = tasks_[t];
  const Bounds& b = b_[t];
  const std::size_t n = profile_.size();
  if (b.hmin > 0 && task.length.is_variable()) {
    // Whatever its start, the task runs over [smax, smin + l): it ends by the first time
    // from smax on where it does not fit.
    for (std::size_t k = 0; k < n; ++k) {
      if (profile_[k].to <= b.smax) continue;
      if (others(k, t) + b.hmin > cap) {
        if (!task.length.lower_max(ctx, std::max(profile_[k].from, b.smax) - b.smin, changed))
          return false;
        break;
      }
    }
  }
  if (b.lmin <= 0) return true;  // may take no time: nothing else is known
  Value room = cap;              // what the profile leaves over the task's compulsory part
  if (b.smax < b.smin + b.lmin)
    for (std::size_t k = 0; k < n; ++k)
      if (profile_[k].to > b.smax && profile_[k].from < b.smin + b.lmin)
        room = std::min(room, cap - others(k, t));
  if (!task.height.lower_max(ctx, room, changed)) return false;
  if (b.hmin <= 0) return true;
  // The start leaves every position where the task would overlap a segment it does not fit on.
  for (std::size_t k = 0; k < n; ++k) {
    const Segment& seg = profile_[k];
    if (seg.to <= b.smin || seg.from >= b.smax + b.lmin) continue;
    if (others(k, t) + b.hmin > cap &&
        !task.start.remove_range(ctx, seg.from - b.lmin + 1, seg.to - 1, changed))
      return false;
  }
  return true;
}

bool CumulativePropagator::propagate(Context& ctx) {
  last_run = ctx.now();
  for (bool changed = true; changed;) {
    changed = false;
    if (!ends(ctx, changed)) return false;
    const Domains& d = ctx.domains;
    bool runs = false;  // some task surely takes time
    for (std::size_t t = 0; t < tasks_.size(); ++t) {
      const Task& task = tasks_[t];
      b_[t] = {task.start.min(d), task.start.max(d), std::max<Value>(task.length.min(d), 0),
               task.height.min(d)};
      runs = runs || b_[t].lmin > 0;
    }
    build_profile();
    if (runs) {
      Value peak = 0;
      for (const Segment& s : profile_) peak = std::max(peak, s.load);
      if (!capacity_.raise_min(ctx, strict_ ? peak + 1 : peak, changed)) return false;
    }
    const Value cap = capacity_.max(d) - (strict_ ? 1 : 0);
    for (std::size_t t = 0; t < tasks_.size(); ++t) {
      if (cap < 0) {  // any running task breaks it
        if (!tasks_[t].length.lower_max(ctx, 0, changed)) return false;
      } else if (!filter_task(ctx, t, cap, changed)) {
        return false;
      }
    }
  }
  return true;
}

}  // namespace arcwave::cpu
