// cli/commands.hpp — each `arcwave` subcommand registers itself on the CLI11 app. A command's
// callback stores its exit code in the shared CliContext (errors are thrown as arcwave::Error
// and turned into messages and exit codes by main).
#pragma once

#include <CLI/CLI.hpp>

namespace arcwave::cli {

struct CliContext {
  int exit_code = 0;
};

void add_info_command(CLI::App& app, CliContext& ctx);
void add_solve_command(CLI::App& app, CliContext& ctx);
void add_ac_command(CLI::App& app, CliContext& ctx);

}  // namespace arcwave::cli
