// make_compact_network(): the same relations as make_table_network on random models with stars,
// repeated rows, values outside the domains, empty and shared tables, conflicts, arity 1 to 4,
// intensions and allDifferents (default and small tabulation limits: bits, listed tuples,
// decompositions), on generated families and on the bundled instances; BuildNE (OpenMP system)
// builds the same N-E arrays from both forms; AC4GPU / AC4GPU+ from the compact form reach serial
// AC4's fixpoint (with the table form: ac4_reference.hpp checks both on every network), and AC4GPU+
// is GAC (the projection of the solutions) on the shared one-constraint files.
#include <algorithm>
#include <filesystem>

#include "instances/csp/generators.hpp"
#include "parsers/xcsp/xcsp_reader.hpp"
#include "tests/propagation/gpu/ac4_reference.hpp"
#include "tests/propagation/gpu/compact_checks.hpp"
#include "tests/propagation/gpu/messy_models.hpp"
#include "tests/support/paths.hpp"

using namespace arcwave;

TEST_CASE("compact relations are the table network's on messy random models",
          "[compact][table_network]") {
  int refused = 0;
  for (std::uint64_t seed = 1; seed <= 400; ++seed) {
    const Model model = test::messy_model(seed);
    INFO("seed " << seed);
    CHECK(test::same_relations(model, kDefaultTabulationLimit));
    // A small limit: n-ary support tables listed, conflict ones refused, allDifferent split.
    refused += test::same_relations(model, 12) ? 0 : 1;
  }
  CHECK(refused > 20);
  CHECK(refused < 380);
}

TEST_CASE("compact relations are the table network's on generated families",
          "[compact][table_network]") {
  CHECK(test::same_relations(gen::rb({.n = 20, .d = 9, .e = 60, .tightness = 0.4, .seed = 3}),
                             kDefaultTabulationLimit));
  CHECK(test::same_relations(
      gen::rb({.n = 20, .d = 9, .e = 60, .tightness = 0.4, .seed = 4, .supports = true}),
      kDefaultTabulationLimit));
  for (int arity : {3, 4})
    CHECK(test::same_relations(
        gen::random_network(
            {.n = 12, .d = 5, .arity = arity, .constraints = 15, .tightness = 0.6, .seed = 5}),
        kDefaultTabulationLimit));
  CHECK(test::same_relations(gen::queens(7, gen::QueensEncoding::kIntension), 1000));
  CHECK(test::same_relations(gen::queens(12, gen::QueensEncoding::kAllDifferent), 1000));
  CHECK(test::same_relations(gen::langford(2, 5), kDefaultTabulationLimit));
  CHECK(test::same_relations(gen::latin_square(6, 0.5, 7), 1000));
}

TEST_CASE("compact relations are the table network's on the bundled instances",
          "[compact][table_network]") {
  namespace fs = std::filesystem;
  int files = 0;
  for (const char* dir : {"xcsp3", "xcsp21"})
    for (const auto& entry : fs::directory_iterator(test::instances_dir() / dir)) {
      if (entry.path().extension() != ".xml") continue;
      INFO(entry.path().string());
      test::same_relations(read_xcsp(entry.path().string()).model, kDefaultTabulationLimit);
      ++files;
    }
  CHECK(files >= 30);
}

TEST_CASE("BuildNE (OpenMP) makes the same N-E arrays from the compact form",
          "[compact][ne][omp]") {
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    INFO("seed " << seed);
    test::same_ne_arrays(test::messy_model(seed), AcExecution::kOmp);
  }
  test::same_ne_arrays(
      gen::random_network(
          {.n = 15, .d = 6, .arity = 3, .constraints = 20, .tightness = 0.5, .seed = 8}),
      AcExecution::kOmp);
}

TEST_CASE("AC4GPU and AC4GPU+ (OpenMP) from the compact form reach serial AC4's fixpoint",
          "[compact][ne][omp][ac4]") {
  for (GpuAcAlgorithm a : {GpuAcAlgorithm::kAc4Gpu, GpuAcAlgorithm::kAc4GpuPlus}) {
    int wipeouts = 0;
    for (std::uint64_t seed = 1; seed <= 300; ++seed) {
      INFO(to_string(a) << " seed " << seed);
      wipeouts += test::same_as_ac4(test::messy_model(seed, false), a, AcExecution::kOmp) ? 1 : 0;
    }
    CHECK(wipeouts > 20);
    CHECK(wipeouts < 280);
  }
}

// Generalised arc consistency of one constraint is the projection of its solutions: on every
// shared one-constraint file, the N-E fixpoint from the compact form keeps exactly the values
// some satisfying assignment uses (enumerated with the checker, a second algorithm).
TEST_CASE("AC4GPU+ (OpenMP) from the compact form is GAC on the shared one-constraint files",
          "[compact][ne][omp][shared]") {
  namespace fs = std::filesystem;
  const fs::path dir = test::shared_data_dir("instances") / "xcsp3-constraints";
  if (!fs::exists(dir)) ARCWAVE_SKIP("no shared xcsp3-constraints instances");
  int checked = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".xml") continue;
    const Model model = read_xcsp(entry.path().string()).model;
    if (model.constraints().size() != 1) continue;
    std::uint64_t product = 1;
    for (const Variable& v : model.variables()) product *= v.domain.size();
    if (product > 2'000'000) continue;
    INFO(entry.path().filename().string());
    // Brute force: the values of each variable that some solution uses.
    std::vector<std::size_t> offset(model.variable_count() + 1, 0);
    for (std::size_t x = 0; x < model.variable_count(); ++x)
      offset[x + 1] = offset[x] + model.variables()[x].domain.size();
    std::vector<std::uint8_t> supported(offset.back(), 0);
    std::vector<std::size_t> idx(model.variable_count(), 0);
    std::vector<Value> assignment(model.variable_count());
    for (std::uint64_t k = 0; k < product; ++k) {
      for (std::size_t x = 0; x < idx.size(); ++x)
        assignment[x] = model.variables()[x].domain[idx[x]];
      if (constraint_satisfied(model.constraints()[0], assignment))
        for (std::size_t x = 0; x < idx.size(); ++x) supported[offset[x] + idx[x]] = 1;
      for (std::size_t x = idx.size(); x-- > 0;) {
        if (++idx[x] < model.variables()[x].domain.size()) break;
        idx[x] = 0;
      }
    }
    const GpuAcResult r =
        run_gpu_ac(make_compact_network(model), GpuAcAlgorithm::kAc4GpuPlus, AcExecution::kOmp);
    const bool none = std::find(supported.begin(), supported.end(), 1) == supported.end();
    CHECK(r.wiped_out == none);
    if (!r.wiped_out) CHECK(r.alive == supported);
    ++checked;
  }
  CHECK(checked >= 25);
}
