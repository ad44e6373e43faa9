// graph/cellgraph/gpu_guard.cuh — runs a GPU cell graph algorithm after checking that a GPU is
// there and has room for it, and turns Thrust's exceptions into arcwave's (CudaError,
// ResourceError for device memory).
#pragma once

#include <thrust/system_error.h>

#include <cstdint>
#include <new>
#include <string>

#include "arcwave/error.hpp"
#include "core/gpu_runtime.hpp"
#include "graph/cellgraph/bit_vectors.hpp"

namespace arcwave::cellgraph::detail {

/// Device bytes an algorithm needs for n rows (a lower bound: the trie and the edges come on
/// top): `row_copies` copies of the rows plus `bytes_per_row` per row.
inline std::uint64_t device_bytes_needed(const BitVectors& input, std::uint64_t row_copies,
                                         std::uint64_t bytes_per_row) {
  return input.count * (row_copies * input.words * 8 + bytes_per_row);
}

template <typename Run>
auto run_on_gpu(const char* algorithm, std::uint64_t bytes_needed, Run&& run) {
  // (fmt is not used here: nvcc rejects fmt 9's compile-time format strings.)
  const std::string what = std::string("cell graph (") + algorithm + ") on the GPU: ";
  if (!gpu_available()) throw ResourceError(what + "no usable GPU (" + gpu_info().reason + ")");
  const std::size_t free_bytes = gpu_free_memory();
  if (bytes_needed > free_bytes)
    throw ResourceError(what + "needs at least " + std::to_string(bytes_needed) +
                        " bytes of device memory, " + std::to_string(free_bytes) + " free");
  try {
    return run();
  } catch (const Error&) {
    throw;
  } catch (const std::bad_alloc&) {
    throw ResourceError(what + "out of device memory (at least " + std::to_string(bytes_needed) +
                        " bytes needed, " + std::to_string(free_bytes) + " were free)");
  } catch (const thrust::system_error& e) {
    throw CudaError(what + e.what());
  }
}

}  // namespace arcwave::cellgraph::detail
