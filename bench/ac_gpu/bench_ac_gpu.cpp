// Arc consistency on the N-E model, per family, as the rows of Li, Li & Li's tables 15–17:
// host->device transfer, BuildNE and propagation reported separately, beside the floor (bytes of
// the edges array / measured device bandwidth). Rows: AC4GPU (Alg. 3), AC4GPU+ (Alg. 4), AC4GPU+
// on the host-driven frontier driver, AC4GPU+ device-resident (persistent kernel), AC4GPU+
// compiled for OpenMP on the CPU cores, and the CPU references on one core: serial AC4 (the
// reference every GPU row is compared with; init = counters and support lists) and AC3bit+rm
// (the propagator a CPU solver would pick), both on the same network.
//
// The benchmark's own time is the propagation (manual time); counters give the other phases.
#include <benchmark/benchmark.h>

#include <functional>
#include <map>
#include <memory>
#include <span>
#include <string>

#include "bench/support/device_ceilings.hpp"
#include "core/gpu_runtime.hpp"
#include "instances/csp/generators.hpp"
#include "propagation/cpu/fixpoint.hpp"
#include "propagation/gpu/ac_gpu.hpp"
#include "propagation/indexed/indexed_model.hpp"
#include "propagation/network/table_network.hpp"
#ifdef ARCWAVE_HAVE_CUDA
#include "core/timer.hpp"
#include "propagation/gpu/device_ac.hpp"
#endif

namespace {

using namespace arcwave;

struct Family {
  const char* name;
  std::function<Model()> make;
};

const std::vector<Family>& families() {
  static const std::vector<Family> f = {
      {"rand-2-40-180-84-900",
       [] { return gen::rb({.n = 40, .d = 180, .e = 84, .tightness = 0.9, .seed = 1}); }},
      {"rand-2-40-80-103-800",
       [] { return gen::rb({.n = 40, .d = 80, .e = 103, .tightness = 0.8, .seed = 1}); }},
      {"composed-25-1-25", [] { return gen::composed(gen::composed_family(25, 1, 25, 1)); }},
      {"composed-75-1-2", [] { return gen::composed(gen::composed_family(75, 1, 2, 1)); }},
      // ~10^7 and ~10^8 directed value pairs; at tightness 0.985 values lose their last
      // support in some constraints and deletions cascade.
      {"rb-1e7-t0.5",
       [] { return gen::rb({.n = 60, .d = 100, .e = 500, .tightness = 0.5, .seed = 7}); }},
      {"rb-1e7-t0.985",
       [] { return gen::rb({.n = 60, .d = 100, .e = 500, .tightness = 0.985, .seed = 7}); }},
      {"rb-1e8-t0.5",
       [] { return gen::rb({.n = 120, .d = 250, .e = 800, .tightness = 0.5, .seed = 7}); }},
      {"rb-1e8-t0.99",
       [] { return gen::rb({.n = 120, .d = 250, .e = 800, .tightness = 0.99, .seed = 7}); }},
  };
  return f;
}

const TableNetwork& network(std::size_t family) {
  static std::map<std::size_t, std::unique_ptr<TableNetwork>> cache;
  auto& slot = cache[family];
  if (!slot) slot = std::make_unique<TableNetwork>(make_table_network(families()[family].make()));
  return *slot;
}

std::shared_ptr<const IndexedModel> indexed(std::size_t family) {
  static std::map<std::size_t, std::shared_ptr<const IndexedModel>> cache;
  auto& slot = cache[family];
  if (!slot) slot = std::make_shared<const IndexedModel>(index_model(families()[family].make()));
  return slot;
}

void report(benchmark::State& state, const GpuAcResult& r, double transfer, double build,
            double propagate, std::int64_t runs) {
  const double n = static_cast<double>(std::max<std::int64_t>(runs, 1));
  state.counters["transfer_ms"] = transfer / n;
  state.counters["build_ms"] = build / n;
  state.counters["propagate_ms"] = propagate / n;
  state.counters["edges"] = static_cast<double>(r.sizes.edges);
  state.counters["supports"] = static_cast<double>(r.sizes.supports);
  state.counters["ne_MB"] = static_cast<double>(r.sizes.bytes) / 1e6;
  state.counters["deleted"] = static_cast<double>(r.deletions);
  state.counters["wiped"] = r.wiped_out ? 1 : 0;
  state.counters["rounds"] = r.iterations;
  // The floor: one pass over the edges array ⟨x,a,y,b,s⟩ (13 bytes per edge).
  state.counters["floor_ms"] = bench::floor_ms(13.0 * static_cast<double>(r.sizes.edges));
}

void BM_NeAc(benchmark::State& state, std::size_t family, GpuAcAlgorithm algorithm,
             AcExecution execution) {
  if (execution == AcExecution::kCuda && !gpu_available()) {
    state.SkipWithError("no GPU");
    return;
  }
  const TableNetwork& net = network(family);
  GpuAcResult r;
  double transfer = 0, build = 0, propagate = 0;
  std::map<std::string, double> phases;  // BuildNE phase -> summed ms
  std::int64_t runs = 0;
  run_gpu_ac(net, algorithm, execution);  // warm-up (module load, allocator)
  for (auto _ : state) {
    r = run_gpu_ac(net, algorithm, execution);
    transfer += r.transfer_ms;
    build += r.build_ms;
    propagate += r.propagate_ms;
    for (const auto& [name, ms] : r.build_phases) phases[name] += ms;
    ++runs;
    state.SetIterationTime(r.propagate_ms * 1e-3);
  }
  report(state, r, transfer, build, propagate, runs);
  for (const auto& [name, ms] : phases)
    state.counters["build_" + name + "_ms"] =
        ms / static_cast<double>(std::max<std::int64_t>(runs, 1));
}

// One serial fixpoint on the CPU (one core): the manual time is the propagation; init_ms is
// building the propagator's state (AC4: counters and support lists).
void BM_Cpu(benchmark::State& state, std::size_t family, cpu::TableAlgorithm algorithm) {
  const auto model = indexed(family);
  cpu::CpuEngineOptions options;
  options.tables = algorithm;
  options.ac4_expansion_limit = std::size_t{1} << 32;
  cpu::FixpointResult r;
  double init = 0, propagate = 0;
  std::int64_t runs = 0;
  for (auto _ : state) {
    r = cpu::ac_fixpoint(model, options);
    init += r.init_seconds * 1e3;
    propagate += r.propagate_seconds * 1e3;
    ++runs;
    state.SetIterationTime(r.propagate_seconds);
  }
  const double n = static_cast<double>(std::max<std::int64_t>(runs, 1));
  const NeSizes sizes = ne_sizes(network(family));
  state.counters["init_ms"] = init / n;
  state.counters["propagate_ms"] = propagate / n;
  state.counters["edges"] = static_cast<double>(sizes.edges);
  state.counters["deleted"] = static_cast<double>(r.removed);
  state.counters["wiped"] = r.wiped_out ? 1 : 0;
}

#ifdef ARCWAVE_HAVE_CUDA
std::vector<std::uint32_t>& scratch() {
  static std::vector<std::uint32_t> v;
  return v;
}

// The device-resident AC4GPU+ of MAC search: one persistent cooperative kernel for the fixpoint.
void BM_DeviceResident(benchmark::State& state, std::size_t family) {
  if (!gpu_available()) {
    state.SkipWithError("no GPU");
    return;
  }
  const TableNetwork& net = network(family);
  GpuAcResult r;
  r.sizes = ne_sizes(net);
  double build = 0, propagate = 0;
  std::int64_t runs = 0;
  {
    DeviceAc warm(net);
    warm.propagate_root();
  }
  for (auto _ : state) {
    DeviceAc ac(net);
    Stopwatch clock;
    const DeviceAcStatus st = ac.propagate_root();
    const double ms = clock.seconds() * 1e3;  // includes the launch and the status read-back
    build += ac.build_ms();
    propagate += ms;
    ++runs;
    r.wiped_out = st.wiped != 0U;
    r.deletions = st.tail;
    r.iterations = st.rounds;
    state.SetIterationTime(ms * 1e-3);
  }
  report(state, r, 0, build, propagate, runs);
}

// Times one decision per iteration (`decide(step)` makes it and returns the status) and, apart,
// its undo: the restore, until it has finished.
template <typename Decide>
void time_decisions(benchmark::State& state, DeviceAc& ac, const std::string& deleted_counter,
                    Decide decide) {
  std::uint64_t step = 0;
  double restore_ms = 0;
  double deleted = 0;
  std::int64_t runs = 0;
  for (auto _ : state) {
    const std::uint32_t mark = ac.status().tail;
    Stopwatch clock;
    const DeviceAcStatus st = decide(step++);
    state.SetIterationTime(clock.seconds());
    deleted += static_cast<double>(st.tail - mark);
    Stopwatch undo;
    ac.restore(mark);
    ac.read_trail(mark, scratch());  // waits for the restore
    restore_ms += undo.seconds() * 1e3;
    ++runs;
  }
  const double n = static_cast<double>(std::max<std::int64_t>(runs, 1));
  state.counters[deleted_counter] = deleted / n;
  state.counters["restore_ms"] = restore_ms / n;
}

// The device-resident state of a family at its root fixpoint, or null (the benchmark skipped)
// without a GPU or when the root wipes out.
std::unique_ptr<DeviceAc> root_consistent(benchmark::State& state, std::size_t family,
                                          std::uint32_t blocks) {
  if (!gpu_available()) {
    state.SkipWithError("no GPU");
    return nullptr;
  }
  auto ac = std::make_unique<DeviceAc>(network(family));
  ac->set_fixpoint_blocks(blocks);
  if (ac->propagate_root().wiped != 0U) {
    state.SkipWithError("wiped out at the root");
    return nullptr;
  }
  return ac;
}

// One incremental fixpoint of MAC search: assign a variable of the root-consistent network, run
// the fixpoint, read the status back; then undo it (restore, timed apart). `blocks` caps the
// cooperative grid (fewer blocks make the grid-wide barriers cheaper when little changes).
void BM_Incremental(benchmark::State& state, std::size_t family, std::uint32_t blocks) {
  const std::unique_ptr<DeviceAc> state_ac = root_consistent(state, family, blocks);
  if (!state_ac) return;
  DeviceAc& ac = *state_ac;
  const TableNetwork& net = network(family);
  const std::vector<std::uint8_t> alive = ac.alive();
  // next variable and a present value of it (deterministic sweep)
  time_decisions(state, ac, "deleted_per_assign", [&](std::uint64_t step) {
    const auto var = static_cast<std::uint32_t>(step % net.variable_count());
    std::uint32_t value =
        static_cast<std::uint32_t>(step / net.variable_count()) % net.domain_sizes[var];
    while (alive[ac.node_offset(var) + value] == 0) value = (value + 1) % net.domain_sizes[var];
    return ac.assign(var, value);
  });
  state.counters["blocks"] = blocks;
}

// One incremental fixpoint when few values change: remove one value (a refutation of MAC
// search) from the root-consistent network, run the fixpoint, read the status back; then undo
// it (timed apart).
void BM_IncrementalRemove(benchmark::State& state, std::size_t family) {
  const std::unique_ptr<DeviceAc> state_ac = root_consistent(state, family, 0);
  if (!state_ac) return;
  DeviceAc& ac = *state_ac;
  const TableNetwork& net = network(family);
  const std::vector<std::uint8_t> alive = ac.alive();
  std::vector<std::uint32_t> candidates;  // present values of variables with two or more
  for (std::uint32_t var = 0; var < net.variable_count(); ++var) {
    std::vector<std::uint32_t> present;
    for (std::uint32_t a = 0; a < net.domain_sizes[var]; ++a)
      if (alive[ac.node_offset(var) + a] != 0) present.push_back(ac.node_offset(var) + a);
    if (present.size() >= 2) candidates.insert(candidates.end(), present.begin(), present.end());
  }
  if (candidates.empty()) {
    state.SkipWithError("no variable with two values left at the root");
    return;
  }
  time_decisions(state, ac, "deleted_per_remove", [&](std::uint64_t step) {
    const std::uint32_t node = candidates[(step * 7919) % candidates.size()];
    return ac.remove(std::span<const std::uint32_t>(&node, 1));
  });
}
#endif

void register_all() {
  for (std::size_t f = 0; f < families().size(); ++f) {
    const std::string fam = families()[f].name;
    const bool huge = fam.find("1e8") != std::string::npos;
    const int iterations = huge ? 2 : 5;
    auto add = [&](const std::string& row, auto&& fn) {
      benchmark::RegisterBenchmark((fam + "/" + row).c_str(), fn)
          ->UseManualTime()
          ->Iterations(iterations)
          ->Unit(benchmark::kMillisecond);
    };
    add("AC4GPU",
        [f](benchmark::State& s) { BM_NeAc(s, f, GpuAcAlgorithm::kAc4Gpu, AcExecution::kCuda); });
    add("AC4GPU+", [f](benchmark::State& s) {
      BM_NeAc(s, f, GpuAcAlgorithm::kAc4GpuPlus, AcExecution::kCuda);
    });
    add("AC4GPU+frontier", [f](benchmark::State& s) {
      BM_NeAc(s, f, GpuAcAlgorithm::kAc4GpuFrontier, AcExecution::kCuda);
    });
#ifdef ARCWAVE_HAVE_CUDA
    add("AC4GPU+resident", [f](benchmark::State& s) { BM_DeviceResident(s, f); });
#endif
    add("AC4GPU+omp", [f](benchmark::State& s) {
      BM_NeAc(s, f, GpuAcAlgorithm::kAc4GpuPlus, AcExecution::kOmp);
    });
    add("AC4-serial", [f](benchmark::State& s) { BM_Cpu(s, f, cpu::TableAlgorithm::kAc4); });
    add("AC3bit+rm", [f](benchmark::State& s) { BM_Cpu(s, f, cpu::TableAlgorithm::kAc3Bit); });
#ifdef ARCWAVE_HAVE_CUDA
    if (huge) continue;
    for (std::uint32_t blocks : {8U, 132U, 0U})
      benchmark::RegisterBenchmark(
          (fam + "/incremental-assign/blocks:" + std::to_string(blocks)).c_str(),
          [f, blocks](benchmark::State& s) { BM_Incremental(s, f, blocks); })
          ->UseManualTime()
          ->Iterations(200)
          ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark((fam + "/incremental-remove").c_str(),
                                 [f](benchmark::State& s) { BM_IncrementalRemove(s, f); })
        ->UseManualTime()
        ->Iterations(200)
        ->Unit(benchmark::kMicrosecond);
#endif
  }
}

}  // namespace

int main(int argc, char** argv) {
  register_all();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::AddCustomContext(
      "device_bandwidth_GBps",
      std::to_string(arcwave::bench::device_bandwidth_bytes_per_second() / 1e9));
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
