// arc_consistency (include/arcwave/ac.hpp): one fixpoint on the CPU engine, or on the N-E model
// (the model compiled to its compact form, BuildNE and AC4GPU / AC4GPU+ on the device or on the
// CPU cores through Thrust's OpenMP system).
#include "arcwave/ac.hpp"

#include <memory>

#include "arcwave/error.hpp"
#include "arcwave/xcsp.hpp"
#include "core/gpu_runtime.hpp"
#include "core/timer.hpp"
#include "propagation/cpu/fixpoint.hpp"
#include "propagation/gpu/ac_gpu.hpp"
#include "propagation/indexed/indexed_model.hpp"
#include "propagation/network/compact_network.hpp"

namespace arcwave {

namespace {

GpuAcAlgorithm ne_algorithm(AcPropagator p) {
  switch (p) {
    case AcPropagator::kAc4Gpu:
      return GpuAcAlgorithm::kAc4Gpu;
    case AcPropagator::kAc4GpuFrontier:
      return GpuAcAlgorithm::kAc4GpuFrontier;
    default:
      return GpuAcAlgorithm::kAc4GpuPlus;
  }
}

cpu::TableAlgorithm table_algorithm(AcPropagator p) {
  switch (p) {
    case AcPropagator::kAc4:
      return cpu::TableAlgorithm::kAc4;
    case AcPropagator::kCompactTable:
      return cpu::TableAlgorithm::kCompactTable;
    default:
      return cpu::TableAlgorithm::kAc3Bit;
  }
}

/// Value indices per variable to the variables' values.
std::vector<AcDomain> domains_of(const Model& m, const std::vector<std::vector<int>>& indices) {
  std::vector<AcDomain> out(m.variable_count());
  for (std::size_t x = 0; x < out.size(); ++x) {
    out[x].variable = m.variables()[x].name;
    for (const int a : indices[x])
      out[x].values.push_back(m.variables()[x].domain[static_cast<std::size_t>(a)]);
  }
  return out;
}

// The N-E propagators: the model compiled to its compact form (per constraint the relation's
// bits, or listed tuples, over value indices of the sorted domains, as the CPU side), then one
// fixpoint on the device or the CPU cores, BuildNE expanding the relations there.
AcResult run_ne(const Model& m, const AcOptions& options) {
  const GpuAcAlgorithm algorithm = ne_algorithm(options.propagator);
  Stopwatch clock;
  AcExecution execution = AcExecution::kOmp;
  AcResult result;
  switch (options.backend) {
    case Backend::kGpu:
      execution = AcExecution::kCuda;
      result.backend = "gpu";
      break;
    case Backend::kCpu:
      result.backend = "cpu: Thrust on OpenMP";
      break;
    case Backend::kAuto:
      execution = gpu_available() ? AcExecution::kCuda : AcExecution::kOmp;
      result.backend = execution == AcExecution::kCuda
                           ? "auto: gpu"
                           : "auto: cpu, Thrust on OpenMP (" + gpu_info().reason + ")";
      break;
  }
  if (algorithm == GpuAcAlgorithm::kAc4GpuFrontier && execution == AcExecution::kOmp)
    throw Unsupported(SourcePosition{},
                      "ac4gpu+frontier runs on the CUDA device only (the "
                      "frontier driver is CUDA code); use ac4gpu+ on the CPU");
  if (execution == AcExecution::kCuda) (void)gpu_available();  // the context, if not yet there
  AcNeReport ne;
  ne.context_wait_seconds = clock.seconds();
  clock.restart();
  const CompactNetwork net = make_compact_network(m);
  result.model_seconds = clock.seconds();
  if (options.backend == Backend::kAuto && execution == AcExecution::kCuda &&
      algorithm != GpuAcAlgorithm::kAc4GpuFrontier) {
    // auto: a model the device cannot hold runs on the CPU cores.
    try {
      require_ne_fits_device(ne_sizes(net));
    } catch (const ResourceError& e) {
      execution = AcExecution::kOmp;
      result.backend = std::string("auto: cpu, Thrust on OpenMP (") + e.what() + ")";
    }
  }
  const GpuAcResult r = run_gpu_ac(net, algorithm, execution);

  std::vector<std::vector<int>> indices(m.variable_count());
  std::size_t node = 0;
  for (std::size_t x = 0; x < m.variable_count(); ++x)
    for (std::uint32_t a = 0; a < net.domain_sizes[x]; ++a, ++node)
      if (!r.wiped_out && r.alive[node] != 0) indices[x].push_back(static_cast<int>(a));
  result.propagator = to_string(algorithm);
  result.wiped_out = r.wiped_out;
  result.removed = r.deletions;
  ne.nodes = r.sizes.nodes;
  ne.edges = r.sizes.edges;
  ne.supports = r.sizes.supports;
  ne.nary_tuples = r.sizes.nary_tuples;
  ne.counters = r.sizes.counters;
  ne.bytes = r.sizes.bytes;
  ne.binary_relations = net.binary_count();
  ne.distinct_words = net.bitmap.size();
  ne.nary_relations = net.nary_count();
  ne.bytes_sent = net.relation_bytes();
  ne.iterations = r.iterations;
  ne.upload_ms = r.transfer_ms;
  ne.build_ms = r.build_ms;
  ne.build_phases = r.build_phases;
  ne.propagate_ms = r.propagate_ms;
  result.ne = std::move(ne);
  result.domains = domains_of(m, indices);
  return result;
}

AcResult run_cpu(const Model& m, const AcOptions& options) {
  const cpu::TableAlgorithm algorithm = table_algorithm(options.propagator);
  AcResult result;
  result.backend =
      options.backend == Backend::kAuto ? "auto: cpu (a CPU propagator was asked for)" : "cpu";
  Stopwatch clock;
  auto indexed = std::make_shared<const IndexedModel>(index_model(m));
  result.model_seconds = clock.seconds();
  cpu::CpuEngineOptions engine_options;
  engine_options.tables = algorithm;
  const cpu::FixpointResult r = cpu::ac_fixpoint(indexed, engine_options);
  result.propagator = cpu::to_string(algorithm);
  result.engine = r.description;
  result.values = indexed->value_count();
  result.tuples = indexed->tuple_count();
  result.wiped_out = r.wiped_out;
  result.removed = r.removed;
  result.propagations = r.propagations;
  result.init_seconds = r.init_seconds;
  result.propagate_seconds = r.propagate_seconds;
  result.domains = domains_of(m, r.domains);
  return result;
}

}  // namespace

AcPropagator parse_ac_propagator(std::string_view text) {
  if (text == "ac4gpu") return AcPropagator::kAc4Gpu;
  if (text == "ac4gpu+") return AcPropagator::kAc4GpuPlus;
  if (text == "ac4gpu+frontier") return AcPropagator::kAc4GpuFrontier;
  switch (cpu::parse_table_algorithm(text)) {
    case cpu::TableAlgorithm::kAc4:
      return AcPropagator::kAc4;
    case cpu::TableAlgorithm::kAc3Bit:
      return AcPropagator::kAc3Bit;
    case cpu::TableAlgorithm::kCompactTable:
      break;
  }
  return AcPropagator::kCompactTable;
}

std::string_view to_string(AcPropagator propagator) {
  switch (propagator) {
    case AcPropagator::kAc4:
      return "ac4";
    case AcPropagator::kAc3Bit:
      return "ac3bit";
    case AcPropagator::kCompactTable:
      return "ct";
    case AcPropagator::kAc4Gpu:
      return "ac4gpu";
    case AcPropagator::kAc4GpuPlus:
      return "ac4gpu+";
    case AcPropagator::kAc4GpuFrontier:
      return "ac4gpu+frontier";
  }
  return "?";
}

bool uses_ne_model(AcPropagator propagator) {
  return propagator == AcPropagator::kAc4Gpu || propagator == AcPropagator::kAc4GpuPlus ||
         propagator == AcPropagator::kAc4GpuFrontier;
}

void check_ac_options(const AcOptions& options) {
  if (!uses_ne_model(options.propagator) && options.backend == Backend::kGpu)
    throw Unsupported(SourcePosition{},
                      "--backend gpu with --propagator " +
                          std::string(to_string(options.propagator)) +
                          ": the GPU propagators are ac4gpu, ac4gpu+ and ac4gpu+frontier");
}

AcResult arc_consistency(const Model& model, const AcOptions& options) {
  check_ac_options(options);
  AcResult result =
      uses_ne_model(options.propagator) ? run_ne(model, options) : run_cpu(model, options);
  result.variables = model.variable_count();
  result.constraints = model.constraints().size();
  return result;
}

AcResult arc_consistency(const std::string& path, const AcOptions& options) {
  check_ac_options(options);
  // The device's context is created while the file is read; the run waits for it.
  if (uses_ne_model(options.propagator) && options.backend != Backend::kCpu)
    warm_up_gpu_in_background();
  const XcspFile file = read_xcsp_file(path);
  AcResult result = arc_consistency(file.model, options);
  result.parse_seconds = file.seconds;
  return result;
}

}  // namespace arcwave
