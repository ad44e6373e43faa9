// The shared XCSP3 files of the counting family (xcsp3-constraints/{count, count_among,
// n_values, cardinality, cardinality_intervals, cardinality_occvars, all_equal}.xml): MAC finds
// exactly the solutions ACE listed in expected/NAME.sols. The models are built here from the
// files' text (read by hand), so that the propagators are checked whatever the XCSP3 reader
// supports; when the reader reads a file, its model must give the same solutions too.
#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "parsers/xcsp/xcsp_reader.hpp"
#include "propagation/cpu/cpu_engine.hpp"
#include "solver/search/mac_search.hpp"
#include "tests/support/catch.hpp"
#include "tests/support/paths.hpp"

namespace arcwave {

namespace {

std::vector<int> range_vars(Model& m, const std::vector<std::string>& names, Value lo, Value hi) {
  std::vector<Value> d;
  for (Value v = lo; v <= hi; ++v) d.push_back(v);
  std::vector<int> out;
  for (const std::string& name : names) out.push_back(m.add_variable(name, d));
  return out;
}

std::vector<Operand> constants(const std::vector<Value>& values) {
  std::vector<Operand> out;
  for (Value v : values) out.push_back({false, v});
  return out;
}

Condition equal_to(Value k) {
  Condition c;
  c.op = Relation::kEq;
  c.value = k;
  return c;
}

Condition in_range(Value lo, Value hi) {
  Condition c;
  c.op = Relation::kIn;
  c.kind = Condition::Kind::kRange;
  c.lo = lo;
  c.hi = hi;
  return c;
}

Condition equal_variable(int x) {
  Condition c;
  c.op = Relation::kEq;
  c.kind = Condition::Kind::kVariable;
  c.value = x;
  return c;
}

// The model each file states.
Model model_of(const std::string& name) {
  Model m;
  if (name == "count") {  // count(a b c d; 1) = 2, domains 0..2
    const auto x = range_vars(m, {"a", "b", "c", "d"}, 0, 2);
    m.add_constraint(CountConstraint{x, constants({1}), equal_to(2)});
  } else if (name == "count_among") {  // count(a b c; 1 2) = 2, domains 0..3
    const auto x = range_vars(m, {"a", "b", "c"}, 0, 3);
    m.add_constraint(CountConstraint{x, constants({1, 2}), equal_to(2)});
  } else if (name == "n_values") {  // nValues(a b c) = 1, domains 0..1
    const auto x = range_vars(m, {"a", "b", "c"}, 0, 1);
    m.add_constraint(NValuesConstraint{x, {}, equal_to(1)});
  } else if (name == "cardinality") {  // values 0 1 occur 2 and 1 times, domains 0..2
    const auto x = range_vars(m, {"a", "b", "c", "d"}, 0, 2);
    m.add_constraint(
        CardinalityConstraint{x, constants({0, 1}), {equal_to(2), equal_to(1)}, false});
  } else if (name == "cardinality_intervals") {  // closed 0 1 2 occur 1..2 1..2 0..2
    const auto x = range_vars(m, {"a", "b", "c", "d"}, 0, 2);
    m.add_constraint(CardinalityConstraint{
        x, constants({0, 1, 2}), {in_range(1, 2), in_range(1, 2), in_range(0, 2)}, true});
  } else if (name == "cardinality_occvars") {  // values 0 1 occur o[0] o[1] times (0..3)
    const auto x = range_vars(m, {"a", "b", "c"}, 0, 2);
    const auto o = range_vars(m, {"o[0]", "o[1]"}, 0, 3);
    m.add_constraint(CardinalityConstraint{
        x, constants({0, 1}), {equal_variable(o[0]), equal_variable(o[1])}, false});
  } else if (name == "all_equal") {  // allEqual(x y z), domains 0..2
    m.add_constraint(AllEqualConstraint{range_vars(m, {"x", "y", "z"}, 0, 2)});
  }
  return m;
}

// Every solution MAC finds, as the .sols files write them: `name=value` sorted by name.
std::vector<std::string> solutions(const Model& m) {
  auto indexed = std::make_shared<const IndexedModel>(index_model(m));
  cpu::CpuEngine engine(indexed);
  search::MacSearch run(engine, {.restarts = RestartPolicy::kNone}, nullptr);
  std::vector<std::string> out;
  run.run([&](std::span<const int> idx) {
    std::vector<std::string> cells;
    std::vector<Value> values(m.variable_count());
    for (std::size_t x = 0; x < values.size(); ++x) {
      values[x] = indexed->domains[x][static_cast<std::size_t>(idx[x])];
      cells.push_back(fmt::format("{}={}", m.variables()[x].name, values[x]));
    }
    REQUIRE(m.check(values));
    std::sort(cells.begin(), cells.end());
    out.push_back(fmt::format("{}", fmt::join(cells, " ")));
    return search::AfterSolution{search::AfterSolution::Action::kContinue, 0};
  });
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> expected(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) {
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    if (!line.empty()) out.push_back(line);
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("counting family: the shared XCSP3 files give exactly ACE's solutions",
          "[search][counting][shared]") {
  const std::filesystem::path shared = test::shared_instances_dir();
  if (shared.empty()) {
    WARN("no shared instances (set ARCWAVE_SHARED_INSTANCES)");
    return;
  }
  const std::filesystem::path dir = shared / "xcsp3-constraints";
  for (const std::string name : {"count", "count_among", "n_values", "cardinality",
                                 "cardinality_intervals", "cardinality_occvars", "all_equal"}) {
    INFO(name);
    const std::vector<std::string> want = expected(dir / "expected" / (name + ".sols"));
    REQUIRE(!want.empty());
    CHECK(solutions(model_of(name)) == want);
    try {
      const XcspInstance read = read_xcsp((dir / (name + ".xml")).string());
      CHECK(solutions(read.model) == want);
    } catch (const Unsupported& e) {
      WARN(fmt::format("{}.xml: the XCSP3 reader does not read it yet ({})", name, e.what()));
    }
  }
}

}  // namespace arcwave
