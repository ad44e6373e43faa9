// propagation/gpu/ac_gpu_systems.hpp — the per-system entry points behind run_gpu_ac(): the
// same N-E code instantiated for CUDA (ac_gpu_cuda.cu) and for OpenMP (ac_gpu_omp.cpp), from a
// TableNetwork or a CompactNetwork; and the N-E arrays themselves, for tests.
#pragma once

#include <cstdint>
#include <vector>

#include "propagation/gpu/ac_gpu.hpp"

namespace arcwave::detail {

/// `initial_alive` holds the values left by unary constraints (one flag per node).
GpuAcResult run_ne_cuda(const TableNetwork& network, const std::vector<std::uint8_t>& initial_alive,
                        GpuAcAlgorithm algorithm);
GpuAcResult run_ne_omp(const TableNetwork& network, const std::vector<std::uint8_t>& initial_alive,
                       GpuAcAlgorithm algorithm);
GpuAcResult run_ne_cuda(const CompactNetwork& network, GpuAcAlgorithm algorithm);
GpuAcResult run_ne_omp(const CompactNetwork& network, GpuAcAlgorithm algorithm);

/// BuildNE's arrays copied back to the host (AC4GPU+'s with `with_csr`, else AC4GPU's).
struct NeArrays {
  std::vector<std::uint32_t> exists, node_var, counter_node;
  std::vector<int> counter, live_size;
  std::vector<std::uint8_t> edge_s;
  std::vector<std::uint32_t> edge_src, edge_dst, edge_key;
  std::vector<std::uint64_t> csr_offset;
  std::vector<std::uint32_t> csr_target, csr_counter;
  std::vector<std::uint32_t> nary_node, nary_s, nary_key, nary_member;
  std::vector<std::uint64_t> nary_csr_offset;
  friend bool operator==(const NeArrays&, const NeArrays&) = default;
};
NeArrays ne_arrays_omp(const TableNetwork& network, const std::vector<std::uint8_t>& initial_alive,
                       bool with_csr);
NeArrays ne_arrays_omp(const CompactNetwork& network, bool with_csr);
NeArrays ne_arrays_cuda(const TableNetwork& network, const std::vector<std::uint8_t>& initial_alive,
                        bool with_csr);
NeArrays ne_arrays_cuda(const CompactNetwork& network, bool with_csr);

}  // namespace arcwave::detail
