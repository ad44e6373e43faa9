// propagation/gpu/ac_gpu.hpp — arc consistency on the N-E model (Li, Li & Li 2017): BuildNE,
// AC4GPU (their Algorithm 3), AC4GPU+ (Algorithm 4) and AC4GPU+ on the shared frontier
// primitive, each runnable on the CUDA device or, compiled by Thrust for OpenMP, on CPU cores.
//
// The N-E model of a binary network: nodes are the values (x,a) with an existence flag; edges
// are all value pairs of every constraint in both directions, ⟨x,a,y,b,s⟩, s = 1 when the pair
// is allowed; counter[(x,a),c] counts the supports of (x,a) in constraint c. AC4GPU+ also keeps
// a CSR from each value (y,b) to the values it supports, with the counter each support feeds.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "propagation/network/table_network.hpp"

namespace arcwave {

enum class GpuAcAlgorithm : std::uint8_t {
  kAc4Gpu,          // Algorithm 3: recount all counters by reduce-by-key each iteration
  kAc4GpuPlus,      // Algorithm 4: counters once, then atomic decrements along the CSR
  kAc4GpuFrontier,  // Algorithm 4's relaxation on the shared frontier driver (CUDA only)
};
std::string_view to_string(GpuAcAlgorithm algorithm);

/// Where the Thrust code runs: the CUDA device, or CPU cores through Thrust's OpenMP system.
enum class AcExecution : std::uint8_t { kCuda, kOmp };

/// Sizes of the N-E model of a network, and the bytes its device arrays take.
struct NeSizes {
  std::uint64_t nodes = 0;
  std::uint64_t edges = 0;     // directed value pairs (both directions of every constraint)
  std::uint64_t supports = 0;  // edges with s = 1 (the CSR's entries)
  std::uint64_t counters = 0;
  std::uint64_t bytes = 0;  // device memory BuildNE and the propagators allocate
};
/// Exact sizes, computed on the host before anything is allocated. Throws Unsupported for
/// constraints of arity above 2.
NeSizes ne_sizes(const TableNetwork& network);

struct GpuAcResult {
  bool wiped_out = false;
  std::vector<std::uint8_t> alive;  // per node (x,a), in variable then value order
  std::uint64_t deletions = 0;      // values removed by the fixpoint
  std::uint32_t iterations = 0;     // AC4GPU iterations or AC4GPU+ rounds
  double transfer_ms = 0;           // host -> device copy of the network
  double build_ms = 0;              // BuildNE (+ CSR and initial counters)
  /// BuildNE's phases in order (sizes, bitmap, edges, counters, csr-order, csr-fill), ms each.
  std::vector<std::pair<std::string, double>> build_phases;
  double propagate_ms = 0;  // the fixpoint
  NeSizes sizes;
};

/// Runs one arc-consistency fixpoint. Throws ResourceError when the N-E model does not fit
/// the device (checked before allocating) or CUDA is not available, Unsupported for n-ary
/// constraints.
GpuAcResult run_gpu_ac(const TableNetwork& network, GpuAcAlgorithm algorithm,
                       AcExecution execution);

}  // namespace arcwave
