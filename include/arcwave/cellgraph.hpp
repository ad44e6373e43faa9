// arcwave/cellgraph.hpp — the cell graph of a set of binary vectors: one vertex per distinct
// vector (a cell of an arrangement: bit k says on which side of constraint k a sample point
// lies), an edge between two cells whose vectors differ in exactly one bit (crossing one
// constraint), and routes that cross the fewest constraints.
//
//   const arcwave::CellGraph g = arcwave::CellGraph::build({"0011", "0111", "0101", "0011"});
//   // 3 cells (the 4th vector repeats the 1st), edges {0,1} and {1,2}
//   const std::vector<std::uint32_t> r = g.route(*g.find("0011"), *g.find("0101"));
//
// Vertex v is the v-th distinct vector in input order (first occurrence). The graph is stored
// undirected as a CSR (each edge in both directions), the neighbours of a vertex by increasing
// index of the bit in which they differ. Every algorithm and backend builds this same graph.
//
// Costs (n vectors of ℓ bits): the fingerprint algorithm (default) is O(n·ℓ) work (CPU: all
// cores; GPU: a few kernels, the vectors uploaded once); the tree algorithm O(n·ℓ) with a radix
// sort and a 256-ary trie (CPU: one thread); the heuristic compares the pairs whose pivot
// distances allow an edge (O(n²·ℓ/64) in the worst case; CPU: one thread). Memory O(n·ℓ/8 +
// edges) bytes. kAuto takes the GPU from n·ℓ = 2^24 bits on when one is usable and the vectors
// fit. A route is one breadth-first search, O(n + edges).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "arcwave/backend.hpp"

namespace arcwave {

enum class CellGraphAlgorithm : std::uint8_t { kFingerprint, kTree, kHeuristic };

struct CellGraphOptions {
  CellGraphAlgorithm algorithm = CellGraphAlgorithm::kFingerprint;
  Backend backend = Backend::kAuto;
  std::uint32_t pivots = 5;  // kHeuristic: number of pivot vectors
  int threads = 0;           // CPU fingerprint algorithm: threads (0: all cores)
};

class CellGraph {
 public:
  /// Vectors as strings of '0' and '1' (character k is bit k), all of the same length >= 1.
  /// Throws InputError (naming the vector and column) otherwise.
  static CellGraph build(std::span<const std::string> vectors,
                         const CellGraphOptions& options = {});
  /// Packed vectors: `count` rows of ceil(bits / 64) little-endian words each, bit k of a row
  /// being bit k % 64 of its word k / 64, padding bits 0 (InputError otherwise).
  static CellGraph build(std::uint32_t bits, std::uint64_t count,
                         std::span<const std::uint64_t> words,
                         const CellGraphOptions& options = {});
  /// Reads a vector file (text lines of 0/1 or the packed format, compressed or not).
  static CellGraph load(const std::string& path, const CellGraphOptions& options = {});

  ~CellGraph();
  CellGraph(CellGraph&&) noexcept;
  CellGraph& operator=(CellGraph&&) noexcept;

  [[nodiscard]] std::uint32_t bits() const noexcept;  // ℓ
  [[nodiscard]] std::uint32_t vertex_count() const noexcept;
  /// Undirected edges (each stored twice in the CSR).
  [[nodiscard]] std::uint64_t edge_count() const noexcept;
  /// The CSR: the neighbours of v are targets()[offsets()[v] .. offsets()[v + 1]).
  [[nodiscard]] std::span<const std::uint64_t> offsets() const noexcept;
  [[nodiscard]] std::span<const std::uint32_t> targets() const noexcept;
  [[nodiscard]] std::span<const std::uint32_t> neighbours(std::uint32_t vertex) const;
  /// Each edge once, as (u, v) with u < v, ordered by u then by crossed bit.
  [[nodiscard]] std::vector<std::pair<std::uint32_t, std::uint32_t>> edges() const;

  /// The vector of a vertex as '0'/'1' characters, or as ceil(ℓ/64) packed words.
  [[nodiscard]] std::string cell(std::uint32_t vertex) const;
  [[nodiscard]] std::span<const std::uint64_t> cell_words(std::uint32_t vertex) const;
  /// The vertex of a vector given as '0'/'1' characters (InputError when malformed), if any.
  /// O(n·ℓ/64): a scan of the cells.
  [[nodiscard]] std::optional<std::uint32_t> find(std::string_view vector) const;
  /// The vertex of input vector i (inputs that repeat a vector share its vertex).
  [[nodiscard]] std::uint32_t vertex_of_input(std::uint64_t input) const;
  [[nodiscard]] std::uint64_t input_count() const noexcept;
  /// The bit in which two neighbouring vertices differ (the constraint an edge crosses).
  [[nodiscard]] std::uint32_t crossed_bit(std::uint32_t a, std::uint32_t b) const;

  /// The vertices of a route from `from` to `to` crossing the fewest constraints, both
  /// included; empty when `to` cannot be reached. One breadth-first search on the backend
  /// the graph was built on (kAuto), or on the one asked for.
  [[nodiscard]] std::vector<std::uint32_t> route(std::uint32_t from, std::uint32_t to,
                                                 Backend backend = Backend::kAuto) const;

  /// "cpu" or "gpu" and why, and the algorithm, e.g. "fingerprint on cpu (requested)".
  [[nodiscard]] const std::string& built_with() const noexcept;

 private:
  struct Impl;
  explicit CellGraph(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace arcwave
