// bench/parse/parse_bench.cpp — read_xcsp speed in MB/s (10^6 bytes of file per second).
//
// Usage: bench_parse [benchmark flags] FILE...   — one benchmark per file. Without files it
// generates the network (300 variables, domain 100, 4000 binary constraints of 4000
// support tuples: about 95 MB in XCSP 2.1, 110 MB in XCSP3) into a temporary folder first.
// Google Benchmark runs each read once per repetition (a read takes seconds), so the median of
// the repetitions is the figure to quote. run.sh also measures peak memory.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "arcwave/error.hpp"
#include "instances/csp/generators.hpp"
#include "instances/csp/writers/xcsp_writer.hpp"
#include "parsers/xcsp/xcsp_reader.hpp"

namespace {

void read_file(benchmark::State& state, const std::string& path) {
  const auto bytes = static_cast<double>(std::filesystem::file_size(path));
  std::uint64_t tuples = 0;
  for (auto _ : state) {
    try {
      arcwave::XcspInstance instance = arcwave::read_xcsp(path);
      tuples = instance.tuples;
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

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  std::vector<std::string> files(argv + 1, argv + argc);
  std::filesystem::path temp;
  if (files.empty()) {
    temp = std::filesystem::temp_directory_path() / "arcwave-parse-bench";
    std::filesystem::create_directories(temp);
    std::fprintf(stderr, "generating the default instances into %s\n", temp.c_str());
    files = generate_default(temp);
  }
  for (const std::string& file : files) {
    benchmark::RegisterBenchmark(
        ("read_xcsp/" + std::filesystem::path(file).filename().string()).c_str(),
        [file](benchmark::State& state) { read_file(state, file); })
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime()
        ->Iterations(1)
        ->Repetitions(3);
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  if (!temp.empty()) std::filesystem::remove_all(temp);
  return 0;
}
