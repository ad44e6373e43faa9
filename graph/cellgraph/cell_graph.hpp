// graph/cellgraph/cell_graph.hpp — the cell graph of a set of binary vectors (Kaczmarski,
// Rzążewski, Wolant, "Massively Parallel Construction of the Cell Graph"): one vertex per
// distinct vector, an edge between two vertices whose vectors differ in exactly one bit.
//
// Three algorithms, each on the GPU and the CPU, all giving the same canonical graph:
//  - kFingerprint (the default; O(n·ℓ)): XOR fingerprints F(x) = ⊕ key[k] over the set bits
//    k of x, so that flipping bit k changes F by key[k]. Vectors are sorted by fingerprint and
//    deduplicated exactly; the neighbour of x across bit k is looked up at F(x) ⊕ key[k] in a
//    bucketed table of the sorted fingerprints and verified word by word (so fingerprint
//    collisions cost time, never correctness).
//  - kTree (the paper's tree-based algorithm): radix sort of the packed vectors (CUB on the
//    GPU), deduplication, a 256-ary trie over 8-bit chunks built level by level, and one
//    lookup per (vector, bit).
//  - kHeuristic (the paper's heuristic): distances to h pivot vectors; two vectors can be
//    neighbours only if every pivot distance differs by exactly 1, so only pairs of vectors
//    whose first pivot distances differ by 1 are compared.
//
// Canonical form: vertex v is the v-th distinct vector in input order (first occurrence);
// the graph is undirected (each edge stored in both directions) and the neighbours of each
// vertex are listed by increasing index of the bit in which they differ.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "graph/cellgraph/bit_vectors.hpp"
#include "graph/csr/csr.hpp"

namespace arcwave::cellgraph {

enum class Algorithm : std::uint8_t { kFingerprint, kTree, kHeuristic };
/// kCpu: the CPU implementations (fingerprint: OpenMP threads; tree and heuristic: one
/// thread, as the paper's CPU baselines).
enum class Device : std::uint8_t { kCpu, kGpu };
/// Fingerprint method: a bitmap of the fingerprints (about 8 bits per vertex, small enough
/// for the GPU's L2 cache) that rejects most absent neighbours before the table is read.
enum class ProbeFilter : std::uint8_t { kAuto, kOn, kOff };

std::string_view to_string(Algorithm algorithm);
std::string_view to_string(Device device);
/// "fingerprint", "tree" or "heuristic"; throws InputError otherwise.
Algorithm parse_algorithm(std::string_view text);

struct Options {
  Algorithm algorithm = Algorithm::kFingerprint;
  Device device = Device::kCpu;
  std::uint32_t pivots = 5;                    // heuristic: h (the paper's best on a K40)
  std::uint64_t seed = 0x9E3779B97F4A7C15ULL;  // fingerprint keys, heuristic pivots
  /// Fingerprint width. Below 64 only to exercise the collision paths in tests.
  std::uint32_t fingerprint_bits = 64;
  /// Fingerprint method: probe every (vertex, bit) instead of only the bits that are 0
  /// (which finds each edge once, from its lower end, and marks both ends atomically).
  bool probe_all_bits = false;
  ProbeFilter filter = ProbeFilter::kAuto;
  int threads = 0;  // CPU fingerprint method: OpenMP threads (0: all)
};

/// Milliseconds per phase, as in the paper's Figure 4: sort (ordering and deduplication),
/// build (the search structure), search (neighbour search and the CSR). Transfers between
/// host and device are separate (0 on the CPU).
struct PhaseTimes {
  double upload_ms = 0;
  double sort_ms = 0;
  double build_ms = 0;
  double search_ms = 0;
  double download_ms = 0;
  [[nodiscard]] double compute_ms() const { return sort_ms + build_ms + search_ms; }
  [[nodiscard]] double total_ms() const { return upload_ms + compute_ms() + download_ms; }
};

struct CellGraph {
  BitVectors cells;  // cells.row(v) is the vector of vertex v
  Csr<> graph;       // unweighted, undirected, neighbours by increasing crossed bit
  std::vector<std::uint32_t> vertex_of_input;  // input vector i is vertex vertex_of_input[i]
};

/// Builds the cell graph of `input`. Throws InputError for vectors of 0 bits or more than
/// 2^32 - 1 vectors, ResourceError when the GPU is asked for and absent or too small.
CellGraph build_cell_graph(const BitVectors& input, const Options& options = {},
                           PhaseTimes* times = nullptr);

/// The bit in which two neighbouring rows differ (the constraint a route crosses).
std::uint32_t crossed_bit(const BitVectors& cells, std::uint32_t a, std::uint32_t b);

}  // namespace arcwave::cellgraph
