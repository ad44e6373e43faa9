// The sink hands a worker the best solution another worker found (for its LNS neighbourhoods):
// once per improvement, never the worker's own, never a solution that came as values only.
#include <vector>

#include "solver/parallel/incumbent.hpp"
#include "solver/parallel/solution_sink.hpp"
#include "tests/support/catch.hpp"

namespace arcwave::parallel {

namespace {

// x, y in 0..3, minimise x + y: every assignment is a solution.
Model two_free_variables() {
  Model m;
  const int x = m.add_variable("x", {0, 1, 2, 3});
  const int y = m.add_variable("y", {0, 1, 2, 3});
  Objective obj;
  obj.kind = Objective::Kind::kSum;
  obj.scope = {x, y};
  obj.coeffs = {1, 1};
  obj.minimize = true;
  m.set_objective(obj);
  return m;
}

}  // namespace

TEST_CASE("a worker adopts the better solution found by another, once", "[parallel]") {
  const Model m = two_free_variables();
  Incumbent incumbent(true);
  std::atomic<bool> halt{false};
  SolutionSink sink(m, SinkMode::kOptimise, nullptr, &incumbent, halt);
  std::vector<Value> scratch;
  std::uint64_t seen_a = 0;
  std::uint64_t seen_b = 0;
  std::vector<int> out;

  // Worker A finds x + y = 5: kept, and A has it already.
  const std::vector<int> a_first{2, 3};
  CHECK(sink.offer(a_first, scratch, &seen_a).bound == 5);
  CHECK_FALSE(sink.newer_best_indices(seen_a, out));
  // Worker B adopts it, once.
  REQUIRE(sink.newer_best_indices(seen_b, out));
  CHECK(out == a_first);
  CHECK_FALSE(sink.newer_best_indices(seen_b, out));

  // B improves (x + y = 1); A's later, worse solution (4) is not kept: A is told the better bound
  // and adopts B's solution.
  const std::vector<int> b_better{1, 0};
  CHECK(sink.offer(b_better, scratch, &seen_b).bound == 1);
  const std::vector<int> a_worse{1, 3};
  CHECK(sink.offer(a_worse, scratch, &seen_a).bound == 1);
  REQUIRE(sink.newer_best_indices(seen_a, out));
  CHECK(out == b_better);
  CHECK_FALSE(sink.newer_best_indices(seen_b, out));

  // A solution that came as values (another MPI rank) moves the versions on but has no indices.
  const std::vector<Value> elsewhere{0, 0};
  CHECK(sink.offer_values(elsewhere));
  CHECK_FALSE(sink.newer_best_indices(seen_a, out));
  CHECK_FALSE(sink.newer_best_indices(seen_a, out));
  CHECK(*incumbent.get() == 0);
}

}  // namespace arcwave::parallel
