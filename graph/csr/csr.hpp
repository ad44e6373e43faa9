// graph/csr/csr.hpp — the host CSR graph every graph algorithm of arcwave uses (cell graphs,
// shortest paths, BFS), and its view for the frontier primitive.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/csr_view.hpp"

namespace arcwave {

/// Directed CSR: out-edges of v are targets[offsets[v] .. offsets[v+1]). An undirected graph
/// stores each edge in both directions. `weights` is empty for an unweighted graph.
template <typename Weight = float>
struct Csr {
  std::uint32_t vertex_count = 0;
  std::vector<std::uint64_t> offsets{0};  // vertex_count + 1 entries
  std::vector<std::uint32_t> targets;
  std::vector<Weight> weights;

  [[nodiscard]] std::uint64_t edge_count() const noexcept { return targets.size(); }
  [[nodiscard]] bool weighted() const noexcept { return !weights.empty(); }
  [[nodiscard]] std::uint64_t degree(std::uint32_t v) const { return offsets[v + 1] - offsets[v]; }
  [[nodiscard]] std::span<const std::uint32_t> neighbours(std::uint32_t v) const {
    return {targets.data() + offsets[v], static_cast<std::size_t>(degree(v))};
  }
  [[nodiscard]] CsrView<Weight> view() const {
    return {vertex_count, edge_count(), offsets.data(), targets.data(),
            weights.empty() ? nullptr : weights.data()};
  }
};

}  // namespace arcwave
