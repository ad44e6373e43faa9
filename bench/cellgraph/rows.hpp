// bench/cellgraph/rows.hpp — one row of the cell graph benchmark: an algorithm on one device
// with its options, on one configuration (n, ℓ, duplicates), and what its runs measured.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "bench/cellgraph/cell_data.hpp"
#include "graph/cellgraph/cell_graph.hpp"

namespace arcwave::bench::cells {

using BuildFn = cellgraph::CellGraph (*)(const BitVectors&, const cellgraph::Options&,
                                         cellgraph::PhaseTimes*);

/// How a row's time grows with its input, to predict it from a smaller n before running it.
enum class Growth : std::uint8_t {
  kLinear,  // O(n·ℓ): the fingerprint method
  kTree,    // O(n·ℓ·depth), the trie deepening with n
  kPairs,   // the heuristic: the candidate pairs it compares
};

struct RowSpec {
  std::string name;  // "gpu/fingerprint", "cpu/tree", ...
  BuildFn build = nullptr;
  cellgraph::Options options;
  bool gpu = false;
  Growth growth = Growth::kLinear;
  double pair_budget = 0;  // kPairs: skipped above this many candidate pairs
  int repeats = 1;         // measured runs wanted (fewer when the time budget runs short)
};

struct Row {
  RowSpec spec;
  Config config;
  std::vector<cellgraph::PhaseTimes> runs;
  std::vector<double> wall_seconds;  // of each run, transfers and allocations included
  double candidate_pairs = 0;        // of the row's data
  std::uint64_t vertices = 0;
  std::uint64_t edges = 0;
  std::uint64_t digest = 0;    // graph_digest() of the last run's graph
  bool digest_varied = false;  // two runs of the row built different graphs
  bool attempted = false;      // the row's benchmark was reached (it ran, or said why not)
  std::string skipped;         // why the row did not run (empty when it ran)

  [[nodiscard]] bool measured() const { return !runs.empty(); }
  /// Median over the runs of one phase time (ms).
  [[nodiscard]] double median_ms(double cellgraph::PhaseTimes::*phase) const;
  [[nodiscard]] double median_compute_ms() const;
  [[nodiscard]] double median_total_ms() const;
  [[nodiscard]] double median_wall_seconds() const;
};

double median(std::vector<double> values);

/// A 64-bit digest of a cell graph (its CSR and the vertex of every input vector): rows of one
/// configuration that built the same graph have the same digest; the summary flags the others.
std::uint64_t graph_digest(const cellgraph::CellGraph& g);

/// The table printed after the Google Benchmark output: rows by configuration, speed-ups of the
/// GPU fingerprint method over the others, and the targets.
void print_summary(const std::vector<Row>& rows, std::vector<Config> configs);

}  // namespace arcwave::bench::cells
