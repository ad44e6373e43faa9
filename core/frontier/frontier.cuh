// core/frontier/frontier.cuh — the GPU drivers of the frontier loop (see frontier.hpp for the
// semantics, which run_cpu() implements as the reference). Every driver runs the same round
// body (kernels.cuh) and keeps the same state on the device (control.hpp); they differ in who
// decides that another round is needed (schedule.hpp):
//   kHost         one launch per round, sized to the frontier, then a 48-byte read-back and a
//                 wait: ~10 us of round trip per round, the best launch size for every round.
//   kDevice       rounds enqueued without waiting on a full-size grid; the host reads the
//                 Control every k rounds (k = 2, 4, ... 64 unless fixed): rounds after the loop
//                 halted are empty launches.
//   kGraph        k rounds and the read-back captured once as a CUDA graph (kept in the
//                 workspace while the kernel arguments stay the same), replayed until halted.
//   kCooperative  one cooperative launch of all resident blocks; grid.sync() between rounds.
//   kSingleBlock  one block of 1024 threads loops over rounds with __syncthreads() while the
//                 frontier has at most Options::single_block_limit items, then hands over to
//                 kDevice.
// Stats::edges is counted by the CPU driver only.
//
// The relaxation is a device functor: __device__ bool operator()(std::uint32_t src,
// std::uint64_t edge, std::uint32_t dst, std::uint32_t round) const. It may be called
// concurrently for the same dst, so it must update shared state with atomics; what it writes in
// one round is visible to the next. To end a run early it raises the workspace's stop flag
// (Workspace::stop_flag()); the run then ends after the current round.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <string>

#include "arcwave/error.hpp"
#include "core/csr_view.hpp"
#include "core/cuda/check.cuh"
#include "core/cuda/device_buffer.cuh"
#include "core/frontier/control.hpp"
#include "core/frontier/engine.cuh"
#include "core/frontier/frontier.hpp"
#include "core/frontier/kernels.cuh"
#include "core/frontier/schedule.hpp"
#include "core/frontier/workspace.cuh"

namespace arcwave::frontier {

/// Stamps are base + round + 1: a workspace whose base passed this is cleared before a run, so
/// a run may take at least 2^32 - 2 - kStampResetAbove rounds (about 2.7e8).
inline constexpr std::uint32_t kStampResetAbove = 0xF0000000U;

/// A seed count in device memory, written by the caller's kernels (for example by the kernel
/// that finds the seeds), so that no round trip to the host precedes the loop.
struct DeviceCount {
  const std::uint32_t* count;
};

namespace detail {

/// The common part of both run() overloads. Either `host_seed_count` seeds are already in
/// ws.current_queue(), or (`device_count` set) the engine copies `*device_count` seeds from
/// `device_seeds` there before round 0.
template <typename Weight, typename Relax>
Stats run_loop(const CsrView<Weight>& graph, Relax relax, Workspace& ws, cudaStream_t stream,
               const Options& options, std::uint32_t host_seed_count,
               const std::uint32_t* device_seeds, const std::uint32_t* device_count) {
  if (ws.stamp_base() > kStampResetAbove) ws.reset_stamps(stream);
  // Stamps never wrap: a run longer than that stops as if max_rounds were reached.
  Options limited = options;
  limited.max_rounds = std::min(options.max_rounds, UINT32_MAX - 1 - ws.stamp_base());
  const RoundArgs<Weight, Relax> args{
      graph, relax, ws.control(), {ws.queue(0), ws.queue(1)}, ws.stamps()};
  CudaEngine<Weight, Relax> engine(args, ws, stream, limited, device_seeds, device_count);
  const bool on_device = device_count != nullptr;
  const Control initial =
      on_device ? initial_control_device_seeded(limited.max_rounds, ws.stamp_base(), ws.flip())
                : initial_control(host_seed_count, limited.max_rounds, ws.stamp_base(), ws.flip());
  const Control end = drive(engine, limited, initial, on_device);
  ws.set_flip(queue_left(end));
  ws.stamp_base() += end.round + 1;
  return stats_of(end);
}

inline void check_capacity(std::uint32_t vertices, std::uint32_t seeds, const Workspace& ws) {
  if (vertices > ws.capacity() || seeds > ws.capacity())
    throw InternalError("frontier::run: a graph of " + std::to_string(vertices) +
                        " vertices with " + std::to_string(seeds) + " seeds on a workspace for " +
                        std::to_string(ws.capacity()));
}

}  // namespace detail

/// Runs the loop on the GPU from `seed_count` seeds at `seeds` (device memory; may be
/// ws.seed_queue()) with the driver and limits of `options`. Returns when the frontier is
/// empty, after options.max_rounds rounds, or after the round that raised the stop flag; the
/// frontier left is then in ws.seed_queue().
template <typename Weight, typename Relax>
Stats run(const CsrView<Weight>& graph, const std::uint32_t* seeds, std::uint32_t seed_count,
          Relax relax, Workspace& ws, cudaStream_t stream, const Options& options) {
  detail::check_capacity(graph.vertex_count, seed_count, ws);
  if (seeds != ws.current_queue() && seed_count > 0)
    ARCWAVE_CUDA_CHECK(cudaMemcpyAsync(ws.current_queue(), seeds,
                                       seed_count * sizeof(std::uint32_t), cudaMemcpyDeviceToDevice,
                                       stream));
  return detail::run_loop(graph, relax, ws, stream, options, seed_count, nullptr, nullptr);
}

/// As above, with the seed count in device memory (at most ws.capacity(); the seeds may be
/// ws.seed_queue() or any other device array). Only Driver::kHost reads it back before round 0.
template <typename Weight, typename Relax>
Stats run(const CsrView<Weight>& graph, const std::uint32_t* seeds, DeviceCount seed_count,
          Relax relax, Workspace& ws, cudaStream_t stream, const Options& options) {
  detail::check_capacity(graph.vertex_count, 0, ws);
  if (seed_count.count == nullptr) throw InternalError("frontier::run: a null device seed count");
  return detail::run_loop(graph, relax, ws, stream, options, 0, seeds, seed_count.count);
}

/// The host-driven loop (Driver::kHost), with `max_rounds` as its only limit.
template <typename Weight, typename Relax>
Stats run(const CsrView<Weight>& graph, const std::uint32_t* seeds, std::uint32_t seed_count,
          Relax relax, Workspace& ws, cudaStream_t stream = nullptr,
          std::uint32_t max_rounds = UINT32_MAX) {
  Options options;
  options.max_rounds = max_rounds;
  return run(graph, seeds, seed_count, relax, ws, stream, options);
}

}  // namespace arcwave::frontier
