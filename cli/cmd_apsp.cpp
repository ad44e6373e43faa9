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
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "cli/apsp_output.hpp"
#include "cli/registry.hpp"
#include "core/backend.hpp"
#include "core/device_set.hpp"
#include "core/gpu_runtime.hpp"
#include "core/timer.hpp"
#include "graph/csr/build_cpu.hpp"
#include "graph/csr/csr_ops.hpp"
#include "graph/sssp/checks.hpp"
#include "graph/sssp/dijkstra_cpu.hpp"
#include "graph/sssp/johnson_cpu.hpp"
#include "graph/sssp/reweight.hpp"
#include "graph/sssp/sssp_gpu.hpp"
#include "parsers/graph/read_graph.hpp"

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
  if (text == "all") return sssp::all_vertices(n);
  std::vector<std::uint32_t> out;
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

sssp::gpu::JohnsonMethod parse_method(const std::string& m) {
  if (m == "batched") return sssp::gpu::JohnsonMethod::kBatched;
  if (m == "near-far") return sssp::gpu::JohnsonMethod::kNearFar;
  if (m == "frontier") return sssp::gpu::JohnsonMethod::kFrontierPerSource;
  if (m == "dijkstra-outer") return sssp::gpu::JohnsonMethod::kDijkstraOuter;
  if (m == "dijkstra-inner") return sssp::gpu::JohnsonMethod::kDijkstraInner;
  throw InputError(
      "--method: expected auto, cta, batched, near-far, frontier, dijkstra-outer or "
      "dijkstra-inner");
}

/// --method auto. One near-far SSSP per source while there are at most n / 32768 sources (a
/// batch costs about as much for 1 source as for 32; measured on the H100, bench/sssp rows
/// apsp32/*: 10^6-vertex grid, 32 sources, batched 714 ms, near-far 432 ms). Else the batched
/// SSSP while a BFS from the first source is at most kBatchedDepth levels deep: each of its
/// rounds is a launch, a host round trip and a sweep of all n x S (vertex, source) pairs, cheap
/// when there are few rounds (random graphs: about 10). Deeper graphs (planar, road: hundreds
/// to thousands of levels) go to the per-CTA method, whose rounds are __syncthreads inside one
/// launch. --paths, --max-distance and 32-bit rows always take the per-CTA method (the only one
/// that computes them on the device).
constexpr std::uint64_t kVerticesPerNearFarSource = 32768;
constexpr std::uint32_t kBatchedDepth = 64;

/// BFS levels from `from` (the hop depth a frontier method needs from there).
template <typename Weight>
std::uint32_t hop_depth(const Csr<Weight>& g, std::uint32_t from) {
  std::vector<std::uint32_t> level(g.vertex_count, UINT32_MAX);
  std::vector<std::uint32_t> queue{from};
  level[from] = 0;
  std::uint32_t depth = 0;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const std::uint32_t u = queue[head];
    depth = std::max(depth, level[u]);
    for (const std::uint32_t v : g.neighbours(u))
      if (level[v] == UINT32_MAX) {
        level[v] = level[u] + 1;
        queue.push_back(v);
      }
  }
  return depth;
}

template <typename Weight>
std::pair<std::string, std::string> choose_method(const ApspArgs& args, const Csr<Weight>& g,
                                                  const std::vector<std::uint32_t>& sources,
                                                  bool needs_streamed) {
  if (args.method != "auto") {
    if (needs_streamed && args.method != "cta")
      throw InputError("--paths, --max-distance and 32-bit rows need --method cta (or auto)");
    return {args.method, ""};
  }
  if (needs_streamed) return {"cta", "predecessors, a cut or 32-bit rows"};
  const std::uint32_t n = g.vertex_count;
  if (sources.size() * kVerticesPerNearFarSource <= n)
    return {"near-far", fmt::format("{} sources on {} vertices", sources.size(), n)};
  const std::uint32_t depth = sources.empty() ? 0 : hop_depth(g, sources.front());
  if (depth <= kBatchedDepth)
    return {"batched", fmt::format("hop depth {} <= {}", depth, kBatchedDepth)};
  return {"cta", fmt::format("hop depth {} > {}", depth, kBatchedDepth)};
}

/// Prints the path U -> V (file numbering) from the potentials; returns false when none.
template <typename Weight>
bool print_path(const Csr<Weight>& g, std::span<const sssp::Distance<Weight>> potential,
                std::uint32_t u, std::uint32_t v, std::uint32_t base) {
  using D = sssp::Distance<Weight>;
  const Csr<Weight> reweighted = sssp::reweight(g, potential);
  const auto r = sssp::dijkstra_cpu(reweighted, u, true);
  if (r.distance[v] == sssp::infinity<D>()) {
    fmt::print("no path from {} to {}\n", u + base, v + base);
    return false;
  }
  std::vector<std::uint32_t> path{v};
  for (std::uint32_t x = v; x != u;) {
    x = edge_source(g, r.predecessor_edge[x]);
    path.push_back(x);
  }
  std::string line = fmt::format("path {} {}: distance {}:", u + base, v + base,
                                 r.distance[v] - potential[u] + potential[v]);
  for (auto it = path.rbegin(); it != path.rend(); ++it) line += fmt::format(" {}", *it + base);
  fmt::print("{}\n", line);
  return true;
}

/// The largest |distance| a shortest path can have: (n - 1) max|w|.
template <typename Weight>
double distance_bound(const Csr<Weight>& g) {
  return static_cast<double>(std::max<std::uint32_t>(g.vertex_count, 1) - 1) *
         static_cast<double>(sssp::max_abs_weight(g));
}

template <typename Weight, typename V>
int run_apsp_rows(const ApspArgs& args, const Csr<Weight>& g, std::uint32_t base,
                  const std::vector<std::uint32_t>& sources, double build_s) {
  using D = sssp::Distance<Weight>;
  const std::uint32_t n = g.vertex_count;
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

  const double work = static_cast<double>(std::max<std::size_t>(sources.size(), 1)) *
                      static_cast<double>(g.edge_count() + n);
  const BackendChoice choice =
      choose_backend(parse_backend(args.backend), work, 2e7, (g.edge_count() * 20 + n * 16ULL));
  fmt::print(stderr, "apsp: backend {}\n", choice.reason);

  // Progress on stderr once a run has taken a few seconds (blocks may come from several
  // devices' threads at once).
  const Stopwatch run_clock;
  std::mutex progress_lock;
  double last_report = 0;
  std::uint64_t done = 0;
  sssp::RowStream<V> stream;
  // Binary files are written by position: several devices write their blocks as they come.
  stream.any_order = (!rows || rows->positional()) && (!preds || preds->positional());
  if (rows)
    stream.rows = [&](std::uint64_t first, std::uint64_t count, std::span<const V> block) {
      rows->rows(first, count, block);
      const std::lock_guard lock(progress_lock);
      done += count;
      const double t = run_clock.seconds();
      if (t > 3 && t - last_report >= 1) {
        last_report = t;
        fmt::print(stderr, "apsp: {}/{} sources ({:.1f}%), {:.1f} s\n", done, sources.size(),
                   100.0 * static_cast<double>(done) / static_cast<double>(sources.size()), t);
      }
    };
  if (preds)
    stream.predecessors = [&](std::uint64_t first, std::uint64_t count,
                              std::span<const std::uint32_t> block) {
      preds->rows(first, count, block);
    };
  sssp::StreamOptions options;
  options.max_distance = args.max_distance.value_or(HUGE_VAL);
  options.threads = args.threads;
  options.batch = args.batch;
  options.devices = parse_gpu_list(args.gpus);

  sssp::JohnsonOutcome<D> outcome;
  if (choice.backend == Backend::kGpu) {
    const bool needs_streamed = preds || args.max_distance.has_value() || !std::is_same_v<V, D>;
    const auto [method, why] = choose_method(args, g, sources, needs_streamed);
    const std::vector<int> devices = resolve_gpus(options.devices, gpu_count());
    const bool spread = devices.size() > 1 && (method == "cta" || method == "batched");
    fmt::print(stderr, "apsp: GPU method {}{}{}\n", method,
               why.empty() ? std::string() : fmt::format(" (auto: {})", why),
               spread ? fmt::format(", source batches over {} devices ({})", devices.size(),
                                    format_gpu_list(devices))
                      : fmt::format(" on device {}", devices.empty() ? 0 : devices.front()));
    if (method == "cta") {
      outcome =
          sssp::gpu::johnson_streamed(g, std::span<const std::uint32_t>(sources), stream, options);
    } else {
      if constexpr (std::is_same_v<V, D>) {
        const sssp::RowSink<D> sink = [&](std::uint64_t first, std::uint64_t count,
                                          std::span<const D> block) {
          if (stream.rows) stream.rows(first, count, block);
        };
        outcome = sssp::gpu::johnson(g, std::span<const std::uint32_t>(sources), sink,
                                     {parse_method(method), args.batch, options.devices});
      }
    }
  } else {
    outcome = sssp::johnson_cpu_stream(g, std::span<const std::uint32_t>(sources), stream, options);
  }
  if (outcome.has_negative_cycle()) {
    std::string line = "negative cycle:";
    for (const std::uint32_t v : outcome.negative_cycle) line += fmt::format(" {}", v + base);
    fmt::print("{} {}\n", line, outcome.negative_cycle.front() + base);
    return 1;  // the files' destructors remove the partial files
  }
  if (rows) rows->finish();
  if (preds) preds->finish();
  const auto& t = outcome.times;
  fmt::print(stderr,
             "apsp: read+build {:.3f} s, upload {:.1f} ms, Bellman-Ford {:.1f} ms, reweight {:.1f} "
             "ms, shortest paths {:.1f} ms, download {:.1f} ms, total {:.1f} ms\n",
             build_s, t.upload_ms, t.bellman_ford_ms, t.reweight_ms, t.sssp_ms, t.download_ms,
             t.total_ms);
  if (!args.path.empty()) {
    const auto u = static_cast<std::uint32_t>(args.path[0] - base);
    const auto v = static_cast<std::uint32_t>(args.path[1] - base);
    if (!print_path(g, std::span<const D>(outcome.potential), u, v, base)) return 1;
  }
  return 0;
}

template <typename Weight>
int run_apsp(const ApspArgs& args, const GraphFile& file) {
  using D = sssp::Distance<Weight>;
  Stopwatch clock;
  BuildOptions build;
  build.directed = file.directed && !args.undirected;
  build.parallel_edges = ParallelEdges::kMergeMin;  // only the cheapest copy matters
  const Csr<Weight> g = with_unit_weights(build_csr(to_edge_list<Weight>(file), build));
  sssp::check_weights(g);
  const std::uint32_t n = g.vertex_count;
  const std::uint32_t base = file.index_base;
  const double build_s = clock.seconds();

  for (const std::uint64_t x : args.path)
    if (x < base || x - base >= n)
      throw InputError(fmt::format("--path: vertex {} outside {}..{}", x, base, base + n - 1ULL));
  std::vector<std::uint32_t> sources;
  if (!args.out.empty() || args.path.empty() || !args.paths.empty())
    sources = parse_sources(args.sources, n, base);

  // Values: csv prints the distance type; bin takes 32 bits when asked, or (auto) for integer
  // weights whose distances cannot pass INT32_MAX.
  const bool fits32 = distance_bound(g) < 2147483647.0;
  bool narrow = false;
  if (args.format == "bin") {
    if (args.values == "32") {
      if (std::is_integral_v<D> && !fits32)
        throw InputError(
            fmt::format("--values 32: distances up to {:.0f} do not fit int32 (use --values 64)",
                        distance_bound(g)));
      narrow = true;
    } else if (args.values == "auto") {
      narrow = std::is_integral_v<D> && fits32;
    }
  } else if (args.values == "32") {
    throw InputError("--values 32 is for --format bin (csv prints the numbers)");
  }
  if (!narrow) return run_apsp_rows<Weight, D>(args, g, base, sources, build_s);
  using Narrow = std::conditional_t<std::is_integral_v<D>, std::int32_t, float>;
  return run_apsp_rows<Weight, Narrow>(args, g, base, sources, build_s);
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
    if (args->method != "auto" && args->method != "cta") parse_method(args->method);
    const std::vector<int> gpus = parse_gpu_list(args->gpus);
    if (args->max_distance && !(*args->max_distance >= 0))
      throw InputError("--max-distance must be a non-negative number");
    Stopwatch clock;
    // The devices' contexts are created while the graph is read.
    if (parse_backend(args->backend) != Backend::kCpu) warm_up_gpus_in_background(gpus);
    const GraphFile file = read_graph(args->graph, parse_graph_format(args->graph_format));
    fmt::print(stderr, "apsp: read {} in {:.3f} s\n", args->graph, clock.seconds());
    ctx.exit_code = file.weight_kind == WeightKind::kReal ? run_apsp<double>(*args, file)
                                                          : run_apsp<std::int64_t>(*args, file);
  });
}

const CommandRegistration registration(60, add_apsp_command);

}  // namespace

}  // namespace arcwave::cli
