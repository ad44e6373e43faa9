// count_hull and filter_count_rhs (propagation/cpu/globals/count_condition.hpp) against brute
// force over Condition::holds: for random conditions of every operator and kind, the counts of
// lo..hi that some right-hand side satisfies, and the right-hand-side values some count of
// lo..hi satisfies.
#include <random>

#include <fmt/format.h>

#include "propagation/cpu/globals/count_condition.hpp"
#include "tests/support/catch.hpp"

namespace arcwave {

namespace {

using Rng = std::mt19937_64;

int pick(Rng& rng, int lo, int hi) {
  return lo + static_cast<int>(rng() % static_cast<std::uint64_t>(hi - lo + 1));
}

Condition random_condition(Rng& rng) {
  Condition c;
  switch (pick(rng, 0, 3)) {
    case 0:
      c.kind = Condition::Kind::kConstant;
      c.op = static_cast<Relation>(pick(rng, 0, 5));
      c.value = pick(rng, -2, 8);
      if (pick(rng, 0, 20) == 0) c.value = pick(rng, 0, 1) == 0 ? INT64_MIN : INT64_MAX;
      break;
    case 1:
      c.kind = Condition::Kind::kRange;
      c.op = pick(rng, 0, 1) == 0 ? Relation::kIn : Relation::kNotIn;
      c.lo = pick(rng, -2, 7);
      c.hi = c.lo + pick(rng, -1, 4);  // sometimes empty
      if (pick(rng, 0, 20) == 0) c.hi = INT64_MAX;
      if (pick(rng, 0, 20) == 0) c.lo = INT64_MIN;
      break;
    case 2:
      c.kind = Condition::Kind::kSet;
      c.op = pick(rng, 0, 1) == 0 ? Relation::kIn : Relation::kNotIn;
      for (int k = pick(rng, 0, 5); k > 0; --k) c.set.push_back(pick(rng, -2, 8));
      std::sort(c.set.begin(), c.set.end());
      c.set.erase(std::unique(c.set.begin(), c.set.end()), c.set.end());
      break;
    default:
      c.kind = Condition::Kind::kVariable;
      c.op = static_cast<Relation>(pick(rng, 0, 5));
      c.value = 0;  // the only variable
      break;
  }
  return c;
}

}  // namespace

TEST_CASE("count conditions: hull and right-hand-side filter equal brute force",
          "[propagation][counting]") {
  const std::vector<Domain> values = {Domain{-3, -1, 0, 1, 2, 3, 4, 5, 6, 9}};
  Rng rng(7);
  for (int round = 0; round < 4000; ++round) {
    const Condition c = random_condition(rng);
    cpu::Context ctx({static_cast<int>(values[0].size())});
    // A random non-empty domain for the right-hand-side variable.
    for (int a = 0; a < static_cast<int>(values[0].size()); ++a)
      if (pick(rng, 0, 2) == 0 && ctx.domains.size(0) > 1) ctx.remove(0, a);
    std::vector<Value> present;
    for (int a = 0; a < static_cast<int>(values[0].size()); ++a)
      if (ctx.domains.contains(0, a)) present.push_back(values[0][static_cast<std::size_t>(a)]);
    const Value lo = pick(rng, 0, 6);
    const Value hi = lo + pick(rng, -1, 5);
    INFO(fmt::format("round {} op {} kind {} lo {} hi {}", round, static_cast<int>(c.op),
                     static_cast<int>(c.kind), lo, hi));
    // Brute force: a count c satisfies when some rhs does.
    auto satisfiable = [&](Value count) {
      if (c.kind != Condition::Kind::kVariable) return c.holds(count, {});
      for (Value v : present) {
        const Value assignment[1] = {v};
        if (c.holds(count, assignment)) return true;
      }
      return false;
    };
    bool any = false;
    Value first = 0;
    Value last = 0;
    for (Value k = lo; k <= hi; ++k)
      if (satisfiable(k)) {
        if (!any) first = k;
        any = true;
        last = k;
      }
    const cpu::CountHull h = cpu::count_hull(c, ctx.domains, values, lo, hi);
    REQUIRE(h.empty == !any);
    if (any) {
      REQUIRE(h.first == first);
      REQUIRE(h.last == last);
    }
    if (c.kind != Condition::Kind::kVariable) continue;
    // The rhs keeps exactly the values some count of lo..hi satisfies.
    std::vector<Value> kept;
    for (Value v : present) {
      const Value assignment[1] = {v};
      for (Value k = lo; k <= hi; ++k)
        if (c.holds(k, assignment)) {
          kept.push_back(v);
          break;
        }
    }
    bool changed = false;
    const bool ok = cpu::filter_count_rhs(ctx, c, values, lo, hi, changed);
    REQUIRE(ok == !kept.empty());
    if (!ok) continue;
    std::vector<Value> after;
    for (int a = 0; a < static_cast<int>(values[0].size()); ++a)
      if (ctx.domains.contains(0, a)) after.push_back(values[0][static_cast<std::size_t>(a)]);
    REQUIRE(after == kept);
    REQUIRE(changed == (kept.size() != present.size()));
  }
}

}  // namespace arcwave
