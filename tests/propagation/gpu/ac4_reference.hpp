// The N-E propagators against serial AC4 (propagation/cpu/ac4.hpp), the project's reference:
// the same Model goes through make_table_network for the N-E side and index_model for AC4, and
// the fixpoints are compared value by value (variables, then value indices of the sorted
// domain, on both sides).
#pragma once

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "instances/csp/generators.hpp"
#include "parsers/xcsp/xcsp_reader.hpp"
#include "propagation/cpu/fixpoint.hpp"
#include "propagation/gpu/ac_gpu.hpp"
#include "propagation/indexed/indexed_model.hpp"
#include "propagation/network/table_network.hpp"
#include "tests/support/catch.hpp"

namespace arcwave::test {

/// Compares one fixpoint; returns whether the network wiped out.
inline bool same_as_ac4(const Model& model, GpuAcAlgorithm algorithm, AcExecution execution) {
  cpu::CpuEngineOptions options;
  options.tables = cpu::TableAlgorithm::kAc4;
  const cpu::FixpointResult expected =
      cpu::ac_fixpoint(std::make_shared<const IndexedModel>(index_model(model)), options);
  const TableNetwork net = make_table_network(model);
  const GpuAcResult got = run_gpu_ac(net, algorithm, execution);
  REQUIRE(got.wiped_out == expected.wiped_out);
  if (expected.wiped_out) return true;
  std::size_t node = 0;
  for (std::size_t v = 0; v < expected.domains.size(); ++v) {
    std::vector<int> present;
    for (std::uint32_t a = 0; a < net.domain_sizes[v]; ++a, ++node)
      if (got.alive[node] != 0) present.push_back(static_cast<int>(a));
    INFO("variable " << v);
    REQUIRE(present == expected.domains[v]);
  }
  return false;
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

/// Every binary instance bundled in instances/ (both formats) and under the shared instances
/// folder (when present). Returns how many files were compared.
inline int bundled_against_ac4(GpuAcAlgorithm algorithm, AcExecution execution) {
  namespace fs = std::filesystem;
  const char* source = std::getenv("ARCWAVE_SOURCE_DIR");  // set by ctest and bench/device
  REQUIRE(source != nullptr);
  std::vector<fs::path> dirs = {fs::path(source) / "instances" / "xcsp3",
                                fs::path(source) / "instances" / "xcsp21"};
  if (const char* shared = std::getenv("ARCWAVE_SHARED_INSTANCES"))
    dirs.emplace_back(shared);
  else
    dirs.push_back(fs::path(source) / ".." / "shared" / "instances");
  int compared = 0;
  for (const fs::path& dir : dirs) {
    if (!fs::is_directory(dir)) continue;
    for (const auto& entry : fs::recursive_directory_iterator(dir)) {
      if (!entry.is_regular_file()) continue;
      const std::string name = entry.path().filename().string();
      if (name.find(".xml") == std::string::npos) continue;
      const Model model = read_xcsp(entry.path().string()).model;
      if (!make_table_network(model).binary()) continue;  // the N-E model is binary
      INFO(entry.path().string());
      same_as_ac4(model, algorithm, execution);
      ++compared;
    }
  }
  return compared;
}

}  // namespace arcwave::test
