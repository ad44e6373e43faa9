// `arcwave info FILE`: what an instance contains (format, variables, domains, constraints by
// kind and arity, tuples, objective) and how long reading it took. The variables the reader
// introduced (for expressions in lists, variable coefficients and objectives over lists) and the
// symbolic ones are counted apart.
#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "cli/registry.hpp"
#include "core/timer.hpp"
#include "parsers/xcsp/xcsp_reader.hpp"

namespace arcwave::cli {

namespace {

void print_info(const std::string& path) {
  Stopwatch clock;
  const XcspInstance inst = read_xcsp(path);
  const double seconds = clock.seconds();
  const Model& m = inst.model;
  fmt::print("file         {}\n", path);
  fmt::print("format       {} ({})\n", to_string(inst.format), inst.type);
  if (!inst.name.empty()) fmt::print("name         {}\n", inst.name);
  std::size_t min_dom = m.variable_count() ? SIZE_MAX : 0;
  std::size_t max_dom = 0;
  std::size_t total = 0;
  for (const Variable& v : m.variables()) {
    min_dom = std::min(min_dom, v.domain.size());
    max_dom = std::max(max_dom, v.domain.size());
    total += v.domain.size();
  }
  fmt::print("variables    {}\n", m.variable_count());
  // Declared variables: single ones and array cells; the others are auxiliary.
  std::size_t declared = 0;
  for (const Declaration& d : m.declarations()) {
    if (!d.is_array) {
      ++declared;
      continue;
    }
    for (int cell : m.arrays()[static_cast<std::size_t>(d.index)].cells) declared += cell >= 0;
  }
  if (declared < m.variable_count()) fmt::print("auxiliary    {}\n", m.variable_count() - declared);
  const auto symbolic = static_cast<std::size_t>(std::count_if(
      m.variables().begin(), m.variables().end(), [](const Variable& v) { return v.symbolic; }));
  if (symbolic > 0) fmt::print("symbolic     {} ({} symbols)\n", symbolic, m.symbols().size());
  fmt::print("domains      min {} max {} total values {}\n", min_dom, max_dom, total);
  std::map<std::pair<std::string, std::size_t>, std::size_t> by_kind;
  for (const Constraint& c : m.constraints())
    ++by_kind[{std::string(constraint_kind(c)), constraint_scope(c).size()}];
  fmt::print("constraints  {}\n", m.constraints().size());
  for (const auto& [key, count] : by_kind)
    fmt::print("  {:<14} arity {:>5}: {}\n", key.first, key.second, count);
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
      seconds, st.stream_seconds, st.wait_seconds, st.threads, st.threads == 1 ? "" : "s",
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
