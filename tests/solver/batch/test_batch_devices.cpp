// The batched search over several devices, with host threads as the devices (the coordination
// several GPUs run, solver/batch/multi_device.hpp): counts, first solutions and optima equal to
// one device's, work moved between devices (queues and outboxes), the decomposition exact, the
// time limit and the stop flag obeyed.
#include <fmt/format.h>

#include <atomic>
#include <bit>
#include <thread>

#include "core/timer.hpp"
#include "instances/csp/generators.hpp"
#include "solver/batch/multi_device.hpp"
#include "tests/solver/batch/batch_fixture.hpp"

namespace arcwave {

using test::batch_case;

TEST_CASE("split_items partitions the search space", "[batch][devices]") {
  for (int n : {5, 6, 8}) {
    const test::BatchCase c = batch_case(gen::queens(n));
    batch::BatchOptions o;
    o.all_solutions = true;
    const std::uint64_t whole = batch::batch_search_host(c.net, c.items, o).solutions;
    for (std::size_t target : {1, 2, 7, 30, 200}) {
      INFO(fmt::format("queens {} target {}", n, target));
      const std::vector<batch::Subproblem> parts = batch::split_items(c.net, c.items, target);
      CHECK(parts.size() >= std::min<std::size_t>(target, 2));
      std::uint64_t sum = 0;
      for (const batch::Subproblem& p : parts)
        sum += batch::batch_search_host(c.net, {p}, o).solutions;
      CHECK(sum == whole);
      // Pairwise disjoint: some variable has no common value.
      for (std::size_t i = 0; i + 1 < parts.size() && i < 20; ++i) {
        bool disjoint = false;
        for (std::size_t w = 0; w < parts[i].size(); w += c.net.words) {
          std::uint64_t common = 0;
          for (int k = 0; k < c.net.words; ++k) common |= parts[i][w + k] & parts[i + 1][w + k];
          disjoint = disjoint || common == 0;
        }
        CHECK(disjoint);
      }
    }
  }
}

TEST_CASE("several host devices count what one counts", "[batch][devices][counts]") {
  const std::uint64_t queens[] = {1, 0, 0, 2, 10, 4, 40, 92, 352, 724};
  std::uint64_t moved = 0;
  for (int n = 1; n <= 10; ++n)
    for (int devices : {2, 3, 4})
      for (int per_device : {0, 1, 4}) {
        INFO(fmt::format("queens {} devices {} items per device {}", n, devices, per_device));
        const test::BatchCase c = batch_case(gen::queens(n, gen::QueensEncoding::kExtension));
        batch::BatchOptions o;
        o.all_solutions = true;
        o.host_devices = devices;
        o.items_per_device = per_device;
        o.donate_below = n % 2;
        const batch::BatchResult r = batch::batch_search_host(c.net, c.items, o);
        CHECK(r.complete);
        CHECK(r.devices == devices);
        CHECK(r.searchers == devices);
        CHECK(r.solutions == queens[n - 1]);
        moved += r.moved + r.exported;
      }
  CHECK(moved > 0);
  for (int i = 0; i < 24; ++i) {
    const auto seed = static_cast<std::uint64_t>(9100 + i);
    const int n = 6 + i % 8;
    const Model m = gen::rb({.n = n,
                             .d = 2 + (i / 2) % 6,
                             .e = std::min(n * (n - 1) / 2, n + (i * 5) % (2 * n)),
                             .tightness = 0.2 + 0.05 * (i % 8),
                             .seed = seed,
                             .supports = i % 2 == 0});
    INFO(fmt::format("network {} (seed {})", i, seed));
    const test::BatchCase c = batch_case(m);
    batch::BatchOptions o;
    o.all_solutions = true;
    const std::uint64_t one = batch::batch_search_host(c.net, c.items, o).solutions;
    CHECK(one == test::cpu_count(m));
    o.host_devices = 2 + i % 3;
    o.items_per_device = i % 3;
    const batch::BatchResult r = batch::batch_search_host(c.net, c.items, o);
    CHECK(r.complete);
    CHECK(r.solutions == one);
  }
}

TEST_CASE("idle host devices take open branches from a busy one's outbox", "[batch][devices]") {
  // Everything starts on device 0 (no decomposition): the others can only work on what its
  // searcher gives to its outbox, so the count is exact only if that hand-over is.
  const test::BatchCase c = batch_case(gen::queens(11));
  batch::BatchOptions o;
  o.all_solutions = true;
  o.host_devices = 3;
  o.items_per_device = 0;
  o.outbox_capacity = 2;  // the ring wraps many times
  const batch::BatchResult r = batch::batch_search_host(c.net, c.items, o);
  CHECK(r.complete);
  CHECK(r.solutions == 2680);
  CHECK(r.exported > 0);
  CHECK(r.rounds > 1);
}

TEST_CASE("several host devices: first solutions, optima, UNSAT", "[batch][devices][cop]") {
  for (int n : {8, 12, 20}) {
    const test::BatchCase c = batch_case(gen::queens(n));
    batch::BatchOptions o;
    o.host_devices = 3;
    const batch::BatchResult r = batch::batch_search_host(c.net, c.items, o);
    REQUIRE(r.solution.has_value());
    CHECK(c.model.check(test::values_of(c.model, *r.solution)));
    CHECK(r.solutions >= 1);
    CHECK_FALSE(r.complete);  // stopped on a first solution, as with one device
  }
  for (int n : {2, 3}) {
    const test::BatchCase c = batch_case(gen::queens(n));
    batch::BatchOptions o;
    o.host_devices = 2;
    const batch::BatchResult r = batch::batch_search_host(c.net, c.items, o);
    CHECK(r.complete);
    CHECK_FALSE(r.solution.has_value());
  }
  for (int i = 0; i < 16; ++i) {
    const auto seed = static_cast<std::uint64_t>(9300 + i);
    Model m = gen::rb({.n = 9, .d = 6, .e = 14, .tightness = 0.3, .seed = seed, .forced = true});
    Objective obj;
    obj.variable = i % 9;
    obj.minimize = i % 2 == 0;
    m.set_objective(obj);
    INFO(fmt::format("network {} (seed {})", i, seed));
    const test::BatchCase c = batch_case(m);
    batch::BatchOptions o;
    const batch::BatchResult one = batch::batch_search_host(c.net, c.items, o);
    o.host_devices = 2 + i % 3;
    o.items_per_device = i % 4;
    // rb's values are 0..d-1: an objective value is its index.
    if (i % 5 == 0) o.initial_bound = obj.minimize ? 5 : 0;
    const batch::BatchResult many = batch::batch_search_host(c.net, c.items, o);
    CHECK(many.complete);
    REQUIRE(one.solution.has_value());
    if (o.initial_bound && !many.solution) {
      // Nothing better than the bound: the bound was the optimum already.
      CHECK((*one.solution)[static_cast<std::size_t>(obj.variable)] == *o.initial_bound);
      continue;
    }
    REQUIRE(many.solution.has_value());
    CHECK(m.check(test::values_of(m, *many.solution)));
    CHECK((*many.solution)[static_cast<std::size_t>(obj.variable)] ==
          (*one.solution)[static_cast<std::size_t>(obj.variable)]);
  }
}

TEST_CASE("several host devices obey the time limit and the stop flag", "[batch][devices]") {
  // Counting every solution of 14 queens takes far longer than the limit.
  const test::BatchCase c = batch_case(gen::queens(14));
  batch::BatchOptions o;
  o.all_solutions = true;
  o.host_devices = 3;
  o.time_limit_seconds = 0.2;
  Stopwatch clock;
  const batch::BatchResult r = batch::batch_search_host(c.net, c.items, o);
  CHECK_FALSE(r.complete);
  CHECK(clock.seconds() < 5);
  std::atomic<bool> stop{false};
  o.time_limit_seconds = 0;
  o.stop = &stop;
  std::thread raise([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    stop = true;
  });
  clock.restart();
  const batch::BatchResult s = batch::batch_search_host(c.net, c.items, o);
  raise.join();
  CHECK_FALSE(s.complete);
  CHECK(clock.seconds() < 5);
}

}  // namespace arcwave

namespace arcwave {

namespace {

// A scripted device for the coordinator alone: its first round (over all devices) ends at once
// with a solution of objective value `first`; a later round publishes `later` as its bound,
// waits until the coordinator has relayed it, then ends with a solution of that value.
class ScriptedDevice final : public batch::SearchDevice {
 public:
  ScriptedDevice(std::atomic<int>& rounds, int first, int later)
      : rounds_(rounds), first_(first), later_(later) {}
  batch::Exchange exchange() override {
    return {&flags_[0], &bounds_[0], &bounds_[1], &flags_[3], &flags_[4], outbox_, 1};
  }
  [[nodiscard]] std::size_t round_capacity() const override { return 1; }
  [[nodiscard]] int searchers() const override { return 1; }
  void set_limits(const batch::RoundLimits&) override {}
  void describe(batch::BatchResult&) const override {}
  batch::RoundResult round(const std::vector<batch::Subproblem>&, long long) override {
    const bool first = rounds_.fetch_add(1) == 0;
    const int value = first ? first_ : later_;
    if (!first) {
      __atomic_store_n(&bounds_[1], static_cast<long long>(value), __ATOMIC_RELEASE);  // out
      const Stopwatch clock;
      while (__atomic_load_n(&bounds_[0], __ATOMIC_ACQUIRE) != value && clock.seconds() < 5)
        std::this_thread::sleep_for(std::chrono::microseconds(100));
    }
    batch::RoundResult r;
    r.exhausted = true;
    r.solutions = 1;
    r.solution = std::vector<int>(3, value);
    r.solution_value = value;
    return r;
  }

 private:
  std::atomic<int>& rounds_;
  int first_, later_;
  int flags_[5] = {};
  long long bounds_[2] = {};  // bound_in, bound_out
  std::uint64_t outbox_[8] = {};
};

}  // namespace

TEST_CASE("several devices: a better solution whose bound was relayed first is kept",
          "[batch][devices][cop]") {
  for (const bool minimize : {true, false}) {
    INFO((minimize ? "minimise" : "maximise"));
    Model m = gen::rb({.n = 6, .d = 12, .e = 5, .tightness = 0.2, .seed = 5, .forced = true});
    Objective obj;
    obj.variable = 0;
    obj.minimize = minimize;
    m.set_objective(obj);
    const test::BatchCase c = batch_case(m);
    REQUIRE(c.items.size() == 1);
    const int worse = minimize ? 9 : 2;
    const int better = minimize ? 2 : 9;
    std::atomic<int> rounds{0};
    const batch::DeviceFactory make = [&](bool) {
      return std::make_unique<ScriptedDevice>(rounds, worse, better);
    };
    const std::vector<batch::Subproblem> items = {c.items[0], c.items[0]};
    batch::BatchOptions o;
    o.items_per_device = 0;  // the two items as they are: two rounds
    const batch::BatchResult r = batch::search_on_devices(c.net, items, o, {make, make});
    CHECK(rounds.load() == 2);
    REQUIRE(r.solution.has_value());
    CHECK(r.solution->front() == better);
  }
}

}  // namespace arcwave
