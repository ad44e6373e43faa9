// `arcwave ac FILE`: one arc-consistency fixpoint with the chosen propagator; prints the
// deletions, the wipe-out if any and the time of each phase (`c` lines), and with
// --dump-domains the domains afterwards, one variable per line in file order.
//
// CPU propagators: ac4, ac3bit, ct. N-E propagators: ac4gpu, ac4gpu+ (any arity: generalised
// arc consistency on n-ary tables), ac4gpu+frontier (binary networks), on the CUDA device
// (--backend gpu) or compiled for OpenMP on the CPU cores (--backend cpu); auto picks the
// device when one is usable.
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "cli/registry.hpp"
#include "core/backend.hpp"
#include "core/gpu_runtime.hpp"
#include "core/timer.hpp"
#include "parsers/xcsp/xcsp_reader.hpp"
#include "propagation/cpu/fixpoint.hpp"
#include "propagation/gpu/ac_gpu.hpp"
#include "propagation/indexed/indexed_model.hpp"
#include "propagation/network/compact_network.hpp"

namespace arcwave::cli {

namespace {

struct AcArgs {
  std::string path;
  std::string propagator = "ac4";
  std::string backend = "auto";
  bool dump = false;
};

std::optional<GpuAcAlgorithm> ne_algorithm(const std::string& name) {
  if (name == "ac4gpu") return GpuAcAlgorithm::kAc4Gpu;
  if (name == "ac4gpu+") return GpuAcAlgorithm::kAc4GpuPlus;
  if (name == "ac4gpu+frontier") return GpuAcAlgorithm::kAc4GpuFrontier;
  return std::nullopt;
}

void print_domains(const Model& m, const std::vector<std::vector<int>>& domains, std::string& out) {
  for (std::size_t x = 0; x < m.variable_count(); ++x) {
    out += m.variables()[x].name;
    out += ':';
    for (int a : domains[x])
      fmt::format_to(std::back_inserter(out), " {}",
                     m.variables()[x].domain[static_cast<std::size_t>(a)]);
    out += '\n';
  }
}

// The N-E propagators: the model compiled to its compact form (per constraint the relation's
// bits, or listed tuples, over value indices of the sorted domains, as the CPU side), then one
// fixpoint on the device or the CPU cores, BuildNE expanding the relations there.
// ac4gpu+frontier refuses constraints of arity above 2 (Unsupported, naming the constraint).
int run_ne(const AcArgs& args, GpuAcAlgorithm algorithm) {
  // The device's context is created while the file is read; the choice below waits for it.
  if (parse_backend(args.backend) != Backend::kCpu) warm_up_gpu_in_background();
  Stopwatch clock;
  const XcspInstance inst = read_xcsp(args.path);
  const double parse = clock.seconds();
  clock.restart();
  AcExecution execution = AcExecution::kOmp;
  std::string backend_note;
  switch (parse_backend(args.backend)) {
    case Backend::kGpu:
      execution = AcExecution::kCuda;
      backend_note = "gpu";
      break;
    case Backend::kCpu:
      backend_note = "cpu: Thrust on OpenMP";
      break;
    case Backend::kAuto:
      execution = gpu_available() ? AcExecution::kCuda : AcExecution::kOmp;
      backend_note = execution == AcExecution::kCuda
                         ? "auto: gpu"
                         : "auto: cpu, Thrust on OpenMP (" + gpu_info().reason + ")";
      break;
  }
  if (algorithm == GpuAcAlgorithm::kAc4GpuFrontier && execution == AcExecution::kOmp)
    throw Unsupported(SourcePosition{},
                      "ac4gpu+frontier runs on the CUDA device only (the "
                      "frontier driver is CUDA code); use ac4gpu+ on the CPU");
  if (execution == AcExecution::kCuda) (void)gpu_available();  // the context, if not yet there
  const double context_wait = clock.seconds();
  clock.restart();
  const CompactNetwork net = make_compact_network(inst.model);
  const double model_time = clock.seconds();
  if (parse_backend(args.backend) == Backend::kAuto && execution == AcExecution::kCuda &&
      algorithm != GpuAcAlgorithm::kAc4GpuFrontier) {
    // auto: a model the device cannot hold runs on the CPU cores.
    try {
      require_ne_fits_device(ne_sizes(net));
    } catch (const ResourceError& e) {
      execution = AcExecution::kOmp;
      backend_note = std::string("auto: cpu, Thrust on OpenMP (") + e.what() + ")";
    }
  }
  const GpuAcResult r = run_gpu_ac(net, algorithm, execution);

  const Model& m = inst.model;
  std::vector<std::vector<int>> domains(m.variable_count());
  std::size_t node = 0;
  for (std::size_t x = 0; x < m.variable_count(); ++x)
    for (std::uint32_t a = 0; a < net.domain_sizes[x]; ++a, ++node)
      if (!r.wiped_out && r.alive[node] != 0) domains[x].push_back(static_cast<int>(a));
  std::string out;
  auto line = [&out](const std::string& s) {
    out += s;
    out += '\n';
  };
  line(fmt::format("c arcwave ac {}", args.path));
  line(fmt::format("c propagator {} ({})", to_string(algorithm), backend_note));
  const std::string nary = r.sizes.nary_tuples == 0
                               ? std::string()
                               : fmt::format(", {} n-ary tuples", r.sizes.nary_tuples);
  line(fmt::format("c N-E model: {} values, {} edges, {} supports{}, {} counters, {:.1f} MB",
                   r.sizes.nodes, r.sizes.edges, r.sizes.supports, nary, r.sizes.counters,
                   static_cast<double>(r.sizes.bytes) / 1e6));
  line(fmt::format("c input: {} binary relations ({} distinct words), {} n-ary, {:.2f} MB sent",
                   net.binary_count(), net.bitmap.size(), net.nary_count(),
                   static_cast<double>(net.relation_bytes()) / 1e6));
  line(
      fmt::format("c time parse {:.6f} s, gpu-context wait {:.6f} s, model {:.6f} s, upload "
                  "{:.3f} ms, build {:.3f} ms, propagate {:.3f} ms",
                  parse, context_wait, model_time, r.transfer_ms, r.build_ms, r.propagate_ms));
  if (!r.build_phases.empty()) {
    std::string phases;
    for (const auto& [name, ms] : r.build_phases)
      phases += fmt::format("{}{} {:.3f} ms", phases.empty() ? "" : ", ", name, ms);
    line("c build phases: " + phases);
  }
  line(fmt::format("c removed {} values, {} iterations", r.deletions, r.iterations));
  line(fmt::format("c result {}", r.wiped_out ? "wipe-out" : "arc consistent"));
  if (args.dump) print_domains(m, domains, out);
  std::fputs(out.c_str(), stdout);
  return r.wiped_out ? 1 : 0;
}

int run_ac(const AcArgs& args) {
  if (const auto ne = ne_algorithm(args.propagator)) return run_ne(args, *ne);
  const cpu::TableAlgorithm algorithm = cpu::parse_table_algorithm(args.propagator);
  std::string backend_note;
  switch (parse_backend(args.backend)) {
    case Backend::kGpu:
      throw Unsupported(SourcePosition{},
                        "--backend gpu with --propagator " + args.propagator +
                            ": the GPU propagators are ac4gpu, ac4gpu+ and ac4gpu+frontier");
    case Backend::kAuto:
      backend_note = "auto: cpu (a CPU propagator was asked for)";
      break;
    case Backend::kCpu:
      backend_note = "cpu";
      break;
  }
  Stopwatch clock;
  const XcspInstance inst = read_xcsp(args.path);
  const double parse = clock.seconds();
  clock.restart();
  auto indexed = std::make_shared<const IndexedModel>(index_model(inst.model));
  const double model_time = clock.seconds();
  cpu::CpuEngineOptions options;
  options.tables = algorithm;
  const cpu::FixpointResult r = cpu::ac_fixpoint(indexed, options);

  const Model& m = inst.model;
  std::string out;
  auto line = [&out](const std::string& s) {
    out += s;
    out += '\n';
  };
  line(fmt::format("c arcwave ac {}", args.path));
  line(fmt::format("c propagator {} ({}; {})", cpu::to_string(algorithm), backend_note,
                   r.description));
  line(fmt::format("c variables {} values {} constraints {} tuples {}", m.variable_count(),
                   indexed->value_count(), m.constraints().size(), indexed->tuple_count()));
  line(fmt::format("c time parse {:.6f} s, model {:.6f} s, init {:.6f} s, propagate {:.6f} s",
                   parse, model_time, r.init_seconds, r.propagate_seconds));
  line(fmt::format("c removed {} values, {} propagations", r.removed, r.propagations));
  line(fmt::format("c result {}", r.wiped_out ? "wipe-out" : "arc consistent"));
  if (args.dump) print_domains(m, r.domains, out);
  std::fputs(out.c_str(), stdout);
  return r.wiped_out ? 1 : 0;
}

void add_ac_command(CLI::App& app, CliContext& ctx) {
  auto* cmd = app.add_subcommand(
      "ac",
      "Run one arc-consistency fixpoint and report deletions, wipe-out and times (exit code 0, "
      "or 1 on a wipe-out)");
  auto args = std::make_shared<AcArgs>();
  cmd->add_option("file", args->path, "instance file (.xml, .lzma, .xz, .bz2, .gz; '-' for stdin)")
      ->required();
  cmd->add_option("--propagator", args->propagator,
                  "ac4 (serial AC4 / GAC4, default), ac3bit (AC3bit+rm, Compact-Table for n-ary), "
                  "ct (Compact-Table); on the N-E model: ac4gpu, ac4gpu+ (any arity), "
                  "ac4gpu+frontier (binary networks)");
  cmd->add_option("--backend", args->backend,
                  "auto (default), cpu or gpu: where ac4gpu / ac4gpu+ run (the device, or "
                  "OpenMP on the CPU cores); the CPU propagators run on the CPU");
  cmd->add_flag("--dump-domains", args->dump,
                "print the domains after the fixpoint: `name: v1 v2 ...`, one variable per line "
                "in file order (all empty after a wipe-out)");
  cmd->callback([args, &ctx] { ctx.exit_code = run_ac(*args); });
}

const CommandRegistration registration(30, add_ac_command);

}  // namespace

}  // namespace arcwave::cli
