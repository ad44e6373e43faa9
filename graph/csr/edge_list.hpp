// graph/csr/edge_list.hpp — a graph as a list of (source, target, weight) triples, the form
// readers and generators produce, and the options that turn it into a Csr (see build_cpu.hpp
// and build_gpu.hpp, which give identical results).
#pragma once

#include <cstdint>
#include <vector>

namespace arcwave {

/// Edges source[i] -> target[i] with weight weights[i]; `weights` is empty when unweighted.
template <typename Weight = float>
struct EdgeList {
  std::uint32_t vertex_count = 0;
  std::vector<std::uint32_t> sources;
  std::vector<std::uint32_t> targets;
  std::vector<Weight> weights;

  [[nodiscard]] std::uint64_t size() const noexcept { return sources.size(); }
  [[nodiscard]] bool weighted() const noexcept { return !weights.empty(); }
  void add(std::uint32_t source, std::uint32_t target) {
    sources.push_back(source);
    targets.push_back(target);
  }
  void add(std::uint32_t source, std::uint32_t target, Weight weight) {
    add(source, target);
    weights.push_back(weight);
  }
};

enum class ParallelEdges : std::uint8_t {
  kKeep,      // every copy is kept, in input order
  kMergeMin,  // one edge per (source, target), with the smallest weight
};

enum class SelfLoops : std::uint8_t { kKeep, kDrop };

/// How an edge list becomes a CSR. The result is the same whichever builder runs:
///  1. undirected: after the input edges come their reverses (u,v,w) -> (v,u,w), in input
///     order, except for self loops, which are stored once;
///  2. self loops are dropped when asked;
///  3. edges are stably sorted by (source, target), so parallel edges keep their input order;
///  4. parallel edges are merged when asked (smallest weight wins).
struct BuildOptions {
  bool directed = true;
  ParallelEdges parallel_edges = ParallelEdges::kKeep;
  SelfLoops self_loops = SelfLoops::kKeep;
};

}  // namespace arcwave
