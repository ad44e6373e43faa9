// The N-E propagators against serial AC4 / GAC4 (propagation/cpu/ac4.hpp), the project's
// reference: the same Model goes through make_table_network and make_compact_network (both
// inputs of BuildNE) for the N-E side and index_model for AC4, and the fixpoints are compared value
// by value (variables, then value indices of the sorted domain, on both sides). Binary networks,
// random n-ary networks (tables of arity 3 to 5 mixed with binary and unary constraints) and the
// bundled instances.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "instances/csp/generators.hpp"
#include "instances/csp/model_build.hpp"
#include "instances/csp/rng.hpp"
#include "parsers/xcsp/xcsp_reader.hpp"
#include "propagation/cpu/fixpoint.hpp"
#include "propagation/gpu/ac_gpu.hpp"
#include "propagation/indexed/indexed_model.hpp"
#include "propagation/network/compact_network.hpp"
#include "propagation/network/table_network.hpp"
#include "tests/support/catch.hpp"

namespace arcwave::test {

/// Compares one fixpoint; returns whether the network wiped out (and, in `removed`, how many
/// values AC4 removed).
inline bool same_as_ac4(const Model& model, GpuAcAlgorithm algorithm, AcExecution execution,
                        std::uint64_t* removed = nullptr) {
  cpu::CpuEngineOptions options;
  options.tables = cpu::TableAlgorithm::kAc4;
  const cpu::FixpointResult expected =
      cpu::ac_fixpoint(std::make_shared<const IndexedModel>(index_model(model)), options);
  if (removed != nullptr) *removed = expected.removed;
  const TableNetwork net = make_table_network(model);
  // The table form, then the compact form (what `arcwave ac` and the GPU engine use).
  for (const GpuAcResult& got : {run_gpu_ac(net, algorithm, execution),
                                 run_gpu_ac(make_compact_network(model), algorithm, execution)}) {
    REQUIRE(got.wiped_out == expected.wiped_out);
    if (expected.wiped_out) continue;
    std::size_t node = 0;
    for (std::size_t v = 0; v < expected.domains.size(); ++v) {
      std::vector<int> present;
      for (std::uint32_t a = 0; a < net.domain_sizes[v]; ++a, ++node)
        if (got.alive[node] != 0) present.push_back(static_cast<int>(a));
      INFO("variable " << v);
      REQUIRE(present == expected.domains[v]);
    }
  }
  return expected.wiped_out;
}

/// `count` random binary networks: RB networks around their phase transition and small
/// composed networks, fixed seeds. Returns how many wiped out.
inline int random_networks_against_ac4(GpuAcAlgorithm algorithm, AcExecution execution, int count) {
  int wipeouts = 0;
  for (int i = 0; i < count; ++i) {
    const auto seed = static_cast<std::uint64_t>(7000 + i);
    Model model;
    if (i % 10 == 9) {
      // composed-m-n-k needs m >= 17 (8m main constraints on distinct pairs)
      model = gen::composed(gen::composed_family(17 + i % 9, 1 + i % 2, 2 + i % 5, seed));
    } else {
      const int n = 4 + i % 17;
      const int d = 2 + (i / 3) % 11;
      const int max_e = n * (n - 1) / 2;
      const int e = std::max(1, std::min(max_e, n + (i * 7) % (2 * n)));
      const double tightness = 0.15 + 0.05 * static_cast<double>(i % 16);
      model = gen::rb({.n = n,
                       .d = d,
                       .e = e,
                       .tightness = tightness,
                       .seed = seed,
                       .supports = i % 2 == 0,
                       .forced = i % 7 == 0});
    }
    INFO("network " << i << " (seed " << seed << ")");
    wipeouts += same_as_ac4(model, algorithm, execution) ? 1 : 0;
  }
  return wipeouts;
}

/// A random network (fixed seed, the same on every platform): 5 to 12 variables with 2 to 5
/// values each (shifted, spaced values, so value indices differ from values); 1 to 5 extension
/// constraints of arity 3 to 5 on random distinct scopes, each tuple of the scope's product
/// allowed with probability 1 - tightness (tightness 0.1 to 0.9 per constraint), a quarter of
/// them stated as conflict tables; 0 to n binary tables; with probability 1/2 a few unary
/// tables, one in twelve of them allowing nothing (a wipe-out before any propagation).
inline Model random_nary_model(std::uint64_t seed) {
  gen::Rng rng(seed);
  Model m;
  const auto n = static_cast<int>(5 + rng.below(8));
  std::vector<std::vector<Value>> domains(static_cast<std::size_t>(n));
  for (int x = 0; x < n; ++x) {
    const auto d = static_cast<int>(2 + rng.below(4));
    const auto base = static_cast<Value>(rng.between(-3, 3));
    const auto step = static_cast<Value>(1 + rng.below(3));
    for (int a = 0; a < d; ++a) domains[static_cast<std::size_t>(x)].push_back(base + step * a);
    m.add_variable("x" + std::to_string(x), domains[static_cast<std::size_t>(x)]);
  }
  // A table over `scope`: each tuple of the product allowed with probability 1 - tightness.
  auto table_over = [&](const std::vector<int>& scope, double tightness, bool supports) {
    std::vector<std::int32_t> cells;
    std::vector<std::size_t> idx(scope.size(), 0);
    for (;;) {
      const bool allowed = static_cast<double>(rng.below(1000)) >= tightness * 1000.0;
      if (allowed == supports)
        for (std::size_t p = 0; p < scope.size(); ++p)
          cells.push_back(
              static_cast<std::int32_t>(domains[static_cast<std::size_t>(scope[p])][idx[p]]));
      std::size_t p = scope.size();
      while (p > 0) {
        --p;
        if (++idx[p] < domains[static_cast<std::size_t>(scope[p])].size()) break;
        idx[p] = 0;
        if (p == 0) return gen::make_table(static_cast<int>(scope.size()), supports, cells);
      }
    }
  };
  auto random_scope = [&](int arity) {
    std::vector<int> all(static_cast<std::size_t>(n));
    for (int x = 0; x < n; ++x) all[static_cast<std::size_t>(x)] = x;
    rng.shuffle(std::span<int>(all));
    return std::vector<int>(all.begin(), all.begin() + arity);
  };
  const auto nary = static_cast<int>(1 + rng.below(5));
  for (int k = 0; k < nary; ++k) {
    const std::vector<int> scope = random_scope(std::min(n, static_cast<int>(3 + rng.below(3))));
    const double tightness = 0.1 * static_cast<double>(1 + rng.below(9));
    const bool supports = rng.below(4) != 0;
    m.add_constraint(ExtensionConstraint{scope, table_over(scope, tightness, supports)});
  }
  const auto binary = static_cast<int>(rng.below(static_cast<std::uint64_t>(n) + 1));
  for (int k = 0; k < binary; ++k) {
    const std::vector<int> scope = random_scope(2);
    const double tightness = 0.1 * static_cast<double>(1 + rng.below(7));
    m.add_constraint(ExtensionConstraint{scope, table_over(scope, tightness, rng.below(2) == 0)});
  }
  if (rng.below(2) == 0) {
    const auto unary = static_cast<int>(1 + rng.below(3));
    for (int k = 0; k < unary; ++k) {
      const std::vector<int> scope = random_scope(1);
      const double tightness = rng.below(12) == 0 ? 1.0 : 0.3;
      m.add_constraint(ExtensionConstraint{scope, table_over(scope, tightness, true)});
    }
  }
  return m;
}

struct NaryComparison {
  int wipeouts = 0;
  int reduced = 0;  // fixpoints (not wipe-outs) that removed values
};

/// `count` random n-ary networks (random_nary_model, seeds 9000...) against GAC4.
inline NaryComparison random_nary_against_ac4(GpuAcAlgorithm algorithm, AcExecution execution,
                                              int count) {
  NaryComparison r;
  for (int i = 0; i < count; ++i) {
    const auto seed = static_cast<std::uint64_t>(9000 + i);
    const Model model = random_nary_model(seed);
    INFO("n-ary network " << i << " (seed " << seed << ")");
    REQUIRE_FALSE(make_table_network(model).binary());
    std::uint64_t removed = 0;
    if (same_as_ac4(model, algorithm, execution, &removed))
      ++r.wipeouts;
    else if (removed > 0)
      ++r.reduced;
  }
  return r;
}

/// Larger random n-ary networks: gen::random_network (40 variables, 60 tables of arity 3 over
/// 10 values or arity 4 over 6 values: 10^4 tuples and more each), every variable then cut down
/// to a few random values by a unary table, so that most tuples are invalid from the start and
/// the survivors' supports are few. Parameters picked near the transition, where GAC removes
/// values without wiping out, and beyond it. Against GAC4; returns how many of the 12 networks
/// wiped out and, in `reduced`, how many others lost values beyond the unary tables'.
inline int larger_nary_against_ac4(GpuAcAlgorithm algorithm, AcExecution execution,
                                   int* reduced = nullptr) {
  struct Case {
    int arity;
    int keep;  // values left by the unary tables
    double tightness;
    std::uint64_t seed;
  };
  static constexpr Case kCases[] = {{3, 3, 0.50, 100}, {3, 3, 0.55, 101}, {3, 4, 0.60, 102},
                                    {3, 4, 0.70, 104}, {3, 5, 0.75, 105}, {4, 5, 0.95, 109},
                                    {4, 4, 0.80, 106}, {3, 4, 0.75, 105}, {3, 5, 0.90, 108},
                                    {4, 3, 0.85, 107}, {4, 4, 0.95, 109}, {4, 2, 0.70, 104}};
  int wipeouts = 0;
  if (reduced != nullptr) *reduced = 0;
  for (const Case& c : kCases) {
    const int d = c.arity == 3 ? 10 : 6;
    Model model = gen::random_network({.n = 40,
                                       .d = d,
                                       .arity = c.arity,
                                       .constraints = 60,
                                       .tightness = c.tightness,
                                       .seed = c.seed});
    gen::Rng rng(c.seed);
    for (int x = 0; x < 40; ++x) {
      std::vector<std::int32_t> values(static_cast<std::size_t>(d));
      for (int a = 0; a < d; ++a) values[static_cast<std::size_t>(a)] = a;
      rng.shuffle(std::span<std::int32_t>(values));
      values.resize(static_cast<std::size_t>(c.keep));
      std::sort(values.begin(), values.end());
      model.add_constraint(ExtensionConstraint{{x}, gen::make_table(1, true, values)});
    }
    INFO("larger n-ary network: arity " << c.arity << ", " << c.keep << " values kept, tightness "
                                        << c.tightness << ", seed " << c.seed);
    std::uint64_t removed = 0;
    const bool wiped = same_as_ac4(model, algorithm, execution, &removed);
    wipeouts += wiped ? 1 : 0;
    if (!wiped && removed > static_cast<std::uint64_t>(40 * (d - c.keep)) && reduced != nullptr)
      ++*reduced;
  }
  return wipeouts;
}

/// Every instance bundled in instances/ (both formats) and, with `shared`, under the shared
/// instances folder (when present; binary networks); the n-ary ones too, except for the
/// frontier variant (binary networks only). Returns how many files were compared, and in
/// `nary` how many of them were n-ary.
inline int bundled_against_ac4(GpuAcAlgorithm algorithm, AcExecution execution, int* nary = nullptr,
                               bool shared = true) {
  namespace fs = std::filesystem;
  const char* source = std::getenv("ARCWAVE_SOURCE_DIR");  // set by ctest and bench/device
  REQUIRE(source != nullptr);
  std::vector<fs::path> dirs = {fs::path(source) / "instances" / "xcsp3",
                                fs::path(source) / "instances" / "xcsp21"};
  if (shared) {
    const char* folder = std::getenv("ARCWAVE_SHARED_INSTANCES");
    const fs::path root =
        folder != nullptr ? fs::path(folder) : fs::path(source) / ".." / "shared" / "instances";
    // The binary families only: the real XCSP3 files beside them carry globals (sums, counts,
    // ...) that serial AC4's engine filters by bounds while the N-E model tabulates them, so
    // the two fixpoints differ by design there.
    dirs.push_back(fs::is_directory(root / "xcsp3-binary") ? root / "xcsp3-binary" : root);
  }
  int compared = 0;
  if (nary != nullptr) *nary = 0;
  for (const fs::path& dir : dirs) {
    if (!fs::is_directory(dir)) continue;
    for (const auto& entry : fs::recursive_directory_iterator(dir)) {
      if (!entry.is_regular_file()) continue;
      const std::string name = entry.path().filename().string();
      if (name.find(".xml") == std::string::npos) continue;
      const Model model = read_xcsp(entry.path().string()).model;
      const bool binary = make_table_network(model).binary();
      if (!binary && algorithm == GpuAcAlgorithm::kAc4GpuFrontier) continue;
      INFO(entry.path().string());
      same_as_ac4(model, algorithm, execution);
      ++compared;
      if (!binary && nary != nullptr) ++*nary;
    }
  }
  return compared;
}

}  // namespace arcwave::test
