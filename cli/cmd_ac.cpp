// `arcwave ac FILE`: one arc-consistency fixpoint with the chosen propagator; prints the
// deletions, the wipe-out if any and the time of each phase (`c` lines), and with
// --dump-domains the domains afterwards, one variable per line in file order.
//
// CPU propagators: ac4, ac3bit, ct. N-E propagators: ac4gpu, ac4gpu+ (any arity: generalised
// arc consistency on n-ary tables), ac4gpu+frontier (binary networks), on the CUDA device
// (--backend gpu) or compiled for OpenMP on the CPU cores (--backend cpu); auto picks the
// device when one is usable.
#include <cstdio>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "arcwave/ac.hpp"
#include "cli/registry.hpp"

namespace arcwave::cli {

namespace {

struct AcArgs {
  std::string path;
  std::string propagator = "ac4";
  std::string backend = "auto";
  bool dump = false;
};

void print_domains(const std::vector<AcDomain>& domains, std::string& out) {
  for (const AcDomain& d : domains) {
    out += d.variable;
    out += ':';
    for (const Value v : d.values) fmt::format_to(std::back_inserter(out), " {}", v);
    out += '\n';
  }
}

int run_ac(const AcArgs& args) {
  AcOptions options;
  options.propagator = parse_ac_propagator(args.propagator);
  options.backend = parse_backend(args.backend);
  const AcResult r = arc_consistency(args.path, options);
  std::string out;
  auto line = [&out](const std::string& s) {
    out += s;
    out += '\n';
  };
  line(fmt::format("c arcwave ac {}", args.path));
  if (const auto& ne = r.ne) {
    line(fmt::format("c propagator {} ({})", r.propagator, r.backend));
    const std::string nary =
        ne->nary_tuples == 0 ? std::string() : fmt::format(", {} n-ary tuples", ne->nary_tuples);
    line(fmt::format("c N-E model: {} values, {} edges, {} supports{}, {} counters, {:.1f} MB",
                     ne->nodes, ne->edges, ne->supports, nary, ne->counters,
                     static_cast<double>(ne->bytes) / 1e6));
    line(fmt::format("c input: {} binary relations ({} distinct words), {} n-ary, {:.2f} MB sent",
                     ne->binary_relations, ne->distinct_words, ne->nary_relations,
                     static_cast<double>(ne->bytes_sent) / 1e6));
    line(
        fmt::format("c time parse {:.6f} s, gpu-context wait {:.6f} s, model {:.6f} s, upload "
                    "{:.3f} ms, build {:.3f} ms, propagate {:.3f} ms",
                    r.parse_seconds, ne->context_wait_seconds, r.model_seconds, ne->upload_ms,
                    ne->build_ms, ne->propagate_ms));
    if (!ne->build_phases.empty()) {
      std::string phases;
      for (const auto& [name, ms] : ne->build_phases)
        phases += fmt::format("{}{} {:.3f} ms", phases.empty() ? "" : ", ", name, ms);
      line("c build phases: " + phases);
    }
    line(fmt::format("c removed {} values, {} iterations", r.removed, ne->iterations));
  } else {
    line(fmt::format("c propagator {} ({}; {})", r.propagator, r.backend, r.engine));
    line(fmt::format("c variables {} values {} constraints {} tuples {}", r.variables, r.values,
                     r.constraints, r.tuples));
    line(fmt::format("c time parse {:.6f} s, model {:.6f} s, init {:.6f} s, propagate {:.6f} s",
                     r.parse_seconds, r.model_seconds, r.init_seconds, r.propagate_seconds));
    line(fmt::format("c removed {} values, {} propagations", r.removed, r.propagations));
  }
  line(fmt::format("c result {}", r.wiped_out ? "wipe-out" : "arc consistent"));
  if (args.dump) print_domains(r.domains, out);
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
