// The two names of a subproblem (solver/batch/state_decisions.hpp): a batch state turned into
// refutations replays, from the root fixpoint, to that very state; a decision list read as a
// state is the engine's domains after it, and the engine is left where it was.
#include <random>

#include "propagation/cpu/cpu_engine.hpp"
#include "propagation/indexed/indexed_model.hpp"
#include "solver/batch/batch_network.hpp"
#include "solver/batch/state_decisions.hpp"
#include "tests/propagation/cpu/engine_domains.hpp"
#include "tests/support/catch.hpp"

namespace arcwave {

TEST_CASE("a state's refutations replay to the state", "[mpi][gpu][state]") {
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 120; ++seed) {
    const Model m = test::small_network(seed);
    auto indexed = std::make_shared<const IndexedModel>(index_model(m));
    if (batch::batch_refusal(*indexed)) continue;
    const batch::BatchNetwork net = batch::make_batch_network(*indexed);
    cpu::CpuEngine walker(indexed);
    if (!walker.propagate_root()) continue;
    const batch::Subproblem root = batch::read_state(walker, net);
    cpu::CpuEngine replayer(indexed);
    REQUIRE(replayer.propagate_root());
    // Random walks of decisions (both signs) from the root: every fixpoint on the way.
    std::mt19937_64 rng(seed);
    std::vector<int> values;
    search::Subproblem path;
    for (int step = 0; step < 40; ++step) {
      const int x = static_cast<int>(rng() % m.variable_count());
      walker.values(x, values);
      if (values.size() < 2) continue;
      const search::Decision d{x, values[rng() % values.size()], rng() % 2 == 0};
      walker.push();
      if (!search::apply(walker, d)) {
        walker.pop();
        continue;
      }
      path.push_back(d);
      const batch::Subproblem state = batch::read_state(walker, net);
      const search::Subproblem refutations = batch::decisions_of(net, root, state);
      for (const search::Decision& r : refutations) CHECK_FALSE(r.positive);
      const std::optional<batch::Subproblem> again = batch::state_of(replayer, net, refutations);
      REQUIRE(again.has_value());
      CHECK(*again == state);
      CHECK(batch::state_of(replayer, net, path) == state);  // the path itself, too
      CHECK(replayer.depth() == 0);
      ++checked;
    }
  }
  CHECK(checked > 200);
}

TEST_CASE("a decision list that wipes a domain out has no state", "[mpi][gpu][state]") {
  const Model m = gen::queens(4);
  auto indexed = std::make_shared<const IndexedModel>(index_model(m));
  const batch::BatchNetwork net = batch::make_batch_network(*indexed);
  cpu::CpuEngine engine(indexed);
  REQUIRE(engine.propagate_root());
  // Queen 0 in the corner: no 4-queens solution has it, and AC proves it.
  CHECK_FALSE(batch::state_of(engine, net, {{0, 0, true}}).has_value());
  CHECK(engine.depth() == 0);
  // A refutation of every value of a variable.
  CHECK_FALSE(
      batch::state_of(engine, net, {{1, 0, false}, {1, 1, false}, {1, 2, false}, {1, 3, false}})
          .has_value());
  CHECK(engine.depth() == 0);
  // A state outside the root's domains is refused.
  const batch::Subproblem root = batch::read_state(engine, net);
  batch::Subproblem wider = root;
  wider[0] |= std::uint64_t{1} << 40;
  CHECK_THROWS(batch::decisions_of(net, root, wider));
}

}  // namespace arcwave
