// Definitions for cli/registry.hpp.
#include "cli/registry.hpp"

#include <algorithm>
#include <utility>
#include <vector>

namespace arcwave::cli {

namespace {
std::vector<std::pair<int, AddCommand>>& registry() {
  static std::vector<std::pair<int, AddCommand>> commands;
  return commands;
}
}  // namespace

CommandRegistration::CommandRegistration(int order, AddCommand add) {
  registry().emplace_back(order, add);
}

void add_registered_commands(CLI::App& app, CliContext& ctx) {
  auto commands = registry();
  std::stable_sort(commands.begin(), commands.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [order, add] : commands) add(app, ctx);
}

}  // namespace arcwave::cli
