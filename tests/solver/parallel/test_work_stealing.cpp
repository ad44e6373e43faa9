// Work stealing in MacSearch::run_subproblem against brute force: hooks that ask for work at
// random polls make the search give away its shallowest right branch (with the refutations made
// under the decision it keeps); the gifts are searched in turn by two engines, as workers would.
// Every solution must come out exactly once, the best objective must be the brute-force optimum
// with bounds shared between the two searches, and each engine is back at depth 0 after every
// subproblem.
#include <algorithm>
#include <deque>
#include <memory>
#include <random>

#include <fmt/format.h>

#include "propagation/cpu/cpu_engine.hpp"
#include "propagation/indexed/indexed_model.hpp"
#include "solver/search/mac_search.hpp"
#include "tests/propagation/cpu/engine_domains.hpp"
#include "tests/solver/parallel/brute_force.hpp"
#include "tests/support/catch.hpp"

namespace arcwave {

namespace {

using search::AfterSolution;

// Asks for work at a random share of the polls; shares one best bound between searches.
class RandomHooks final : public search::SearchHooks {
 public:
  RandomHooks(std::uint64_t seed, double rate, std::deque<search::Subproblem>& queue,
              const std::optional<Value>& shared, bool minimize)
      : rng_(seed), rate_(rate), queue_(queue), shared_(shared), minimize_(minimize) {}
  std::optional<Value> bound_to_apply() override {
    if (!shared_ || (applied_ && !(minimize_ ? *shared_ < *applied_ : *shared_ > *applied_)))
      return std::nullopt;
    applied_ = shared_;
    return applied_;
  }
  [[nodiscard]] bool work_wanted() const override {
    return std::uniform_real_distribution<double>(0, 1)(rng_) < rate_;
  }
  void give(search::Subproblem gift) override {
    ++gifts;
    queue_.push_back(std::move(gift));
  }
  void applied(Value v) { applied_ = v; }
  int gifts = 0;

 private:
  mutable std::mt19937_64 rng_;
  double rate_;
  std::deque<search::Subproblem>& queue_;
  const std::optional<Value>& shared_;
  bool minimize_;
  std::optional<Value> applied_;
};

search::SearchConfig config_for(std::uint64_t seed) {
  search::SearchConfig c;
  c.var_heuristic = seed % 2 == 0 ? VarHeuristic::kDomWdeg : VarHeuristic::kDomDdeg;
  c.val_heuristic = seed % 3 == 0 ? ValHeuristic::kRandom : ValHeuristic::kLex;
  c.seed = seed;
  return c;
}

}  // namespace

TEST_CASE("splitting at random nodes finds every solution exactly once", "[parallel][stealing]") {
  int checked = 0;
  int gifts = 0;
  for (std::uint64_t seed = 1; seed <= 300 && checked < 60; ++seed) {
    const Model m = test::small_network(seed);
    if (test::domain_product(m) > 1e5) continue;
    ++checked;
    const auto expected = test::all_solutions(m);
    const auto indexed = std::make_shared<const IndexedModel>(index_model(m));
    for (const double rate : {0.05, 0.3, 1.0}) {
      INFO(fmt::format("seed {} rate {}", seed, rate));
      search::SearchConfig config = config_for(seed);
      config.restarts = RestartPolicy::kNone;  // all solutions
      std::deque<search::Subproblem> queue{{}};
      const std::optional<Value> none;
      cpu::CpuEngine e0(indexed);
      cpu::CpuEngine e1(indexed);
      search::MacSearch s0(e0, config, nullptr);
      search::MacSearch s1(e1, config, nullptr);
      RandomHooks h0(seed, rate, queue, none, true);
      RandomHooks h1(seed + 1000, rate, queue, none, true);
      s0.set_hooks(&h0);
      s1.set_hooks(&h1);
      const bool root = s0.propagate_root();
      REQUIRE(root == s1.propagate_root());
      std::vector<std::vector<int>> found;
      const search::OnSolution collect = [&](std::span<const int> s) {
        found.emplace_back(s.begin(), s.end());
        return AfterSolution{AfterSolution::Action::kContinue, 0};
      };
      for (int turn = 0; root && !queue.empty(); ++turn) {
        search::Subproblem next = std::move(queue.front());
        queue.pop_front();
        Engine& engine = turn % 2 == 0 ? static_cast<Engine&>(e0) : e1;
        search::MacSearch& s = turn % 2 == 0 ? s0 : s1;
        REQUIRE(s.run_subproblem(std::move(next), collect) == search::SearchOutcome::kExhausted);
        REQUIRE(engine.depth() == 0);
      }
      std::sort(found.begin(), found.end());
      REQUIRE(found == expected);
      gifts += h0.gifts + h1.gifts;
      CHECK(s0.stats().splits + s1.stats().splits ==
            static_cast<std::uint64_t>(h0.gifts + h1.gifts));
    }
  }
  CHECK(checked >= 50);
  CHECK(gifts >= 500);
}

TEST_CASE("splitting with shared bounds and restarts finds the optimum",
          "[parallel][stealing][optimise]") {
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 300 && checked < 50; ++seed) {
    Model m = test::small_network(seed);
    if (test::domain_product(m) > 1e5) continue;
    ++checked;
    Objective obj;
    obj.minimize = seed % 2 == 1;
    obj.kind = Objective::Kind::kSum;
    for (int x = 0; x < static_cast<int>(m.variable_count()); ++x) {
      obj.scope.push_back(x);
      obj.coeffs.push_back(static_cast<Value>((x * 3 + static_cast<int>(seed)) % 5) - 2);
    }
    m.set_objective(obj);
    std::optional<Value> expected;
    for (const auto& s : test::all_solutions(m)) {
      std::vector<Value> v(s.size());
      for (std::size_t i = 0; i < s.size(); ++i)
        v[i] = m.variables()[i].domain[static_cast<std::size_t>(s[i])];
      const Value o = *obj.evaluate(v);
      if (!expected || (obj.minimize ? o < *expected : o > *expected)) expected = o;
    }
    const auto indexed = std::make_shared<const IndexedModel>(index_model(m));
    search::SearchConfig config = config_for(seed);
    config.restarts = RestartPolicy::kLuby;
    config.restart_base = 2;  // restarts (and bounds applied there) on small networks
    std::deque<search::Subproblem> queue{{}};
    std::optional<Value> best;
    cpu::CpuEngine e0(indexed);
    cpu::CpuEngine e1(indexed);
    search::MacSearch s0(e0, config, nullptr);
    search::MacSearch s1(e1, config, nullptr);
    RandomHooks h0(seed, 0.2, queue, best, obj.minimize);
    RandomHooks h1(seed + 7, 0.2, queue, best, obj.minimize);
    s0.set_hooks(&h0);
    s1.set_hooks(&h1);
    const bool root = s0.propagate_root();
    REQUIRE(root == s1.propagate_root());
    for (int turn = 0; root && !queue.empty(); ++turn) {
      search::Subproblem next = std::move(queue.front());
      queue.pop_front();
      RandomHooks& h = turn % 2 == 0 ? h0 : h1;
      const search::OnSolution improve = [&](std::span<const int> s) {
        std::vector<Value> v(s.size());
        for (std::size_t i = 0; i < s.size(); ++i)
          v[i] = m.variables()[i].domain[static_cast<std::size_t>(s[i])];
        REQUIRE(m.check(v));
        const Value o = *obj.evaluate(v);
        // Each solution must beat the bound this search applied (or is stale by another's).
        if (!best || (obj.minimize ? o < *best : o > *best)) best = o;
        h.applied(*best);
        return AfterSolution{AfterSolution::Action::kImprove, *best};
      };
      search::MacSearch& s = turn % 2 == 0 ? s0 : s1;
      REQUIRE(s.run_subproblem(std::move(next), improve) == search::SearchOutcome::kExhausted);
      REQUIRE((turn % 2 == 0 ? e0.depth() : e1.depth()) == 0);
    }
    INFO(fmt::format("seed {}", seed));
    REQUIRE(best == expected);
  }
  CHECK(checked >= 40);
}

}  // namespace arcwave
