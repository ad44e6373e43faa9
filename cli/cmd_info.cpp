// `arcwave info FILE`: what an instance contains (format, variables, domains, constraints by
// kind and arity, tuples, objective) and how long reading it took. The variables the reader
// introduced (for expressions in lists, variable coefficients and objectives over lists) and the
// symbolic ones are counted apart.
#include <algorithm>

#include <fmt/format.h>

#include "arcwave/model_summary.hpp"
#include "arcwave/xcsp.hpp"
#include "cli/registry.hpp"

namespace arcwave::cli {

namespace {

void print_info(const std::string& path) {
  const XcspFile inst = read_xcsp_file(path);
  const Model& m = inst.model;
  const ModelSummary summary = summarize(m);
  fmt::print("file         {}\n", path);
  fmt::print("format       {} ({})\n", to_string(inst.format), inst.type);
  if (!inst.name.empty()) fmt::print("name         {}\n", inst.name);
  fmt::print("variables    {}\n", summary.variables);
  if (summary.declared < summary.variables) fmt::print("auxiliary    {}\n", summary.auxiliary());
  if (summary.symbolic > 0)
    fmt::print("symbolic     {} ({} symbols)\n", summary.symbolic, summary.symbols);
  fmt::print("domains      min {} max {} total values {}\n", summary.min_domain, summary.max_domain,
             summary.total_values);
  fmt::print("constraints  {}\n", summary.constraints);
  for (const ConstraintGroup& g : summary.groups)
    fmt::print("  {:<14} arity {:>5}: {}\n", g.kind, g.arity, g.count);
  fmt::print("tuples       {}\n", inst.tuples);
  if (const auto& obj = m.objective()) {
    static constexpr const char* kKinds[] = {"variable", "sum", "expression"};
    fmt::print("objective    {} ({})\n", obj->minimize ? "minimize" : "maximize",
               kKinds[static_cast<int>(obj->kind)]);
  } else {
    fmt::print("objective    none\n");
  }
  const XcspReadStats& st = inst.stats;
  fmt::print(
      "read time    {:.3f} s (stream {:.3f} s, then tables {:.3f} s; {} thread{}, {} table{} "
      "on the workers in {} part{})\n",
      inst.seconds, st.stream_seconds, st.wait_seconds, st.threads, st.threads == 1 ? "" : "s",
      st.tables_deferred, st.tables_deferred == 1 ? "" : "s",
      std::max(st.parts, st.tables_deferred),
      std::max(st.parts, st.tables_deferred) == 1 ? "" : "s");
}

}  // namespace

namespace {

void add_info_command(CLI::App& app, CliContext& ctx) {
  auto* cmd = app.add_subcommand(
      "info", "Describe an XCSP 2.1 / XCSP3 instance (.xml, .lzma, .xz, .bz2, .gz)");
  auto path = std::make_shared<std::string>();
  cmd->add_option("file", *path, "instance file ('-' for standard input)")->required();
  cmd->callback([path, &ctx] {
    print_info(*path);
    ctx.exit_code = 0;
  });
}

const CommandRegistration registration(10, add_info_command);

}  // namespace

}  // namespace arcwave::cli
