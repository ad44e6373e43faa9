// `arcwave solve FILE`: MAC search with arc consistency (issue 3; not implemented yet).
#include <fmt/format.h>

#include "cli/registry.hpp"

namespace arcwave::cli {

namespace {

void add_solve_command(CLI::App& app, CliContext& ctx) {
  auto* cmd = app.add_subcommand(
      "solve",
      "Solve an XCSP instance by MAC search (not implemented yet: lands with the CPU "
      "arc consistency / MAC issue)");
  auto path = std::make_shared<std::string>();
  cmd->add_option("file", *path, "instance file")->required();
  cmd->callback([&ctx] {
    fmt::print("c arcwave solve: not implemented yet\ns UNKNOWN\n");
    ctx.exit_code = 0;
  });
}

const CommandRegistration registration(20, add_solve_command);

}  // namespace

}  // namespace arcwave::cli
