// propagation/gpu/ac_gpu_systems.hpp — the per-system entry points behind run_gpu_ac(): the
// same N-E code instantiated for CUDA (ac_gpu_cuda.cu) and for OpenMP (ac_gpu_omp.cpp).
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

}  // namespace arcwave::detail
