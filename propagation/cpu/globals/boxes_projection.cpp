// Definitions for propagation/cpu/globals/boxes_projection.hpp.
#include "propagation/cpu/globals/boxes_projection.hpp"

#include <algorithm>
#include <utility>

namespace arcwave::cpu {

BoxesProjectionPropagator::BoxesProjectionPropagator(int constraint, std::vector<int> scope,
                                                     std::vector<Box> boxes)
    : Propagator(constraint, std::move(scope)),
      boxes_(std::move(boxes)),
      b_(boxes_.size()),
      reach_(boxes_.size()),
      reach_small_(boxes_.size()),
      sizes_(boxes_.size()),
      present_(boxes_.size()) {}

void BoxesProjectionPropagator::restrict_sizes(std::size_t i,
                                               std::vector<std::pair<int, int>> pairs) {
  if (sizes_[i].empty()) {
    sizes_[i] = std::move(pairs);
    return;
  }
  std::sort(pairs.begin(), pairs.end());  // a second table: the pairs both allow
  std::erase_if(sizes_[i],
                [&](const auto& p) { return !std::binary_search(pairs.begin(), pairs.end(), p); });
}

Value BoxesProjectionPropagator::min_area(const Domains& d, std::size_t i) const {
  const Bounds& b = b_[i];
  Value best = -1;
  const Box& box = boxes_[i];
  for (const auto& [l, h] : sizes_[i]) {
    if (!d.contains(box.length.var(), l) || !d.contains(box.height.var(), h)) continue;
    const Value area = box.length.value_at(l) * box.height.value_at(h);
    if (best < 0 || area < best) best = area;
  }
  // No pair left: the table fails the node anyway.
  return best >= 0 ? best : b.lmin * b.hmin;
}

void BoxesProjectionPropagator::read(const Domains& d) {
  for (std::size_t i = 0; i < boxes_.size(); ++i) {
    const Box& box = boxes_[i];
    b_[i] = {box.t.min(d),      box.t.max(d),      box.length.min(d),
             box.length.max(d), box.height.min(d), box.height.max(d)};
  }
}

bool BoxesProjectionPropagator::time_table(Context& ctx, Value capacity, bool& changed) {
  events_.clear();
  for (const Bounds& b : b_) {
    if (!b.compulsory()) continue;
    events_.emplace_back(b.tmax, b.hmin);
    events_.emplace_back(b.tmin + b.lmin, -b.hmin);
  }
  if (events_.empty()) return true;
  std::sort(events_.begin(), events_.end());
  profile_.clear();
  Value load = 0;
  for (std::size_t e = 0; e < events_.size();) {
    const Value time = events_[e].first;
    for (; e < events_.size() && events_[e].first == time; ++e) load += events_[e].second;
    if (load > capacity) return false;
    if (load > 0 && e < events_.size()) profile_.push_back({time, events_[e].first, load});
  }
  for (std::size_t i = 0; i < boxes_.size(); ++i) {
    const Bounds& b = b_[i];
    if (b.lmin <= 0 || b.hmin <= 0) continue;
    for (const Segment& seg : profile_) {
      if (seg.to <= b.tmin || seg.from >= b.tmax + b.lmin) continue;
      const bool own = b.compulsory() && b.tmax <= seg.from && seg.to <= b.tmin + b.lmin;
      const Value others = own ? seg.load - b.hmin : seg.load;
      if (others + b.hmin > capacity &&
          !boxes_[i].t.remove_range(ctx, seg.from - b.lmin + 1, seg.to - 1, changed))
        return false;
    }
  }
  return true;
}

bool BoxesProjectionPropagator::no_waste(Context& ctx, Value capacity, bool& changed) {
  Value from = b_.front().tmin, to = b_.front().tmax + b_.front().lmax;
  Wide area = 0;
  points_.clear();
  for (std::size_t i = 0; i < b_.size(); ++i) {
    const Bounds& b = b_[i];
    from = std::min(from, b.tmin);
    to = std::max(to, b.tmax + b.lmax);
    area += sizes_[i].empty() ? Wide{b.lmin} * b.hmin : Wide{min_area(ctx.domains, i)};
    points_.push_back(b.tmin);
    points_.push_back(b.tmax + b.lmax);
  }
  const Wide slack = Wide{capacity} * (to - from) - area;  // cells that may stay empty
  for (std::size_t i = 0; i < boxes_.size(); ++i) {
    present_[i].clear();
    const Box& box = boxes_[i];
    for (const auto& [l, h] : sizes_[i])
      if (ctx.domains.contains(box.length.var(), l) && ctx.domains.contains(box.height.var(), h))
        present_[i].emplace_back(box.length.value_at(l), box.height.value_at(h));
  }
  if (slack < 0) return false;
  std::sort(points_.begin(), points_.end());
  points_.erase(std::unique(points_.begin(), points_.end()), points_.end());
  // In 64 bits when every sum of covered cells stays far below 2^63 (the usual case).
  const Wide most = Wide{capacity} * (to - from) * static_cast<Value>(boxes_.size() + 1);
  if (most < (Wide{1} << 62))
    return intervals<Value>(ctx, capacity, static_cast<Value>(slack), reach_small_, changed);
  return intervals<Wide>(ctx, capacity, slack, reach_, changed);
}

template <typename Int>
bool BoxesProjectionPropagator::intervals(Context& ctx, Value capacity, Int slack,
                                          std::vector<Int>& reach, bool& changed) {
  // Every interval between two event points while there are few, else consecutive ones.
  const std::size_t n = points_.size();
  const bool all_pairs = n <= kAllIntervalsUpTo;
  for (std::size_t k = 0; k + 1 < n; ++k) {
    const Value a = points_[k];
    // the boxes that can reach beyond a
    near_.clear();
    for (std::size_t i = 0; i < boxes_.size(); ++i)
      if (b_[i].tmax + b_[i].lmax > a) near_.push_back(i);
    for (std::size_t q = k + 1; q < (all_pairs ? n : k + 2); ++q) {
      const Value z = points_[q];
      Int cover = 0;  // the most the boxes can cover of [a, z)
      for (std::size_t i : near_) {
        reach[i] = most_inside<Int>(i, a, z);
        cover += reach[i];
      }
      const Int empty = Int{capacity} * (z - a) - cover;
      if (empty > slack) return false;
      for (std::size_t i : near_) {
        const Bounds& b = b_[i];
        if (reach[i] == 0 || empty + reach[i] <= slack) continue;
        // Box i must reach into [a, z) and cover at least `need` cells of it.
        const Int need = empty + reach[i] - slack;  // at most reach[i]: empty <= slack
        const Value width = std::min(z - a, b.lmax);
        const Box& box = boxes_[i];
        if (!box.t.lower_max(ctx, z - 1, changed) ||
            !box.t.raise_min(ctx, a - b.lmax + 1, changed) ||
            !box.height.raise_min(ctx, static_cast<Value>((need + width - 1) / width), changed) ||
            !box.length.raise_min(ctx, static_cast<Value>((need + b.hmax - 1) / b.hmax), changed))
          return false;
      }
    }
  }
  return true;
}

template <typename Int>
Int BoxesProjectionPropagator::most_inside(std::size_t i, Value a, Value z) const {
  const Bounds& b = b_[i];
  if (b.tmin >= z || b.tmax + b.lmax <= a) return 0;
  // The largest overlap of [o, o + l) with [a, z) for an origin o in [tmin, tmax].
  auto overlap = [&](Value l) {
    return std::max<Value>(0, std::min({l, z - a, z - b.tmin, b.tmax + l - a}));
  };
  if (sizes_[i].empty()) return Int{b.hmax} * overlap(b.lmax);
  Int best = 0;
  for (const auto& [l, h] : present_[i]) best = std::max(best, Int{h} * overlap(l));
  return best;
}

bool BoxesProjectionPropagator::propagate(Context& ctx) {
  last_run = ctx.now();
  if (boxes_.empty()) return true;
  for (bool changed = true; changed;) {
    changed = false;
    const Domains& d = ctx.domains;
    read(d);
    Value low = boxes_.front().y.min(d), high = boxes_.front().y.max(d) + b_.front().hmax;
    for (std::size_t i = 0; i < boxes_.size(); ++i) {
      low = std::min(low, boxes_[i].y.min(d));
      high = std::max(high, boxes_[i].y.max(d) + b_[i].hmax);
    }
    const Value capacity = high - low;
    if (!time_table(ctx, capacity, changed)) return false;
    if (changed) continue;
    if (!no_waste(ctx, capacity, changed)) return false;
  }
  return true;
}

namespace {

// The (first, second) pairs of value indices a constraint allows, when it ties exactly these
// two variables through a binary relation or a support table without `*` on them; empty
// otherwise.
std::vector<std::pair<int, int>> tied_pairs(const IndexedConstraint& c, int first, int second) {
  std::vector<std::pair<int, int>> pairs;
  if (const auto* b = std::get_if<IndexedBinary>(&c)) {
    const bool forward = b->x == first && b->y == second;
    if (!forward && !(b->x == second && b->y == first)) return {};
    const BitRelation& r = *b->relation;
    for (int u = 0; u < r.rows(); ++u)
      for (int v = 0; v < r.cols(); ++v)
        if (r.test(u, v)) pairs.emplace_back(forward ? u : v, forward ? v : u);
  } else if (const auto* e = std::get_if<IndexedExtension>(&c)) {
    const auto p1 = std::find(e->scope.begin(), e->scope.end(), first);
    const auto p2 = std::find(e->scope.begin(), e->scope.end(), second);
    if (p1 == e->scope.end() || p2 == e->scope.end() || !e->table->supports) return {};
    const auto i1 = static_cast<std::size_t>(p1 - e->scope.begin());
    const auto i2 = static_cast<std::size_t>(p2 - e->scope.begin());
    for (std::size_t t = 0; t < e->table->size(); ++t) {
      const std::int32_t* tuple = e->table->tuple(t);
      if (tuple[i1] == IndexedTable::kAny || tuple[i2] == IndexedTable::kAny) return {};
      pairs.emplace_back(tuple[i1], tuple[i2]);
    }
  }
  std::sort(pairs.begin(), pairs.end());
  pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
  return pairs;
}

}  // namespace

void tie_box_sizes(const std::vector<std::unique_ptr<Propagator>>& propagators,
                   const IndexedModel& model) {
  struct Sized {
    BoxesProjectionPropagator* projection;
    std::size_t box;
  };
  std::vector<std::vector<Sized>> by_length(model.variable_count());
  bool any = false;
  for (const std::unique_ptr<Propagator>& p : propagators) {
    auto* projection = dynamic_cast<BoxesProjectionPropagator*>(p.get());
    if (projection == nullptr) continue;
    const auto& boxes = projection->boxes();
    for (std::size_t i = 0; i < boxes.size(); ++i) {
      const Term& l = boxes[i].length;
      const Term& h = boxes[i].height;
      if (!l.is_variable() || !h.is_variable() || l.var() == h.var()) continue;
      by_length[static_cast<std::size_t>(l.var())].push_back({projection, i});
      any = true;
    }
  }
  if (!any) return;
  for (std::size_t k = 0; k < model.constraints.size(); ++k)
    for (int x : model.scopes[k])
      for (const Sized& s : by_length[static_cast<std::size_t>(x)]) {
        const int h = s.projection->boxes()[s.box].height.var();
        auto pairs = tied_pairs(model.constraints[k], x, h);
        if (!pairs.empty()) s.projection->restrict_sizes(s.box, std::move(pairs));
      }
}

}  // namespace arcwave::cpu
