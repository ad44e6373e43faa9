// tests/solver/search/scheduling_models.hpp — small random models of one scheduling or packing
// constraint (noOverlap 1-D and k-D, cumulative, binPacking), with fixed seeds, for the tests of
// their propagators against the GAC closure and brute force. Variables are made per role, with
// small random domains; lengths, heights, capacities and bin bounds are constants or variables.
#pragma once

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "arcwave/model.hpp"

namespace arcwave::test {

class SchedulingModels {
 public:
  using Rng = std::mt19937_64;

  static int pick(Rng& rng, int lo, int hi) {
    return lo + static_cast<int>(rng() % static_cast<std::uint64_t>(hi - lo + 1));
  }

  /// k distinct values of lo..hi (k clipped to the range), sorted.
  static std::vector<Value> subset(Rng& rng, int lo, int hi, int k) {
    std::vector<Value> all;
    for (int v = lo; v <= hi; ++v) all.push_back(v);
    std::shuffle(all.begin(), all.end(), rng);
    all.resize(std::min<std::size_t>(all.size(), static_cast<std::size_t>(std::max(k, 1))));
    std::sort(all.begin(), all.end());
    return all;
  }

  static int var(Model& m, std::vector<Value> domain) {
    return m.add_variable(fmt::format("v{}", m.variable_count()), std::move(domain));
  }

  /// A constant of lo..hi, or a variable over a few of its values.
  static Operand operand(Rng& rng, Model& m, int lo, int hi, int var_chance_percent = 50) {
    if (pick(rng, 0, 99) < var_chance_percent)
      return {true, var(m, subset(rng, lo, hi, pick(rng, 2, 3)))};
    return {false, pick(rng, lo, hi)};
  }

  /// A domain of lo..hi holding `planted` and k - 1 other values.
  static std::vector<Value> around(Rng& rng, Value planted, int lo, int hi, int k) {
    std::vector<Value> d = subset(rng, lo, hi, k - 1);
    d.push_back(planted);
    std::sort(d.begin(), d.end());
    d.erase(std::unique(d.begin(), d.end()), d.end());
    return d;
  }
  /// A constant `planted`, or a variable over it and a few values of lo..hi.
  static Operand operand_around(Rng& rng, Model& m, Value planted, int lo, int hi,
                                int var_chance_percent) {
    if (pick(rng, 0, 99) < var_chance_percent)
      return {true, var(m, around(rng, planted, lo, hi, pick(rng, 2, 3)))};
    return {false, planted};
  }

  /// noOverlap in one dimension: 2 to 4 tasks, most often around a planted schedule (the tasks
  /// in a random order with random gaps), so that the models are mostly feasible and tight.
  static Model disjunctive(std::uint64_t seed) {
    Rng rng(seed);
    Model m;
    NoOverlapConstraint c;
    c.zero_ignored = pick(rng, 0, 2) != 0;
    const int n = pick(rng, 2, 4);
    const bool planted = pick(rng, 0, 4) != 0;
    std::vector<int> order(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) order[static_cast<std::size_t>(i)] = i;
    std::shuffle(order.begin(), order.end(), rng);
    std::vector<Value> start(order.size()), length(order.size());
    Value t = pick(rng, 0, 1);
    for (int i : order) {
      const auto k = static_cast<std::size_t>(i);
      length[k] = pick(rng, 0, 6) == 0 ? 0 : pick(rng, 1, 3);
      start[k] = t;
      t += length[k] + (pick(rng, 0, 3) == 0 ? 1 : 0);
    }
    const int horizon = static_cast<int>(std::max<Value>(t, 5));
    for (std::size_t k = 0; k < order.size(); ++k) {
      if (planted) {
        c.origins.push_back({var(m, around(rng, start[k], 0, horizon, pick(rng, 2, 4)))});
        c.lengths.push_back({operand_around(rng, m, length[k], 0, 3, 35)});
      } else {
        c.origins.push_back({var(m, subset(rng, 0, 6, pick(rng, 2, 4)))});
        c.lengths.push_back({operand(rng, m, pick(rng, 0, 1), 3, 35)});
      }
    }
    m.add_constraint(c);
    return m;
  }

  /// noOverlap in two (rarely three) dimensions: 2 or 3 boxes, most often around a planted
  /// packing (each box after the previous one along a random dimension).
  static Model boxes(std::uint64_t seed) {
    Rng rng(seed);
    Model m;
    NoOverlapConstraint c;
    c.zero_ignored = pick(rng, 0, 2) != 0;
    const int dims = pick(rng, 0, 5) == 0 ? 3 : 2;
    const int n = dims == 3 ? 2 : pick(rng, 2, 3);
    const bool planted = pick(rng, 0, 4) != 0;
    std::vector<std::vector<Value>> origin(static_cast<std::size_t>(n)),
        length(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
      auto& o = origin[static_cast<std::size_t>(i)];
      auto& l = length[static_cast<std::size_t>(i)];
      for (int d = 0; d < dims; ++d) {
        l.push_back(pick(rng, 1, 2));
        o.push_back(pick(rng, 0, 1));
      }
      if (i > 0) {  // after box i - 1 along some dimension
        const auto d = static_cast<std::size_t>(pick(rng, 0, dims - 1));
        const auto& prev = origin[static_cast<std::size_t>(i - 1)];
        const auto& prev_l = length[static_cast<std::size_t>(i - 1)];
        o[d] = prev[d] + prev_l[d];
      }
    }
    for (int i = 0; i < n; ++i) {
      std::vector<int> o;
      std::vector<Operand> l;
      for (int d = 0; d < dims; ++d) {
        const auto k = static_cast<std::size_t>(i);
        const auto dd = static_cast<std::size_t>(d);
        if (planted) {
          o.push_back(var(m, around(rng, origin[k][dd], 0, 3, pick(rng, 2, 3))));
          l.push_back(operand_around(rng, m, length[k][dd], 0, 3, 25));
        } else {
          o.push_back(var(m, subset(rng, 0, 3, pick(rng, 1, 3))));
          l.push_back(operand(rng, m, pick(rng, 0, 1), 3, 25));
        }
      }
      c.origins.push_back(o);
      c.lengths.push_back(l);
    }
    m.add_constraint(c);
    return m;
  }

  /// A 2-D packing that is perfect or nearly (for the projection rules, which need tight
  /// areas): a W x H container (3..5 a side) cut by random guillotine cuts into 3 to 5 boxes,
  /// now and then a box left out (a hole); each box's origin a variable around its place, its
  /// sizes constants or variables over {size, swapped or other size} (a rotation, most often
  /// tied by a table), the container's sides as sums origin + size <= side or, now and then,
  /// as binary intensions.
  static Model packing(std::uint64_t seed) {
    Rng rng(seed);
    Model m;
    NoOverlapConstraint c;
    c.zero_ignored = pick(rng, 0, 3) == 0;
    const Value side[2] = {pick(rng, 3, 5), pick(rng, 3, 5)};
    struct Rect {
      Value o[2], l[2];
    };
    std::vector<Rect> rects = {{{0, 0}, {side[0], side[1]}}};
    const int pieces = pick(rng, 3, 5);
    for (int tries = 0; static_cast<int>(rects.size()) < pieces && tries < 20; ++tries) {
      const auto k = static_cast<std::size_t>(pick(rng, 0, static_cast<int>(rects.size()) - 1));
      const auto d = static_cast<std::size_t>(pick(rng, 0, 1));
      Rect r = rects[k];
      if (r.l[d] < 2) continue;
      const Value cut = pick(rng, 1, static_cast<int>(r.l[d]) - 1);
      Rect rest = r;
      r.l[d] = cut;
      rest.o[d] += cut;
      rest.l[d] -= cut;
      rects[k] = r;
      rects.push_back(rest);
    }
    if (pick(rng, 0, 3) == 0) rects.pop_back();
    for (const Rect& r : rects) {
      std::vector<int> o;
      std::vector<Operand> l;
      const bool rotate = pick(rng, 0, 2) == 0;
      for (std::size_t d = 0; d < 2; ++d) {
        o.push_back(var(m, around(rng, r.o[d], 0, static_cast<int>(side[d]) - 1, pick(rng, 2, 4))));
        if (rotate) {
          std::vector<Value> sizes = {r.l[d], r.l[1 - d]};
          if (sizes[0] == sizes[1]) sizes[1] = pick(rng, 1, 3);
          std::sort(sizes.begin(), sizes.end());
          sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
          l.push_back({true, var(m, sizes)});
        } else {
          l.push_back({false, r.l[d]});
        }
      }
      if (rotate && r.l[0] != r.l[1] && pick(rng, 0, 3) != 0) {
        // The two sizes tied by a table, as rotations are stated: (l0, l1) or (l1, l0), now
        // and then with an orientation variable in a ternary table.
        auto t = std::make_shared<Table>();
        ExtensionConstraint tie;
        const bool oriented = pick(rng, 0, 1) == 0;
        if (oriented) tie.scope.push_back(var(m, {0, 1}));
        tie.scope.push_back(static_cast<int>(l[0].value));
        tie.scope.push_back(static_cast<int>(l[1].value));
        t->arity = static_cast<int>(tie.scope.size());
        for (int turn = 0; turn < 2; ++turn) {
          if (oriented) t->cells.push_back(turn);
          t->cells.push_back(static_cast<std::int32_t>(r.l[turn]));
          t->cells.push_back(static_cast<std::int32_t>(r.l[1 - turn]));
        }
        tie.table = t;
        m.add_constraint(tie);
      }
      for (std::size_t d = 0; d < 2; ++d) {
        if (l[d].is_variable && pick(rng, 0, 2) == 0) {
          // le(add(o, l), side): a binary relation rather than a sum
          m.add_constraint(IntensionConstraint{
              {o[d], static_cast<int>(l[d].value)},
              std::make_shared<const Expr>(std::vector<ExprInstr>{{ExprOp::kSlot, 0, 0},
                                                                  {ExprOp::kSlot, 0, 1},
                                                                  {ExprOp::kAdd, 2, 0},
                                                                  {ExprOp::kConst, 0, side[d]},
                                                                  {ExprOp::kLe, 2, 0}})});
          continue;
        }
        SumConstraint inside;
        inside.scope = {o[d]};
        inside.coeffs = {1};
        if (l[d].is_variable) {
          inside.scope.push_back(static_cast<int>(l[d].value));
          inside.coeffs.push_back(1);
        }
        inside.condition.op = Relation::kLe;
        inside.condition.kind = Condition::Kind::kConstant;
        inside.condition.value = side[d] - (l[d].is_variable ? 0 : l[d].value);
        m.add_constraint(inside);
      }
      c.origins.push_back(o);
      c.lengths.push_back(l);
    }
    m.add_constraint(c);
    return m;
  }

  /// cumulative: 2 or 3 tasks, a constant or variable capacity (rarely negative), le or lt
  /// (rarely ge, which goes to the generic propagator), ends now and then.
  static Model cumulative(std::uint64_t seed) {
    Rng rng(seed);
    Model m;
    CumulativeConstraint c;
    const int n = pick(rng, 2, 3);
    const bool ends = pick(rng, 0, 3) == 0;
    for (int i = 0; i < n; ++i) {
      const Value s = pick(rng, 0, 3);
      const Value l = pick(rng, 0, 5) == 0 ? 0 : pick(rng, 1, 3);
      c.origins.push_back(var(m, around(rng, s, 0, 5, pick(rng, 2, 3))));
      c.lengths.push_back(operand_around(rng, m, l, 0, 3, 30));
      c.heights.push_back(operand_around(rng, m, pick(rng, 0, 3), 0, 3, 30));
      if (ends) c.ends.push_back(var(m, around(rng, s + l, 0, 7, pick(rng, 2, 3))));
    }
    const int form = pick(rng, 0, 9);
    c.condition.op = form == 0 ? Relation::kGe : form < 4 ? Relation::kLt : Relation::kLe;
    const int low = pick(rng, 0, 9) == 0 ? -1 : 1;
    if (pick(rng, 0, 2) == 0) {
      c.condition.kind = Condition::Kind::kVariable;
      c.condition.value = var(m, subset(rng, low, 5, pick(rng, 2, 3)));
    } else {
      c.condition.kind = Condition::Kind::kConstant;
      c.condition.value = pick(rng, low, 5);
    }
    m.add_constraint(c);
    return m;
  }

  /// cumulative whose tasks mostly cannot run two at a time (heights above half the capacity,
  /// or 0 for a task left out): 3 to 5 tasks around a planted schedule on the shared resource,
  /// heights often variables over {0, h} (a task that may be absent), lengths now and then 0 or
  /// variables, a constant or variable capacity, le or lt, and a task of small height at times
  /// (one that may overlap the others).
  static Model unary_cumulative(std::uint64_t seed) {
    Rng rng(seed);
    Model m;
    CumulativeConstraint c;
    const bool strict = pick(rng, 0, 3) == 0;
    const Value cap = pick(rng, 1, 3);
    const Value usable = cap - (strict ? 1 : 0);
    const int n = pick(rng, 3, 5);
    Value t = pick(rng, 0, 1);
    for (int i = 0; i < n; ++i) {
      const Value l = pick(rng, 0, 6) == 0 ? 0 : pick(rng, 1, 3);
      const bool small = usable >= 2 && pick(rng, 0, 5) == 0;
      const Value h = small ? 1 : usable / 2 + 1 + pick(rng, 0, 1);
      const bool absent = pick(rng, 0, 3) == 0;
      const Value start = absent ? pick(rng, 0, 4) : t;
      if (!absent && !small) t += l + (pick(rng, 0, 3) == 0 ? 1 : 0);
      c.origins.push_back(var(m, around(rng, start, 0, 8, pick(rng, 2, 4))));
      c.lengths.push_back(operand_around(rng, m, l, 0, 3, 25));
      if (pick(rng, 0, 1) == 0)
        c.heights.push_back({true, var(m, {0, h})});
      else
        c.heights.push_back({false, absent ? 0 : h});
    }
    c.condition.op = strict ? Relation::kLt : Relation::kLe;
    if (pick(rng, 0, 3) == 0) {
      c.condition.kind = Condition::Kind::kVariable;
      c.condition.value = var(m, around(rng, cap, 0, 4, 2));
    } else {
      c.condition.kind = Condition::Kind::kConstant;
      c.condition.value = cap;
    }
    m.add_constraint(c);
    return m;
  }

  /// binPacking: 2 to 5 items around a planted assignment; the condition form (every bin its
  /// items may use), limits or loads, the bounds near the planted loads; sizes mostly
  /// non-negative.
  static Model bin_packing(std::uint64_t seed) {
    Rng rng(seed);
    Model m;
    BinPackingConstraint c;
    const int items = pick(rng, 2, 5);
    const int form = pick(rng, 0, 2);
    const int bins = pick(rng, 1, 3);
    c.start_index = form == 0 ? 0 : pick(rng, -1, 1);
    std::vector<Value> load(static_cast<std::size_t>(bins), 0);
    for (int i = 0; i < items; ++i) {
      const int b = pick(rng, 0, bins - 1);
      const Value size = pick(rng, 0, 9) == 0 ? pick(rng, -2, -1) : pick(rng, 0, 4);
      load[static_cast<std::size_t>(b)] += size;
      // now and then a value that is no bin
      c.scope.push_back(var(m, around(rng, c.start_index + b, static_cast<int>(c.start_index) - 1,
                                      static_cast<int>(c.start_index) + bins, pick(rng, 1, 3))));
      c.sizes.push_back(size);
    }
    const Value most = *std::max_element(load.begin(), load.end());
    const Value least = *std::min_element(load.begin(), load.end());
    if (form == 0) {
      Condition cond;
      const int op = pick(rng, 0, 5);
      if (op == 5) {
        cond.op = Relation::kIn;
        cond.kind = Condition::Kind::kRange;
        cond.lo = least - pick(rng, 0, 1);
        cond.hi = most + pick(rng, -1, 1);
      } else {
        const Relation ops[] = {Relation::kLt, Relation::kLe, Relation::kGe, Relation::kGt,
                                Relation::kEq};
        cond.op = ops[op];
        const Value target = cond.op == Relation::kLt   ? most + 1
                             : cond.op == Relation::kLe ? most
                             : cond.op == Relation::kGe ? least
                             : cond.op == Relation::kGt ? least - 1
                                                        : most;
        const Value rhs = target + pick(rng, -1, 1);
        if (pick(rng, 0, 1) == 0) {
          cond.kind = Condition::Kind::kVariable;
          cond.value = var(m, around(rng, rhs, -1, 8, pick(rng, 2, 3)));
        } else {
          cond.kind = Condition::Kind::kConstant;
          cond.value = rhs;
        }
      }
      c.condition = cond;
      for (int x : c.scope)
        for (Value v : m.variables()[static_cast<std::size_t>(x)].domain) c.bins.push_back(v);
      if (pick(rng, 0, 2) == 0) c.bins.push_back(pick(rng, -1, 4));  // maybe a bin left empty
      std::sort(c.bins.begin(), c.bins.end());
      c.bins.erase(std::unique(c.bins.begin(), c.bins.end()), c.bins.end());
    } else {
      std::vector<Operand>& bounds = form == 1 ? c.limits : c.loads;
      for (Value l : load) {
        const Value target = form == 1 ? l + pick(rng, -1, 2) : l + (pick(rng, 0, 3) == 0 ? 1 : 0);
        bounds.push_back(operand_around(rng, m, target, -1, 8, 50));
      }
    }
    m.add_constraint(c);
    return m;
  }

  /// Two constraints sharing variables: a unary resource, and a cumulative or a second unary
  /// resource over some of the same starts (so that the propagators wake each other).
  static Model mixed(std::uint64_t seed) {
    Model m = disjunctive(seed);
    Rng rng(seed * 7919 + 1);
    const auto& first = std::get<NoOverlapConstraint>(m.constraints().front());
    std::vector<int> starts;
    for (const auto& o : first.origins)
      if (pick(rng, 0, 3) != 0) starts.push_back(o.front());
    if (starts.size() < 2) starts = {first.origins[0].front(), first.origins[1].front()};
    if (pick(rng, 0, 1) == 0) {
      CumulativeConstraint c;
      for (int s : starts) {
        c.origins.push_back(s);
        c.lengths.push_back({false, pick(rng, 1, 3)});
        c.heights.push_back({false, pick(rng, 1, 2)});
      }
      c.condition.op = Relation::kLe;
      c.condition.kind = Condition::Kind::kConstant;
      c.condition.value = pick(rng, 1, 3);
      m.add_constraint(c);
    } else {
      NoOverlapConstraint c;
      for (int s : starts) {
        c.origins.push_back({s});
        c.lengths.push_back({{false, pick(rng, 1, 2)}});
      }
      m.add_constraint(c);
    }
    return m;
  }

  /// One of the four kinds, by seed.
  static Model any(std::uint64_t seed) {
    switch (seed % 4) {
      case 0:
        return disjunctive(seed);
      case 1:
        return boxes(seed);
      case 2:
        return cumulative(seed);
      default:
        return bin_packing(seed);
    }
  }

  /// The number of full assignments (capped far above what the tests enumerate).
  static double product(const Model& m) {
    double p = 1;
    for (const Variable& v : m.variables()) p *= static_cast<double>(v.domain.size());
    return p;
  }
};

}  // namespace arcwave::test
