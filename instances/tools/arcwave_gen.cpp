// arcwave-gen — writes generated CSP instances (queens, rb, composed, random, latin, langford)
// as XCSP3 or XCSP 2.1, and random MovingAI maps (map). Exit codes as for arcwave: 2 bad input, 3
// unsupported, 4 resources.
#include <cstdio>
#include <optional>

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "instances/csp/writers/xcsp_writer.hpp"
#include "instances/tools/gen_commands.hpp"
#include "instances/tools/map_command.hpp"

int main(int argc, char** argv) {
  using namespace arcwave;
  CLI::App app{"arcwave-gen: generated CSP instances as XCSP3 or XCSP 2.1 files"};
  app.require_subcommand(1);
  std::string format = "xcsp3";
  std::string output = "-";
  std::string name;
  app.add_option("--format", format, "xcsp3 | xcsp21")
      ->check(CLI::IsMember({"xcsp3", "xcsp21"}))
      ->capture_default_str();
  app.add_option("-o,--output", output, "output file ('-': standard output)")
      ->capture_default_str();
  app.add_option("--name", name, "instance name (default: from the parameters)");
  // Options of the main app may also follow the subcommand (set before adding subcommands,
  // which inherit it).
  app.fallthrough();
  std::optional<gen::Generated> generated;
  gen::add_generator_commands(app, [&generated](gen::Generated g) { generated = std::move(g); });
  std::optional<gen::MapTextOptions> map;
  gen::add_map_command(app, &map);
  try {
    app.parse(argc, argv);
    if (map) {
      if (output == "-") {
        const std::string text = gen::random_movingai_map_text(*map);
        std::fwrite(text.data(), 1, text.size(), stdout);
      } else {
        gen::write_random_movingai_map(output, *map);
      }
      return 0;
    }
    if (!generated) return 2;
    gen::write_xcsp_file(generated->model, *gen::parse_dialect(format), output,
                         gen::write_options(*generated, name));
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : 2;
  } catch (const Error& e) {
    std::fflush(stdout);
    fmt::print(stderr, "arcwave-gen: {}\n", e.what());
    return e.exit_code();
  } catch (const std::bad_alloc&) {
    fmt::print(stderr, "arcwave-gen: out of host memory\n");
    return 4;
  } catch (const std::exception& e) {
    fmt::print(stderr, "arcwave-gen: internal error: {}\n", e.what());
    return 70;
  }
  return 0;
}
