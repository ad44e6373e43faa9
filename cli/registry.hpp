// cli/registry.hpp — subcommands register themselves: a cmd_*.cpp file defines a static
// CommandRegistration, and main() adds every registered command in `order`.
#pragma once

#include <CLI/CLI.hpp>

namespace arcwave::cli {

struct CliContext {
  int exit_code = 0;  // set by the command that ran
};

using AddCommand = void (*)(CLI::App& app, CliContext& ctx);

struct CommandRegistration {
  CommandRegistration(int order, AddCommand add);
};

/// Adds every registered command to `app`, sorted by order.
void add_registered_commands(CLI::App& app, CliContext& ctx);

}  // namespace arcwave::cli
