// The drivers' host loops (schedule.hpp) and the round protocol (control.hpp) over an emulated
// device: every driver, with every option that changes its schedule, gives run_cpu()'s results
// and statistics, leaves the remaining frontier where the workspace says, and wastes at most the
// launches and round trips its documentation promises.
#include <algorithm>
#include <string>
#include <vector>

#include "core/frontier/frontier.hpp"
#include "core/frontier/schedule.hpp"
#include "tests/core/frontier/emulated_engine.hpp"
#include "tests/core/frontier/random_graph.hpp"
#include "tests/support/catch.hpp"

using namespace arcwave;

namespace {

struct Variant {
  std::string name;
  frontier::Options options;
};

std::vector<Variant> variants(std::uint32_t max_rounds) {
  using frontier::Driver;
  std::vector<Variant> v;
  auto add = [&](std::string name, Driver d, std::uint32_t k = 0, std::uint32_t blocks = 0,
                 std::uint32_t limit = 0) {
    frontier::Options o;
    o.driver = d;
    o.max_rounds = max_rounds;
    o.rounds_per_check = k;
    o.blocks = blocks;
    o.single_block_limit = limit;
    v.push_back({std::move(name), o});
  };
  add("host", Driver::kHost);
  add("device adaptive", Driver::kDevice);
  add("device k=1", Driver::kDevice, 1);
  add("device k=5 blocks=2", Driver::kDevice, 5, 2);
  add("graph", Driver::kGraph);
  add("graph k=1", Driver::kGraph, 1);
  add("graph k=7", Driver::kGraph, 7);
  add("cooperative", Driver::kCooperative);
  add("single-block", Driver::kSingleBlock);
  add("single-block limit=1", Driver::kSingleBlock, 0, 0, 1);
  add("single-block limit=3 k=3", Driver::kSingleBlock, 3, 0, 3);
  add("single-block no hand-over", Driver::kSingleBlock, 0, 0, UINT32_MAX);
  return v;
}

/// Level-from-parent BFS: independent of the round number, so a run can be resumed.
struct ParentBfs {
  std::vector<std::uint32_t>* level;
  bool operator()(std::uint32_t src, std::uint64_t, std::uint32_t dst, std::uint32_t) const {
    if ((*level)[dst] != UINT32_MAX) return false;
    (*level)[dst] = (*level)[src] + 1;
    return true;
  }
};

/// BFS that raises the stop flag **stop when it labels `target` (a pointer to the pointer, so
/// that it can be wired to the emulated device's flag after the engine is built).
struct StoppingBfs {
  std::vector<std::uint32_t>* level;
  std::uint32_t target;
  std::uint32_t** stop;
  bool operator()(std::uint32_t src, std::uint64_t e, std::uint32_t dst, std::uint32_t r) const {
    const bool changed = ParentBfs{level}(src, e, dst, r);
    if (changed && dst == target) **stop = 1;
    return changed;
  }
};

struct Outcome {
  frontier::Stats stats;
  std::vector<std::uint32_t> level;
  std::vector<std::uint32_t> left;  // the frontier the run left, sorted
};

Outcome reference(const test::OwnedCsr& g, const std::vector<std::uint32_t>& seeds,
                  std::uint32_t max_rounds) {
  Outcome out;
  out.level.assign(g.n, UINT32_MAX);
  for (const std::uint32_t s : seeds) out.level[s] = 0;
  out.stats = frontier::run_cpu(g.view(), std::span<const std::uint32_t>(seeds),
                                ParentBfs{&out.level}, max_rounds);
  return out;
}

Outcome emulated(const test::OwnedCsr& g, const std::vector<std::uint32_t>& seeds,
                 const frontier::Options& options, std::uint32_t flip = 0,
                 std::uint32_t stamp_base = 0) {
  Outcome out;
  out.level.assign(g.n, UINT32_MAX);
  for (const std::uint32_t s : seeds) out.level[s] = 0;
  test::EmulatedEngine engine(g.view(), ParentBfs{&out.level}, seeds, 5, flip);
  const frontier::Control end =
      frontier::drive(engine, options,
                      frontier::initial_control(static_cast<std::uint32_t>(seeds.size()),
                                                options.max_rounds, stamp_base, flip));
  out.stats = frontier::stats_of(end);
  const auto& q = engine.queue(frontier::queue_left(end));
  out.left.assign(q.begin(), q.begin() + out.stats.last_frontier);
  std::sort(out.left.begin(), out.left.end());
  return out;
}

std::vector<std::uint32_t> initial_levels_of(std::uint32_t n,
                                             const std::vector<std::uint32_t>& seeds) {
  std::vector<std::uint32_t> level(n, UINT32_MAX);
  for (const std::uint32_t s : seeds) level[s] = 0;
  return level;
}

void check_same(const Outcome& got, const Outcome& want) {
  CHECK(got.level == want.level);
  CHECK(got.stats.rounds == want.stats.rounds);
  CHECK(got.stats.items == want.stats.items);
  CHECK(got.stats.last_frontier == want.stats.last_frontier);
  CHECK(got.stats.stopped == want.stats.stopped);
}

/// The vertices at BFS level `l` (the frontier a run stopped after l rounds leaves).
std::vector<std::uint32_t> at_level(const std::vector<std::uint32_t>& level, std::uint32_t l) {
  std::vector<std::uint32_t> v;
  for (std::uint32_t i = 0; i < level.size(); ++i)
    if (level[i] == l) v.push_back(i);
  return v;
}

}  // namespace

TEST_CASE("every driver schedule equals run_cpu on random graphs", "[frontier][schedule]") {
  for (std::uint32_t seed = 1; seed <= 8; ++seed) {
    const test::OwnedCsr g = test::random_csr(200 + seed * 131, 0.7 + seed % 4, seed);
    const std::vector<std::uint32_t> seeds{seed % g.n, (seed * 7) % g.n};
    const Outcome want = reference(g, seeds, UINT32_MAX);
    for (const Variant& v : variants(UINT32_MAX)) {
      INFO(v.name << ", graph seed " << seed);
      const Outcome got = emulated(g, seeds, v.options, seed % 2, seed * 1000);
      check_same(got, want);
      CHECK(got.left.empty());
    }
  }
}

TEST_CASE("long paths: one vertex per round", "[frontier][schedule]") {
  const test::OwnedCsr g = test::path_csr(3000);
  const Outcome want = reference(g, {0}, UINT32_MAX);
  REQUIRE(want.stats.rounds == 3000);
  for (const Variant& v : variants(UINT32_MAX)) {
    INFO(v.name);
    check_same(emulated(g, {0}, v.options), want);
  }
}

TEST_CASE("max_rounds leaves the next frontier in the queue the control names",
          "[frontier][schedule]") {
  const test::OwnedCsr g = test::random_csr(2500, 2.2, 17);
  const std::vector<std::uint32_t> full = test::bfs_levels(g, 3);
  for (const std::uint32_t max_rounds : {0U, 1U, 2U, 3U, 6U, 70U}) {
    const Outcome want = reference(g, {3}, max_rounds);
    for (const Variant& v : variants(max_rounds)) {
      INFO(v.name << ", max_rounds " << max_rounds);
      for (const std::uint32_t flip : {0U, 1U}) {
        const Outcome got = emulated(g, {3}, v.options, flip);
        check_same(got, want);
        CHECK(got.left == at_level(full, std::min(max_rounds, want.stats.rounds)));
      }
    }
  }
}

TEST_CASE("no seeds: the loop never starts", "[frontier][schedule]") {
  const test::OwnedCsr g = test::random_csr(100, 2.0, 3);
  for (const Variant& v : variants(UINT32_MAX)) {
    INFO(v.name);
    test::EmulatedEngine engine(g.view(), [](auto...) { return true; }, {});
    const frontier::Control end =
        frontier::drive(engine, v.options, frontier::initial_control(0, UINT32_MAX, 0, 0));
    CHECK(frontier::stats_of(end).rounds == 0);
    CHECK(engine.launches + engine.persistent_launches + engine.replays == 0);
  }
}

TEST_CASE("the stop flag ends every driver after the same round", "[frontier][schedule]") {
  const test::OwnedCsr g = test::random_csr(4000, 1.6, 23);
  const std::vector<std::uint32_t> full = test::bfs_levels(g, 0);
  std::uint32_t target = 0;
  for (std::uint32_t v = 0; v < g.n; ++v)
    if (full[v] != UINT32_MAX && full[v] > full[target]) target = v;
  REQUIRE(full[target] >= 4);
  Outcome want;
  want.level.assign(g.n, UINT32_MAX);
  want.level[0] = 0;
  std::uint32_t cpu_stop = 0;
  std::uint32_t* cpu_word = &cpu_stop;
  const std::vector<std::uint32_t> seeds{0};
  want.stats =
      frontier::run_cpu(g.view(), std::span<const std::uint32_t>(seeds),
                        StoppingBfs{&want.level, target, &cpu_word}, UINT32_MAX, &cpu_stop);
  REQUIRE(want.stats.stopped);
  REQUIRE(want.stats.rounds == full[target]);
  for (const Variant& v : variants(UINT32_MAX)) {
    INFO(v.name);
    Outcome got;
    got.level.assign(g.n, UINT32_MAX);
    got.level[0] = 0;
    std::uint32_t* word = nullptr;  // the emulated device's stop flag, once the engine exists
    test::EmulatedEngine engine(g.view(), StoppingBfs{&got.level, target, &word}, seeds);
    word = engine.stop_flag();
    const frontier::Control end =
        frontier::drive(engine, v.options, frontier::initial_control(1, UINT32_MAX, 0, 0));
    got.stats = frontier::stats_of(end);
    check_same(got, want);
    const auto& q = engine.queue(frontier::queue_left(end));
    std::vector<std::uint32_t> left(q.begin(), q.begin() + got.stats.last_frontier);
    std::sort(left.begin(), left.end());
    CHECK(left == at_level(full, full[target]));
  }
}

TEST_CASE("the device driver's waste is bounded", "[frontier][schedule]") {
  for (const std::uint32_t length : {1U, 2U, 3U, 10U, 63U, 64U, 65U, 1000U, 5000U}) {
    INFO("path of " << length);
    const test::OwnedCsr g = test::path_csr(length);
    frontier::Options o;
    o.driver = frontier::Driver::kDevice;
    std::vector<std::uint32_t> level(g.n, UINT32_MAX);
    level[0] = 0;
    test::EmulatedEngine engine(g.view(), ParentBfs{&level}, {0});
    const frontier::Control end =
        frontier::drive(engine, o, frontier::initial_control(1, UINT32_MAX, 0, 0));
    CHECK(end.round == length);
    // Adaptive k (2, 4, ..., 64): empty launches at most max(rounds, 2) and at most 64.
    CHECK(engine.empty_launches <= std::max<std::uint64_t>(length, 2));
    CHECK(engine.empty_launches < 64);
    // Round trips: log2 steps up to 64, then one per 64 rounds.
    std::uint64_t trips = 0;
    for (std::uint64_t covered = 0, k = 2; covered < length; k = std::min<std::uint64_t>(2 * k, 64))
      covered += k, ++trips;
    CHECK(engine.downloads == trips);
  }
}

TEST_CASE("the single block hands over to the device driver when the frontier grows",
          "[frontier][schedule]") {
  const test::OwnedCsr g = test::random_csr(5000, 3.0, 29);
  const Outcome want = reference(g, {1}, UINT32_MAX);
  frontier::Options o;
  o.driver = frontier::Driver::kSingleBlock;
  o.single_block_limit = 20;
  std::vector<std::uint32_t> level(g.n, UINT32_MAX);
  level[1] = 0;
  test::EmulatedEngine engine(g.view(), ParentBfs{&level}, {1});
  const frontier::Control end =
      frontier::drive(engine, o, frontier::initial_control(1, UINT32_MAX, 0, 0));
  CHECK(level == want.level);
  CHECK(end.round == want.stats.rounds);
  CHECK(engine.single_block_rounds >= 1);
  CHECK(engine.single_block_rounds < end.round);  // the rest ran as device rounds
  CHECK(engine.launches > 0);
}

namespace {

/// An engine whose launches do nothing: the drivers must notice instead of spinning.
struct StuckEngine {
  frontier::Control c;
  void upload(const frontier::Control& u) { c = u; }
  frontier::Control download() { return c; }
  std::uint32_t blocks_for(std::uint32_t) const { return 1; }
  std::uint32_t round_blocks() const { return 1; }
  void seed_from_device() {}
  void rounds(std::uint32_t, std::uint32_t) {}
  frontier::Control replay(std::uint32_t) { return c; }
  void persistent_grid() {}
  void persistent_block(std::uint32_t) {}
};

}  // namespace

TEST_CASE("a driver that makes no progress is an internal error", "[frontier][schedule]") {
  for (const Variant& v : variants(UINT32_MAX)) {
    INFO(v.name);
    StuckEngine engine;
    CHECK_THROWS_AS(
        frontier::drive(engine, v.options, frontier::initial_control(5, UINT32_MAX, 0, 0)),
        InternalError);
  }
}

TEST_CASE("seeds counted on the device: same results, no round trip before round 0",
          "[frontier][schedule]") {
  const test::OwnedCsr g = test::random_csr(3000, 1.8, 37);
  for (const std::vector<std::uint32_t>& seeds :
       {std::vector<std::uint32_t>{}, std::vector<std::uint32_t>{9},
        std::vector<std::uint32_t>{4, 4, 1000, 2999}}) {
    for (const std::uint32_t max_rounds : {0U, 3U, UINT32_MAX}) {
      const Outcome want = reference(g, seeds, max_rounds);
      for (const Variant& v : variants(max_rounds)) {
        INFO(v.name << ", " << seeds.size() << " seeds, max_rounds " << max_rounds);
        std::vector<std::uint32_t> level = initial_levels_of(g.n, seeds);
        test::EmulatedEngine engine(g.view(), ParentBfs{&level}, seeds, 5, 1);
        engine.device_seed_count = static_cast<std::uint32_t>(seeds.size());
        const frontier::Control end = frontier::drive(
            engine, v.options, frontier::initial_control_device_seeded(max_rounds, 40, 1), true);
        const frontier::Stats stats = frontier::stats_of(end);
        CHECK(level == want.level);
        CHECK(stats.rounds == want.stats.rounds);
        CHECK(stats.items == want.stats.items);
        CHECK(stats.last_frontier == want.stats.last_frontier);
        CHECK(engine.seed_launches == 1);
        const auto& q = engine.queue(frontier::queue_left(end));
        std::vector<std::uint32_t> left(q.begin(), q.begin() + stats.last_frontier);
        std::sort(left.begin(), left.end());
        std::vector<std::uint32_t> want_left = seeds;
        std::sort(want_left.begin(), want_left.end());
        if (max_rounds != 0) want_left = at_level(test::bfs_levels(g, seeds), want.stats.rounds);
        CHECK(left == want_left);
        // Persistent drivers that did not hand over look at the device once, at the end.
        const bool persistent = v.options.driver == frontier::Driver::kCooperative ||
                                v.options.driver == frontier::Driver::kSingleBlock;
        if (persistent && engine.launches == 0) CHECK(engine.downloads == 1);
      }
    }
  }
}
