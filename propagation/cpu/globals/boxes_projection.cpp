// Definitions for propagation/cpu/globals/boxes_projection.hpp.
#include "propagation/cpu/globals/boxes_projection.hpp"

#include <algorithm>
#include <optional>
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
      present_(boxes_.size()) {
  for (std::vector<EndTie>& e : ends_) e.resize(boxes_.size());
}

void BoxesProjectionPropagator::restrict_ends(std::size_t i, int axis,
                                              std::vector<std::pair<int, int>> pairs) {
  EndTie& tie = ends_[axis][i];
  if (!tie.pairs.empty()) {
    std::sort(pairs.begin(), pairs.end());  // a second relation: the pairs both allow
    std::erase_if(pairs, [&](const auto& p) {
      return std::find(tie.pairs.begin(), tie.pairs.end(), p) == tie.pairs.end();
    });
  }
  const auto [origin, length] = along(i, axis);
  std::stable_sort(pairs.begin(), pairs.end(), [&](const auto& p, const auto& q) {
    return origin.value_at(p.first) + length.value_at(p.second) >
           origin.value_at(q.first) + length.value_at(q.second);
  });
  tie.pairs = std::move(pairs);
}

void BoxesProjectionPropagator::cap_end(std::size_t i, int axis, Term bound, Value offset) {
  ends_[axis][i].caps.emplace_back(bound, offset);
}

Value BoxesProjectionPropagator::largest_end(const Domains& d, std::size_t i, int axis) const {
  const auto [origin, length] = along(i, axis);
  Value end = origin.max(d) + length.max(d);
  const EndTie& tie = ends_[axis][i];
  for (const auto& [o, l] : tie.pairs)
    if (d.contains(origin.var(), o) && d.contains(length.var(), l)) {
      end = std::min(end, origin.value_at(o) + length.value_at(l));
      break;
    }
  for (const auto& [bound, offset] : tie.caps) end = std::min(end, bound.max(d) + offset);
  return end;
}

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
    b_[i] = {box.t.min(d),      box.t.max(d),      box.length.min(d),   box.length.max(d),
             box.height.min(d), box.height.max(d), largest_end(d, i, 0)};
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
  Value from = b_.front().tmin, to = b_.front().emax;
  Wide area = 0;
  points_.clear();
  for (std::size_t i = 0; i < b_.size(); ++i) {
    const Bounds& b = b_[i];
    from = std::min(from, b.tmin);
    to = std::max(to, b.emax);
    area += sizes_[i].empty() ? Wide{b.lmin} * b.hmin : Wide{min_area(ctx.domains, i)};
    points_.push_back(b.tmin);
    points_.push_back(b.emax);
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
      if (b_[i].emax > a) near_.push_back(i);
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
  if (b.tmin >= z || b.emax <= a) return 0;
  // The largest overlap of [o, o + l) with [a, z) for an origin o in [tmin, tmax] and an end
  // o + l at most emax.
  auto overlap = [&](Value l) {
    return std::max<Value>(0, std::min({l, z - a, z - b.tmin, b.tmax + l - a, b.emax - a}));
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
    Value low = boxes_.front().y.min(d), high = largest_end(d, 0, 1);
    for (std::size_t i = 0; i < boxes_.size(); ++i) {
      low = std::min(low, boxes_[i].y.min(d));
      high = std::max(high, largest_end(d, i, 1));
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
// Relations over more value pairs than this are not read (a tie is worth little there).
constexpr std::int64_t kMostPairs = std::int64_t{1} << 22;

std::vector<std::pair<int, int>> tied_pairs(const IndexedConstraint& c, int first, int second) {
  std::vector<std::pair<int, int>> pairs;
  if (const auto* b = std::get_if<IndexedBinary>(&c)) {
    const bool forward = b->x == first && b->y == second;
    if (!forward && !(b->x == second && b->y == first)) return {};
    const BitRelation& r = *b->relation;
    if (static_cast<std::int64_t>(r.rows()) * r.cols() > kMostPairs) return {};
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

// Floor of a / b (b != 0).
Value floor_div(Value a, Value b) {
  const Value q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

// When sum `s` states k (o + l) <= v or k (o + l - h) <= v, up to the form of its condition:
// (h, u) with o + l - h <= u (h = -1 without a third variable).
std::optional<std::pair<int, Value>> end_cap(const IndexedSum& s, int o, int l) {
  if (s.condition.kind != Condition::Kind::kConstant || s.scope.size() < 2 || s.scope.size() > 3)
    return std::nullopt;
  Value k = 0;
  for (std::size_t i = 0; i < s.scope.size(); ++i)
    if (s.scope[i] == o) k = s.coeffs[i];
  int h = -1;
  for (std::size_t i = 0; i < s.scope.size(); ++i) {
    if (s.scope[i] == o) continue;
    if (s.scope[i] == l && s.coeffs[i] == k) continue;
    if (h >= 0 || s.coeffs[i] != -k) return std::nullopt;
    h = s.scope[i];
  }
  const bool has_l = std::find(s.scope.begin(), s.scope.end(), l) != s.scope.end();
  if (k == 0 || !has_l || static_cast<std::size_t>(h >= 0 ? 3 : 2) != s.scope.size())
    return std::nullopt;
  // k x op v with x = o + l (- h): an upper bound on x.
  const Value v = s.condition.value;
  switch (s.condition.op) {
    case Relation::kLe:
      if (k > 0) return std::pair{h, floor_div(v, k)};
      break;
    case Relation::kLt:
      if (k > 0) return std::pair{h, floor_div(v - 1, k)};
      break;
    case Relation::kGe:
      if (k < 0) return std::pair{h, floor_div(v, k)};
      break;
    case Relation::kGt:
      if (k < 0) return std::pair{h, floor_div(v + 1, k)};
      break;
    case Relation::kEq:
      return std::pair{h, floor_div(v, k)};
    default:
      break;
  }
  return std::nullopt;
}

}  // namespace

void tie_boxes(const std::vector<std::unique_ptr<Propagator>>& propagators,
               const IndexedModel& model) {
  // A pair of variables of one box that a constraint over both may tie: its two sizes
  // (axis -1), or its origin and length along an axis.
  struct Tie {
    BoxesProjectionPropagator* projection;
    std::size_t box;
    int axis;
    int second;
  };
  std::vector<std::vector<Tie>> by_first(model.variable_count());
  bool any = false;
  auto tie = [&](BoxesProjectionPropagator* p, std::size_t i, int axis, const Term& first,
                 const Term& second) {
    if (!first.is_variable() || !second.is_variable() || first.var() == second.var()) return;
    by_first[static_cast<std::size_t>(first.var())].push_back({p, i, axis, second.var()});
    any = true;
  };
  for (const std::unique_ptr<Propagator>& p : propagators) {
    auto* projection = dynamic_cast<BoxesProjectionPropagator*>(p.get());
    if (projection == nullptr) continue;
    const auto& boxes = projection->boxes();
    for (std::size_t i = 0; i < boxes.size(); ++i) {
      tie(projection, i, -1, boxes[i].length, boxes[i].height);
      tie(projection, i, 0, boxes[i].t, boxes[i].length);
      tie(projection, i, 1, boxes[i].y, boxes[i].height);
    }
  }
  if (!any) return;
  for (std::size_t k = 0; k < model.constraints.size(); ++k) {
    const IndexedConstraint& c = model.constraints[k];
    for (int x : model.scopes[k])
      for (const Tie& t : by_first[static_cast<std::size_t>(x)]) {
        if (const auto* sum = std::get_if<IndexedSum>(&c)) {
          if (t.axis < 0) continue;
          if (const auto cap = end_cap(*sum, x, t.second))
            t.projection->cap_end(
                t.box, t.axis,
                cap->first < 0 ? Term::constant(0) : Term::variable(cap->first, model.domains),
                cap->second);
          continue;
        }
        auto pairs = tied_pairs(c, x, t.second);
        if (pairs.empty()) continue;
        if (t.axis < 0)
          t.projection->restrict_sizes(t.box, std::move(pairs));
        else
          t.projection->restrict_ends(t.box, t.axis, std::move(pairs));
      }
  }
}

}  // namespace arcwave::cpu
