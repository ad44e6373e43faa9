// The `map` subcommand of arcwave-gen (instances/tools/map_command.hpp).
#include "instances/tools/map_command.hpp"

#include <memory>

namespace arcwave::gen {

void add_map_command(CLI::App& app, std::optional<MapTextOptions>* request) {
  auto* cmd = app.add_subcommand(
      "map", "random MovingAI map: each cell '@' with the blocked share, else '.' (corners free)");
  auto o = std::make_shared<MapTextOptions>();
  o->width = 1000;
  o->height = 1000;
  cmd->add_option("--width", o->width, "columns")
      ->check(CLI::Range(1, 1 << 20))
      ->capture_default_str();
  cmd->add_option("--height", o->height, "rows")
      ->check(CLI::Range(1, 1 << 20))
      ->capture_default_str();
  cmd->add_option("--blocked", o->blocked_share, "share of blocked cells")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  cmd->add_option("--seed", o->seed, "random seed")->capture_default_str();
  cmd->add_flag("--crlf", o->crlf, "\\r\\n line endings");
  cmd->callback([o, request] { *request = *o; });
}

}  // namespace arcwave::gen
