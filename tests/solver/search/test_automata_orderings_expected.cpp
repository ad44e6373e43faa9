// The shared XCSP3 examples of regular, mdd, ordered, lex and precedence
// (xcsp3-constraints/*.xml), built here in code as the files state them, solved for all
// solutions by MAC: the solutions are exactly those ACE listed (expected/*.sols). Skipped when
// the shared instances are absent.
#include <algorithm>
#include <fstream>
#include <set>
#include <string>

#include <fmt/format.h>

#include "propagation/cpu/cpu_engine.hpp"
#include "solver/search/mac_search.hpp"
#include "tests/support/catch.hpp"
#include "tests/support/paths.hpp"

namespace arcwave {

namespace {

std::vector<int> add_array(Model& m, const std::string& name, int size, Value lo, Value hi) {
  std::vector<Value> d;
  for (Value v = lo; v <= hi; ++v) d.push_back(v);
  std::vector<int> vars;
  for (int i = 0; i < size; ++i) vars.push_back(m.add_variable(fmt::format("{}[{}]", name, i), d));
  return vars;
}

std::vector<Operand> operands(const std::vector<int>& vars) {
  std::vector<Operand> out;
  for (int x : vars) out.push_back({true, x});
  return out;
}

/// Every solution as "name=value ..." in declaration order.
std::set<std::string> all_solutions(const Model& m) {
  auto im = std::make_shared<const IndexedModel>(index_model(m));
  cpu::CpuEngine engine(im);
  std::set<std::string> out;
  std::vector<Value> values(m.variable_count());
  search::MacSearch run(engine, {.restarts = RestartPolicy::kNone}, nullptr);
  run.run([&](std::span<const int> idx) {
    std::string line;
    for (std::size_t x = 0; x < values.size(); ++x) {
      values[x] = im->domains[x][static_cast<std::size_t>(idx[x])];
      line += fmt::format("{}{}={}", x == 0 ? "" : " ", m.variables()[x].name, values[x]);
    }
    REQUIRE(m.check(values));
    out.insert(line);
    return search::AfterSolution{search::AfterSolution::Action::kContinue, 0};
  });
  return out;
}

std::set<std::string> expected_solutions(const std::filesystem::path& file) {
  std::ifstream in(file);
  REQUIRE(in.good());
  std::set<std::string> out;
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) out.insert(line);
  return out;
}

Model regular_example() {  // regular.xml: words over {0,1} of length 3 ending with 1
  Model m;
  const auto x = add_array(m, "x", 3, 0, 1);
  auto a = std::make_shared<Automaton>();
  a->states = 2;  // q0, q1
  a->start = 0;
  a->finals = {1};
  a->transitions = {{0, 0, 0}, {0, 1, 1}, {1, 0, 0}, {1, 1, 1}};
  m.add_constraint(RegularConstraint{x, a, false});
  return m;
}

Model mdd_example() {  // mdd.xml
  Model m;
  const auto x = add_array(m, "x", 3, 0, 2);
  auto a = std::make_shared<Automaton>();
  a->states = 7;  // r n1 n2 n3 n4 n5 t
  a->start = 0;
  a->finals = {6};
  a->transitions = {{0, 0, 1}, {0, 1, 2}, {0, 2, 3}, {1, 2, 4},
                    {2, 2, 4}, {3, 0, 5}, {4, 0, 6}, {5, 0, 6}};
  m.add_constraint(RegularConstraint{x, a, true});
  return m;
}

Model ordered_lengths_example() {  // a + 2 <= b, b + 1 <= c over 0..5
  Model m;
  std::vector<int> v;
  for (const char* name : {"a", "b", "c"}) v.push_back(m.add_variable(name, {0, 1, 2, 3, 4, 5}));
  m.add_constraint(OrderedConstraint{v, {{false, 2}, {false, 1}}, Relation::kLe});
  return m;
}

Model ordered_strict_example() {  // x < y < z over 0..3
  Model m;
  std::vector<int> v;
  for (const char* name : {"x", "y", "z"}) v.push_back(m.add_variable(name, {0, 1, 2, 3}));
  m.add_constraint(OrderedConstraint{v, {}, Relation::kLt});
  return m;
}

Model lex_example() {  // a <lex b, two 0/1 lists of length 2
  Model m;
  const auto a = add_array(m, "a", 2, 0, 1);
  const auto b = add_array(m, "b", 2, 0, 1);
  m.add_constraint(LexConstraint{{operands(a), operands(b)}, Relation::kLt});
  return m;
}

Model lex_matrix_example() {  // rows and columns of a 2x2 0/1 matrix, each <=lex the next
  Model m;
  std::vector<int> cell;
  for (int r = 0; r < 2; ++r)
    for (int c = 0; c < 2; ++c)
      cell.push_back(m.add_variable(fmt::format("m[{}][{}]", r, c), {0, 1}));
  m.add_constraint(
      LexConstraint{{operands({cell[0], cell[1]}), operands({cell[2], cell[3]})}, Relation::kLe});
  m.add_constraint(
      LexConstraint{{operands({cell[0], cell[2]}), operands({cell[1], cell[3]})}, Relation::kLe});
  return m;
}

Model precedence_example() {  // 1 precedes 2 over a b c in 0..2
  Model m;
  std::vector<int> v;
  for (const char* name : {"a", "b", "c"}) v.push_back(m.add_variable(name, {0, 1, 2}));
  m.add_constraint(PrecedenceConstraint{v, {1, 2}, false});
  return m;
}

}  // namespace

TEST_CASE("automata and orderings: the shared examples give ACE's solutions",
          "[search][globals][automata]") {
  const std::filesystem::path dir = test::shared_instances_dir();
  if (dir.empty()) ARCWAVE_SKIP("no shared instances");
  const std::pair<const char*, Model (*)()> examples[] = {
      {"regular", regular_example},
      {"mdd", mdd_example},
      {"ordered_lengths", ordered_lengths_example},
      {"ordered_strict", ordered_strict_example},
      {"lex", lex_example},
      {"lex_matrix", lex_matrix_example},
      {"precedence", precedence_example},
  };
  for (const auto& [name, build] : examples) {
    INFO(name);
    const auto expected =
        expected_solutions(dir / "xcsp3-constraints" / "expected" / fmt::format("{}.sols", name));
    REQUIRE(!expected.empty());
    REQUIRE(all_solutions(build()) == expected);
  }
}

}  // namespace arcwave
