// LNS on the device (solver/batch/lns_search.hpp), on the host reference device: optima equal the
// complete search's, improvements go out strictly better, neighbourhood items fix what they
// should, a failure-limited round is never exhausted, and only a complete slice that ends proves
// anything.
#include <atomic>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "core/timer.hpp"
#include "solver/batch/lns_search.hpp"
#include "solver/batch/search_device.hpp"
#include "solver/batch/searcher_memory.hpp"
#include "tests/solver/batch/batch_fixture.hpp"
#include "tests/solver/batch/recording_link.hpp"
#include "tests/support/catch.hpp"
#include "tests/support/gpu.hpp"

namespace arcwave {

namespace {

// Minimises or maximises a weighted sum over an rb network: LNS has room to improve.
Model rb_sum_cop(int i, int n) {
  Model m = gen::rb({.n = n,
                     .d = 8,
                     .e = 2 * n,
                     .tightness = 0.3,
                     .seed = static_cast<std::uint64_t>(9600 + i),
                     .forced = true});
  Objective obj;
  obj.kind = Objective::Kind::kSum;
  for (int x = 0; x < n; ++x) {
    obj.scope.push_back(x);
    obj.coeffs.push_back(1 + (x * 3 + i) % 5);
  }
  obj.minimize = i % 2 == 0;
  m.set_objective(obj);
  return m;
}

batch::LnsOptions lns_on(const Model& m, const IndexedModel& indexed) {
  batch::LnsOptions l;
  l.on = true;
  l.scopes = &indexed.scopes;
  l.objective_vars = m.objective()->scope;
  l.first_slice = 0.001;  // many slices and LNS phases even on small models
  l.neighbourhoods = 6;
  l.fail_limit = 20;
  return l;
}

}  // namespace

TEST_CASE("device LNS: optima equal the complete search's, improvements strictly better",
          "[batch][lns][cop]") {
  for (int i = 0; i < 10; ++i) {
    INFO(fmt::format("network {}", i));
    const Model m = rb_sum_cop(i, 12);
    const IndexedModel indexed = index_model(m);
    const test::BatchCase c = test::batch_case(m);
    const batch::BatchResult plain = batch::batch_search_host(c.net, c.items, {});
    REQUIRE(plain.complete);
    REQUIRE(plain.solution.has_value());
    const auto value = [&](const std::vector<int>& s) {
      return *m.objective()->evaluate(test::values_of(m, s));
    };
    test::RecordingLink link;
    batch::BatchOptions o;
    o.lns = lns_on(m, indexed);
    o.lns.seed = static_cast<std::uint64_t>(i);
    o.link = &link;
    const batch::BatchResult r = batch::batch_search_host(c.net, c.items, o);
    CHECK(r.complete);
    CHECK(r.complete_slices >= 1);
    REQUIRE(r.solution.has_value());
    CHECK(m.check(test::values_of(m, *r.solution)));
    CHECK(value(*r.solution) == value(*plain.solution));
    REQUIRE_FALSE(link.values.empty());
    for (std::size_t k = 0; k < link.values.size(); ++k) {
      CHECK(m.check(test::values_of(m, link.solutions[k])));
      CHECK(link.values[k] == value(link.solutions[k]));
      if (k > 0)
        CHECK((m.objective()->minimize ? link.values[k] < link.values[k - 1]
                                       : link.values[k] > link.values[k - 1]));
    }
  }
}

namespace {

// The outside holds a solution (its value and values): LNS centres on it.
class OutsideLink final : public batch::IncumbentLink {
 public:
  OutsideLink(long long value, std::vector<int> solution)
      : value_(value), solution_(std::move(solution)) {}
  [[nodiscard]] std::optional<long long> outside() const override { return value_; }
  [[nodiscard]] std::optional<std::vector<int>> outside_solution() const override {
    ++centred;
    return solution_;
  }
  void improved(std::span<const int>, long long) override { ++improvements; }
  mutable std::atomic<int> centred{0};
  std::atomic<int> improvements{0};

 private:
  long long value_;
  std::vector<int> solution_;
};

}  // namespace

TEST_CASE("device LNS: around an outside optimum, nothing better and a complete proof",
          "[batch][lns][link][cop]") {
  for (int i = 0; i < 6; ++i) {
    INFO(fmt::format("network {}", i));
    const Model m = rb_sum_cop(i, 14);
    const IndexedModel indexed = index_model(m);
    const test::BatchCase c = test::batch_case(m);
    const batch::BatchResult plain = batch::batch_search_host(c.net, c.items, {});
    REQUIRE(plain.solution.has_value());
    const long long optimum = *m.objective()->evaluate(test::values_of(m, *plain.solution));
    OutsideLink link(optimum, *plain.solution);
    batch::BatchOptions o;
    o.lns = lns_on(m, indexed);
    o.link = &link;
    const batch::BatchResult r = batch::batch_search_host(c.net, c.items, o);
    CHECK(r.complete);
    CHECK_FALSE(r.solution.has_value());
    CHECK(link.improvements.load() == 0);
    // LNS ran around the outside's solution whenever a slice left time for it.
    CHECK(link.centred.load() == static_cast<int>(r.lns_rounds));
  }
}

TEST_CASE("device LNS: LNS rounds run and improve on a model the slices do not settle at once",
          "[batch][lns][cop]") {
  const Model m = rb_sum_cop(3, 40);
  const IndexedModel indexed = index_model(m);
  const test::BatchCase c = test::batch_case(m);
  batch::BatchOptions o;
  o.lns = lns_on(m, indexed);
  o.lns.first_slice = 0.01;
  o.time_limit_seconds = 1;
  const Stopwatch clock;
  const batch::BatchResult r = batch::batch_search_host(c.net, c.items, o);
  CHECK(clock.seconds() < 3);
  CHECK(r.lns_rounds > 0);
  CHECK(r.lns_neighbourhoods == r.lns_rounds * 6);
  REQUIRE(r.solution.has_value());
  CHECK(m.check(test::values_of(m, *r.solution)));
}

TEST_CASE("device LNS: a solution found elsewhere centres the first neighbourhoods",
          "[batch][lns][cop]") {
  const Model m = rb_sum_cop(3, 40);
  const IndexedModel indexed = index_model(m);
  const test::BatchCase c = test::batch_case(m);
  // A first solution from a short search, then LNS from it under its value.
  batch::BatchOptions first;
  first.time_limit_seconds = 0.05;
  const batch::BatchResult found = batch::batch_search_host(c.net, c.items, first);
  REQUIRE(found.solution.has_value());
  const long long start = *m.objective()->evaluate(test::values_of(m, *found.solution));
  batch::BatchOptions o;
  o.lns = lns_on(m, indexed);
  o.lns.first_slice = 0.001;  // the complete slices find little; LNS starts from `start`
  o.lns.start = *found.solution;
  o.initial_bound = start;
  o.time_limit_seconds = 0.5;
  const batch::BatchResult r = batch::batch_search_host(c.net, c.items, o);
  CHECK(r.lns_rounds > 0);
  if (r.solution) {
    CHECK(m.check(test::values_of(m, *r.solution)));
    const long long v = *m.objective()->evaluate(test::values_of(m, *r.solution));
    CHECK((m.objective()->minimize ? v < start : v > start));
  }
}

TEST_CASE("device LNS: a neighbourhood item fixes its variables to the incumbent's values",
          "[batch][lns]") {
  const Model m = rb_sum_cop(1, 12);
  const test::BatchCase c = test::batch_case(m);
  const batch::BatchResult plain = batch::batch_search_host(c.net, c.items, {});
  REQUIRE(plain.solution.has_value());
  const std::vector<int> fixed = {0, 3, 7, 11};
  const batch::Subproblem item =
      batch::neighbourhood_item(c.net, c.items[0], fixed, *plain.solution);
  const auto words = static_cast<std::size_t>(c.net.words);
  for (int x = 0; x < c.net.n; ++x) {
    const auto base = static_cast<std::size_t>(x) * words;
    const bool is_fixed = std::find(fixed.begin(), fixed.end(), x) != fixed.end();
    for (std::size_t w = 0; w < words; ++w) {
      if (!is_fixed) {
        CHECK(item[base + w] == c.items[0][base + w]);
        continue;
      }
      const int a = (*plain.solution)[static_cast<std::size_t>(x)];
      CHECK(item[base + w] ==
            (w == static_cast<std::size_t>(a) / 64 ? std::uint64_t{1} << (a % 64) : 0));
    }
  }
}

TEST_CASE("device LNS: a round under a failure limit reports its items and is not exhausted",
          "[batch][lns]") {
  const Model m = rb_sum_cop(5, 40);
  const test::BatchCase c = test::batch_case(m);
  const batch::BatchOptions options;  // the device keeps a reference to it
  std::unique_ptr<batch::SearchDevice> device = batch::make_host_device(c.net, options, false);
  batch::RoundLimits limits;
  limits.fail_limit = 3;
  device->set_limits(limits);
  const std::vector<batch::Subproblem> items(4, c.items[0]);
  const batch::RoundResult r = device->round(items, m.objective()->minimize ? -1000000 : 1000000);
  // Under an impossible bound every item fails at once: exhausted, never limited.
  CHECK(r.exhausted);
  CHECK(r.limited == 0);
  REQUIRE(r.outcomes.size() == 4);
  for (const int k : r.outcomes) CHECK(k == batch::kItemExhausted);
  const batch::RoundResult open =
      device->round(items, m.objective()->minimize ? 1000000 : -1000000);
  // Without a useful bound the whole tree cannot be searched in 3 failures: limited.
  CHECK_FALSE(open.exhausted);
  CHECK(open.limited > 0);
  REQUIRE(open.outcomes.size() == 4);
  for (const int k : open.outcomes) CHECK((k == batch::kItemLimited || k == batch::kItemImproved));
}

namespace {

// A device whose complete rounds never end by themselves (they wait for the stop) and whose LNS
// rounds end at once, exhausted, with an improving solution: LNS alone must prove nothing.
class EndlessDevice final : public batch::SearchDevice {
 public:
  explicit EndlessDevice(int n) : n_(n) {}
  batch::Exchange exchange() override {
    return {&flags_[0], &bounds_[0], &bounds_[1], &flags_[3], &flags_[4], outbox_, 1};
  }
  [[nodiscard]] std::size_t round_capacity() const override { return 64; }
  [[nodiscard]] int searchers() const override { return 1; }
  void set_limits(const batch::RoundLimits& limits) override { limits_ = limits; }
  void describe(batch::BatchResult&) const override {}
  batch::RoundResult round(const std::vector<batch::Subproblem>& items, long long) override {
    batch::RoundResult r;
    if (limits_.fail_limit == 0) {
      while (__atomic_load_n(&flags_[0], __ATOMIC_ACQUIRE) == 0)
        std::this_thread::sleep_for(std::chrono::microseconds(100));
      r.solution = std::vector<int>(static_cast<std::size_t>(n_), 0);
      r.solution_value = value_;
      r.exhausted = false;
      return r;
    }
    r.exhausted = true;
    r.outcomes.assign(items.size(), batch::kItemExhausted);
    r.solution = std::vector<int>(static_cast<std::size_t>(n_), 0);
    r.solution_value = --value_;
    return r;
  }

 private:
  int n_;
  long long value_ = 1000;
  batch::RoundLimits limits_;
  int flags_[5] = {};
  long long bounds_[2] = {};
  std::uint64_t outbox_[8] = {};
};

}  // namespace

TEST_CASE("device LNS: exhausted LNS rounds never prove the optimum", "[batch][lns]") {
  const Model m = rb_sum_cop(2, 12);
  const IndexedModel indexed = index_model(m);
  const test::BatchCase c = test::batch_case(m);
  batch::BatchOptions o;
  o.lns = lns_on(m, indexed);
  o.lns.first_slice = 0.02;
  o.time_limit_seconds = 0.5;
  const batch::DeviceFactory make = [&](bool) { return std::make_unique<EndlessDevice>(c.net.n); };
  const batch::BatchResult r = batch::search_with_lns(c.net, c.items, o, make);
  CHECK_FALSE(r.complete);
  CHECK(r.lns_rounds > 0);
  CHECK(r.complete_slices >= 2);
}

// The same on the device: LNS rounds on a GPU (one block per neighbourhood) end with the host's
// optima, their items report outcomes, and the improvements go out strictly better.
TEST_CASE("device LNS on the GPU: optima equal the host's, outcomes per item",
          "[batch][lns][gpu]") {
  ARCWAVE_REQUIRE_GPU();
  for (int i = 0; i < 8; ++i) {
    INFO(fmt::format("network {}", i));
    const Model m = rb_sum_cop(i, 14);
    const IndexedModel indexed = index_model(m);
    const test::BatchCase c = test::batch_case(m);
    const batch::BatchResult host = batch::batch_search_host(c.net, c.items, {});
    REQUIRE(host.solution.has_value());
    const auto value = [&](const std::vector<int>& s) {
      return *m.objective()->evaluate(test::values_of(m, s));
    };
    test::RecordingLink link;
    batch::BatchOptions o;
    o.lns = lns_on(m, indexed);
    o.lns.neighbourhoods = 0;  // two per block
    o.link = &link;
    const batch::BatchResult dev = batch::batch_search_device(c.net, c.items, o);
    CHECK(dev.complete);
    REQUIRE(dev.solution.has_value());
    CHECK(value(*dev.solution) == value(*host.solution));
    for (std::size_t k = 1; k < link.values.size(); ++k)
      CHECK((m.objective()->minimize ? link.values[k] < link.values[k - 1]
                                     : link.values[k] > link.values[k - 1]));
  }
  const Model m = rb_sum_cop(5, 40);
  const test::BatchCase c = test::batch_case(m);
  const batch::BatchOptions options;
  std::unique_ptr<batch::SearchDevice> device = batch::make_cuda_device(c.net, options, 0, false);
  batch::RoundLimits limits;
  limits.fail_limit = 3;
  limits.prefer.assign(static_cast<std::size_t>(c.net.n), 0);
  device->set_limits(limits);
  const std::vector<batch::Subproblem> items(64, c.items[0]);
  const batch::RoundResult open =
      device->round(items, m.objective()->minimize ? 1000000 : -1000000);
  CHECK_FALSE(open.exhausted);
  CHECK(open.limited > 0);
  REQUIRE(open.outcomes.size() == 64);
  for (const int k : open.outcomes) CHECK((k == batch::kItemLimited || k == batch::kItemImproved));
  device->set_limits({});
  const batch::RoundResult whole =
      device->round({c.items[0]}, m.objective()->minimize ? -1000000 : 1000000);
  CHECK(whole.exhausted);  // under an impossible bound, the complete search ends at once
  CHECK(whole.outcomes.empty());
}

}  // namespace arcwave
