// The searcher's lane-parallel paths (what the device runs: warps of 32 lanes, a lane per arc on
// one-word domains, a lane per value on wider ones, votes, shuffles) on host threads, one per lane
// (tests/solver/batch/lane_group.hpp), against the one-lane reference (HostGroup): the same
// solution and node counts on networks of more than 32 variables (several chunks of lanes per
// warp), with one and two warps.
//
// The lanes meet at LaneBarrier (lane_group.hpp), which ends the run at once if the lanes of a
// barrier wait at different lines (the searcher would then split them: a hang on the device). A
// watchdog reports the barrier line of every lane if no barrier completes for a minute. Runs
// that "blocked" on a loaded machine (2026-11-28) were starved, not blocked: the barriers still
// advanced, slowly, while the lanes waited by sched_yield(); they now sleep.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "instances/csp/generators.hpp"
#include "solver/batch/host_searcher_memory.hpp"
#include "solver/batch/network_view.hpp"
#include "solver/batch/searcher.hpp"
#include "tests/solver/batch/batch_fixture.hpp"
#include "tests/solver/batch/global_kinds.hpp"
#include "tests/solver/batch/lane_group.hpp"

namespace arcwave {

namespace {

struct Counted {
  std::uint64_t solutions = 0;
  std::uint64_t nodes = 0;
};

// Counts every solution from the network's root with one searcher of `threads` lanes, with
// dom/ddeg (no learnt weights: the search is then fixed by the domains alone).
Counted lane_count(const batch::BatchNetwork& net, int threads) {
  std::vector<std::uint64_t> queue(net.root);
  std::vector<int> ready{1};
  unsigned long long head = 0, tail = 1, solutions = 0, nodes = 0, fails = 0, donations = 0,
                     exported = 0;
  long long pending = 1;
  int stop = 0, external = 0, lock = 0, written = 0;
  long long best = 0, solution_value = 0;
  std::vector<int> solution(static_cast<std::size_t>(net.n));
  std::vector<unsigned> weight(static_cast<std::size_t>(std::max(net.constraints, 1)), 1);
  std::vector<int> residue(net.relations.size() / static_cast<std::size_t>(net.words) + 1, 0);
  batch::SharedState sh;
  sh.items = queue.data();
  sh.ready = ready.data();
  sh.head = &head;
  sh.tail = &tail;
  sh.capacity = 1;
  sh.pending = &pending;
  sh.stop = &stop;
  sh.external_stop = &external;
  sh.solutions = &solutions;
  sh.nodes = &nodes;
  sh.fails = &fails;
  sh.donations = &donations;
  sh.exported = &exported;
  sh.best = &best;
  sh.lock = &lock;
  sh.solution = solution.data();
  sh.solution_value = &solution_value;
  sh.solution_written = &written;
  sh.all_solutions = 1;
  sh.weight = weight.data();
  sh.learn_weights = 0;
  sh.residue = residue.data();
  batch::NetworkView view = batch::host_view(net);
  view.objective_kind = batch::kObjectiveNone;
  batch::HostSearcherMemory own(net, threads);
  const batch::SearcherMemory mem = own.memory();
  const batch::Scratch s = own.scratch();
  test::LaneBlock block(threads);
  std::atomic<int> running{threads};
  std::vector<std::jthread> lanes;
  for (int r = 0; r < threads; ++r)
    lanes.emplace_back([&, r] {
      const test::LaneGroup g(block, r);
      batch::Searcher<test::LaneGroup> searcher(g, view, sh, mem, s);
      searcher.run();
      --running;
    });
  // A watchdog: lanes that block (no barrier completes for a minute, however slow the machine
  // is otherwise) are reported where each waits (searcher.hpp lines: + a block barrier, - a
  // warp barrier) and the run ends.
  unsigned long long completed = block.completed();
  for (int still = 0; running.load() > 0; ++still) {
    if (const unsigned long long now = block.completed(); now != completed) {
      completed = now;
      still = 0;
    }
    if (still == 600) {
      std::string where;
      for (int r = 0; r < threads; ++r) where += fmt::format(" {}", block.at[r].load());
      fmt::print(stderr, "lanes blocked (no barrier for 60 s); barrier line per lane:{}\n", where);
      std::fflush(stderr);
      std::abort();
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  lanes.clear();  // joins
  CHECK(pending == 0);
  return {solutions, nodes};
}

}  // namespace

TEST_CASE("batched search: lanes of a warp on host threads count what one lane counts",
          "[batch][lanes]") {
  for (const test::PlantedCase& p : test::planted_networks(false)) {
    const test::BatchCase c = test::batch_case(p.model);
    batch::BatchOptions o;
    o.all_solutions = true;
    o.learn_weights = false;
    const batch::BatchResult expected = batch::batch_search_host(c.net, c.items, o);
    REQUIRE(expected.solutions > 0);
    for (int threads : {32, 64}) {
      INFO(fmt::format("{} threads {} (expected {} solutions, {} nodes)", p.name, threads,
                       expected.solutions, expected.nodes));
      const Counted got = lane_count(c.net, threads);
      CHECK(got.solutions == expected.solutions);
      // The arc-consistent closure is unique whatever order the lanes revise in, and dom/ddeg
      // picks from the domains alone: the same tree, node for node. A lane that misses arcs
      // leaves a weaker closure, which shows here even when no solution is lost or added.
      CHECK(got.nodes == expected.nodes);
    }
  }
}

// The device propagators run one per thread, many at once, removing values under atomics while
// other threads read the same domains: the fixpoint is still the one greatest common fixpoint
// (every propagator whose variables changed in a round runs again in the next), so the lanes
// count what one lane counts, node for node.
TEST_CASE("batched search: device propagators on lanes count what one lane counts",
          "[batch][lanes][props]") {
  for (const test::GlobalKind& kind : test::global_kinds()) {
    int tried = 0;
    for (int i = 0; i < 60 && tried < 4; ++i) {
      test::GlobalKind big = kind;
      big.variables = 9;
      big.constraints = 8;
      const test::BatchCase c = test::batch_case(test::global_model(big, 7500 + i), kind.index);
      batch::BatchOptions o;
      o.all_solutions = true;
      o.learn_weights = false;
      o.time_limit_seconds = 1;  // weak constraints over 9 variables can make huge trees
      const batch::BatchResult expected = batch::batch_search_host(c.net, c.items, o);
      // Lanes on host threads are slow: small trees.
      if (!expected.complete || expected.nodes > 600) continue;
      ++tried;
      for (int threads : {32, 64}) {
        INFO(fmt::format("{} model {} threads {} (expected {} solutions, {} nodes)", kind.name, i,
                         threads, expected.solutions, expected.nodes));
        const Counted got = lane_count(c.net, threads);
        CHECK(got.solutions == expected.solutions);
        CHECK(got.nodes == expected.nodes);
      }
    }
    INFO(kind.name);
    CHECK(tried == 4);
  }
}

// Lanes that wait by sched_yield() lost their cores to busy threads for minutes (see
// LaneBarrier); a miscounted barrier would end the run at once (lanes at different lines). The
// lane search again and again on small networks, one to three warps, while busy threads (never
// yielding, one per core) compete for every core: each run counts what one lane counts.
TEST_CASE("batched search: lanes under busy threads, again and again", "[batch][lanes][stress]") {
  // Asked to stop and joined when the test leaves, by a failure too.
  std::vector<std::jthread> competitors;
  const unsigned cores = std::max(1U, std::thread::hardware_concurrency());
  for (unsigned i = 0; i < cores; ++i)
    competitors.emplace_back([](const std::stop_token& stop) {
      while (!stop.stop_requested()) {
      }
    });
  const std::vector<test::PlantedCase> planted = test::planted_networks(false);
  for (std::size_t k = 0; k < 2; ++k) {  // 40 variables of 6 values, conflicts and supports
    const test::BatchCase c = test::batch_case(planted[k].model);
    batch::BatchOptions o;
    o.all_solutions = true;
    o.learn_weights = false;
    const batch::BatchResult expected = batch::batch_search_host(c.net, c.items, o);
    for (int threads : {32, 64, 96})
      for (int run = 0; run < 3; ++run) {
        INFO(fmt::format("{} threads {} run {}", planted[k].name, threads, run));
        const Counted got = lane_count(c.net, threads);
        CHECK(got.solutions == expected.solutions);
        CHECK(got.nodes == expected.nodes);
      }
  }
}

}  // namespace arcwave
