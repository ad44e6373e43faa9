// graph/cellgraph/cpu_common.hpp — pieces the CPU algorithms share: exact deduplication of
// sorted rows with first-occurrence vertex numbers, and the canonical CSR from an edge list.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "graph/cellgraph/bit_vectors.hpp"
#include "graph/csr/csr.hpp"

namespace arcwave::cellgraph::detail {

/// Vertices of the distinct rows, numbered by first occurrence in the input.
struct Numbering {
  std::uint32_t distinct = 0;
  std::vector<std::uint32_t> vertex_of_input;  // input index -> vertex
  std::vector<std::uint32_t> origin;           // vertex -> input index of its first occurrence
};

/// `perm` lists the input indices in an order where identical rows form runs, each run in
/// increasing input index (a stable sort); `rep[j]` is the position in `perm` of the first
/// row of j's run that equals row perm[j] (rep[j] == j for the first of each distinct row).
Numbering number_by_first_occurrence(std::span<const std::uint32_t> perm,
                                     std::span<const std::uint32_t> rep);

/// The rows origin[0], origin[1], ... of `input`.
BitVectors gather_rows(const BitVectors& input, std::span<const std::uint32_t> origin);

/// Input indices sorted by row (words as unsigned integers, word 0 first), stable; one thread.
std::vector<std::uint32_t> sort_rows_serial(const BitVectors& input);

/// rep[] for a `perm` in which identical rows are adjacent (a sort by whole rows).
std::vector<std::uint32_t> run_heads(const BitVectors& input, std::span<const std::uint32_t> perm);

struct CellEdge {
  std::uint32_t a = 0;
  std::uint32_t b = 0;
  std::uint32_t bit = 0;  // the bit in which the vectors of a and b differ
};

/// The canonical undirected CSR (both directions, neighbours by increasing bit) of `edges`,
/// each edge listed once.
Csr<> csr_from_edges(std::uint32_t vertex_count, std::span<const CellEdge> edges);

}  // namespace arcwave::cellgraph::detail
