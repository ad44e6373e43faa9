// arcwave/ac.hpp — one (generalised) arc-consistency fixpoint of a model, without search: what
// it deletes, whether a domain is wiped out, the domains afterwards, and the time of each phase.
// `arcwave ac` prints it.
//
//   arcwave::AcOptions o;
//   o.propagator = arcwave::parse_ac_propagator("ac4gpu+");
//   const arcwave::AcResult r = arcwave::arc_consistency("rb.xml", o);
//   // r.wiped_out, r.removed, r.domains[i].values, r.ne->build_ms, r.backend
//
// Propagators. On the CPU engine (one thread): kAc4 (serial AC4 / GAC4, the reference), kAc3Bit
// (AC3bit+rm on binary constraints, Compact-Table on n-ary tables), kCompactTable (Compact-Table
// on every table), each with the global constraints' own propagators. On the N-E model (Li, Li &
// Li 2017), on the CUDA device or compiled by Thrust for OpenMP on the CPU cores: kAc4Gpu
// (Algorithm 3), kAc4GpuPlus (Algorithm 4; both any arity: GAC4's fixpoint on n-ary tables) and
// kAc4GpuFrontier (Algorithm 4 on the frontier driver: binary networks, the device only). The
// closure is the same for every propagator (it is unique); the counters differ.
//
// Backends (N-E propagators): kGpu the device; kCpu OpenMP on the cores; kAuto the device when
// one is usable and the N-E model fits its free memory, else the cores (saying why). The CPU
// propagators take kCpu or kAuto (kGpu: Unsupported).
//
// Costs: the CPU engine O(e·d²) for AC4 (memory O(e·d²) for its supports); the N-E model holds
// every value pair of every binary constraint (NE sizes in AcNeReport::bytes before allocation;
// ResourceError when kGpu's does not fit). The host sends each relation as bits (d_x × d_y for
// a binary one), built on all cores.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "arcwave/backend.hpp"
#include "arcwave/model.hpp"

namespace arcwave {

enum class AcPropagator : std::uint8_t {
  kAc4,
  kAc3Bit,
  kCompactTable,
  kAc4Gpu,
  kAc4GpuPlus,
  kAc4GpuFrontier,
};
/// "ac4", "ac3bit" (or "ac3bit+rm", "ac3"), "ct" (or "compact-table"), "ac4gpu", "ac4gpu+",
/// "ac4gpu+frontier"; InputError otherwise.
AcPropagator parse_ac_propagator(std::string_view text);
/// The names parse_ac_propagator takes first ("ac4", ..., "ac4gpu+frontier").
std::string_view to_string(AcPropagator propagator);
/// kAc4Gpu, kAc4GpuPlus and kAc4GpuFrontier run on the N-E model (the device or OpenMP).
bool uses_ne_model(AcPropagator propagator);

struct AcOptions {
  AcPropagator propagator = AcPropagator::kAc4;
  Backend backend = Backend::kAuto;
};

/// Throws what arc_consistency() throws for the options alone, before any input is read
/// (Unsupported: a CPU propagator with Backend::kGpu).
void check_ac_options(const AcOptions& options);

/// What the N-E propagators built and how long each phase took.
struct AcNeReport {
  std::uint64_t nodes = 0;     // values
  std::uint64_t edges = 0;     // directed value pairs of the binary constraints
  std::uint64_t supports = 0;  // allowed binary pairs, both directions
  std::uint64_t nary_tuples = 0;
  std::uint64_t counters = 0;
  std::uint64_t bytes = 0;  // device memory of the N-E model
  std::size_t binary_relations = 0;
  std::size_t distinct_words = 0;  // 32-bit words of the binary relations' bits (shared ones once)
  std::size_t nary_relations = 0;
  std::uint64_t bytes_sent = 0;     // the relations as the host sends them
  std::uint32_t iterations = 0;     // AC4GPU iterations or AC4GPU+ rounds
  double context_wait_seconds = 0;  // waiting for the GPU's context (0 when it was ready)
  double upload_ms = 0;
  double build_ms = 0;  // BuildNE (+ CSR and initial counters)
  /// BuildNE's phases in order (sizes, bitmap, edges, counters, csr-order, csr-fill), ms each.
  std::vector<std::pair<std::string, double>> build_phases;
  double propagate_ms = 0;
};

/// A variable's domain after the fixpoint.
struct AcDomain {
  std::string variable;
  std::vector<Value> values;  // increasing; empty everywhere after a wipe-out
};

struct AcResult {
  bool wiped_out = false;
  std::uint64_t removed = 0;  // values removed (before the wipe-out, if any)
  std::string propagator;     // e.g. "ac4", "ac3bit", "ac4gpu+", "ac4gpu-frontier"
  std::string backend;        // where it ran and why, e.g. "auto: cpu, Thrust on OpenMP (...)"
  std::string engine;         // CPU propagators: the propagators used (one line)
  std::size_t variables = 0;
  std::size_t constraints = 0;
  std::size_t values = 0;          // CPU propagators: values of the compiled model
  std::uint64_t tuples = 0;        // CPU propagators: tuples of the compiled model's tables
  std::uint64_t propagations = 0;  // CPU propagators: propagator executions
  double parse_seconds = 0;        // reading the file (the path overload)
  double model_seconds = 0;        // compiling the model for the propagators
  double init_seconds = 0;         // CPU propagators: building their state
  double propagate_seconds = 0;    // CPU propagators: the fixpoint
  std::optional<AcNeReport> ne;    // the N-E propagators
  std::vector<AcDomain> domains;   // one per model variable, in model order
};

/// One fixpoint of `model`. Throws Unsupported (see above, and kAc4GpuFrontier on the CPU
/// cores or on n-ary constraints), ResourceError (kGpu without a usable GPU or enough memory).
AcResult arc_consistency(const Model& model, const AcOptions& options = {});
/// The same on an XCSP file (read_xcsp_file, arcwave/xcsp.hpp): the options are checked first,
/// and for the N-E propagators on kAuto or kGpu the GPU's context is created while the file is
/// read (warm_up_gpu_in_background).
AcResult arc_consistency(const std::string& path, const AcOptions& options = {});

}  // namespace arcwave
