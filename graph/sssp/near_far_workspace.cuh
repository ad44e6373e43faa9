// graph/sssp/near_far_workspace.cuh — the device state of the near-far SSSP (near_far_kernel.cuh):
// the Control block its phases agree through, and a workspace of queues, far piles and dedup
// stamps that a caller keeps across runs (Johnson runs one per source). run() is defined, for
// int64_t and double weights, in near_far_gpu.cu.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "core/csr_view.hpp"
#include "core/cuda/device_buffer.cuh"
#include "graph/sssp/distance.hpp"
#include "graph/sssp/sssp_gpu.hpp"

namespace arcwave::sssp::gpu::detail {

/// Device memory every block reads between phases. Counters come in threes, indexed by phase
/// (near) or by far-pile generation (far) modulo 3: the current one is read, the next one is
/// appended to, and the one after is cleared for later, so that no counter is cleared while a
/// block may still read it (the scheme of core/frontier/control.hpp).
template <typename D>
struct NearFarControl {
  std::uint32_t near_count[3];    // phase p relaxes near_count[p % 3] vertices
  std::uint32_t far_count[3];     // entries appended to far generation g (may pass capacity)
  std::uint32_t far_overflow[3];  // generation g lost entries: its split scans every vertex
  std::uint32_t phases;           // written at the end
  std::uint32_t splits;
  std::uint32_t out_of_phases;  // the stamp range ran out (a bug for any realistic graph)
  std::uint32_t block_rounds;   // local rounds of the block that ran the most
  D far_min[3];                 // smallest distance appended to generation g
  D delta;                      // the bucket width used
  double weight_sum;            // automatic Δ: the sum of all weights
  unsigned long long items;     // near vertices relaxed
};

/// Queues, far piles and stamps for graphs of up to `vertices` vertices.
template <typename Weight>
class NearFarWorkspace {
 public:
  using D = Distance<Weight>;
  /// `far_capacity` 0: one far-pile entry per vertex.
  explicit NearFarWorkspace(std::uint32_t vertices, std::uint32_t far_capacity = 0);
  NearFarWorkspace(const NearFarWorkspace&) = delete;
  NearFarWorkspace& operator=(const NearFarWorkspace&) = delete;
  ~NearFarWorkspace();

  /// Distances from `source` over `view` (device memory, non-negative weights) into `dist`
  /// (device memory, view.vertex_count entries). Waits for the run to finish.
  NearFarStats run(const CsrView<Weight>& view, std::uint32_t source, D* dist,
                   const NearFarOptions& options, cudaStream_t stream);

 private:
  std::uint32_t capacity_;
  std::uint32_t far_capacity_;
  cuda::DeviceBuffer<std::uint32_t> near_[2];
  cuda::DeviceBuffer<std::uint32_t> far_[2];
  cuda::DeviceBuffer<std::uint32_t> stamps_;
  cuda::DeviceBuffer<NearFarControl<D>> control_;
  NearFarControl<D>* host_control_ = nullptr;  // pinned
  cudaEvent_t start_ = nullptr;
  cudaEvent_t stop_ = nullptr;
  std::uint32_t stamp_base_ = 0;  // stamps of earlier runs are at most this
};

}  // namespace arcwave::sssp::gpu::detail
