// The CPU frontier driver: BFS written as a relaxation equals a plain BFS.
#include "core/frontier/frontier.hpp"
#include "tests/core/frontier/random_graph.hpp"
#include "tests/support/catch.hpp"

using namespace arcwave;

TEST_CASE("frontier BFS equals plain BFS on random graphs", "[frontier]") {
  for (std::uint32_t seed = 1; seed <= 20; ++seed) {
    const test::OwnedCsr g = test::random_csr(500 + seed * 37, 1.0 + seed % 4, seed);
    std::vector<std::uint32_t> level(g.n, UINT32_MAX);
    level[0] = 0;
    const std::uint32_t seeds[] = {0};
    const frontier::Stats stats = frontier::run_cpu(
        g.view(), seeds, [&](std::uint32_t, std::uint64_t, std::uint32_t dst, std::uint32_t round) {
          if (level[dst] != UINT32_MAX) return false;
          level[dst] = round + 1;
          return true;
        });
    CHECK(level == test::bfs_levels(g, 0));
    CHECK(stats.last_frontier == 0);
    const auto reached = static_cast<std::uint64_t>(
        std::count_if(level.begin(), level.end(), [](std::uint32_t l) { return l != UINT32_MAX; }));
    CHECK(stats.items == reached);
  }
}

TEST_CASE("max_rounds stops the loop and reports the frontier left", "[frontier]") {
  const test::OwnedCsr g = test::random_csr(2000, 3.0, 99);
  std::vector<std::uint32_t> level(g.n, UINT32_MAX);
  level[0] = 0;
  const std::uint32_t seeds[] = {0};
  const frontier::Stats stats = frontier::run_cpu(
      g.view(), seeds,
      [&](std::uint32_t, std::uint64_t, std::uint32_t dst, std::uint32_t round) {
        if (level[dst] != UINT32_MAX) return false;
        level[dst] = round + 1;
        return true;
      },
      2);
  CHECK(stats.rounds == 2);
  const std::vector<std::uint32_t> full = test::bfs_levels(g, 0);
  std::uint32_t at_two = 0;
  for (std::uint32_t v = 0; v < g.n; ++v) {
    if (full[v] <= 2) CHECK(level[v] == full[v]);
    if (full[v] > 2) CHECK(level[v] == UINT32_MAX);
    at_two += full[v] == 2 ? 1 : 0;
  }
  CHECK(stats.last_frontier == at_two);
}

namespace {

/// BFS as a relaxation over a level array (level[dst] = round + 1 the first time).
struct CpuBfs {
  std::vector<std::uint32_t>* level;
  bool operator()(std::uint32_t, std::uint64_t, std::uint32_t dst, std::uint32_t round) const {
    if ((*level)[dst] != UINT32_MAX) return false;
    (*level)[dst] = round + 1;
    return true;
  }
};

}  // namespace

TEST_CASE("no seeds or no rounds: nothing runs", "[frontier]") {
  const test::OwnedCsr g = test::random_csr(300, 2.0, 5);
  std::vector<std::uint32_t> level(g.n, UINT32_MAX);
  const frontier::Stats none = frontier::run_cpu(g.view(), {}, CpuBfs{&level});
  CHECK(none.rounds == 0);
  CHECK(none.items == 0);
  CHECK(none.last_frontier == 0);
  CHECK(!none.stopped);
  const std::uint32_t seeds[] = {4, 9, 4};
  const frontier::Stats zero = frontier::run_cpu(g.view(), seeds, CpuBfs{&level}, 0);
  CHECK(zero.rounds == 0);
  CHECK(zero.last_frontier == 3);
  CHECK(std::all_of(level.begin(), level.end(), [](std::uint32_t l) { return l == UINT32_MAX; }));
}

TEST_CASE("duplicate seeds are processed as given", "[frontier]") {
  const test::OwnedCsr g = test::random_csr(400, 2.5, 6);
  std::vector<std::uint32_t> level(g.n, UINT32_MAX);
  level[7] = 0;
  const std::uint32_t seeds[] = {7, 7};
  const frontier::Stats stats = frontier::run_cpu(g.view(), seeds, CpuBfs{&level});
  CHECK(level == test::bfs_levels(g, 7));
  const auto reached = static_cast<std::uint64_t>(
      std::count_if(level.begin(), level.end(), [](std::uint32_t l) { return l != UINT32_MAX; }));
  CHECK(stats.items == reached + 1);  // vertex 7 twice
}

TEST_CASE("the stop flag ends the loop after the round that raised it", "[frontier]") {
  const test::OwnedCsr g = test::random_csr(3000, 2.0, 11);
  const std::vector<std::uint32_t> full = test::bfs_levels(g, 0);
  // The farthest reachable vertex, so that several rounds run before the stop.
  std::uint32_t target = 0;
  for (std::uint32_t v = 0; v < g.n; ++v)
    if (full[v] != UINT32_MAX && full[v] > full[target]) target = v;
  REQUIRE(full[target] >= 3);
  std::vector<std::uint32_t> level(g.n, UINT32_MAX);
  level[0] = 0;
  std::uint32_t stop = 0;
  const std::uint32_t seeds[] = {0};
  const frontier::Stats stats = frontier::run_cpu(
      g.view(), seeds,
      [&](std::uint32_t src, std::uint64_t e, std::uint32_t dst, std::uint32_t round) {
        const bool changed = CpuBfs{&level}(src, e, dst, round);
        if (changed && dst == target) stop = 1;
        return changed;
      },
      UINT32_MAX, &stop);
  CHECK(stats.stopped);
  CHECK(stats.rounds == full[target]);  // round L - 1 labels level L
  std::uint32_t at_level = 0;
  for (std::uint32_t v = 0; v < g.n; ++v) {
    CHECK(level[v] == (full[v] <= full[target] ? full[v] : UINT32_MAX));
    at_level += full[v] == full[target] ? 1 : 0;
  }
  CHECK(stats.last_frontier == at_level);
}
