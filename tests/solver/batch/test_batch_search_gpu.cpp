// The batched search on the device against the same searcher on the host ([gpu]): counts on
// n-queens and random networks, first solutions checked, optima on small COPs.
#include <fmt/format.h>

#include "instances/csp/generators.hpp"
#include "tests/solver/batch/batch_fixture.hpp"
#include "tests/support/gpu.hpp"

namespace arcwave {

using test::batch_case;

TEST_CASE("batched search on the device counts what the host counts", "[batch][gpu]") {
  ARCWAVE_REQUIRE_GPU();
  for (int n = 1; n <= 11; ++n) {
    const test::BatchCase c = batch_case(gen::queens(n));
    batch::BatchOptions o;
    o.all_solutions = true;
    const batch::BatchResult host = batch::batch_search_host(c.net, c.items, o);
    for (int threads : {32, 64, 128}) {
      INFO(fmt::format("queens {} threads {}", n, threads));
      o.threads_per_searcher = threads;
      const batch::BatchResult dev = batch::batch_search_device(c.net, c.items, o);
      CHECK(dev.complete);
      CHECK(dev.solutions == host.solutions);
    }
  }
  for (int i = 0; i < 30; ++i) {
    const auto seed = static_cast<std::uint64_t>(9500 + i);
    const int n = 8 + i % 12;
    const Model m = gen::rb({.n = n,
                             .d = 3 + i % 6,
                             .e = 2 * n,
                             .tightness = 0.25 + 0.02 * i,
                             .seed = seed,
                             .supports = i % 2 == 0,
                             .forced = i % 4 == 0});
    INFO(fmt::format("network {} (seed {})", i, seed));
    const test::BatchCase c = batch_case(m);
    batch::BatchOptions o;
    o.all_solutions = true;
    const batch::BatchResult host = batch::batch_search_host(c.net, c.items, o);
    const batch::BatchResult dev = batch::batch_search_device(c.net, c.items, o);
    CHECK(dev.complete);
    CHECK(dev.solutions == host.solutions);
  }
}

TEST_CASE("batched search on the device: first solutions and optima", "[batch][gpu]") {
  ARCWAVE_REQUIRE_GPU();
  for (int n : {8, 20, 40}) {
    const test::BatchCase c = batch_case(gen::queens(n));
    const batch::BatchResult r = batch::batch_search_device(c.net, c.items, {});
    REQUIRE(r.solution.has_value());
    CHECK(c.model.check(test::values_of(c.model, *r.solution)));
  }
  for (int i = 0; i < 10; ++i) {
    Model m = gen::rb({.n = 10,
                       .d = 6,
                       .e = 18,
                       .tightness = 0.3,
                       .seed = static_cast<std::uint64_t>(9700 + i),
                       .forced = true});
    Objective obj;
    obj.variable = i % 10;
    obj.minimize = i % 2 == 0;
    m.set_objective(obj);
    const test::BatchCase c = batch_case(m);
    const batch::BatchResult host = batch::batch_search_host(c.net, c.items, {});
    const batch::BatchResult dev = batch::batch_search_device(c.net, c.items, {});
    REQUIRE(dev.solution.has_value());
    REQUIRE(host.solution.has_value());
    CHECK(dev.complete);
    const std::vector<Value> v = test::values_of(m, *dev.solution);
    CHECK(m.check(v));
    CHECK((*dev.solution)[static_cast<std::size_t>(obj.variable)] ==
          (*host.solution)[static_cast<std::size_t>(obj.variable)]);
  }
}

}  // namespace arcwave

namespace arcwave {

// Small enough for compute-sanitizer's racecheck and memcheck (bench/device/batch.sh).
TEST_CASE("batched search on the device: small cases for the sanitizers", "[batch][gpu][race]") {
  ARCWAVE_REQUIRE_GPU();
  const test::BatchCase q = batch_case(gen::queens(6));
  batch::BatchOptions o;
  o.all_solutions = true;
  o.searchers = 8;
  CHECK(batch::batch_search_device(q.net, q.items, o).solutions == 4);
  const Model m = gen::random_network(
      {.n = 7, .d = 3, .arity = 3, .constraints = 5, .tightness = 0.6, .seed = 9900});
  const test::BatchCase t = batch_case(m);
  CHECK(batch::batch_search_device(t.net, t.items, o).solutions == test::cpu_count(m));
}

}  // namespace arcwave
