// bench/frontier/gpu_bfs.hpp — BFS on the GPU through each frontier driver, timed with CUDA
// events (reset untimed, then start, run, stop), and the per-round cost of each driver measured
// with an empty relaxation. A plain C++ interface: the kernels live in gpu_bfs.cu.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "core/frontier/frontier.hpp"
#include "graph/csr/csr.hpp"

namespace arcwave::bench {

struct TimedRun {
  double ms = 0;
  frontier::Stats stats;
};

/// A graph on the device with the level array, seed and workspace of its BFS runs.
class GpuBfs {
 public:
  explicit GpuBfs(const Csr<std::int32_t>& graph);
  ~GpuBfs();
  GpuBfs(const GpuBfs&) = delete;
  GpuBfs& operator=(const GpuBfs&) = delete;

  /// One BFS from `source`: level[v] = round that reached v (the round number is the level).
  TimedRun run(std::uint32_t source, const frontier::Options& options);
  /// The levels of the last run (UINT32_MAX for unreachable).
  [[nodiscard]] std::vector<std::uint32_t> levels() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// `rounds` rounds of a one-vertex frontier (a self loop) whose relaxation does nothing but
/// queue the vertex again: the driver's own cost per round. The first call per driver captures
/// or warms up; callers time later calls.
TimedRun empty_rounds(std::uint32_t rounds, const frontier::Options& options);

}  // namespace arcwave::bench
