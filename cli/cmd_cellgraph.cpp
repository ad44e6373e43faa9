// `arcwave cellgraph FILE`: the cell graph of a vector file (one vertex per distinct vector,
// edges between vectors at Hamming distance 1), optionally its edge list (--out) and cells
// (--cells), and with --from/--to a shortest route between two cells (BFS on the frontier
// primitive). Exit code 1 when there is no route.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "arcwave/cellgraph.hpp"
#include "arcwave/error.hpp"
#include "cli/registry.hpp"

namespace arcwave::cli {

namespace {

struct CellgraphArgs {
  std::string file;
  std::string from;
  std::string to;
  std::string out;
  std::string cells;
  std::string algorithm = "fingerprint";
  std::string backend = "auto";
  std::uint32_t pivots = 5;
};

std::uint32_t cell_of(const CellGraph& g, const std::string& text, const char* what) {
  const auto v = g.find(text, what);
  if (!v) throw InputError(fmt::format("{}: {} is not one of the file's cells", what, text));
  return *v;
}

int run_cellgraph(const CellgraphArgs& args) {
  if (args.from.empty() != args.to.empty())
    throw InputError("--from and --to go together (a route needs both ends)");
  CellGraphOptions options;
  options.backend = parse_backend(args.backend);
  options.algorithm = parse_cellgraph_algorithm(args.algorithm);
  options.pivots = args.pivots;
  const CellGraph g = CellGraph::load(args.file, options);
  // The route's ends are checked before anything is printed or written.
  const bool want_route = !args.from.empty();
  const std::uint32_t from = want_route ? cell_of(g, args.from, "--from") : 0;
  const std::uint32_t to = want_route ? cell_of(g, args.to, "--to") : 0;

  const CellGraphTimes& times = g.times();
  fmt::print("file         {}\n", args.file);
  fmt::print("vectors      {} of {} bits (read in {:.3f} s)\n", g.input_count(), g.bits(),
             times.read_seconds);
  fmt::print("cells        {} distinct vectors\n", g.vertex_count());
  fmt::print("edges        {}\n", g.edge_count());
  fmt::print("algorithm    {}\n", g.built_with());
  fmt::print("time         sort {:.3f} ms, build {:.3f} ms, search {:.3f} ms", times.sort_ms,
             times.build_ms, times.search_ms);
  if (g.built_on_gpu())
    fmt::print(" (upload {:.3f} ms, download {:.3f} ms)", times.upload_ms, times.download_ms);
  fmt::print("\n");
  if (!args.out.empty()) {
    g.write_edges(args.out);
    fmt::print("edge list    {}\n", args.out);
  }
  if (!args.cells.empty()) {
    g.write_cells(args.cells,
                  fmt::format("cells of {}: the v-th vector (from 0) is vertex v", args.file));
    fmt::print("cells file   {}\n", args.cells);
  }
  if (!want_route) return 0;

  const std::vector<std::uint32_t> route = g.route(from, to);
  if (route.empty()) {
    fmt::print("route        none: cell {} cannot be reached from cell {}\n", to, from);
    return 1;
  }
  fmt::print("route        {} crossings\n", route.size() - 1);
  for (std::size_t i = 0; i < route.size(); ++i) {
    fmt::print("  {:>6}  {}  cell {}", i, g.cell(route[i]), route[i]);
    if (i > 0) fmt::print(", crosses constraint {}", g.crossed_bit(route[i - 1], route[i]));
    fmt::print("\n");
  }
  return 0;
}

void add_cellgraph_command(CLI::App& app, CliContext& ctx) {
  auto* cmd = app.add_subcommand(
      "cellgraph",
      "Cell graph of binary vectors (Hamming distance 1 between distinct vectors), and routes");
  auto args = std::make_shared<CellgraphArgs>();
  cmd->add_option("file", args->file,
                  "vector file: lines of 0/1, or packed (parsers/vectors/FORMAT.md); '-' for "
                  "standard input")
      ->required();
  cmd->add_option("--from", args->from, "start cell of a route, as a 0/1 vector");
  cmd->add_option("--to", args->to, "end cell of a route, as a 0/1 vector");
  cmd->add_option("--out", args->out, "write the edge list here (\"u v\" per line)");
  cmd->add_option("--cells", args->cells,
                  "write the vector of each vertex here (the v-th vector is vertex v)");
  cmd->add_option("--algorithm", args->algorithm, "fingerprint (O(n·ℓ)), tree or heuristic")
      ->capture_default_str();
  cmd->add_option("--backend", args->backend, "auto, cpu or gpu")->capture_default_str();
  cmd->add_option("--pivots", args->pivots, "heuristic: number of pivots h")->capture_default_str();
  cmd->callback([args, &ctx] { ctx.exit_code = run_cellgraph(*args); });
}

const CommandRegistration registration(65, add_cellgraph_command);

}  // namespace

}  // namespace arcwave::cli
