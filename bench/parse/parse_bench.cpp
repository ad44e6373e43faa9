// bench/parse/parse_bench.cpp — read_xcsp speed in MB/s (10^6 bytes of file per second).
//
// Usage: bench_parse [benchmark flags] [--threads=LIST] FILE...   — one benchmark per file and
// thread count (LIST: comma-separated counts, "all" for every core; default "1,all"), named
// read_xcsp/FILE/threads:N. Without files it generates the network (300 variables,
// domain 100, 4000 binary constraints of 4000 support tuples: about 95 MB in XCSP 2.1, 110 MB in
// XCSP3) into a temporary folder first. Google Benchmark runs each read once per repetition,
// so the median of the repetitions is the figure to quote. Counters: MB_per_s, and the reading's
// phases (stream_s: the XML stream; wait_s: the tables still on the workers after it).
// run.sh also measures peak memory.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "arcwave/error.hpp"
#include "instances/csp/generators.hpp"
#include "instances/csp/writers/xcsp_writer.hpp"
#include "parsers/input/byte_source.hpp"
#include "parsers/xcsp/xcsp_reader.hpp"

namespace {

void read_file(benchmark::State& state, const std::string& path, unsigned threads) {
  // MB/s of the document read: a compressed file counts its decompressed size.
  const auto bytes = static_cast<double>(arcwave::read_all(*arcwave::open_input(path)).size());
  std::uint64_t tuples = 0;
  arcwave::XcspReadStats stats;
  for (auto _ : state) {
    try {
      arcwave::XcspInstance instance = arcwave::read_xcsp(path, {.threads = threads});
      tuples = instance.tuples;
      stats = instance.stats;
      benchmark::DoNotOptimize(instance);
    } catch (const arcwave::Error& e) {
      state.SkipWithError(e.what());
      return;
    }
  }
  state.counters["MB_per_s"] = benchmark::Counter(
      bytes / 1e6 * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["file_MB"] = bytes / 1e6;
  state.counters["tuples"] = static_cast<double>(tuples);
  state.counters["threads"] = stats.threads;
  state.counters["stream_s"] = stats.stream_seconds;
  state.counters["wait_s"] = stats.wait_seconds;
}

std::vector<std::string> generate_default(const std::filesystem::path& dir) {
  const arcwave::Model model = arcwave::gen::random_network({300, 100, 2, 4000, 0.6, 1});
  std::vector<std::string> files;
  for (const auto& [dialect, name] :
       {std::pair{arcwave::gen::XcspDialect::kXcsp21, "rand-2-300-100-4000-0.6.xcsp21.xml"},
        std::pair{arcwave::gen::XcspDialect::kXcsp3, "rand-2-300-100-4000-0.6.xcsp3.xml"}}) {
    files.push_back((dir / name).string());
    arcwave::gen::write_xcsp_file(model, dialect, files.back());
  }
  return files;
}

// "1,all" -> {1, 0} (0: every core).
std::vector<unsigned> parse_thread_list(const std::string& list) {
  std::vector<unsigned> out;
  std::stringstream in(list);
  for (std::string item; std::getline(in, item, ',');)
    out.push_back(item == "all" ? 0 : static_cast<unsigned>(std::stoul(item)));
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  std::vector<unsigned> thread_counts{1, 0};
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg.rfind("--threads=", 0) == 0) {
      thread_counts = parse_thread_list(arg.substr(10));
    } else {
      files.push_back(arg);
    }
  }
  std::filesystem::path temp;
  if (files.empty()) {
    temp = std::filesystem::temp_directory_path() / "arcwave-parse-bench";
    std::filesystem::create_directories(temp);
    std::fprintf(stderr, "generating the default instances into %s\n", temp.c_str());
    files = generate_default(temp);
  }
  for (const std::string& file : files) {
    for (const unsigned threads : thread_counts) {
      const std::string name = "read_xcsp/" + std::filesystem::path(file).filename().string() +
                               "/threads:" + (threads == 0 ? "all" : std::to_string(threads));
      benchmark::RegisterBenchmark(
          name.c_str(),
          [file, threads](benchmark::State& state) { read_file(state, file, threads); })
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime()
          ->Iterations(1)
          ->Repetitions(3);
    }
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  if (!temp.empty()) std::filesystem::remove_all(temp);
  return 0;
}
