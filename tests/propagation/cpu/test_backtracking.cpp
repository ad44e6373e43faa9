// Random walks of decisions, refutations and backtracks: after every step the engine's
// domains equal the GAC closure of the initial domains restricted by the active decisions
// (the closure is unique), so counters, tables and residues are restored exactly.
#include <random>

#include <fmt/format.h>

#include "tests/propagation/cpu/engine_domains.hpp"
#include "tests/support/catch.hpp"

namespace arcwave {

namespace {

struct Step {
  int var;
  Value value;
  bool assign;  // else: remove
};

std::optional<test::Domains> closure_under(const Model& m,
                                           const std::vector<std::vector<Step>>& levels) {
  test::Domains d = test::initial_domains(m);
  for (const auto& level : levels)
    for (const Step& s : level) {
      auto& dom = d[static_cast<std::size_t>(s.var)];
      if (s.assign)
        std::erase_if(dom, [&](Value v) { return v != s.value; });
      else
        std::erase_if(dom, [&](Value v) { return v == s.value; });
    }
  return test::naive_gac(m, d);
}

void walk(const Model& m, cpu::TableAlgorithm algorithm, std::uint64_t seed) {
  auto indexed = std::make_shared<const IndexedModel>(index_model(m));
  cpu::CpuEngineOptions options;
  options.tables = algorithm;
  cpu::CpuEngine engine(indexed, options);
  std::vector<std::vector<Step>> levels(1);  // steps per depth (depth 0 first)
  if (!engine.propagate_root()) {
    REQUIRE(!test::naive_gac(m, test::initial_domains(m)));
    return;
  }
  std::mt19937_64 rng(seed);
  for (int step = 0; step < 40; ++step) {
    INFO(fmt::format("seed {} propagator {} step {}", seed, cpu::to_string(algorithm), step));
    const int op = static_cast<int>(rng() % 3);
    if (op == 2 && engine.depth() > 0) {
      engine.pop();
      levels.pop_back();
    } else {
      std::vector<int> open;
      for (int x = 0; x < engine.variable_count(); ++x)
        if (engine.size(x) > 1) open.push_back(x);
      if (open.empty()) {
        if (engine.depth() == 0) return;
        engine.pop();
        levels.pop_back();
      } else {
        const int x = open[rng() % open.size()];
        std::vector<int> values;
        engine.values(x, values);
        const int a = values[rng() % values.size()];
        const Value v = indexed->domains[static_cast<std::size_t>(x)][static_cast<std::size_t>(a)];
        const bool assign = op == 0;
        engine.push();
        levels.emplace_back();
        levels.back().push_back({x, v, assign});
        const bool ok = assign ? engine.assign(x, a) : engine.remove(x, a);
        const auto reference = closure_under(m, levels);
        REQUIRE(ok == reference.has_value());
        if (!ok) {
          engine.pop();
          levels.pop_back();
        }
      }
    }
    const auto reference = closure_under(m, levels);
    REQUIRE(reference.has_value());
    REQUIRE(test::engine_domains(engine, *indexed) == *reference);
  }
}

}  // namespace

TEST_CASE("domains after decisions and backtracks equal the reference closure",
          "[propagation][backtrack]") {
  for (std::uint64_t seed = 1; seed <= 120; ++seed) {
    const Model m = test::small_network(seed);
    for (cpu::TableAlgorithm algorithm : test::kAllTableAlgorithms) walk(m, algorithm, seed);
  }
}

}  // namespace arcwave
