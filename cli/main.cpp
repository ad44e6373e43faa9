// arcwave — command-line entry point: subcommands, --version, and the mapping of errors to
// messages and exit codes (2: bad input, 3: unsupported, 4: resources, 5: CUDA, 70: bug). Every
// path ends in exit_process() (cli/stop_guard.hpp says why main never returns).
#include <cstdio>
#include <exception>

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "arcwave/version.hpp"
#include "cli/registry.hpp"
#include "cli/stop_guard.hpp"

namespace {

int run(int argc, char** argv) {
  CLI::App app{"arcwave: constraint satisfaction and path planning on GPU primitives"};
  app.set_version_flag("--version", std::string("arcwave ") + arcwave::kVersion);
  app.require_subcommand(1);
  arcwave::cli::CliContext ctx;
  arcwave::cli::add_registered_commands(app, ctx);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    // CLI11 reports success (0) for --help and --version; usage errors are bad input.
    return code == 0 ? 0 : 2;
  } catch (const arcwave::Error& e) {
    std::fflush(stdout);
    fmt::print(stderr, "arcwave: {}\n", e.what());
    return e.exit_code();
  } catch (const std::bad_alloc&) {
    std::fflush(stdout);
    fmt::print(stderr, "arcwave: out of host memory\n");
    return 4;
  } catch (const std::exception& e) {
    std::fflush(stdout);
    fmt::print(stderr, "arcwave: internal error: {}\n", e.what());
    return 70;
  }
  return ctx.exit_code;
}

}  // namespace

int main(int argc, char** argv) {
  arcwave::cli::install_stop_guard();
  arcwave::cli::exit_process(run(argc, argv));
}
