// tests/solver/search/mac_count.hpp — the reference count of the search tests: every solution
// of a model by the sequential MAC search without restarts, each one checked against the model.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "arcwave/model.hpp"
#include "propagation/cpu/cpu_engine.hpp"
#include "propagation/indexed/indexed_model.hpp"
#include "solver/search/mac_search.hpp"
#include "tests/support/catch.hpp"

namespace arcwave::test {

inline std::uint64_t mac_count(const Model& m) {
  auto indexed = std::make_shared<const IndexedModel>(index_model(m));
  cpu::CpuEngine engine(indexed);
  search::MacSearch run(engine, {.restarts = RestartPolicy::kNone}, nullptr);
  std::vector<Value> values(m.variable_count());
  std::uint64_t count = 0;
  run.run([&](std::span<const int> idx) {
    for (std::size_t x = 0; x < values.size(); ++x)
      values[x] = indexed->domains[x][static_cast<std::size_t>(idx[x])];
    REQUIRE(m.check(values));
    ++count;
    return search::AfterSolution{search::AfterSolution::Action::kContinue, 0};
  });
  return count;
}

}  // namespace arcwave::test
