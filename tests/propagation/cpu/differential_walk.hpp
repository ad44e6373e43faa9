// tests/propagation/cpu/differential_walk.hpp — a propagator against the one it replaces: random
// small constraints (a generator of domains, operands and conditions), and a walk of random
// removals and backtracks where both run to their fixpoints on their own copy of the domains
// after every step and must agree: the same domains, the same wipe-outs. Residues and other
// state kept across backtracks get exercised.
#pragma once

#include <random>
#include <vector>

#include <fmt/format.h>

#include "arcwave/model.hpp"
#include "propagation/cpu/propagator.hpp"
#include "tests/support/catch.hpp"

namespace arcwave::test {

class Gen {
 public:
  explicit Gen(std::uint64_t seed) : rng_(seed) {}
  int pick(int lo, int hi) {
    return lo + static_cast<int>(rng_() % static_cast<std::uint64_t>(hi - lo + 1));
  }
  bool chance(int percent) { return pick(1, 100) <= percent; }
  std::mt19937_64& rng() { return rng_; }

  std::vector<Value> subset(Value lo, Value hi) {
    std::vector<Value> d;
    for (Value v = lo; v <= hi; ++v)
      if (chance(60)) d.push_back(v);
    if (d.empty()) d.push_back(lo);
    return d;
  }

  Operand operand(int vars, int constant_percent) {
    if (chance(constant_percent)) return {false, pick(-2, 6)};
    return {true, pick(0, vars - 1)};
  }

  Condition condition(int vars) {
    static constexpr Relation kOps[] = {Relation::kEq, Relation::kNe, Relation::kLt,
                                        Relation::kLe, Relation::kGt, Relation::kGe};
    Condition c;
    const int form = pick(0, 9);
    if (form <= 5) {  // a variable, the common case
      c.kind = Condition::Kind::kVariable;
      c.op = form <= 2 ? Relation::kEq : kOps[pick(0, 5)];
      c.value = pick(0, vars - 1);
    } else if (form <= 7) {
      c.kind = Condition::Kind::kConstant;
      c.op = kOps[pick(0, 5)];
      c.value = pick(-1, 6);
    } else if (form == 8) {
      c.kind = Condition::Kind::kRange;
      c.op = chance(50) ? Relation::kIn : Relation::kNotIn;
      c.lo = pick(-1, 3);
      c.hi = c.lo + pick(0, 4);
    } else {
      c.kind = Condition::Kind::kSet;
      c.op = chance(50) ? Relation::kIn : Relation::kNotIn;
      for (Value v = -1; v <= 6; ++v)
        if (chance(30)) c.set.push_back(v);
    }
    return c;
  }

 private:
  std::mt19937_64 rng_;
};

using ModelDomains = std::vector<Domain>;

inline std::vector<int> sizes_of(const ModelDomains& d) {
  std::vector<int> s;
  for (const auto& v : d) s.push_back(static_cast<int>(v.size()));
  return s;
}

inline std::vector<int> all_vars(const ModelDomains& d) {
  std::vector<int> v(d.size());
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = static_cast<int>(i);
  return v;
}

// Both propagators run to their fixpoints on their own contexts after every step; the domains
// (as present-value bitsets) and the outcomes must match.
inline void differential_walk(Gen& g, const ModelDomains& domains, cpu::Propagator& fresh,
                              cpu::Propagator& reference, int steps) {
  cpu::Context a(sizes_of(domains));
  cpu::Context b(sizes_of(domains));
  const int n = static_cast<int>(domains.size());
  std::vector<std::size_t> marks;
  auto same = [&]() {
    for (int x = 0; x < n; ++x) {
      REQUIRE(a.domains.size(x) == b.domains.size(x));
      for (int w = 0; w < a.domains.words(x); ++w)
        REQUIRE(a.domains.bits(x)[w] == b.domains.bits(x)[w]);
    }
  };
  for (int step = 0; step < steps; ++step) {
    INFO(fmt::format("step {}", step));
    a.tick();
    b.tick();
    const bool ok_a = fresh.propagate(a);
    const bool ok_b = reference.propagate(b);
    REQUIRE(ok_a == ok_b);
    if (ok_a) same();
    if (!ok_a || (!marks.empty() && g.chance(30))) {
      // Backtrack to a random earlier point (both logs hold the same removals up to there).
      if (marks.empty()) return;
      const std::size_t k = static_cast<std::size_t>(g.pick(0, static_cast<int>(marks.size()) - 1));
      a.domains.restore(marks[k]);
      b.domains.restore(marks[k]);
      marks.resize(k);
      a.clear_dirty();
      b.clear_dirty();
      same();
      continue;
    }
    // Remove one to three random present values (never emptying a domain).
    marks.push_back(a.domains.log_size());
    REQUIRE(a.domains.log_size() == b.domains.log_size());
    a.tick();  // as the engine does before a decision: the removals are newer than any run
    b.tick();
    for (int r = g.pick(1, 3); r > 0; --r) {
      const int x = g.pick(0, n - 1);
      if (a.domains.size(x) <= 1) continue;
      const int v = a.domains.dense(x)[g.pick(0, a.domains.size(x) - 1)];
      a.remove(x, v);
      b.remove(x, v);
    }
  }
}

}  // namespace arcwave::test
