// `arcwave ac FILE`: one arc-consistency fixpoint with the chosen propagator; prints the
// deletions, the wipe-out if any and the time of each phase (`c` lines), and with
// --dump-domains the domains afterwards, one variable per line in file order.
#include <cstdio>

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "cli/registry.hpp"
#include "core/backend.hpp"
#include "core/timer.hpp"
#include "parsers/xcsp/xcsp_reader.hpp"
#include "propagation/cpu/fixpoint.hpp"
#include "propagation/indexed/indexed_model.hpp"

namespace arcwave::cli {

namespace {

struct AcArgs {
  std::string path;
  std::string propagator = "ac4";
  std::string backend = "auto";
  bool dump = false;
};

int run_ac(const AcArgs& args) {
  const cpu::TableAlgorithm algorithm = cpu::parse_table_algorithm(args.propagator);
  std::string backend_note;
  switch (parse_backend(args.backend)) {
    case Backend::kGpu:
      throw ResourceError(
          "--backend gpu: `arcwave ac` runs the CPU propagators (AC4GPU / AC4GPU+ fixpoints are "
          "measured by bench/ac_gpu); use --backend cpu or auto");
    case Backend::kAuto:
      backend_note = "auto: cpu (this command has CPU propagators only)";
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
  if (args.dump) {
    for (std::size_t x = 0; x < m.variable_count(); ++x) {
      out += m.variables()[x].name;
      out += ':';
      for (int a : r.domains[x])
        fmt::format_to(std::back_inserter(out), " {}",
                       indexed->domains[x][static_cast<std::size_t>(a)]);
      out += '\n';
    }
  }
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
                  "ac4 (serial AC4 / GAC4, default), ac3bit (AC3bit+rm, Compact-Table for n-ary) "
                  "or ct (Compact-Table)");
  cmd->add_option("--backend", args->backend,
                  "auto (default) or cpu; gpu is refused (CPU propagators only)");
  cmd->add_flag("--dump-domains", args->dump,
                "print the domains after the fixpoint: `name: v1 v2 ...`, one variable per line "
                "in file order (all empty after a wipe-out)");
  cmd->callback([args, &ctx] { ctx.exit_code = run_ac(*args); });
}

const CommandRegistration registration(30, add_ac_command);

}  // namespace

}  // namespace arcwave::cli
