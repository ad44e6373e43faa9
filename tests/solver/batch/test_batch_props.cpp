// The batched search's device propagators (solver/batch/props/) on the host reference searcher,
// kind by kind, against the CPU engine: fixpoints after random decisions and backtracks (equal
// where the device filters as the CPU does, else a superset that keeps every solution), and
// solution counts and optima of whole searches, with and without work given away.
#include <fmt/format.h>

#include "tests/solver/batch/batch_fixture.hpp"
#include "tests/solver/batch/global_kinds.hpp"
#include "tests/solver/batch/prop_fixture.hpp"

namespace arcwave {

namespace {

cpu::CpuEngineOptions cpu_options(const test::GlobalKind& kind) {
  cpu::CpuEngineOptions o;
  o.all_different_matching = !kind.value_elimination;
  return o;
}

}  // namespace

TEST_CASE("device propagators: fixpoints after decisions and backtracks against the CPU engine's",
          "[batch][props]") {
  for (const test::GlobalKind& kind : test::global_kinds()) {
    int compared = 0;
    for (int i = 0; i < 40; ++i) {
      const auto seed = static_cast<std::uint64_t>(7100 + i);
      const Model m = test::global_model(kind, seed);
      auto indexed = std::make_shared<const IndexedModel>(index_model(m));
      INFO(fmt::format("{} model {} (seed {})", kind.name, i, seed));
      REQUIRE(!batch::batch_refusal(*indexed).has_value());
      const batch::BatchNetwork net = batch::make_batch_network(*indexed);
      if (indexed->trivially_false) continue;
      compared +=
          test::compare_fixpoints(m, net, indexed, cpu_options(kind), kind.relation, seed * 31, 30);
    }
    INFO(kind.name);
    CHECK(compared > 200);
  }
}

TEST_CASE("device propagators: counts and optima equal the CPU engine's", "[batch][props]") {
  for (const test::GlobalKind& kind : test::global_kinds()) {
    int sat = 0;
    for (int i = 0; i < 30; ++i) {
      const auto seed = static_cast<std::uint64_t>(7300 + i);
      Model m = test::global_model(kind, seed);
      INFO(fmt::format("{} model {} (seed {})", kind.name, i, seed));
      const test::BatchCase c = test::batch_case(m);
      batch::BatchOptions o;
      o.all_solutions = true;
      o.donate_below = i % 3;
      const batch::BatchResult r = batch::batch_search_host(c.net, c.items, o);
      CHECK(r.complete);
      const std::uint64_t expected = test::cpu_count(m);
      CHECK(r.solutions == expected);
      sat += expected > 0 ? 1 : 0;
      // The first solution satisfies the model.
      const batch::BatchResult first = batch::batch_search_host(c.net, c.items, {});
      CHECK(first.solution.has_value() == (expected > 0));
      if (first.solution) CHECK(m.check(test::values_of(m, *first.solution)));
    }
    INFO(kind.name);
    CHECK(sat > 3);
  }
}

}  // namespace arcwave
