// --backend auto's choice (solver/api/backend_choice.hpp) on generated networks on both sides of
// the measured threshold, and the cases that keep search on the CPU whatever the size.
#include <filesystem>
#include <map>
#include <string>
#include <utility>

#include "instances/csp/generators.hpp"
#include "parsers/xcsp/xcsp_reader.hpp"
#include "solver/api/backend_choice.hpp"
#include "tests/support/catch.hpp"
#include "tests/support/paths.hpp"

using namespace arcwave;

TEST_CASE("auto picks the GPU engine on dense large-domain binary networks only", "[solver]") {
  // The MAC benchmark's networks (bench/mac_gpu): the GPU won on the first two, lost on the others.
  const Model big = gen::rb({.n = 100, .d = 250, .e = 1500, .tightness = 0.6, .seed = 7});
  const Model wide = gen::rb({.n = 50, .d = 500, .e = 600, .tightness = 0.6, .seed = 7});
  const Model mid = gen::rb({.n = 40, .d = 180, .e = 300, .tightness = 0.5, .seed = 3});
  const Model small = gen::rb({.n = 60, .d = 100, .e = 500, .tightness = 0.6, .seed = 7});
  const BackendChoice b = choose_backend(big, true, "");
  CHECK(b.gpu);
  CHECK(b.pairs_per_value == Approx(2.0 * 250 * 250 * 1500 / (100 * 250)));
  CHECK(b.reason.find("7500 value pairs per value") != std::string::npos);
  CHECK(choose_backend(wide, true, "").gpu);
  const BackendChoice m = choose_backend(mid, true, "");
  CHECK_FALSE(m.gpu);
  CHECK(m.pairs_per_value == Approx(2.0 * 180 * 180 * 300 / (40 * 180)));
  CHECK_FALSE(choose_backend(small, true, "").gpu);
  // without a usable GPU: the CPU, with the reason given
  const BackendChoice none = choose_backend(big, false, "no device found");
  CHECK_FALSE(none.gpu);
  CHECK(none.reason.find("no device found") != std::string::npos);
}

TEST_CASE("auto keeps n-ary models and non-variable objectives on the CPU", "[solver]") {
  Model nary;
  for (int i = 0; i < 3; ++i) {
    std::vector<Value> domain(1000);
    for (int v = 0; v < 1000; ++v) domain[static_cast<std::size_t>(v)] = v;
    nary.add_variable("x" + std::to_string(i), domain);
  }
  auto table = std::make_shared<Table>();
  table->arity = 3;
  table->supports = true;
  table->cells = {0, 1, 2};
  nary.add_constraint(ExtensionConstraint{{0, 1, 2}, table});
  const BackendChoice n = choose_backend(nary, true, "");
  CHECK_FALSE(n.gpu);
  CHECK(n.reason.find("3 variables") != std::string::npos);
  Model opt = gen::rb({.n = 100, .d = 250, .e = 1500, .tightness = 0.6, .seed = 7});
  Objective sum;
  sum.kind = Objective::Kind::kSum;
  sum.scope = {0, 1};
  sum.coeffs = {1, 1};
  opt.set_objective(sum);
  CHECK_FALSE(choose_backend(opt, true, "").gpu);
}

TEST_CASE("auto runs the batched GPU search unless the model has cliques of differences",
          "[solver]") {
  // Random binary networks (the shared family B, where the batched search won) have no cliques
  // of !=; quasigroups stated with binary != (family lat, where the CPU's allDifferent won) do.
  const Model rb = gen::rb({.n = 40, .d = 10, .e = 200, .tightness = 0.4, .seed = 11});
  const BackendChoice r = choose_batched(index_model(rb));
  CHECK(r.gpu);
  CHECK(r.reason.find("no cliques") != std::string::npos);
  const Model qwh = gen::latin_square(8, 0.5, 3, /*use_all_different=*/false);
  const BackendChoice q = choose_batched(index_model(qwh));
  CHECK_FALSE(q.gpu);
  // rows and columns: 16 cliques of 8 variables, each difference edge in one of them
  CHECK(q.reason.find("16 cliques") != std::string::npos);
}

TEST_CASE("auto keeps scheduling and circuit models off the batched search, naming the constraint",
          "[solver]") {
  // Their device propagators (time-tabling, pairwise disjunctions, subtours) filter far less
  // than the CPU's; a model without them, the same variables and an nValues, goes to the GPU.
  for (int kind = 0; kind < 4; ++kind) {
    Model m;
    std::vector<int> x;
    for (int i = 0; i < 4; ++i) x.push_back(m.add_variable("x" + std::to_string(i), {0, 1, 2, 3}));
    if (kind == 0) {
      m.add_constraint(
          NoOverlapConstraint{{{x[0]}, {x[1]}, {x[2]}},
                              {{Operand{false, 1}}, {Operand{false, 2}}, {Operand{false, 1}}},
                              true});
    } else if (kind == 1) {
      CumulativeConstraint c;
      c.origins = {x[0], x[1], x[2]};
      c.lengths.assign(3, Operand{false, 2});
      c.heights.assign(3, Operand{false, 1});
      c.condition.op = Relation::kLe;
      c.condition.value = 2;
      m.add_constraint(c);
    } else if (kind == 2) {
      m.add_constraint(CircuitConstraint{x, 0, std::nullopt});
    } else {
      NValuesConstraint v;
      v.scope = x;
      v.condition.op = Relation::kGt;
      v.condition.value = 1;
      m.add_constraint(v);
    }
    const BackendChoice c = choose_batched(index_model(m));
    INFO(c.reason);
    CHECK(c.gpu == (kind == 3));
    static constexpr const char* kNames[] = {"(noOverlap)", "(cumulative)", "(circuit)"};
    if (kind < 3) CHECK(c.reason.find(std::string("constraint #0 ") + kNames[kind]) == 0);
  }
}

TEST_CASE("auto's batched-search rule routes the shared families as measured", "[solver][shared]") {
  // docs/results/h100x2-2026-11-27-s8.md: the batched search won every hard file of B (random
  // tables) and lost every hard file of lat (quasigroups) and hay (Haystacks) to the CPU.
  const std::filesystem::path shared = test::shared_instances_dir();
  if (shared.empty()) {
    WARN("no shared instances (set ARCWAVE_SHARED_INSTANCES)");
    return;
  }
  const std::filesystem::path binary = shared / "xcsp3-binary";
  std::map<std::string, std::pair<int, int>> routed;  // family: (gpu, cpu)
  for (const std::string family : {"B", "lat", "hay"})
    for (const auto& entry : std::filesystem::directory_iterator(binary / family)) {
      const XcspInstance read = read_xcsp(entry.path().string());
      const bool gpu = choose_batched(index_model(read.model)).gpu;
      auto& [on_gpu, on_cpu] = routed[family];
      ++(gpu ? on_gpu : on_cpu);
    }
  CHECK(routed["B"] == std::pair{25, 0});
  CHECK(routed["lat"] == std::pair{0, 52});
  CHECK(routed["hay"] == std::pair{0, 8});
}
