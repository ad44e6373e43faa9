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
/// "fingerprint", "tree" or "heuristic"; InputError otherwise.
CellGraphAlgorithm parse_cellgraph_algorithm(std::string_view text);
std::string_view to_string(CellGraphAlgorithm algorithm);

struct CellGraphOptions {
  CellGraphAlgorithm algorithm = CellGraphAlgorithm::kFingerprint;
  Backend backend = Backend::kAuto;
  std::uint32_t pivots = 5;  // kHeuristic: number of pivot vectors
  int threads = 0;           // CPU fingerprint algorithm: threads (0: all cores)
};

/// Where building a cell graph spent its time (the phases of the paper's Figure 4).
struct CellGraphTimes {
  double read_seconds = 0;  // load(): reading the vector file (0 for build())
  double sort_ms = 0;       // ordering and deduplication
  double build_ms = 0;      // the search structure
  double search_ms = 0;     // the neighbour search and the CSR
  double upload_ms = 0;     // GPU: vectors to the device (0 on the CPU)
  double download_ms = 0;   // GPU: the graph back (0 on the CPU)
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
  /// Reads a vector file (text lines of 0/1 or the packed format, compressed or not; "-" for
  /// standard input). InputError (FILE:LINE:COLUMN) on a malformed file.
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
  /// The same, `name` standing for the vector in messages (e.g. "--from": "--from:1:3: ...").
  [[nodiscard]] std::optional<std::uint32_t> find(std::string_view vector,
                                                  const std::string& name) const;
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
  [[nodiscard]] bool built_on_gpu() const noexcept;
  [[nodiscard]] const CellGraphTimes& times() const noexcept;

  /// Writes the edge list: two comment lines, then "u v" per edge (u < v, as edges() orders
  /// them). InputError when the file cannot be opened, ResourceError when writing fails.
  void write_edges(const std::string& path) const;
  /// Writes the cells as a vector file in the text format (line v + 1 is vertex v's vector),
  /// after a comment line when `comment` is not empty: what load() reads back.
  void write_cells(const std::string& path, std::string_view comment = {}) const;

 private:
  struct Impl;
  explicit CellGraph(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace arcwave
