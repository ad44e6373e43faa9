// `arcwave apsp GRAPH`: Johnson all-pairs shortest paths (Bellman-Ford potentials, then every
// source's shortest paths) on a DIMACS .gr, Matrix Market or edge-list graph, on the GPU or the
// CPU (one binary-heap Dijkstra per thread). Rows go to the output (cli/apsp_output.hpp: csv, or
// bin with int32 / float / int64 / double values) while the shortest paths are computed; with
// --paths FILE the predecessors go to FILE in the same format; --max-distance cuts longer
// distances (out of reach). A negative cycle is printed with exit code 1 and leaves no file.
//
// GPU methods (--method auto picks one and says why on stderr):
//   cta       one source per CTA, near-far with a local queue (johnson_streamed): no launch per
//             round, so planar and road graphs (hundreds to thousands of rounds) stay cheap;
//             the only method with --paths, --max-distance and 32-bit rows from the device;
//   batched   32 sources per warp, one launch and host round trip per round over all n x S
//             pairs: best while the graph's hop depth is small (random, social graphs);
//   near-far  one whole-device near-far SSSP per source: a few sources on a large graph;
//   frontier, dijkstra-outer, dijkstra-inner: comparison rows.
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "arcwave/paths.hpp"
#include "cli/apsp_output.hpp"
#include "cli/registry.hpp"

namespace arcwave::cli {

namespace {

struct ApspArgs {
  std::string graph;
  std::string graph_format = "auto";
  bool undirected = false;
  std::string sources = "all";
  std::string out;
  std::string format = "csv";
  std::string values = "auto";
  std::string paths;
  std::optional<double> max_distance;
  std::vector<std::uint64_t> path;
  std::string backend = "auto";
  std::string method = "auto";
  unsigned threads = 0;
  std::uint32_t batch = 0;
  std::string gpus = "all";
};

/// "all" or a comma list of ids and ranges a-b, in the file's numbering.
std::vector<std::uint32_t> parse_sources(const std::string& text, std::uint32_t n,
                                         std::uint32_t base) {
  std::vector<std::uint32_t> out;
  if (text == "all") {
    for (std::uint32_t v = 0; v < n; ++v) out.push_back(v);
    return out;
  }
  std::size_t pos = 0;
  auto number = [&](std::size_t& at) -> std::uint64_t {
    const std::size_t start = at;
    std::uint64_t v = 0;
    while (at < text.size() && text[at] >= '0' && text[at] <= '9') {
      v = v * 10 + static_cast<std::uint64_t>(text[at] - '0');
      if (v > UINT32_MAX + 1ULL) break;
      ++at;
    }
    if (at == start)
      throw InputError(fmt::format("--sources: expected a vertex at '{}'", text.substr(start)));
    if (v < base || v - base >= n)
      throw InputError(
          fmt::format("--sources: vertex {} outside {}..{}", v, base, base + n - 1ULL));
    return v - base;
  };
  while (pos < text.size()) {
    const std::uint64_t a = number(pos);
    std::uint64_t b = a;
    if (pos < text.size() && text[pos] == '-') b = number(++pos);
    if (b < a) throw InputError("--sources: a range must not decrease");
    for (std::uint64_t v = a; v <= b; ++v) out.push_back(static_cast<std::uint32_t>(v));
    if (pos < text.size() && text[pos++] != ',')
      throw InputError(fmt::format("--sources: expected ',' at '{}'", text.substr(pos - 1)));
  }
  return out;
}

ApspMethod parse_method(const std::string& m) {
  for (const ApspMethod method :
       {ApspMethod::kAuto, ApspMethod::kCta, ApspMethod::kBatched, ApspMethod::kNearFar,
        ApspMethod::kFrontier, ApspMethod::kDijkstraOuter, ApspMethod::kDijkstraInner})
    if (m == to_string(method)) return method;
  throw InputError(
      "--method: expected auto, cta, batched, near-far, frontier, dijkstra-outer or "
      "dijkstra-inner");
}

/// Prints the path U -> V (file numbering) from the potentials; returns false when none.
template <typename W>
bool print_path(const WeightedGraph<W>& g, std::span<const W> potential, std::uint32_t u,
                std::uint32_t v) {
  const std::uint32_t base = g.index_base();
  const std::optional<GraphPath<W>> path = johnson_path(g, potential, u, v);
  if (!path) {
    fmt::print("no path from {} to {}\n", u + base, v + base);
    return false;
  }
  std::string line = fmt::format("path {} {}: distance {}:", u + base, v + base, path->distance);
  for (const std::uint32_t x : path->vertices) line += fmt::format(" {}", x + base);
  fmt::print("{}\n", line);
  return true;
}

template <typename W, typename V>
int run_apsp_rows(const ApspArgs& args, const WeightedGraph<W>& g,
                  const std::vector<std::uint32_t>& sources) {
  const std::uint32_t n = g.vertex_count();
  const std::uint32_t base = g.index_base();
  const bool binary = args.format == "bin";
  const bool want_rows = !args.out.empty() || args.path.empty();
  std::unique_ptr<ApspRowFile<V>> rows;
  std::unique_ptr<ApspRowFile<std::uint32_t>> preds;
  if (want_rows) rows = std::make_unique<ApspRowFile<V>>(args.out, binary, n, base, sources);
  if (!args.paths.empty())
    preds = std::make_unique<ApspRowFile<std::uint32_t>>(args.paths, binary, n, base, sources);
  fmt::print(stderr,
             "apsp: {} vertices, {} edges, {} sources: {:.1f} MiB of {}-bit distances{}, "
             "written while computing\n",
             n, g.edge_count(), sources.size(),
             static_cast<double>(sources.size()) * n * sizeof(V) / (1 << 20), sizeof(V) * 8,
             preds ? " and predecessors" : "");

  ApspSinks<V> sinks;
  // Binary files are written by position: several devices write their blocks as they come.
  sinks.any_order = (!rows || rows->positional()) && (!preds || preds->positional());
  if (rows)
    sinks.rows = [&](std::uint64_t first, std::uint64_t count, std::span<const V> block) {
      rows->rows(first, count, block);
    };
  if (preds)
    sinks.predecessors = [&](std::uint64_t first, std::uint64_t count,
                             std::span<const std::uint32_t> block) {
      preds->rows(first, count, block);
    };
  ApspOptions options;
  options.backend = parse_backend(args.backend);
  options.method = parse_method(args.method);
  options.max_distance = args.max_distance;
  options.threads = args.threads;
  options.gpu_batch = args.batch;
  options.gpus = parse_gpu_list(args.gpus);
  options.log = [](const std::string& line) { fmt::print(stderr, "apsp: {}\n", line); };
  const ApspStreamReport<W> report =
      apsp_stream(g, std::span<const std::uint32_t>(sources), sinks, options);
  if (!report.negative_cycle.empty()) {
    std::string line = "negative cycle:";
    for (const std::uint32_t v : report.negative_cycle) line += fmt::format(" {}", v + base);
    fmt::print("{} {}\n", line, report.negative_cycle.front() + base);
    return 1;  // the files' destructors remove the partial files
  }
  if (rows) rows->finish();
  if (preds) preds->finish();
  const ApspTimes& t = report.times;
  fmt::print(stderr,
             "apsp: read+build {:.3f} s, upload {:.1f} ms, Bellman-Ford {:.1f} ms, reweight {:.1f} "
             "ms, shortest paths {:.1f} ms, download {:.1f} ms, total {:.1f} ms\n",
             g.build_seconds(), t.upload_ms, t.bellman_ford_ms, t.reweight_ms, t.sssp_ms,
             t.download_ms, t.total_ms);
  if (!args.path.empty()) {
    const auto u = static_cast<std::uint32_t>(args.path[0] - base);
    const auto v = static_cast<std::uint32_t>(args.path[1] - base);
    if (!print_path(g, std::span<const W>(report.potential), u, v)) return 1;
  }
  return 0;
}

template <typename W>
int run_apsp(const ApspArgs& args, const WeightedGraph<W>& g) {
  const std::uint32_t n = g.vertex_count();
  const std::uint32_t base = g.index_base();
  for (const std::uint64_t x : args.path)
    if (x < base || x - base >= n)
      throw InputError(fmt::format("--path: vertex {} outside {}..{}", x, base, base + n - 1ULL));
  std::vector<std::uint32_t> sources;
  if (!args.out.empty() || args.path.empty() || !args.paths.empty())
    sources = parse_sources(args.sources, n, base);

  // Values: csv prints the distance type; bin takes 32 bits when asked, or (auto) for integer
  // weights whose distances cannot pass INT32_MAX.
  const bool fits32 = g.distance_bound() < 2147483647.0;
  bool narrow = false;
  if (args.format == "bin") {
    if (args.values == "32") {
      if (std::is_integral_v<W> && !fits32)
        throw InputError(
            fmt::format("--values 32: distances up to {:.0f} do not fit int32 (use --values 64)",
                        g.distance_bound()));
      narrow = true;
    } else if (args.values == "auto") {
      narrow = std::is_integral_v<W> && fits32;
    }
  } else if (args.values == "32") {
    throw InputError("--values 32 is for --format bin (csv prints the numbers)");
  }
  if (!narrow) return run_apsp_rows<W, W>(args, g, sources);
  using Narrow = std::conditional_t<std::is_integral_v<W>, std::int32_t, float>;
  return run_apsp_rows<W, Narrow>(args, g, sources);
}

void add_apsp_command(CLI::App& app, CliContext& ctx) {
  auto* cmd = app.add_subcommand(
      "apsp", "Johnson all-pairs shortest paths of a graph (.gr, .mtx or edge list)");
  auto args = std::make_shared<ApspArgs>();
  cmd->add_option("graph", args->graph,
                  "graph file (DIMACS .gr, Matrix Market .mtx, or 'u v [w]' lines)")
      ->required();
  cmd->add_option("--graph-format", args->graph_format, "auto, gr, mtx or edges")
      ->capture_default_str();
  cmd->add_flag("--undirected", args->undirected, "treat every edge as two arcs");
  cmd->add_option("--sources", args->sources,
                  "sources: 'all' or ids and ranges in the file's numbering, e.g. 1,5,10-20")
      ->capture_default_str();
  cmd->add_option("--out", args->out, "write the distances to FILE (default: standard output)");
  cmd->add_option("--format", args->format, "bin or csv")
      ->check(CLI::IsMember({"bin", "csv"}))
      ->capture_default_str();
  cmd->add_option("--values", args->values,
                  "bin values: auto (int32 when integer distances fit, else 64-bit), 32 "
                  "(int32 or float) or 64 (int64 or double)")
      ->check(CLI::IsMember({"auto", "32", "64"}))
      ->capture_default_str();
  cmd->add_option("--paths", args->paths,
                  "also write the predecessors (the vertex before each on a shortest path) to "
                  "FILE, in the --format of the distances");
  cmd->add_option("--max-distance", args->max_distance,
                  "distances above this count as out of reach (and are not searched further "
                  "when no edge is negative)");
  cmd->add_option("--path", args->path, "print a shortest path from U to V")->expected(2);
  cmd->add_option("--backend", args->backend, "auto, cpu or gpu")->capture_default_str();
  cmd->add_option("--method", args->method,
                  "GPU method: auto, cta (one source per CTA), batched (32 sources per warp), "
                  "near-far, frontier, dijkstra-outer or dijkstra-inner")
      ->capture_default_str();
  cmd->add_option("--threads", args->threads, "CPU threads (0: all)")->capture_default_str();
  cmd->add_option("--gpus", args->gpus,
                  "GPU devices (ordinals after CUDA_VISIBLE_DEVICES, e.g. 0,1; one listed twice "
                  "runs two workers on it) the cta and batched methods spread source batches "
                  "over, or all (default)")
      ->capture_default_str();
  cmd->add_option("--batch", args->batch,
                  "GPU sources per batch (batched: a multiple of 32; 0: automatic)")
      ->capture_default_str();
  cmd->callback([args, &ctx] {
    if (args->format == "bin" && args->out.empty())
      throw InputError("--format bin needs --out FILE");
    parse_method(args->method);
    const std::vector<int> gpus = parse_gpu_list(args->gpus);
    if (args->max_distance && !(*args->max_distance >= 0))
      throw InputError("--max-distance must be a non-negative number");
    // The devices' contexts are created while the graph is read.
    if (parse_backend(args->backend) != Backend::kCpu) warm_up_gpus_in_background(gpus);
    GraphLoadOptions load;
    load.format = parse_graph_file_format(args->graph_format);
    load.undirected = args->undirected;
    load.on_read = [&](double seconds) {
      fmt::print(stderr, "apsp: read {} in {:.3f} s\n", args->graph, seconds);
    };
    const AnyGraph graph = load_graph(args->graph, load);
    ctx.exit_code = std::visit([&](const auto& g) { return run_apsp(*args, g); }, graph);
  });
}

const CommandRegistration registration(60, add_apsp_command);

}  // namespace

}  // namespace arcwave::cli
