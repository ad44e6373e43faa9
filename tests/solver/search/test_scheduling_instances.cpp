// The scheduling and packing propagators against answers from elsewhere:
//   - the XCSP3 test files xcsp3-constraints/{disjunctive, no_overlap_var, no_overlap_2d,
//     no_overlap_2d_var, cumulative, cumulative_var, bin_packing}.xml, built here in code as the
//     files state them (the XCSP3 reader is another helper's work), whose solutions MAC must
//     enumerate exactly as ACE's expected/*.sols list them;
//   - the jobshop ft06 (Fisher and Thompson, 6 jobs x 6 machines), whose optimum makespan 55 is
//     a published value, solved to optimality by branch and bound with MAC.
#include <fstream>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "arcwave/solver.hpp"
#include "propagation/cpu/cpu_engine.hpp"
#include "solver/search/mac_search.hpp"
#include "tests/support/catch.hpp"
#include "tests/support/paths.hpp"

namespace arcwave {

namespace {

using Tokens = std::set<std::string>;  // "name=value" tokens

std::vector<Value> range(Value lo, Value hi) {
  std::vector<Value> d;
  for (Value v = lo; v <= hi; ++v) d.push_back(v);
  return d;
}

std::vector<int> vars(Model& m, const std::vector<std::string>& names, Value lo, Value hi) {
  std::vector<int> out;
  for (const std::string& n : names) out.push_back(m.add_variable(n, range(lo, hi)));
  return out;
}

std::vector<Operand> constants(const std::vector<Value>& values) {
  std::vector<Operand> out;
  for (Value v : values) out.push_back({false, v});
  return out;
}

std::vector<Operand> operands(const std::vector<int>& vs) {
  std::vector<Operand> out;
  for (int v : vs) out.push_back({true, v});
  return out;
}

// Every solution MAC enumerates, as name=value tokens.
std::set<Tokens> mac_solutions(const Model& m) {
  auto indexed = std::make_shared<const IndexedModel>(index_model(m));
  cpu::CpuEngine engine(indexed);
  search::MacSearch run(engine, {.restarts = RestartPolicy::kNone}, nullptr);
  std::set<Tokens> out;
  std::vector<Value> values(m.variable_count());
  run.run([&](std::span<const int> idx) {
    Tokens s;
    for (std::size_t x = 0; x < values.size(); ++x) {
      values[x] = indexed->domains[x][static_cast<std::size_t>(idx[x])];
      s.insert(fmt::format("{}={}", m.variables()[x].name, values[x]));
    }
    REQUIRE(m.check(values));
    REQUIRE(out.insert(s).second);  // never twice
    return search::AfterSolution{search::AfterSolution::Action::kContinue, 0};
  });
  return out;
}

// expected/<name>.sols: one solution a line, "name=value" tokens.
std::set<Tokens> expected_solutions(const std::filesystem::path& file) {
  std::ifstream in(file);
  REQUIRE(in.good());
  std::set<Tokens> out;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream tokens(line);
    Tokens s;
    for (std::string t; tokens >> t;) s.insert(t);
    if (!s.empty()) out.insert(s);
  }
  return out;
}

void compare(const std::string& name, const Model& m) {
  const std::filesystem::path shared = test::shared_instances_dir();
  if (shared.empty()) {
    WARN("no shared instances (set ARCWAVE_SHARED_INSTANCES): " << name << " skipped");
    return;
  }
  INFO(name);
  const auto expected =
      expected_solutions(shared / "xcsp3-constraints" / "expected" / (name + ".sols"));
  REQUIRE(!expected.empty());
  const auto got = mac_solutions(m);
  CHECK(got.size() == expected.size());
  CHECK(got == expected);
  WARN(fmt::format("{}: {} solutions, as expected", name, got.size()));
}

}  // namespace

TEST_CASE("scheduling test files: MAC finds exactly ACE's solutions", "[search][scheduling]") {
  {  // disjunctive.xml: noOverlap, origins s1 s2 s3 in 0..3, lengths 2 2 1
    Model m;
    NoOverlapConstraint c;
    for (int s : vars(m, {"s1", "s2", "s3"}, 0, 3)) c.origins.push_back({s});
    for (const Operand& l : constants({2, 2, 1})) c.lengths.push_back({l});
    m.add_constraint(c);
    compare("disjunctive", m);
  }
  {  // no_overlap_var.xml: origins s1..s3 in 0..4, lengths d1..d3 in 1..2
    Model m;
    NoOverlapConstraint c;
    const auto s = vars(m, {"s1", "s2", "s3"}, 0, 4);
    const auto d = vars(m, {"d1", "d2", "d3"}, 1, 2);
    for (std::size_t i = 0; i < 3; ++i) {
      c.origins.push_back({s[i]});
      c.lengths.push_back({{true, d[i]}});
    }
    m.add_constraint(c);
    compare("no_overlap_var", m);
  }
  {  // no_overlap_2d.xml: origins (x_i, y_i) in 0..2, lengths (2,1)(1,2)(1,1)
    Model m;
    NoOverlapConstraint c;
    const auto x = vars(m, {"x1", "x2", "x3"}, 0, 2);
    const auto y = vars(m, {"y1", "y2", "y3"}, 0, 2);
    const Value w[] = {2, 1, 1}, h[] = {1, 2, 1};
    for (std::size_t i = 0; i < 3; ++i) {
      c.origins.push_back({x[i], y[i]});
      c.lengths.push_back(constants({w[i], h[i]}));
    }
    m.add_constraint(c);
    compare("no_overlap_2d", m);
  }
  {  // no_overlap_2d_var.xml: origins (x_i, y_i) in 0..2, lengths (w_i, h_i) in 1..2
    Model m;
    NoOverlapConstraint c;
    const auto x = vars(m, {"x1", "x2"}, 0, 2);
    const auto y = vars(m, {"y1", "y2"}, 0, 2);
    const auto w = vars(m, {"w1", "w2"}, 1, 2);
    const auto h = vars(m, {"h1", "h2"}, 1, 2);
    for (std::size_t i = 0; i < 2; ++i) {
      c.origins.push_back({x[i], y[i]});
      c.lengths.push_back(operands({w[i], h[i]}));
    }
    m.add_constraint(c);
    compare("no_overlap_2d_var", m);
  }
  {  // cumulative.xml: origins s1..s3 in 0..3, lengths 2 2 1, heights 1 1 1, (le, 2)
    Model m;
    CumulativeConstraint c;
    c.origins = vars(m, {"s1", "s2", "s3"}, 0, 3);
    c.lengths = constants({2, 2, 1});
    c.heights = constants({1, 1, 1});
    c.condition.op = Relation::kLe;
    c.condition.kind = Condition::Kind::kConstant;
    c.condition.value = 2;
    m.add_constraint(c);
    compare("cumulative", m);
  }
  {  // cumulative_var.xml: s1 s2 in 0..2, l1 l2 in 1..2, h1 h2 in 1..2, (le, cap), cap 2..3
    Model m;
    CumulativeConstraint c;
    c.origins = vars(m, {"s1", "s2"}, 0, 2);
    c.lengths = operands(vars(m, {"l1", "l2"}, 1, 2));
    c.heights = operands(vars(m, {"h1", "h2"}, 1, 2));
    c.condition.op = Relation::kLe;
    c.condition.kind = Condition::Kind::kVariable;
    c.condition.value = m.add_variable("cap", range(2, 3));
    m.add_constraint(c);
    compare("cumulative_var", m);
  }
  {  // bin_packing.xml: x[4] in 0..2, sizes 3 2 2 1, limits 4 4 4
    Model m;
    BinPackingConstraint c;
    c.scope = vars(m, {"x[0]", "x[1]", "x[2]", "x[3]"}, 0, 2);
    c.sizes = {3, 2, 2, 1};
    c.limits = constants({4, 4, 4});
    m.add_constraint(c);
    compare("bin_packing", m);
  }
}

namespace {

// ft06 with each machine a noOverlap or a cumulative of capacity 1.
Model ft06(bool cumulative) {
  // Fisher and Thompson's 6x6 instance: per job, (machine, duration) in processing order.
  const int jobs[6][6][2] = {{{2, 1}, {0, 3}, {1, 6}, {3, 7}, {5, 3}, {4, 6}},
                             {{1, 8}, {2, 5}, {4, 10}, {5, 10}, {0, 10}, {3, 4}},
                             {{2, 5}, {3, 4}, {5, 8}, {0, 9}, {1, 1}, {4, 7}},
                             {{1, 5}, {0, 5}, {2, 5}, {3, 3}, {4, 8}, {5, 9}},
                             {{2, 9}, {1, 3}, {4, 5}, {5, 4}, {0, 3}, {3, 1}},
                             {{1, 3}, {3, 3}, {5, 9}, {0, 10}, {4, 4}, {2, 1}}};
  Value horizon = 0;
  for (const auto& job : jobs)
    for (const auto& op : job) horizon += op[1];
  Model m;
  int s[6][6];
  for (int j = 0; j < 6; ++j)
    for (int k = 0; k < 6; ++k)
      s[j][k] = m.add_variable(fmt::format("s[{}][{}]", j, k), range(0, horizon));
  const int makespan = m.add_variable("makespan", range(0, horizon));
  auto precedence = [&](int a, Value gap, int b) {  // a + gap <= b
    SumConstraint c;
    c.scope = {a, b};
    c.coeffs = {1, -1};
    c.condition.op = Relation::kLe;
    c.condition.kind = Condition::Kind::kConstant;
    c.condition.value = -gap;
    m.add_constraint(c);
  };
  for (int j = 0; j < 6; ++j) {
    for (int k = 0; k + 1 < 6; ++k) precedence(s[j][k], jobs[j][k][1], s[j][k + 1]);
    precedence(s[j][5], jobs[j][5][1], makespan);
  }
  for (int machine = 0; machine < 6; ++machine) {
    NoOverlapConstraint c;
    CumulativeConstraint u;
    for (int j = 0; j < 6; ++j)
      for (int k = 0; k < 6; ++k)
        if (jobs[j][k][0] == machine) {
          c.origins.push_back({s[j][k]});
          c.lengths.push_back({{false, jobs[j][k][1]}});
          u.origins.push_back(s[j][k]);
          u.lengths.push_back({false, jobs[j][k][1]});
          u.heights.push_back({false, 1});
        }
    REQUIRE(c.origins.size() == 6);
    u.condition.op = Relation::kLe;
    u.condition.kind = Condition::Kind::kConstant;
    u.condition.value = 1;
    if (cumulative)
      m.add_constraint(u);
    else
      m.add_constraint(c);
  }
  Objective obj;
  obj.minimize = true;
  obj.kind = Objective::Kind::kVariable;
  obj.variable = makespan;
  m.set_objective(obj);
  return m;
}

}  // namespace

TEST_CASE("jobshop ft06 is solved to its optimum makespan 55", "[search][scheduling]") {
  for (bool cumulative : {false, true}) {
    const Model m = ft06(cumulative);
    Solver solver(m);
    const SolveResult r = solver.solve();
    REQUIRE(r.status == SolveStatus::kOptimum);
    REQUIRE(r.best);
    CHECK(*r.best->objective == 55);
    CHECK(m.check(r.best->values));
    WARN(fmt::format("ft06: {} nodes, {} fails, {} solutions; {}", r.stats.nodes, r.stats.fails,
                     r.solutions, r.engine));
  }
}

}  // namespace arcwave
