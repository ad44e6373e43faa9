// The summary of the cell graph benchmark (rows.hpp): median times per phase as in the paper's
// Figure 4, the floor, the GPU fingerprint method's speed-ups, and the H100 targets.
#include <algorithm>
#include <cstdio>
#include <tuple>

#include "bench/cellgraph/rows.hpp"
#include "bench/support/device_ceilings.hpp"

namespace arcwave::bench::cells {

double median(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const std::size_t h = values.size() / 2;
  return values.size() % 2 != 0 ? values[h] : 0.5 * (values[h - 1] + values[h]);
}

std::uint64_t graph_digest(const cellgraph::CellGraph& g) {
  std::uint64_t h = 0x6A09E667F3BCC909ULL;
  const auto add = [&h](std::uint64_t x) { h ^= x + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2); };
  add(g.graph.vertex_count);
  for (const std::uint64_t o : g.graph.offsets) add(o);
  for (const std::uint32_t t : g.graph.targets) add(t);
  for (const std::uint32_t v : g.vertex_of_input) add(v);
  for (const std::uint64_t w : g.cells.data) add(w);
  return h;
}

double Row::median_ms(double cellgraph::PhaseTimes::*phase) const {
  std::vector<double> v;
  for (const cellgraph::PhaseTimes& t : runs) v.push_back(t.*phase);
  return median(v);
}
double Row::median_compute_ms() const {
  std::vector<double> v;
  for (const cellgraph::PhaseTimes& t : runs) v.push_back(t.compute_ms());
  return median(v);
}
double Row::median_total_ms() const {
  std::vector<double> v;
  for (const cellgraph::PhaseTimes& t : runs) v.push_back(t.total_ms());
  return median(v);
}
double Row::median_wall_seconds() const {
  return median(wall_seconds);
}

namespace {

const Row* find_row(const std::vector<Row>& rows, const std::string& name, const Config& c) {
  for (const Row& r : rows)
    if (r.spec.name == name && r.config == c && r.measured()) return &r;
  return nullptr;
}

double input_bytes(const Config& c) {
  return static_cast<double>(c.n) * c.bits / 8;
}

void print_config(const std::vector<Row>& rows, const Config& c) {
  std::printf("%s  floor %.3f ms\n", c.label().c_str(), floor_ms(input_bytes(c)));
  const Row* first = nullptr;  // the first row that ran: the others must build its graph
  for (const Row& r : rows) {
    if (!(r.config == c)) continue;
    if (!r.measured()) {
      std::printf("  %-27s skipped: %s\n", r.spec.name.c_str(),
                  r.skipped.empty() ? "not run" : r.skipped.c_str());
      continue;
    }
    std::printf(
        "  %-27s compute %10.3f (sort %9.3f build %9.3f search %10.3f) total %10.3f"
        "  %zu run%s  cells %llu edges %llu\n",
        r.spec.name.c_str(), r.median_compute_ms(), r.median_ms(&cellgraph::PhaseTimes::sort_ms),
        r.median_ms(&cellgraph::PhaseTimes::build_ms),
        r.median_ms(&cellgraph::PhaseTimes::search_ms), r.median_total_ms(), r.runs.size(),
        r.runs.size() == 1 ? "" : "s", static_cast<unsigned long long>(r.vertices),
        static_cast<unsigned long long>(r.edges));
    if (r.digest_varied)
      std::printf("  %-27s MISMATCH: its runs built different graphs\n", r.spec.name.c_str());
    if (first == nullptr)
      first = &r;
    else if (r.digest != first->digest)
      std::printf("  %-27s MISMATCH: its graph differs from %s's\n", r.spec.name.c_str(),
                  first->spec.name.c_str());
  }
  const Row* ours = find_row(rows, "gpu/fingerprint", c);
  if (ours == nullptr || ours->median_compute_ms() <= 0) return;
  for (const char* other :
       {"gpu/tree", "gpu/heuristic", "cpu/fingerprint", "cpu/tree", "cpu/heuristic"}) {
    const Row* r = find_row(rows, other, c);
    if (r != nullptr)
      std::printf("    gpu/fingerprint vs %-16s %9.1fx\n", other,
                  r->median_compute_ms() / ours->median_compute_ms());
  }
}

void print_targets(const std::vector<Row>& rows) {
  std::size_t mismatches = 0;
  for (const Row& r : rows) {
    if (!r.measured()) continue;
    if (r.digest_varied) ++mismatches;
    for (const Row& o : rows)
      if (o.measured() && o.config == r.config && o.digest != r.digest) {
        ++mismatches;
        break;
      }
  }
  std::printf("== targets (H100; compute time, transfers apart)\n");
  std::printf("  graphs: %s\n", mismatches == 0
                                    ? "every row of a configuration built the same graph"
                                    : "MISMATCH between rows of a configuration (see above)");
  for (const std::uint64_t n : {1'000'000ULL, 10'000'000ULL}) {
    const double limit = n == 1'000'000 ? 100.0 : 1500.0;
    for (const int dup : {0, 20}) {
      const Config c{n, 256, dup};
      const Row* r = find_row(rows, "gpu/fingerprint", c);
      if (r == nullptr) {
        std::printf("  %s: gpu/fingerprint not measured\n", c.label().c_str());
        continue;
      }
      std::printf("  %s: compute %.3f ms, with transfers %.3f ms (target < %.0f ms): %s\n",
                  c.label().c_str(), r->median_compute_ms(), r->median_total_ms(), limit,
                  r->median_compute_ms() < limit ? "met" : "MISSED");
    }
  }
  // The speed-up over the one-thread CPU tree at the largest n where both ran (ℓ = 256 first).
  const Row* best_ours = nullptr;
  const Row* best_base = nullptr;
  for (const Row& base : rows) {
    if (base.spec.name != "cpu/tree" || !base.measured()) continue;
    const Row* ours = find_row(rows, "gpu/fingerprint", base.config);
    if (ours == nullptr) continue;
    const auto rank = [](const Config& c) {
      return std::make_tuple(c.n, c.bits == 256, c.dup_percent == 0);
    };
    if (best_base == nullptr || rank(base.config) > rank(best_base->config)) {
      best_base = &base;
      best_ours = ours;
    }
  }
  if (best_base == nullptr || best_ours->median_compute_ms() <= 0) {
    std::printf("  speed-up over the one-thread CPU tree: not measured\n");
    return;
  }
  const double speedup = best_base->median_compute_ms() / best_ours->median_compute_ms();
  std::printf("  speed-up over the one-thread CPU tree at %s: %.0fx (target >= 100x): %s\n",
              best_base->config.label().c_str(), speedup, speedup >= 100 ? "met" : "MISSED");
}

}  // namespace

void print_summary(const std::vector<Row>& rows, std::vector<Config> configs) {
  std::sort(configs.begin(), configs.end(), [](const Config& a, const Config& b) {
    return std::make_tuple(a.n, a.bits, a.dup_percent) <
           std::make_tuple(b.n, b.bits, b.dup_percent);
  });
  std::printf(
      "\n== cellgraph summary (median ms; compute = sort + build + search; total adds the "
      "transfers; floor = n·ℓ bits at the measured bandwidth, %.0f GB/s)\n",
      device_bandwidth_bytes_per_second() / 1e9);
  for (const Config& c : configs) print_config(rows, c);
  print_targets(rows);
}

}  // namespace arcwave::bench::cells
