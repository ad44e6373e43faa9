// APSP spread over several devices (graph/sssp/device_spread.hpp) with CPU Johnson as each
// "device": rows, predecessors and the direct array equal to one run's, blocks in source order
// whatever the order the devices finish in, and a device's failure ends the run with its error.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <latch>
#include <mutex>
#include <random>
#include <thread>

#include "graph/sssp/device_spread.hpp"
#include "graph/sssp/johnson_cpu.hpp"
#include "tests/graph/sssp/fixtures.hpp"

using namespace arcwave;
using namespace arcwave::sssp;

namespace {

struct Collected {
  std::vector<std::int64_t> rows;
  std::vector<std::uint32_t> preds;
  std::uint64_t next_row = 0;  // the blocks must tile the sources in order
  std::uint64_t next_pred = 0;
  bool ordered = true;
};

RowStream<std::int64_t> collect(Collected& c, std::uint32_t n, bool preds) {
  RowStream<std::int64_t> out;
  out.rows = [&c, n](std::uint64_t first, std::uint64_t count, std::span<const std::int64_t> b) {
    c.ordered = c.ordered && first == c.next_row && b.size() == count * n;
    c.next_row = first + count;
    c.rows.insert(c.rows.end(), b.begin(), b.end());
  };
  if (preds)
    out.predecessors = [&c, n](std::uint64_t first, std::uint64_t count,
                               std::span<const std::uint32_t> b) {
      c.ordered = c.ordered && first == c.next_pred && b.size() == count * n;
      c.next_pred = first + count;
      c.preds.insert(c.preds.end(), b.begin(), b.end());
    };
  return out;
}

// The reference: CPU Johnson on one thread, every row and predecessor in source order.
Collected one_device(const Csr<std::int64_t>& g, const std::vector<std::uint32_t>& sources) {
  Collected one;
  StreamOptions o;
  o.threads = 1;
  REQUIRE(!johnson_cpu_stream(g, std::span<const std::uint32_t>(sources),
                              collect(one, g.vertex_count, true), o)
               .has_negative_cycle());
  return one;
}

// CPU Johnson on one range of the sources, its rows shifted to the range's place.
void search_range(const Csr<std::int64_t>& g, const std::vector<std::uint32_t>& sources,
                  const SourceBatches::Range& r, const RowStream<std::int64_t>& out) {
  const std::uint64_t n = g.vertex_count;
  RowStream<std::int64_t> shifted;
  if (out.rows)
    shifted.rows = [&](std::uint64_t first, std::uint64_t count, std::span<const std::int64_t> b) {
      out.rows(r.first + first, count, b);
    };
  if (out.predecessors)
    shifted.predecessors = [&](std::uint64_t first, std::uint64_t count,
                               std::span<const std::uint32_t> b) {
      out.predecessors(r.first + first, count, b);
    };
  if (out.direct != nullptr) shifted.direct = out.direct + r.first * n;
  StreamOptions o;
  o.threads = 1;
  o.batch = 2;
  (void)johnson_cpu_stream(g, std::span<const std::uint32_t>(sources).subspan(r.first, r.count),
                           shifted, o);
}

// One "device": CPU Johnson on each range it takes, of a size of its own; device `slow` sleeps
// first so that later blocks arrive before earlier.
void cpu_device(const Csr<std::int64_t>& g, const std::vector<std::uint32_t>& sources,
                std::size_t worker, SourceBatches& batches, const RowStream<std::int64_t>& out,
                std::uint64_t batch, std::size_t slow) {
  for (;;) {
    const SourceBatches::Range r = batches.take(batch + worker);
    if (r.count == 0) return;
    if (worker == slow) std::this_thread::sleep_for(std::chrono::milliseconds(3));
    search_range(g, sources, r, out);
  }
}

}  // namespace

TEST_CASE("APSP over several devices: the rows of one, in source order", "[sssp][devices]") {
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const std::uint32_t n = 50 + static_cast<std::uint32_t>(seed * 17);
    gen::RandomGraphParams<std::int64_t> p{n, 2.0, 0, 30, 15, seed};
    const Csr<std::int64_t> g = build_csr(gen::random_graph(p));
    std::vector<std::uint32_t> sources = all_vertices(g.vertex_count);
    std::shuffle(sources.begin(), sources.end(), std::mt19937(static_cast<unsigned>(seed)));
    sources.resize(sources.size() - seed);  // not a multiple of any batch
    const Collected one = one_device(g, sources);
    for (std::size_t devices : {1, 2, 3, 5}) {
      for (bool direct : {false, true}) {
        INFO("seed " << seed << " devices " << devices << " direct " << direct);
        Collected many;
        RowStream<std::int64_t> out = collect(many, n, true);
        std::vector<std::int64_t> array;
        if (direct) {
          array.assign(sources.size() * n, -1);
          out.direct = array.data();
        }
        const std::function<void(std::size_t, SourceBatches&, const RowStream<std::int64_t>&)>
            work = [&](std::size_t w, SourceBatches& b, const RowStream<std::int64_t>& o) {
              cpu_device(g, sources, w, b, o, 3 + seed, 0);
            };
        spread_sources<std::int64_t>(devices, sources.size(), n, out, work);
        CHECK(many.ordered);
        CHECK(many.next_row == sources.size());
        CHECK(many.rows == one.rows);
        CHECK(many.preds == one.preds);
        if (direct) CHECK(array == one.rows);
      }
    }
  }
}

// Sinks that take any order (a binary file written by position): blocks come as the devices
// finish them, from their threads, each row exactly once, in its place.
TEST_CASE("APSP over several devices: sinks that take any order get every row once",
          "[sssp][devices]") {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const std::uint32_t n = 60 + static_cast<std::uint32_t>(seed * 13);
    gen::RandomGraphParams<std::int64_t> p{n, 2.0, 0, 30, 10, seed};
    const Csr<std::int64_t> g = build_csr(gen::random_graph(p));
    const std::vector<std::uint32_t> sources = all_vertices(g.vertex_count);
    const Collected one = one_device(g, sources);
    for (std::size_t devices : {2, 3}) {
      INFO("seed " << seed << " devices " << devices);
      std::mutex lock;
      std::vector<std::int64_t> rows(sources.size() * n, -1);
      std::vector<std::uint32_t> preds(sources.size() * n, 7);
      std::vector<int> seen(sources.size(), 0), seen_preds(sources.size(), 0);
      bool out_of_order = false;
      std::uint64_t last = 0;
      RowStream<std::int64_t> out;
      out.any_order = true;
      out.rows = [&](std::uint64_t first, std::uint64_t count, std::span<const std::int64_t> b) {
        const std::lock_guard guard(lock);
        out_of_order = out_of_order || first < last;
        last = first;
        std::copy(b.begin(), b.end(), rows.begin() + static_cast<std::ptrdiff_t>(first * n));
        for (std::uint64_t i = first; i < first + count; ++i) ++seen[i];
      };
      out.predecessors = [&](std::uint64_t first, std::uint64_t count,
                             std::span<const std::uint32_t> b) {
        const std::lock_guard guard(lock);
        std::copy(b.begin(), b.end(), preds.begin() + static_cast<std::ptrdiff_t>(first * n));
        for (std::uint64_t i = first; i < first + count; ++i) ++seen_preds[i];
      };
      // Device 0 takes the first range, every device one, then device 0 waits 20 ms before
      // searching its range: the others' later blocks come first.
      std::latch first_taken(1);
      std::latch all_taken(static_cast<std::ptrdiff_t>(devices));
      const std::function<void(std::size_t, SourceBatches&, const RowStream<std::int64_t>&)> work =
          [&](std::size_t w, SourceBatches& b, const RowStream<std::int64_t>& s) {
            if (w != 0) first_taken.wait();
            const SourceBatches::Range r = b.take(4);
            if (w == 0) first_taken.count_down();
            all_taken.arrive_and_wait();
            if (w == 0) std::this_thread::sleep_for(std::chrono::milliseconds(20));
            if (r.count > 0) search_range(g, sources, r, s);
            cpu_device(g, sources, w, b, s, 4, SIZE_MAX);
          };
      spread_sources<std::int64_t>(devices, sources.size(), n, out, work);
      CHECK(out_of_order);  // nothing was held back to restore the order
      CHECK(std::all_of(seen.begin(), seen.end(), [](int k) { return k == 1; }));
      CHECK(std::all_of(seen_preds.begin(), seen_preds.end(), [](int k) { return k == 1; }));
      CHECK(rows == one.rows);
      CHECK(preds == one.preds);
    }
  }
}

TEST_CASE("APSP over several devices: a device's failure is the run's", "[sssp][devices]") {
  gen::RandomGraphParams<std::int64_t> p{60, 2.0, 0, 30, 15, 7};
  const Csr<std::int64_t> g = build_csr(gen::random_graph(p));
  const std::vector<std::uint32_t> sources = all_vertices(g.vertex_count);
  Collected c;
  const RowStream<std::int64_t> out = collect(c, g.vertex_count, false);
  const std::function<void(std::size_t, SourceBatches&, const RowStream<std::int64_t>&)> work =
      [&](std::size_t w, SourceBatches& b, const RowStream<std::int64_t>& o) {
        if (w == 1) {
          (void)b.take(4);  // takes a range and never delivers it
          throw InputError("device 1 failed");
        }
        cpu_device(g, sources, w, b, o, 2, 99);
      };
  CHECK_THROWS_WITH(spread_sources<std::int64_t>(3, sources.size(), g.vertex_count, out, work),
                    "device 1 failed");
}

TEST_CASE("APSP over several devices: batches come in equal numbers per device",
          "[sssp][devices]") {
  // The case measured on two H100s: 8,192 sources, at most 1,171 rows per batch.
  CHECK(SourceBatches(8192, 2).even_batch(1171) == 1024);
  CHECK(SourceBatches(8192, 1).even_batch(1171) == 1171);
  std::mt19937_64 rng(41);
  for (int i = 0; i < 2000; ++i) {
    const std::uint64_t total = 1 + rng() % 100000;
    const std::size_t workers = 1 + rng() % 8;
    const std::uint64_t most = 1 + rng() % 5000;
    const std::uint64_t b = SourceBatches(total, workers).even_batch(most);
    INFO("total " << total << " workers " << workers << " most " << most << " batch " << b);
    REQUIRE(b >= 1);
    CHECK(b <= most);
    // No worker takes more batches than the fewest rounds the limit allows.
    const std::uint64_t batches = (total + b - 1) / b;
    const std::uint64_t rounds = (total + workers * most - 1) / (workers * most);
    CHECK((batches + workers - 1) / workers == rounds);
  }
}
