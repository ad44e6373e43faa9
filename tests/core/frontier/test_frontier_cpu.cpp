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
