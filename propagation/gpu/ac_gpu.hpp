// propagation/gpu/ac_gpu.hpp — arc consistency on the N-E model (Li, Li & Li 2017): BuildNE,
// AC4GPU (their Algorithm 3), AC4GPU+ (Algorithm 4) and AC4GPU+ on the shared frontier
// primitive, each runnable on the CUDA device or, compiled by Thrust for OpenMP, on CPU cores.
//
// The N-E model: nodes are the values (x,a) with an existence flag; for binary constraints,
// edges are all value pairs of every constraint in both directions, ⟨x,a,y,b,s⟩, s = 1 when the
// pair is allowed; counter[(x,a),c] counts the supports of (x,a) in constraint c. AC4GPU+ also
// keeps a CSR from each value (y,b) to the values it supports, with the counter each support
// feeds. Constraints of arity r >= 3 add one edge per allowed tuple (its r values and a
// validity flag s), counters (x,a,c) of the valid tuples of c with x = a, and (AC4GPU+) a CSR
// from each value to the tuples holding it: AC4GPU and AC4GPU+ then compute generalised arc
// consistency (GAC4's fixpoint). The frontier variant and the device-resident DeviceAc take
// binary networks only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "propagation/network/compact_network.hpp"
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
  std::uint64_t edges = 0;     // directed value pairs (both directions of every binary constraint)
  std::uint64_t supports = 0;  // allowed binary pairs, both directions (the CSR's entries)
  std::uint64_t counters = 0;  // binary and n-ary
  std::uint64_t nary_tuples = 0;   // n-ary edges: allowed tuples of constraints of arity >= 3
  std::uint64_t nary_entries = 0;  // their (tuple, position) pairs: the n-ary CSR's entries
  std::uint64_t bytes = 0;         // device memory BuildNE and the propagators allocate
};
/// Sizes computed on the host before anything is allocated (`bytes` an upper bound). Throws
/// ResourceError when the ids of the model do not fit 32 bits.
NeSizes ne_sizes(const TableNetwork& network);
NeSizes ne_sizes(const CompactNetwork& network);

/// Throws Unsupported naming the first constraint of arity above 2 (the model's constraint
/// number where network.from_model tells it, else the table's), for the N-E propagators that
/// take binary networks only (`who`: the frontier variant, the device-resident AC4GPU+).
void require_binary_ne(const TableNetwork& network, std::string_view who);
void require_binary_ne(const CompactNetwork& network, std::string_view who);

/// The values (x,a), in node order, that the unary constraints allow (the N-E model holds
/// arities >= 2); `empty_constraint` tells whether a nullary constraint is empty.
std::vector<std::uint8_t> unary_filter(const TableNetwork& network, bool& empty_constraint);

/// Throws ResourceError without a usable GPU, or when the N-E model (plus `extra_bytes`) does
/// not fit the device's free memory: checked before anything is allocated.
void require_ne_fits_device(const NeSizes& sizes, std::uint64_t extra_bytes = 0);

struct GpuAcResult {
  bool wiped_out = false;
  std::vector<std::uint8_t> alive;  // per node (x,a), in variable then value order
  std::uint64_t deletions = 0;      // values removed by the fixpoint
  std::uint32_t iterations = 0;     // AC4GPU iterations or AC4GPU+ rounds
  double transfer_ms = 0;           // host -> device copy of the network (the upload)
  double build_ms = 0;              // BuildNE (+ CSR and initial counters)
  /// BuildNE's phases in order (sizes, bitmap, edges, counters, csr-order, csr-fill), ms each.
  std::vector<std::pair<std::string, double>> build_phases;
  double propagate_ms = 0;  // the fixpoint
  NeSizes sizes;
};

/// Runs one (generalised) arc-consistency fixpoint. Throws ResourceError when the N-E model
/// does not fit the device (checked before allocating) or CUDA is not available, Unsupported
/// for n-ary constraints with kAc4GpuFrontier.
GpuAcResult run_gpu_ac(const TableNetwork& network, GpuAcAlgorithm algorithm,
                       AcExecution execution);
/// The same from the compact form (the relations' bits go to the device, which expands them):
/// the same N-E arrays, the same fixpoint.
GpuAcResult run_gpu_ac(const CompactNetwork& network, GpuAcAlgorithm algorithm,
                       AcExecution execution);

}  // namespace arcwave
