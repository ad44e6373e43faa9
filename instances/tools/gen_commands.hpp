// instances/tools/gen_commands.hpp — the subcommands of arcwave-gen: each one reads its
// parameters, and on parse builds the model together with a default instance name and the
// canonical command that reproduces it (written as a comment into the file).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "arcwave/model.hpp"
#include "instances/csp/writers/xcsp_writer.hpp"

namespace arcwave::gen {

struct Generated {
  Model model;
  std::string name;     // e.g. "queens-8"
  std::string command;  // e.g. "arcwave-gen queens 8 --encoding intension"
  std::vector<Value>
      planted;  // a solution the construction guarantees (forced rb, latin), or empty
};

/// Runs one generator subcommand given its words ({"queens", "8", "--encoding", "extension"}).
/// Throws InputError for words the subcommands do not accept.
Generated generate(const std::vector<std::string>& words);

/// The writer options arcwave-gen uses: the name (`name_override` when not empty) and the
/// command as a comment (XML comments may not hold "--": "rb --n 40" becomes "rb, n 40").
WriteOptions write_options(const Generated& generated, const std::string& name_override = {});

/// Adds queens, rb, composed, random, latin and langford to `app`; the one that runs stores
/// its result through `out`.
void add_generator_commands(CLI::App& app, std::function<void(Generated)> out);

}  // namespace arcwave::gen
