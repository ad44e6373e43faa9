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

TEST_CASE("300 random RB and composed networks: every propagator reaches AC4's fixpoint",
          "[propagation][ac4]") {
  // Larger networks than the naive reference can take: serial AC4 is the reference here, and
  // the closures are compared value by value.
  int wiped = 0;
  int reduced = 0;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    const int s = static_cast<int>(seed);
    Model m;
    switch (seed % 3) {
      case 0:
        m = gen::rb({.n = 20 + s % 21,
                     .d = 6 + s % 25,
                     .e = 40 + (s * 7) % 100,
                     .tightness = 0.3 + 0.05 * static_cast<double>(s % 12),
                     .seed = seed,
                     .supports = s % 2 == 0});
        break;
      case 1: {
        gen::ComposedParams p = gen::composed_family(20 + s % 16, 1 + s % 3, 2 + s % 24, seed);
        p.satellite_tightness = 0.35 + 0.05 * static_cast<double>(s % 7);
        m = gen::composed(p);
        break;
      }
      default:
        m = gen::rb({.n = 30,
                     .d = 40 + s % 40,
                     .e = 50 + s % 40,
                     .tightness = 0.8 + 0.008 * static_cast<double>(s % 25),
                     .seed = seed});
        break;
    }
    auto indexed = std::make_shared<const IndexedModel>(index_model(m));
    cpu::CpuEngineOptions options;
    options.tables = cpu::TableAlgorithm::kAc4;
    const cpu::FixpointResult ac4 = cpu::ac_fixpoint(indexed, options);
    wiped += ac4.wiped_out ? 1 : 0;
    reduced += !ac4.wiped_out && ac4.removed > 0 ? 1 : 0;
    for (cpu::TableAlgorithm algorithm :
         {cpu::TableAlgorithm::kAc3Bit, cpu::TableAlgorithm::kCompactTable}) {
      options.tables = algorithm;
      const cpu::FixpointResult r = cpu::ac_fixpoint(indexed, options);
      INFO(fmt::format("seed {} propagator {}", seed, cpu::to_string(algorithm)));
      REQUIRE(r.wiped_out == ac4.wiped_out);
      REQUIRE(r.domains == ac4.domains);
    }
  }
  INFO(fmt::format("{} wipe-outs, {} reduced closures", wiped, reduced));
  CHECK(wiped >= 30);
  CHECK(reduced >= 30);
}

}  // namespace arcwave
