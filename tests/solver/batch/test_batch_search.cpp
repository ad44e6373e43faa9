// The batched search's searcher on the host (the code the device runs, one thread): solution
// counts against published values and against the CPU engine, with and without work given away,
// first solutions checked, optima equal to the CPU solver's.
#include <fmt/format.h>

#include "instances/csp/generators.hpp"
#include "tests/solver/batch/batch_fixture.hpp"

namespace arcwave {

using test::batch_case;

namespace {

// Every solution counted on the host searcher equals the CPU engine's count; true when SAT.
bool counts_agree(const Model& m, long long donate_below) {
  const test::BatchCase c = batch_case(m);
  batch::BatchOptions o;
  o.all_solutions = true;
  o.donate_below = donate_below;
  const batch::BatchResult r = batch::batch_search_host(c.net, c.items, o);
  CHECK(r.complete);
  const std::uint64_t expected = test::cpu_count(m);
  CHECK(r.solutions == expected);
  return expected > 0;
}

}  // namespace

TEST_CASE("batched search counts n-queens solutions (OEIS A000170)", "[batch][counts]") {
  const std::uint64_t expected[] = {1, 0, 0, 2, 10, 4, 40, 92, 352, 724};
  for (int n = 1; n <= 10; ++n)
    for (gen::QueensEncoding enc :
         {gen::QueensEncoding::kIntension, gen::QueensEncoding::kExtension}) {
      for (long long donate : {0LL, 3LL}) {
        INFO(fmt::format("n {} encoding {} donate below {}", n, static_cast<int>(enc), donate));
        const test::BatchCase c = batch_case(gen::queens(n, enc));
        batch::BatchOptions o;
        o.all_solutions = true;
        o.donate_below = donate;
        const batch::BatchResult r = batch::batch_search_host(c.net, c.items, o);
        CHECK(r.complete);
        CHECK(r.solutions == expected[n - 1]);
        if (donate > 0 && n >= 6) CHECK(r.donations > 0);
      }
    }
}

TEST_CASE("batched search: a queue of a few slots is reused lap after lap", "[batch][counts]") {
  // Far more subproblems pass through the queue than it has slots: each slot is filled, taken
  // and freed many times (the ready words count the laps), and the counts stay exact.
  const std::uint64_t expected[] = {92, 352, 724};
  for (int n = 8; n <= 10; ++n)
    for (std::size_t capacity : {2U, 3U, 7U}) {
      INFO(fmt::format("queens {} capacity {}", n, capacity));
      const test::BatchCase c = batch_case(gen::queens(n, gen::QueensEncoding::kExtension));
      batch::BatchOptions o;
      o.all_solutions = true;
      o.donate_below = 5;
      o.queue_capacity = capacity;
      const batch::BatchResult r = batch::batch_search_host(c.net, c.items, o);
      CHECK(r.complete);
      CHECK(r.solutions == expected[n - 8]);
      CHECK(r.donations > 3 * capacity);
    }
}

TEST_CASE("batched search counts equal the CPU engine's on random networks", "[batch][counts]") {
  int sat = 0;
  for (int i = 0; i < 40; ++i) {
    const auto seed = static_cast<std::uint64_t>(9100 + i);
    const int n = 5 + i % 8;
    const int d = 2 + (i / 2) % 6;
    const int e = std::min(n * (n - 1) / 2, n + (i * 5) % (2 * n));
    const Model m = gen::rb({.n = n,
                             .d = d,
                             .e = e,
                             .tightness = 0.2 + 0.05 * (i % 8),
                             .seed = seed,
                             .supports = i % 2 == 0,
                             .forced = i % 5 == 0});
    INFO(fmt::format("network {} (seed {})", i, seed));
    sat += counts_agree(m, i % 3) ? 1 : 0;
  }
  CHECK(sat > 5);
  CHECK(sat < 40);
}

TEST_CASE("batched search counts equal the CPU engine's on domains of several words",
          "[batch][counts]") {
  int sat = 0;
  for (int i = 0; i < 8; ++i) {
    const auto seed = static_cast<std::uint64_t>(9700 + i);
    const int n = 5 + i % 3;
    const Model m = gen::rb({.n = n,
                             .d = 60 + 13 * i,  // one word up to 64 values, then two and three
                             .e = 2 * n,
                             .tightness = 0.75 + 0.02 * i,
                             .seed = seed,
                             .supports = i % 2 == 0,
                             .forced = i % 3 == 0});
    INFO(fmt::format("network {} (seed {})", i, seed));
    sat += counts_agree(m, i % 2) ? 1 : 0;
  }
  CHECK(sat > 0);
}

TEST_CASE("batched search: the first solution satisfies the model, UNSAT stays UNSAT", "[batch]") {
  for (int n : {4, 6, 8, 12, 16, 20}) {
    INFO("queens " << n);
    const test::BatchCase c = batch_case(gen::queens(n));
    const batch::BatchResult r = batch::batch_search_host(c.net, c.items, {});
    REQUIRE(r.solution.has_value());
    CHECK(c.model.check(test::values_of(c.model, *r.solution)));
    CHECK(r.solutions == 1);
  }
  for (int n : {2, 3}) {
    const test::BatchCase c = batch_case(gen::queens(n));
    const batch::BatchResult r = batch::batch_search_host(c.net, c.items, {});
    CHECK(r.complete);
    CHECK_FALSE(r.solution.has_value());
  }
}

TEST_CASE("batched search proves the CPU solver's optimum on small COPs", "[batch][cop]") {
  for (int i = 0; i < 20; ++i) {
    const auto seed = static_cast<std::uint64_t>(9300 + i);
    Model m = gen::rb({.n = 8, .d = 5, .e = 12, .tightness = 0.3, .seed = seed, .forced = true});
    Objective obj;
    obj.kind = Objective::Kind::kVariable;
    obj.variable = i % 8;
    obj.minimize = i % 2 == 0;
    m.set_objective(obj);
    INFO(fmt::format("network {} (seed {})", i, seed));
    SolverOptions so;
    so.backend = SolverBackend::kCpu;
    Solver cpu(m, so);
    const SolveResult expected = cpu.solve();
    REQUIRE(expected.status == SolveStatus::kOptimum);
    const test::BatchCase c = batch_case(m);
    batch::BatchOptions o;
    o.donate_below = i % 3;
    const batch::BatchResult r = batch::batch_search_host(c.net, c.items, o);
    CHECK(r.complete);
    REQUIRE(r.solution.has_value());
    const std::vector<Value> v = test::values_of(m, *r.solution);
    CHECK(m.check(v));
    CHECK(v[static_cast<std::size_t>(obj.variable)] == expected.best->objective.value());
  }
}

TEST_CASE("batched search counts equal the CPU engine's on random n-ary tables",
          "[batch][counts][nary]") {
  int sat = 0;
  for (int i = 0; i < 40; ++i) {
    const auto seed = static_cast<std::uint64_t>(9200 + i);
    const Model m = gen::random_network({.n = 7 + i % 5,
                                         .d = 2 + i % 4,
                                         .arity = 3 + i % 3,
                                         .constraints = 4 + i % 6,
                                         .tightness = 0.5 + 0.05 * (i % 9),
                                         .seed = seed});
    INFO(fmt::format("network {} (seed {})", i, seed));
    CHECK(batch_case(m).net.tables > 0);
    sat += counts_agree(m, i % 2) ? 1 : 0;
  }
  CHECK(sat > 5);
  CHECK(sat < 40);
}

TEST_CASE("batched search refuses what it cannot take", "[batch]") {
  // allDifferent on lists (no device propagator; channel, precedence and binPacking have one).
  Model m;
  std::vector<int> v;
  for (int i = 0; i < 4; ++i) v.push_back(m.add_variable("x" + std::to_string(i), {0, 1, 2}));
  AllDifferentListsConstraint c;
  c.lists = {{v[0], v[1]}, {v[2], v[3]}};
  m.add_constraint(c);
  const IndexedModel indexed = index_model(m);
  const auto why = batch::batch_refusal(indexed);
  REQUIRE(why.has_value());
  INFO(*why);
  CHECK(why->find("constraint #0 (") != std::string::npos);
  CHECK(why->find("has no device propagator") != std::string::npos);
}

// Not run by default (`test_batch_search "[.nodes]"`): nodes of one host searcher (dom/wdeg and
// dom/ddeg) against the CPU engine's sequential search without restarts on RB networks.
TEST_CASE("batched search: nodes of one searcher against the CPU engine", "[.nodes]") {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const Model m = gen::rb({.n = 40, .d = 15, .e = 200, .tightness = 0.46, .seed = seed});
    const test::BatchCase c = batch_case(m);
    std::string line = fmt::format("rb-40-15-200-0.46 seed {}:", seed);
    for (bool learn : {true, false}) {
      batch::BatchOptions bo;
      bo.learn_weights = learn;
      const batch::BatchResult host = batch::batch_search_host(c.net, c.items, bo);
      SolverOptions o;
      o.backend = SolverBackend::kCpu;
      o.threads = 1;
      o.restarts = RestartPolicy::kNone;
      o.var_heuristic = learn ? VarHeuristic::kDomWdeg : VarHeuristic::kDomDdeg;
      Solver solver(m, o);
      const SolveResult r = solver.solve();
      CHECK(host.complete);
      CHECK(host.solutions == r.solutions);
      line += fmt::format(" {}: searcher {} nodes, CPU {} nodes;", learn ? "dom/wdeg" : "dom/ddeg",
                          host.nodes, r.stats.nodes);
    }
    WARN(line);
  }
}

}  // namespace arcwave
