// instances/tools/map_command.hpp — `arcwave-gen map`: a random MovingAI map (random obstacles,
// fixed seed) written as a .map file, e.g. the 10,000 x 10,000 map of the file-to-path
// benchmark (bench/device/grid_e2e.sh).
#pragma once

#include <optional>

#include <CLI/CLI.hpp>

#include "instances/maps/map_text.hpp"

namespace arcwave::gen {

/// Adds the `map` subcommand; when it runs, its parameters land in *request.
void add_map_command(CLI::App& app, std::optional<MapTextOptions>* request);

}  // namespace arcwave::gen
