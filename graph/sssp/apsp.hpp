// graph/sssp/apsp.hpp — what Johnson's all-pairs shortest paths hands back, CPU or GPU: rows
// of distances delivered to a sink in blocks of consecutive sources (so that callers can keep
// all n^2 distances or stream them to a file), the potentials, a negative cycle when there is
// one, and the time of each phase.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "graph/csr/csr.hpp"
#include "graph/sssp/distance.hpp"

namespace arcwave::sssp {

/// Receives rows for sources[first .. first + count): rows[i * n + v] is the distance from
/// sources[first + i] to v (infinity<D>() when unreachable). Blocks arrive in source order.
template <typename D>
using RowSink =
    std::function<void(std::uint64_t first, std::uint64_t count, std::span<const D> rows)>;

struct JohnsonTimes {
  double upload_ms = 0;        // GPU: graph to the device
  double bellman_ford_ms = 0;  // potentials (and the negative-cycle check)
  double reweight_ms = 0;
  double sssp_ms = 0;             // every source's shortest paths (GPU: kernels only)
  double download_ms = 0;         // GPU: rows back to the host
  double total_ms = 0;            // wall clock of the whole call, sink included
  std::uint64_t sssp_rounds = 0;  // GPU: relaxation rounds over all batches
};

template <typename D>
struct JohnsonOutcome {
  std::vector<D> potential;                   // h(v), from Bellman-Ford
  std::vector<std::uint32_t> negative_cycle;  // non-empty: no rows were delivered
  JohnsonTimes times;
  [[nodiscard]] bool has_negative_cycle() const noexcept { return !negative_cycle.empty(); }
};

/// A row-major |sources| x n matrix filled by a RowSink (tests, small graphs).
template <typename D>
struct DistanceMatrix {
  std::uint32_t n = 0;
  std::vector<D> rows;
  RowSink<D> sink(std::uint64_t sources) {
    rows.assign(sources * n, D{});
    return [this](std::uint64_t first, std::uint64_t, std::span<const D> block) {
      std::copy(block.begin(), block.end(), rows.begin() + static_cast<std::ptrdiff_t>(first * n));
    };
  }
};

/// Every vertex 0 .. n-1, the default source list.
inline std::vector<std::uint32_t> all_vertices(std::uint32_t n) {
  std::vector<std::uint32_t> v(n);
  for (std::uint32_t i = 0; i < n; ++i) v[i] = i;
  return v;
}

}  // namespace arcwave::sssp
