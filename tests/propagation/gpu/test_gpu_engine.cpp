// The GPU engine for MAC search (propagation/gpu/gpu_engine.hpp) against the CPU engine with
// serial AC4: arc-consistent closures are unique, so with a deterministic search (dom/ddeg,
// lexicographic values, no restarts, no last-conflict) both engines see the same domains after
// every decision. The trees may still differ where dom/ddeg breaks ties (the engines number and
// group constraints differently: the degree counts differ), so what must agree is the root
// fixpoint (also after a second root propagation) and the set of all solutions (each checked
// against the model).
#include <algorithm>
#include <memory>
#include <vector>

#include "arcwave/error.hpp"
#include "arcwave/solver.hpp"
#include "instances/csp/generators.hpp"
#include "propagation/cpu/cpu_engine.hpp"
#include "propagation/gpu/gpu_engine.hpp"
#include "propagation/indexed/indexed_model.hpp"
#include "solver/search/mac_search.hpp"
#include "tests/support/catch.hpp"
#include "tests/support/gpu.hpp"

namespace arcwave {
namespace {

std::unique_ptr<Engine> cpu_ac4(const Model& m) {
  cpu::CpuEngineOptions options;
  options.tables = cpu::TableAlgorithm::kAc4;
  return std::make_unique<cpu::CpuEngine>(std::make_shared<const IndexedModel>(index_model(m)),
                                          options);
}

struct Run {
  bool root_consistent = false;
  std::vector<std::vector<int>> root_domains;
  std::vector<std::vector<int>> solutions;
  search::SearchStats stats;
};

Run all_solutions(Engine& engine, std::size_t max_solutions) {
  Run run;
  run.root_consistent = engine.propagate_root();
  std::vector<int> values;
  for (int v = 0; v < engine.variable_count() && run.root_consistent; ++v) {
    engine.values(v, values);
    run.root_domains.push_back(values);
  }
  if (!run.root_consistent) return run;
  // A second root propagation (MacSearch::run makes one) changes nothing: an engine that
  // re-applied the root's deletions corrupted its domains and lost solutions.
  REQUIRE(engine.propagate_root());
  for (int v = 0; v < engine.variable_count(); ++v) {
    engine.values(v, values);
    REQUIRE(values == run.root_domains[static_cast<std::size_t>(v)]);
    REQUIRE(engine.size(v) == static_cast<int>(values.size()));
  }
  search::SearchConfig config;
  config.var_heuristic = VarHeuristic::kDomDdeg;
  config.restarts = RestartPolicy::kNone;
  config.last_conflict = false;
  search::MacSearch mac(engine, config, nullptr);
  mac.run([&](std::span<const int> solution) {
    run.solutions.emplace_back(solution.begin(), solution.end());
    search::AfterSolution after;
    after.action = run.solutions.size() < max_solutions ? search::AfterSolution::Action::kContinue
                                                        : search::AfterSolution::Action::kStop;
    return after;
  });
  run.stats = mac.stats();
  return run;
}

// `max_solutions` below the real count: only the number found is compared (the first solutions
// depend on the tree).
void same_search(const Model& m, std::size_t max_solutions) {
  const std::unique_ptr<Engine> cpu = cpu_ac4(m);
  const std::unique_ptr<Engine> gpu = make_gpu_engine(m);
  const Run a = all_solutions(*cpu, max_solutions);
  const Run b = all_solutions(*gpu, max_solutions);
  REQUIRE(a.root_consistent == b.root_consistent);
  CHECK(a.root_domains == b.root_domains);
  std::vector<std::vector<int>> sa = a.solutions, sb = b.solutions;
  std::sort(sa.begin(), sa.end());
  std::sort(sb.begin(), sb.end());
  if (sa.size() < max_solutions && sb.size() < max_solutions)
    CHECK(sa == sb);
  else
    CHECK(sa.size() == sb.size());
  for (const auto& s : b.solutions) {
    std::vector<Value> values;
    for (std::size_t v = 0; v < s.size(); ++v)
      values.push_back(m.variables()[v].domain[static_cast<std::size_t>(s[v])]);
    CHECK(m.check(values));
  }
}

TEST_CASE("GPU engine: n-queens counts and solutions equal the CPU AC4 engine's", "[gpu]") {
  ARCWAVE_REQUIRE_GPU();
  const std::vector<std::size_t> counts = {1, 0, 0, 2, 10, 4, 40, 92};
  for (int n = 4; n <= 8; ++n) {
    INFO("queens " << n);
    const Model m = gen::queens(n, gen::QueensEncoding::kExtension);
    same_search(m, 1000);
    const Run r = all_solutions(*make_gpu_engine(m), 1000);
    CHECK(r.solutions.size() == counts[static_cast<std::size_t>(n - 1)]);
  }
}

TEST_CASE("GPU engine: random RB networks, same solutions as CPU AC4", "[gpu]") {
  ARCWAVE_REQUIRE_GPU();
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    INFO("seed " << seed);
    const double tightness = 0.3 + 0.01 * static_cast<double>(seed % 20);
    const Model m = gen::rb(
        {.n = 12, .d = 6, .e = 30, .tightness = tightness, .seed = seed, .forced = seed % 3 == 0});
    same_search(m, 1'000'000);
  }
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    INFO("larger, seed " << seed);
    const Model m =
        gen::rb({.n = 30, .d = 15, .e = 208, .tightness = 0.2, .seed = seed, .forced = true});
    same_search(m, 1);
  }
}

TEST_CASE("GPU engine: n-ary networks are refused (the N-E model is binary)", "[gpu]") {
  ARCWAVE_REQUIRE_GPU();
  Model ternary = gen::random_network(
      {.n = 6, .d = 3, .arity = 3, .constraints = 4, .tightness = 0.3, .seed = 1});
  CHECK_THROWS_AS(make_gpu_engine(ternary), Unsupported);
}

}  // namespace
}  // namespace arcwave

namespace arcwave {

TEST_CASE(
    "solve with --backend auto: the GPU engine on dense large-domain networks, the batched "
    "search on other networks without cliques of !=, the CPU on those with",
    "[gpu][engine]") {
  ARCWAVE_REQUIRE_GPU();
  SolverOptions options;
  options.time_limit_seconds = 10;
  // 2 * 250 * 300 / 30 = 5,000 value pairs per value: the threshold (backend_choice.hpp).
  Solver dense(gen::rb({.n = 30, .d = 250, .e = 300, .tightness = 0.5, .seed = 5, .forced = true}),
               options);
  const SolveResult r = dense.solve();
  INFO(r.backend);
  CHECK(r.backend.rfind("gpu (auto: 5000 value pairs per value", 0) == 0);
  CHECK(r.status != SolveStatus::kUnsatisfiable);  // forced: a solution exists
  if (r.best)
    CHECK(gen::rb({.n = 30, .d = 250, .e = 300, .tightness = 0.5, .seed = 5, .forced = true})
              .check(r.best->values));
  Solver sparse(gen::rb({.n = 30, .d = 20, .e = 100, .tightness = 0.3, .seed = 5}), options);
  const SolveResult s = sparse.solve();
  INFO(s.backend);
  CHECK(s.backend.rfind("gpu (auto: no cliques of != constraints", 0) == 0);
  CHECK(s.backend.find("batched MAC") != std::string::npos);
  CHECK(s.status != SolveStatus::kUnknown);
  // A quasigroup with holes stated with binary != (always satisfiable): cliques, the CPU.
  const Model qwh = gen::latin_square(7, 0.5, 3, /*use_all_different=*/false);
  Solver latin(qwh, options);
  const SolveResult q = latin.solve();
  INFO(q.backend);
  CHECK(q.backend.rfind("cpu (auto: ", 0) == 0);
  CHECK(q.backend.find("not the batched GPU search: 14 cliques") != std::string::npos);
  REQUIRE(q.best);
  CHECK(qwh.check(q.best->values));
}

}  // namespace arcwave
