// `arcwave apsp GRAPH`: Johnson all-pairs shortest paths (Bellman-Ford potentials, then every
// source's shortest paths: on the GPU the batched SSSP, or one near-far SSSP per source when
// there are few sources; on the CPU one binary-heap Dijkstra per thread) on a DIMACS .gr,
// Matrix Market or edge-list graph. The n x |sources| distances are sized first: kept in memory and
// written at the end when they fit in half the free host memory, else streamed to --out by blocks
// of sources (through FILE.part, renamed at the end, so that no partial file is left). A negative
// cycle is printed with exit code 1.
//
// Output: csv ("source,<vertex>..." header, one row per source, "inf" when unreachable) or
// bin: "ARCWAPSP", u32 version 1, u32 value type (1 int64, 2 float64), u64 n, u64 sources,
// u32 vertex numbering base, u32 0, the sources as u32 (file numbering), then the rows,
// little-endian, infinity as INT64_MAX or +inf.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "cli/registry.hpp"
#include "core/backend.hpp"
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
  std::vector<std::uint64_t> path;
  std::string backend = "auto";
  std::string method = "auto";
  unsigned threads = 0;
  std::uint32_t batch = 0;
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

/// Free host memory; ARCWAVE_APSP_HOST_MEMORY (bytes) overrides it, so that tests can make
/// the streaming path run on small graphs.
std::uint64_t available_host_memory() {
  if (const char* forced = std::getenv("ARCWAVE_APSP_HOST_MEMORY"))
    return std::strtoull(forced, nullptr, 10);
  const long pages = sysconf(_SC_AVPHYS_PAGES);
  const long size = sysconf(_SC_PAGESIZE);
  return pages > 0 && size > 0
             ? static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(size)
             : 0;
}

/// Writes rows as csv or bin to a file (through FILE.part) or standard output.
template <typename D>
class MatrixWriter {
 public:
  MatrixWriter(const ApspArgs& args, std::uint32_t n, std::uint32_t base,
               const std::vector<std::uint32_t>& sources)
      : args_(args), n_(n), base_(base), sources_(sources) {
    if (!args.out.empty()) {
      part_ = args.out + ".part";
      file_ = std::fopen(part_.c_str(), args.format == "bin" ? "wb" : "w");
      if (file_ == nullptr) throw InputError(fmt::format("cannot write '{}'", args.out));
    }
    if (args.format == "bin") {
      std::fwrite("ARCWAPSP", 1, 8, stream());
      const std::uint32_t head[2] = {1, std::is_integral_v<D> ? 1U : 2U};
      const std::uint64_t sizes[2] = {n, sources.size()};
      const std::uint32_t numbering[2] = {base, 0};
      std::fwrite(head, sizeof head, 1, stream());
      std::fwrite(sizes, sizeof sizes, 1, stream());
      std::fwrite(numbering, sizeof numbering, 1, stream());
      for (const std::uint32_t s : sources) {
        const std::uint32_t id = s + base;
        std::fwrite(&id, sizeof id, 1, stream());
      }
    } else {
      std::string line = "source";
      for (std::uint32_t v = 0; v < n; ++v) line += fmt::format(",{}", v + base);
      line += '\n';
      std::fputs(line.c_str(), stream());
    }
  }
  MatrixWriter(const MatrixWriter&) = delete;
  MatrixWriter& operator=(const MatrixWriter&) = delete;
  ~MatrixWriter() {
    if (file_ != nullptr) {  // not finished: an error happened, leave no file behind
      std::fclose(file_);
      std::filesystem::remove(part_);
    }
  }

  void rows(std::uint64_t first, std::uint64_t count, std::span<const D> values) {
    if (args_.format == "bin") {
      std::fwrite(values.data(), sizeof(D), values.size(), stream());
      return;
    }
    std::string line;
    for (std::uint64_t i = 0; i < count; ++i) {
      line = fmt::format("{}", sources_[first + i] + base_);
      for (std::uint32_t v = 0; v < n_; ++v) {
        const D d = values[i * n_ + v];
        if (d == sssp::infinity<D>())
          line += ",inf";
        else
          line += fmt::format(",{}", d);
      }
      line += '\n';
      std::fputs(line.c_str(), stream());
    }
  }

  void finish() {
    if (file_ == nullptr) {
      std::fflush(stdout);
      return;
    }
    const bool failed = std::ferror(file_) != 0;
    std::fclose(file_);
    file_ = nullptr;
    if (failed) {
      std::filesystem::remove(part_);
      throw ResourceError(fmt::format("writing '{}' failed (disk full?)", args_.out));
    }
    std::filesystem::rename(part_, args_.out);
  }

 private:
  std::FILE* stream() { return file_ != nullptr ? file_ : stdout; }
  const ApspArgs& args_;
  std::uint32_t n_;
  std::uint32_t base_;
  const std::vector<std::uint32_t>& sources_;
  std::FILE* file_ = nullptr;
  std::string part_;
};

sssp::gpu::JohnsonMethod parse_method(const std::string& m) {
  if (m == "batched") return sssp::gpu::JohnsonMethod::kBatched;
  if (m == "near-far") return sssp::gpu::JohnsonMethod::kNearFar;
  if (m == "frontier") return sssp::gpu::JohnsonMethod::kFrontierPerSource;
  if (m == "dijkstra-outer") return sssp::gpu::JohnsonMethod::kDijkstraOuter;
  if (m == "dijkstra-inner") return sssp::gpu::JohnsonMethod::kDijkstraInner;
  throw InputError(
      "--method: expected auto, batched, near-far, frontier, dijkstra-outer or dijkstra-inner");
}

/// --method auto: one near-far SSSP per source while there are at most n / 32768 sources, else
/// the batched SSSP. A batch costs about as much for 1 source as for 32 (each round sweeps all
/// n x 32 pairs, with a host round trip), near-far one source in a few milliseconds on 10^6
/// vertices. Measured on the H100 (bench/sssp, rows apsp32/*, 32 sources): 10^6-vertex grid,
/// batched 714 ms, near-far 432 ms; 16k-vertex random graph, batched 11 ms, near-far 29 ms.
constexpr std::uint64_t kVerticesPerNearFarSource = 32768;

std::string choose_method(const std::string& requested, std::size_t sources, std::uint32_t n) {
  if (requested != "auto") return requested;
  return sources * kVerticesPerNearFarSource <= n ? "near-far" : "batched";
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

  std::optional<std::pair<std::uint32_t, std::uint32_t>> path;
  if (!args.path.empty()) {
    for (const std::uint64_t x : args.path)
      if (x < base || x - base >= n)
        throw InputError(fmt::format("--path: vertex {} outside {}..{}", x, base, base + n - 1ULL));
    path = {static_cast<std::uint32_t>(args.path[0] - base),
            static_cast<std::uint32_t>(args.path[1] - base)};
  }
  const bool want_matrix = !args.out.empty() || !path;
  std::vector<std::uint32_t> sources;
  if (want_matrix) sources = parse_sources(args.sources, n, base);

  const std::uint64_t need = static_cast<std::uint64_t>(sources.size()) * n * sizeof(D);
  const std::uint64_t avail = available_host_memory();
  const bool in_memory = need <= avail / 2;
  if (want_matrix) {
    fmt::print(stderr, "apsp: {} vertices, {} edges, {} sources: {:.1f} MiB of distances, {}\n", n,
               g.edge_count(), sources.size(), static_cast<double>(need) / (1 << 20),
               in_memory
                   ? "kept in memory"
                   : fmt::format("more than half the free memory ({:.1f} MiB): streamed to {}",
                                 static_cast<double>(avail) / (1 << 20), args.out));
    if (!in_memory && args.out.empty())
      throw ResourceError("the distances do not fit in memory: give --out FILE to stream them");
  }

  const double work = static_cast<double>(std::max<std::size_t>(sources.size(), 1)) *
                      static_cast<double>(g.edge_count() + n);
  const BackendChoice choice =
      choose_backend(parse_backend(args.backend), work, 2e7, (g.edge_count() * 20 + n * 16ULL));
  fmt::print(stderr, "apsp: backend {}\n", choice.reason);

  std::unique_ptr<MatrixWriter<D>> writer;
  sssp::DistanceMatrix<D> matrix{n, {}};
  sssp::RowSink<D> store;
  if (want_matrix) {
    if (in_memory) {
      store = matrix.sink(sources.size());
    } else {
      writer = std::make_unique<MatrixWriter<D>>(args, n, base, sources);
      store = [&](std::uint64_t first, std::uint64_t count, std::span<const D> rows) {
        writer->rows(first, count, rows);
      };
    }
  }
  // Progress on stderr once a run has taken a few seconds.
  const Stopwatch run_clock;
  double last_report = 0;
  std::uint64_t done = 0;
  const sssp::RowSink<D> sink = [&](std::uint64_t first, std::uint64_t count,
                                    std::span<const D> rows) {
    if (store) store(first, count, rows);
    done += count;
    const double t = run_clock.seconds();
    if (t > 3 && t - last_report >= 1) {
      last_report = t;
      fmt::print(stderr, "apsp: {}/{} sources ({:.1f}%), {:.1f} s\n", done, sources.size(),
                 100.0 * static_cast<double>(done) / static_cast<double>(sources.size()), t);
    }
  };

  sssp::JohnsonOutcome<D> outcome;
  if (choice.backend == Backend::kGpu) {
    const std::string method = choose_method(args.method, sources.size(), n);
    fmt::print(stderr, "apsp: GPU method {}{}\n", method, args.method == "auto" ? " (auto)" : "");
    outcome = sssp::gpu::johnson(g, std::span<const std::uint32_t>(sources), sink,
                                 {parse_method(method), args.batch});
  } else {
    outcome = sssp::johnson_cpu(g, std::span<const std::uint32_t>(sources), sink, {args.threads});
  }
  if (outcome.has_negative_cycle()) {
    std::string line = "negative cycle:";
    for (const std::uint32_t v : outcome.negative_cycle) line += fmt::format(" {}", v + base);
    fmt::print("{} {}\n", line, outcome.negative_cycle.front() + base);
    return 1;  // the writer's destructor removes any partial file
  }
  const auto& t = outcome.times;
  fmt::print(stderr,
             "apsp: read+build {:.3f} s, upload {:.1f} ms, Bellman-Ford {:.1f} ms, reweight {:.1f} "
             "ms, shortest paths {:.1f} ms, download {:.1f} ms, total {:.1f} ms\n",
             build_s, t.upload_ms, t.bellman_ford_ms, t.reweight_ms, t.sssp_ms, t.download_ms,
             t.total_ms);
  if (want_matrix) {
    if (in_memory) {
      writer = std::make_unique<MatrixWriter<D>>(args, n, base, sources);
      if (!sources.empty()) writer->rows(0, sources.size(), std::span<const D>(matrix.rows));
    }
    writer->finish();
  }
  if (path &&
      !print_path(g, std::span<const D>(outcome.potential), path->first, path->second, base))
    return 1;
  return 0;
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
  cmd->add_option("--path", args->path, "print a shortest path from U to V")->expected(2);
  cmd->add_option("--backend", args->backend, "auto, cpu or gpu")->capture_default_str();
  cmd->add_option("--method", args->method,
                  "GPU method: auto (near-far per source for a few sources, else batched), "
                  "batched, near-far, frontier, dijkstra-outer or dijkstra-inner")
      ->capture_default_str();
  cmd->add_option("--threads", args->threads, "CPU threads (0: all)")->capture_default_str();
  cmd->add_option("--batch", args->batch, "GPU sources per batch, a multiple of 32 (0: auto)")
      ->capture_default_str();
  cmd->callback([args, &ctx] {
    if (args->format == "bin" && args->out.empty())
      throw InputError("--format bin needs --out FILE");
    if (args->method != "auto") parse_method(args->method);
    Stopwatch clock;
    const GraphFile file = read_graph(args->graph, parse_graph_format(args->graph_format));
    fmt::print(stderr, "apsp: read {} in {:.3f} s\n", args->graph, clock.seconds());
    ctx.exit_code = file.weight_kind == WeightKind::kReal ? run_apsp<double>(*args, file)
                                                          : run_apsp<std::int64_t>(*args, file);
  });
}

const CommandRegistration registration(60, add_apsp_command);

}  // namespace

}  // namespace arcwave::cli
