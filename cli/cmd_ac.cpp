// `arcwave ac FILE`: one arc-consistency fixpoint (issue 3; not implemented yet).
#include <fmt/format.h>

#include "cli/registry.hpp"

namespace arcwave::cli {

namespace {

void add_ac_command(CLI::App& app, CliContext& ctx) {
  auto* cmd = app.add_subcommand(
      "ac",
      "Run one arc-consistency fixpoint (not implemented yet: lands with the CPU arc "
      "consistency / MAC issue)");
  auto path = std::make_shared<std::string>();
  cmd->add_option("file", *path, "instance file")->required();
  cmd->callback([&ctx] {
    fmt::print("arcwave ac: not implemented yet\n");
    ctx.exit_code = 0;
  });
}

const CommandRegistration registration(30, add_ac_command);

}  // namespace

}  // namespace arcwave::cli
