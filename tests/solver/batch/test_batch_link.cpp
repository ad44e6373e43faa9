// The batched search's incumbent shared with a search beside it (solver/batch/incumbent_link.hpp):
// an outside bound reaches the devices and bounds them, and every improvement of the devices is
// handed out, valid and strictly better than the one before.
#include <atomic>
#include <climits>
#include <mutex>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include "solver/batch/batch_search.hpp"
#include "tests/solver/batch/batch_fixture.hpp"
#include "tests/solver/batch/recording_link.hpp"
#include "tests/support/catch.hpp"

namespace arcwave {

namespace {

Model rb_cop(int i) {
  Model m = gen::rb({.n = 10,
                     .d = 8,
                     .e = 18,
                     .tightness = 0.3,
                     .seed = static_cast<std::uint64_t>(9400 + i),
                     .forced = true});
  Objective obj;
  obj.variable = i % 10;
  obj.minimize = i % 2 == 0;
  m.set_objective(obj);
  return m;
}

}  // namespace

TEST_CASE("incumbent link: an outside bound equal to the optimum leaves nothing better",
          "[batch][link][cop]") {
  for (int i = 0; i < 12; ++i) {
    INFO(fmt::format("network {}", i));
    const Model m = rb_cop(i);
    const test::BatchCase c = test::batch_case(m);
    const auto x = static_cast<std::size_t>(m.objective()->variable);
    batch::BatchOptions plain;
    const batch::BatchResult alone = batch::batch_search_host(c.net, c.items, plain);
    REQUIRE(alone.complete);
    REQUIRE(alone.solution.has_value());
    const long long optimum = (*alone.solution)[x];  // rb's values are their indices
    for (const int devices : {1, 3}) {
      test::RecordingLink link(optimum);
      batch::BatchOptions o;
      o.host_devices = devices;
      o.link = &link;
      const batch::BatchResult r = batch::batch_search_host(c.net, c.items, o);
      CHECK(r.complete);
      CHECK_FALSE(r.solution.has_value());
      CHECK(link.values.empty());
    }
  }
}

TEST_CASE("incumbent link: the devices' improvements go out, each better than the last",
          "[batch][link][cop]") {
  for (int i = 0; i < 12; ++i) {
    INFO(fmt::format("network {}", i));
    const Model m = rb_cop(i);
    const test::BatchCase c = test::batch_case(m);
    const auto x = static_cast<std::size_t>(m.objective()->variable);
    for (const int devices : {1, 2}) {
      test::RecordingLink link(
          std::nullopt);  // nothing outside: the optimum comes from the devices
      batch::BatchOptions o;
      o.host_devices = devices;
      o.items_per_device = 8;  // many rounds, so that improvements arrive between them
      o.link = &link;
      const batch::BatchResult r = batch::batch_search_host(c.net, c.items, o);
      CHECK(r.complete);
      REQUIRE(r.solution.has_value());
      REQUIRE_FALSE(link.values.empty());
      for (std::size_t k = 0; k < link.values.size(); ++k) {
        CHECK(m.check(test::values_of(m, link.solutions[k])));
        CHECK(link.values[k] == link.solutions[k][x]);
        if (k > 0)
          CHECK((m.objective()->minimize ? link.values[k] < link.values[k - 1]
                                         : link.values[k] > link.values[k - 1]));
      }
      CHECK(link.solutions.back() == *r.solution);
    }
  }
}

}  // namespace arcwave
