// make_compact_network(): the same relations as make_table_network on random models with stars,
// repeated rows, values outside the domains, empty and shared tables, conflicts, arity 1 to 4,
// intensions and allDifferents (default and small tabulation limits: bits, listed tuples,
// decompositions), on generated families and on the bundled instances; BuildNE (OpenMP system)
// builds the same N-E arrays from both forms; AC4GPU / AC4GPU+ from the compact form reach serial
// AC4's fixpoint (with the table form: ac4_reference.hpp checks both on every network).
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
