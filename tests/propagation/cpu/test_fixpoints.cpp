// Every table propagator (serial AC4, AC3bit+rm, Compact-Table) reaches the GAC closure the
// naive reference computes from the checker's semantics, value by value, wipe-outs included.
#include <fmt/format.h>

#include "tests/propagation/cpu/engine_domains.hpp"
#include "tests/support/catch.hpp"

namespace arcwave {

TEST_CASE("table propagators reach the naive GAC closure on 400 random networks",
          "[propagation][ac4]") {
  int wiped = 0;
  int reduced = 0;
  for (std::uint64_t seed = 1; seed <= 400; ++seed) {
    const Model m = test::small_network(seed);
    const auto reference = test::naive_gac(m, test::initial_domains(m));
    auto indexed = std::make_shared<const IndexedModel>(index_model(m));
    wiped += reference ? 0 : 1;
    if (reference && *reference != test::initial_domains(m)) ++reduced;
    for (cpu::TableAlgorithm algorithm : test::kAllTableAlgorithms) {
      cpu::CpuEngineOptions options;
      options.tables = algorithm;
      const cpu::FixpointResult r = cpu::ac_fixpoint(indexed, options);
      INFO(fmt::format("seed {} propagator {}", seed, cpu::to_string(algorithm)));
      REQUIRE(r.wiped_out == !reference.has_value());
      if (reference) REQUIRE(test::fixpoint_values(r, *indexed) == *reference);
    }
  }
  // The sample must exercise both outcomes, not only trivial fixpoints.
  INFO(fmt::format("{} wipe-outs, {} reduced closures", wiped, reduced));
  CHECK(wiped >= 20);
  CHECK(reduced >= 80);
}

TEST_CASE("tightness-0.9 and composed networks: AC4 and the fast propagators agree",
          "[propagation][ac4]") {
  // Larger networks than the naive reference can take: AC4 is the reference here.
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    Model m;
    if (seed % 2 == 0) {
      m = gen::rb({.n = 40,
                   .d = 30,
                   .e = 120,
                   .tightness = 0.5 + 0.03 * static_cast<double>(seed),
                   .seed = seed});
    } else {
      m = gen::composed(gen::composed_family(25, 2, 10, seed));
    }
    auto indexed = std::make_shared<const IndexedModel>(index_model(m));
    cpu::CpuEngineOptions options;
    options.tables = cpu::TableAlgorithm::kAc4;
    const cpu::FixpointResult ac4 = cpu::ac_fixpoint(indexed, options);
    for (cpu::TableAlgorithm algorithm :
         {cpu::TableAlgorithm::kAc3Bit, cpu::TableAlgorithm::kCompactTable}) {
      options.tables = algorithm;
      const cpu::FixpointResult r = cpu::ac_fixpoint(indexed, options);
      INFO(fmt::format("seed {} propagator {}", seed, cpu::to_string(algorithm)));
      REQUIRE(r.wiped_out == ac4.wiped_out);
      REQUIRE(r.domains == ac4.domains);
    }
  }
}

}  // namespace arcwave
