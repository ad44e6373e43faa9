// The batched search on the device against the same searcher on the host ([gpu]): counts on
// n-queens and random networks, first solutions checked, optima on small COPs, and every kind
// of device propagator (solver/batch/props/) on random models.
#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "core/device_set.hpp"
#include "instances/csp/generators.hpp"
#include "tests/solver/batch/batch_fixture.hpp"
#include "tests/solver/batch/global_kinds.hpp"
#include "tests/support/gpu.hpp"

namespace arcwave {

using test::batch_case;

TEST_CASE("batched search on the device counts what the host counts", "[batch][gpu]") {
  ARCWAVE_REQUIRE_GPU();
  for (int n = 1; n <= 11; ++n) {
    const test::BatchCase c = batch_case(gen::queens(n));
    batch::BatchOptions o;
    o.all_solutions = true;
    const batch::BatchResult host = batch::batch_search_host(c.net, c.items, o);
    for (int threads : {32, 64, 128}) {
      INFO(fmt::format("queens {} threads {}", n, threads));
      o.threads_per_searcher = threads;
      const batch::BatchResult dev = batch::batch_search_device(c.net, c.items, o);
      CHECK(dev.complete);
      CHECK(dev.solutions == host.solutions);
    }
  }
  for (int i = 0; i < 30; ++i) {
    const auto seed = static_cast<std::uint64_t>(9500 + i);
    const int n = 8 + i % 12;
    const Model m = gen::rb({.n = n,
                             .d = 3 + i % 6,
                             .e = 2 * n,
                             .tightness = 0.25 + 0.02 * i,
                             .seed = seed,
                             .supports = i % 2 == 0,
                             .forced = i % 4 == 0});
    INFO(fmt::format("network {} (seed {})", i, seed));
    const test::BatchCase c = batch_case(m);
    batch::BatchOptions o;
    o.all_solutions = true;
    const batch::BatchResult host = batch::batch_search_host(c.net, c.items, o);
    const batch::BatchResult dev = batch::batch_search_device(c.net, c.items, o);
    CHECK(dev.complete);
    CHECK(dev.solutions == host.solutions);
  }
  // Domains of more than 64 values: several words per domain, revised a lane per value (the
  // networks above, of one word, are revised a lane per arc).
  for (int i = 0; i < 6; ++i) {
    const auto seed = static_cast<std::uint64_t>(9600 + i);
    const int n = 6 + i % 3;
    const Model m = gen::rb({.n = n,
                             .d = 65 + 25 * i,
                             .e = 2 * n,
                             .tightness = 0.8 + 0.02 * i,
                             .seed = seed,
                             .supports = i % 2 == 0,
                             .forced = i % 3 == 0});
    const test::BatchCase c = batch_case(m);
    REQUIRE(c.net.words > 1);
    batch::BatchOptions o;
    o.all_solutions = true;
    const batch::BatchResult host = batch::batch_search_host(c.net, c.items, o);
    for (int threads : {32, 128}) {
      INFO(fmt::format("wide network {} (seed {}) threads {}", i, seed, threads));
      o.threads_per_searcher = threads;
      const batch::BatchResult dev = batch::batch_search_device(c.net, c.items, o);
      CHECK(dev.complete);
      CHECK(dev.solutions == host.solutions);
    }
  }
}

// Each kind's propagator runs on the device's threads, many at once under atomics: counts equal
// the host reference's, first solutions satisfy the model, and optima of a sum objective equal.
TEST_CASE("device propagators on the device count and optimise as the host does",
          "[batch][gpu][props]") {
  ARCWAVE_REQUIRE_GPU();
  for (const test::GlobalKind& kind : test::global_kinds()) {
    for (int i = 0; i < 8; ++i) {
      const auto seed = static_cast<std::uint64_t>(9900 + i);
      Model m = test::global_model(kind, seed);
      const test::BatchCase c = batch_case(m, kind.index);
      batch::BatchOptions o;
      o.all_solutions = true;
      o.time_limit_seconds = 5;
      const batch::BatchResult host = batch::batch_search_host(c.net, c.items, o);
      if (!host.complete) continue;
      for (int threads : {32, 128}) {
        INFO(fmt::format("{} model {} (seed {}) threads {}", kind.name, i, seed, threads));
        o.threads_per_searcher = threads;
        const batch::BatchResult dev = batch::batch_search_device(c.net, c.items, o);
        CHECK(dev.complete);
        CHECK(dev.solutions == host.solutions);
        const batch::BatchResult first = batch::batch_search_device(c.net, c.items, {});
        CHECK(first.solution.has_value() == (host.solutions > 0));
        if (first.solution) CHECK(m.check(test::values_of(m, *first.solution)));
      }
      // The same model minimising the sum of its first three variables.
      Objective obj;
      obj.kind = Objective::Kind::kSum;
      obj.scope = {0, 1, 2};
      obj.coeffs = {1, 2, -1};
      m.set_objective(obj);
      const test::BatchCase opt = batch_case(m, kind.index);
      const batch::BatchResult best_host = batch::batch_search_host(opt.net, opt.items, {});
      const batch::BatchResult best_dev = batch::batch_search_device(opt.net, opt.items, {});
      INFO(fmt::format("{} model {} (seed {}) minimised", kind.name, i, seed));
      CHECK(best_dev.complete);
      CHECK(best_dev.solution.has_value() == best_host.solution.has_value());
      if (best_dev.solution && best_host.solution)
        CHECK(obj.evaluate(test::values_of(m, *best_dev.solution)) ==
              obj.evaluate(test::values_of(m, *best_host.solution)));
    }
  }
}

// Small enough for compute-sanitizer's racecheck (bench/device/batch_real.sh): one model of
// each propagator kind, four searchers of 32 and of 128 threads (a propagator's shared-memory
// scratch used by one warp and by four): the first solution satisfies the model, and the
// minimum of a sum objective (a complete search, pruned by the incumbent) equals the host's.
TEST_CASE("device propagators: small cases for the sanitizers", "[batch][gpu][race]") {
  ARCWAVE_REQUIRE_GPU();
  for (const test::GlobalKind& kind : test::global_kinds()) {
    Model m = test::global_model(kind, 9950);
    Objective obj;
    obj.kind = Objective::Kind::kSum;
    obj.scope = {0, 1, 2};
    obj.coeffs = {1, 2, -1};
    const test::BatchCase sat = batch_case(m, kind.index);
    m.set_objective(obj);
    const test::BatchCase opt = batch_case(m, kind.index);
    const batch::BatchResult host = batch::batch_search_host(opt.net, opt.items, {});
    for (int threads : {32, 128}) {
      INFO(fmt::format("{} threads {}", kind.name, threads));
      batch::BatchOptions o;
      o.searchers = 4;
      o.threads_per_searcher = threads;
      const batch::BatchResult first = batch::batch_search_device(sat.net, sat.items, o);
      CHECK(first.solution.has_value() == host.solution.has_value());
      if (first.solution) CHECK(m.check(test::values_of(m, *first.solution)));
      const batch::BatchResult best = batch::batch_search_device(opt.net, opt.items, o);
      CHECK(best.complete);
      REQUIRE(best.solution.has_value() == host.solution.has_value());
      if (best.solution)
        CHECK(obj.evaluate(test::values_of(m, *best.solution)) ==
              obj.evaluate(test::values_of(m, *host.solution)));
    }
  }
}

TEST_CASE("one searcher on the device walks the host's tree node for node", "[batch][gpu]") {
  // One block on one GPU, no work given away, dom/ddeg (no learnt weights): the arc-consistent
  // closure is unique whatever order the block's threads revise in, so the device's tree is the
  // host's, node for node. A thread that skips arcs, or a closure cut short, shows in the node
  // count even when the solution count survives. (Several GPUs split the items first: other
  // trees.)
  ARCWAVE_REQUIRE_GPU();
  for (const test::PlantedCase& p : test::planted_networks(true)) {
    const test::BatchCase c = batch_case(p.model);
    batch::BatchOptions o;
    o.all_solutions = true;
    o.learn_weights = false;
    o.searchers = 1;
    o.donate_below = 0;
    o.devices = {0};
    const batch::BatchResult host = batch::batch_search_host(c.net, c.items, o);
    REQUIRE(host.solutions > 0);
    for (int threads : {32, 64, 128}) {
      INFO(fmt::format("{} threads {}: host {} solutions, {} nodes", p.name, threads,
                       host.solutions, host.nodes));
      o.threads_per_searcher = threads;
      const batch::BatchResult dev = batch::batch_search_device(c.net, c.items, o);
      CHECK(dev.complete);
      CHECK(dev.solutions == host.solutions);
      CHECK(dev.nodes == host.nodes);
    }
  }
}

TEST_CASE("batched search on the device: first solutions and optima", "[batch][gpu]") {
  ARCWAVE_REQUIRE_GPU();
  for (int n : {8, 20, 40}) {
    const test::BatchCase c = batch_case(gen::queens(n));
    const batch::BatchResult r = batch::batch_search_device(c.net, c.items, {});
    REQUIRE(r.solution.has_value());
    CHECK(c.model.check(test::values_of(c.model, *r.solution)));
  }
  for (int i = 0; i < 10; ++i) {
    Model m = gen::rb({.n = 10,
                       .d = 6,
                       .e = 18,
                       .tightness = 0.3,
                       .seed = static_cast<std::uint64_t>(9700 + i),
                       .forced = true});
    Objective obj;
    obj.variable = i % 10;
    obj.minimize = i % 2 == 0;
    m.set_objective(obj);
    const test::BatchCase c = batch_case(m);
    const batch::BatchResult host = batch::batch_search_host(c.net, c.items, {});
    const batch::BatchResult dev = batch::batch_search_device(c.net, c.items, {});
    REQUIRE(dev.solution.has_value());
    REQUIRE(host.solution.has_value());
    CHECK(dev.complete);
    const std::vector<Value> v = test::values_of(m, *dev.solution);
    CHECK(m.check(v));
    CHECK((*dev.solution)[static_cast<std::size_t>(obj.variable)] ==
          (*host.solution)[static_cast<std::size_t>(obj.variable)]);
  }
}

}  // namespace arcwave

namespace arcwave {

// Small enough for compute-sanitizer's racecheck and memcheck (bench/device/batch.sh).
TEST_CASE("batched search on the device: small cases for the sanitizers", "[batch][gpu][race]") {
  ARCWAVE_REQUIRE_GPU();
  const test::BatchCase q = batch_case(gen::queens(6));
  batch::BatchOptions o;
  o.all_solutions = true;
  o.searchers = 8;
  CHECK(batch::batch_search_device(q.net, q.items, o).solutions == 4);
  const Model m = gen::random_network(
      {.n = 7, .d = 3, .arity = 3, .constraints = 5, .tightness = 0.6, .seed = 9900});
  const test::BatchCase t = batch_case(m);
  CHECK(batch::batch_search_device(t.net, t.items, o).solutions == test::cpu_count(m));
  // A queue of a few slots for eight searchers: slots are reused lap after lap while searchers
  // wait on them (the ring's ready words, the producers' wait for a free slot).
  const test::BatchCase q8 = batch_case(gen::queens(8));
  o.queue_capacity = 4;
  o.donate_below = 3;
  const batch::BatchResult r = batch::batch_search_device(q8.net, q8.items, o);
  CHECK(r.complete);
  CHECK(r.solutions == 92);
  CHECK(r.donations > 4 * 4);
}

}  // namespace arcwave

namespace arcwave {

// Several devices on one GPU: `{0, 0}` runs two workers (two host threads, two streams, two
// kernels) on device 0, which takes every cross-device path (queues, outboxes in mapped host
// memory, the relayed incumbent) that two GPUs take; {} is every visible GPU.
TEST_CASE("batched search on a device list counts what the host counts", "[batch][gpu][devices]") {
  ARCWAVE_REQUIRE_GPU();
  const std::vector<std::vector<int>> lists = {{}, {0}, {0, 0}, {0, 0, 0}};
  std::uint64_t exported = 0;
  for (int n = 4; n <= 11; ++n) {
    const test::BatchCase c = batch_case(gen::queens(n));
    batch::BatchOptions o;
    o.all_solutions = true;
    const batch::BatchResult host = batch::batch_search_host(c.net, c.items, o);
    for (const std::vector<int>& devices : lists)
      for (int per_device : {0, 4}) {
        INFO(fmt::format("queens {} devices {} items per device {}", n, format_gpu_list(devices),
                         per_device));
        o.devices = devices;
        o.items_per_device = per_device;
        const batch::BatchResult dev = batch::batch_search_device(c.net, c.items, o);
        CHECK(dev.complete);
        CHECK(dev.solutions == host.solutions);
        if (!devices.empty()) CHECK(dev.devices == static_cast<int>(devices.size()));
        exported += dev.exported;
      }
  }
  CHECK(exported > 0);
  for (int i = 0; i < 16; ++i) {
    const auto seed = static_cast<std::uint64_t>(9500 + i);
    // At most 1.5 M nodes each (the host counts 0 to 1.5 M solutions): seconds on the device,
    // whose searchers are slow on networks this small (a wider spread took minutes).
    const int n = 10 + i % 6;
    const Model m = gen::rb({.n = n,
                             .d = 4 + i % 4,
                             .e = 2 * n,
                             .tightness = 0.32 + 0.01 * i,
                             .seed = seed,
                             .supports = i % 2 == 0});
    INFO(fmt::format("network {} (seed {})", i, seed));
    const test::BatchCase c = batch_case(m);
    batch::BatchOptions o;
    o.all_solutions = true;
    const batch::BatchResult host = batch::batch_search_host(c.net, c.items, o);
    o.devices = {0, 0};
    o.items_per_device = i % 3;
    const batch::BatchResult dev = batch::batch_search_device(c.net, c.items, o);
    CHECK(dev.complete);
    CHECK(dev.solutions == host.solutions);
  }
}

TEST_CASE("batched search on a device list: first solutions and optima", "[batch][gpu][devices]") {
  ARCWAVE_REQUIRE_GPU();
  for (int n : {8, 20, 40}) {
    const test::BatchCase c = batch_case(gen::queens(n));
    batch::BatchOptions o;
    o.devices = {0, 0};
    const batch::BatchResult r = batch::batch_search_device(c.net, c.items, o);
    REQUIRE(r.solution.has_value());
    CHECK(c.model.check(test::values_of(c.model, *r.solution)));
  }
  for (int i = 0; i < 10; ++i) {
    Model m = gen::rb({.n = 12,
                       .d = 6,
                       .e = 22,
                       .tightness = 0.3,
                       .seed = static_cast<std::uint64_t>(9700 + i),
                       .forced = true});
    Objective obj;
    obj.variable = i % 12;
    obj.minimize = i % 2 == 0;
    m.set_objective(obj);
    const test::BatchCase c = batch_case(m);
    const batch::BatchResult host = batch::batch_search_host(c.net, c.items, {});
    batch::BatchOptions o;
    o.devices = {0, 0};
    o.items_per_device = i % 3;
    const batch::BatchResult dev = batch::batch_search_device(c.net, c.items, o);
    REQUIRE(dev.solution.has_value());
    REQUIRE(host.solution.has_value());
    CHECK(dev.complete);
    CHECK(m.check(test::values_of(m, *dev.solution)));
    CHECK((*dev.solution)[static_cast<std::size_t>(obj.variable)] ==
          (*host.solution)[static_cast<std::size_t>(obj.variable)]);
  }
}

TEST_CASE("batched search on a device list refuses an invisible device", "[batch][gpu][devices]") {
  ARCWAVE_REQUIRE_GPU();
  const test::BatchCase c = batch_case(gen::queens(6));
  batch::BatchOptions o;
  o.devices = {gpu_count()};
  CHECK_THROWS_AS(batch::batch_search_device(c.net, c.items, o), InputError);
}

// Small enough for compute-sanitizer: the outbox path (everything starts on the first worker).
TEST_CASE("batched search on the same GPU twice: small cases for the sanitizers",
          "[batch][gpu][race]") {
  ARCWAVE_REQUIRE_GPU();
  const test::BatchCase q = batch_case(gen::queens(7));
  batch::BatchOptions o;
  o.all_solutions = true;
  o.searchers = 4;
  o.devices = {0, 0};
  o.items_per_device = 0;
  o.outbox_capacity = 2;
  CHECK(batch::batch_search_device(q.net, q.items, o).solutions == 40);
  Model m = gen::rb({.n = 9, .d = 5, .e = 14, .tightness = 0.3, .seed = 9311, .forced = true});
  Objective obj;
  obj.variable = 2;
  m.set_objective(obj);
  const test::BatchCase t = batch_case(m);
  o.all_solutions = false;
  const batch::BatchResult host = batch::batch_search_host(t.net, t.items, {});
  const batch::BatchResult dev = batch::batch_search_device(t.net, t.items, o);
  REQUIRE(dev.solution.has_value());
  CHECK((*dev.solution)[2] == (*host.solution)[2]);
}

}  // namespace arcwave
