// What the scheduling and packing propagators deduce on small hand-made cases whose answers
// are worked out by hand (each comment says why), and the unary-resource rules on random
// sets of 5 or 6 tasks with interval domains (more tasks than the models of
// test_scheduling.cpp), against the GAC closure and brute force.
#include <random>

#include <fmt/format.h>

#include "propagation/cpu/cpu_engine.hpp"
#include "solver/search/mac_search.hpp"
#include "tests/propagation/cpu/engine_domains.hpp"
#include "tests/solver/search/mac_count.hpp"
#include "tests/support/catch.hpp"

namespace arcwave {

namespace {

std::vector<Value> range(Value lo, Value hi) {
  std::vector<Value> d;
  for (Value v = lo; v <= hi; ++v) d.push_back(v);
  return d;
}

// The root fixpoint's domains, or nullopt on a failure.
std::optional<test::Domains> root(const Model& m) {
  auto indexed = std::make_shared<const IndexedModel>(index_model(m));
  cpu::CpuEngine engine(indexed);
  if (!engine.propagate_root()) return std::nullopt;
  return test::engine_domains(engine, *indexed);
}

Condition le(Value k) {
  Condition c;
  c.op = Relation::kLe;
  c.kind = Condition::Kind::kConstant;
  c.value = k;
  return c;
}

// One unary resource: tasks (start domain lo..hi, constant length).
Model unary(const std::vector<std::array<Value, 3>>& tasks) {
  Model m;
  NoOverlapConstraint c;
  for (const auto& [lo, hi, p] : tasks) {
    c.origins.push_back({m.add_variable(fmt::format("s{}", m.variable_count()), range(lo, hi))});
    c.lengths.push_back({{false, p}});
  }
  m.add_constraint(c);
  return m;
}

}  // namespace

TEST_CASE("edge finding pushes a task after a set it cannot join", "[search][scheduling]") {
  // A and B (length 4) lie in [0, 10]; C (length 3) cannot fit with both before 10, so it
  // follows them: C >= ect(A, B) = 8. Not-first only gives 4 and detectable precedences and the
  // pairwise rules nothing, so this is edge finding's.
  auto d = root(unary({{0, 6, 4}, {0, 6, 4}, {0, 27, 3}}));
  REQUIRE(d);
  CHECK((*d)[2].front() == 8);
  CHECK((*d)[2].back() == 27);
  // Mirrored: A and B in [20, 30], so C ends by 22.
  d = root(unary({{20, 26, 4}, {20, 26, 4}, {0, 27, 3}}));
  REQUIRE(d);
  CHECK((*d)[2].front() == 0);
  CHECK((*d)[2].back() == 19);
  // Overload: three tasks of length 4 in [0, 10].
  CHECK(!root(unary({{0, 6, 4}, {0, 6, 4}, {0, 6, 4}})));
}

TEST_CASE("a fixed task takes its time away from the others", "[search][scheduling]") {
  // B is fixed over [3, 6): A (length 2, starts 0..8) cannot start at 2..5.
  auto d = root(unary({{0, 8, 2}, {3, 3, 3}}));
  REQUIRE(d);
  CHECK((*d)[0] == std::vector<Value>{0, 1, 6, 7, 8});
}

TEST_CASE("variable lengths are cut when the order is known", "[search][scheduling]") {
  // A starts in 0..1 with length 1..9; B starts in 0..4 with length 3: B cannot come first
  // (0 + 3 > 1), so A precedes B and ends by B's latest start: l_A <= 4 - 0.
  Model m;
  NoOverlapConstraint c;
  const int a = m.add_variable("a", range(0, 1));
  const int la = m.add_variable("la", range(1, 9));
  const int b = m.add_variable("b", range(0, 4));
  c.origins = {{a}, {b}};
  c.lengths = {{{true, la}}, {{false, 3}}};
  m.add_constraint(c);
  const auto d = root(m);
  REQUIRE(d);
  CHECK((*d)[static_cast<std::size_t>(la)].back() == 4);
  CHECK((*d)[static_cast<std::size_t>(b)].front() == 1);
}

TEST_CASE("boxes separate along the only dimension left", "[search][scheduling]") {
  // Two 2x2 squares in a 2-high strip (y fixed at 0): they must be apart along x. The first is
  // at x = 0..1, so it covers x = 1 wherever it is: the second cannot start at 0 or 1.
  Model m;
  NoOverlapConstraint c;
  const int x1 = m.add_variable("x1", range(0, 1));
  const int x2 = m.add_variable("x2", range(0, 5));
  const int y1 = m.add_variable("y1", {0});
  const int y2 = m.add_variable("y2", {0});
  c.origins = {{x1, y1}, {x2, y2}};
  c.lengths = {{{false, 2}, {false, 2}}, {{false, 2}, {false, 2}}};
  m.add_constraint(c);
  const auto d = root(m);
  REQUIRE(d);
  CHECK((*d)[static_cast<std::size_t>(x2)] == std::vector<Value>{2, 3, 4, 5});
}

TEST_CASE("boxes that need more room than their bounding box fail at once",
          "[search][scheduling]") {
  // A 4 x 1 strip (x + w within 0..4, y = 0) and boxes 2, 1 and 2 wide: every pair fits side
  // by side, so pairwise separation sees nothing, but 5 cells do not fit in 4.
  Model m;
  NoOverlapConstraint c;
  for (Value w : {2, 1, 2}) {
    c.origins.push_back({m.add_variable(fmt::format("x{}", w), range(0, 4 - w)),
                         m.add_variable(fmt::format("y{}", w), {0})});
    c.lengths.push_back({{false, w}, {false, 1}});
  }
  m.add_constraint(c);
  CHECK_FALSE(root(m));
}

namespace {

// n 1 x 4 sticks, each turned either way (a table ties its sizes to (1, 4) or (4, 1)), in a
// 4 x 4 square whose sides are stated in the form `form` gives. By bounds a stick may end at
// 3 + 4 = 7 along either axis, a 7 x 7 box with room to spare for 5 sticks (20 cells); the
// ties between an origin and its size say that nothing ends beyond 4.
Model sticks(int form, int n) {
  Model m;
  NoOverlapConstraint c;
  const int side = form == 3 ? m.add_variable("side", range(0, 4)) : -1;
  auto rotation = std::make_shared<Table>();
  rotation->arity = 2;
  rotation->cells = {1, 4, 4, 1};
  for (int i = 0; i < n; ++i) {
    std::vector<int> o;
    std::vector<Operand> l;
    for (int d = 0; d < 2; ++d) {
      o.push_back(m.add_variable(fmt::format("o{}_{}", i, d), range(0, 3)));
      l.push_back({true, m.add_variable(fmt::format("l{}_{}", i, d), {1, 4})});
    }
    m.add_constraint(ExtensionConstraint{
        {static_cast<int>(l[0].value), static_cast<int>(l[1].value)}, rotation});
    for (int d = 0; d < 2; ++d) {
      const int size = static_cast<int>(l[static_cast<std::size_t>(d)].value);
      const int origin = o[static_cast<std::size_t>(d)];
      if (form == 0) {  // o + l <= 4
        m.add_constraint(SumConstraint{{origin, size}, {1, 1}, le(4)});
      } else if (form == 1) {  // -2 o - 2 l >= -8
        Condition ge = le(-8);
        ge.op = Relation::kGe;
        m.add_constraint(SumConstraint{{origin, size}, {-2, -2}, ge});
      } else if (form == 2) {  // le(o, sub(4, l)): a binary relation
        m.add_constraint(IntensionConstraint{
            {origin, size},
            std::make_shared<const Expr>(std::vector<ExprInstr>{{ExprOp::kSlot, 0, 0},
                                                                {ExprOp::kConst, 0, 4},
                                                                {ExprOp::kSlot, 0, 1},
                                                                {ExprOp::kSub, 2, 0},
                                                                {ExprOp::kLe, 2, 0}})});
      } else {  // o + l - side <= 0, side in 0..4
        m.add_constraint(SumConstraint{{origin, size, side}, {1, 1, -1}, le(0)});
      }
    }
    c.origins.push_back(o);
    c.lengths.push_back(l);
  }
  m.add_constraint(c);
  return m;
}

}  // namespace

TEST_CASE("a box ends where the constraints over its origin and size let it end",
          "[search][scheduling]") {
  for (int form = 0; form < 4; ++form) {
    INFO("form " << form);
    CHECK_FALSE(root(sticks(form, 5)));
    // Four sticks fit, all one way: 2 orientations x 4! orders.
    CHECK(test::mac_count(sticks(form, 4)) == 48);
  }
}

TEST_CASE("cumulative time-tabling on compulsory parts", "[search][scheduling]") {
  // Capacity 2. A (height 2) is fixed over [2, 5); B (height 1, length 2, starts 0..9) cannot
  // overlap it: B starts at 0 or from 5 on. C (height 1, length 3, starts 0..1, so it surely
  // runs over [1, 3)) has height at most 0 there... so its height variable (0..2) drops to 0.
  Model m;
  CumulativeConstraint c;
  const int a = m.add_variable("a", {2});
  const int b = m.add_variable("b", range(0, 9));
  const int cs = m.add_variable("c", range(0, 1));
  const int ch = m.add_variable("ch", range(0, 2));
  c.origins = {a, b, cs};
  c.lengths = {{false, 3}, {false, 2}, {false, 3}};
  c.heights = {{false, 2}, {false, 1}, {true, ch}};
  c.condition = le(2);
  m.add_constraint(c);
  const auto d = root(m);
  REQUIRE(d);
  CHECK((*d)[static_cast<std::size_t>(b)] == std::vector<Value>{0, 5, 6, 7, 8, 9});
  CHECK((*d)[static_cast<std::size_t>(ch)] == std::vector<Value>{0});
}

TEST_CASE("a cumulative of capacity 1 reasons as a unary resource", "[search][scheduling]") {
  // Capacity 1, heights 1: A and B (length 3, starts 0..3) fill [0, 6) between them, with no
  // compulsory part (time-tabling sees nothing). C (length 1, starts 0..6) cannot fit before 6:
  // edge finding puts it after both (starts 6). D (length 2, starts 0..4, height 0 or 1) fits
  // nowhere while A and B are there, so its height drops to 0.
  Model m;
  CumulativeConstraint c;
  const int a = m.add_variable("a", range(0, 3));
  const int b = m.add_variable("b", range(0, 3));
  const int cs = m.add_variable("c", range(0, 6));
  const int ds = m.add_variable("d", range(0, 4));
  const int dh = m.add_variable("dh", range(0, 1));
  c.origins = {a, b, cs, ds};
  c.lengths = {{false, 3}, {false, 3}, {false, 1}, {false, 2}};
  c.heights = {{false, 1}, {false, 1}, {false, 1}, {true, dh}};
  c.condition = le(1);
  m.add_constraint(c);
  const auto d = root(m);
  REQUIRE(d);
  CHECK((*d)[static_cast<std::size_t>(cs)] == std::vector<Value>{6});
  CHECK((*d)[static_cast<std::size_t>(dh)] == std::vector<Value>{0});
  CHECK((*d)[static_cast<std::size_t>(ds)] == range(0, 4));  // absent: its start is free
}

TEST_CASE("cumulative raises a capacity variable to the profile's peak", "[search][scheduling]") {
  // Two tasks of heights 2 and 3 both surely run at time 1: capacity 0..9 must be >= 5.
  Model m;
  CumulativeConstraint c;
  c.origins = {m.add_variable("a", range(0, 1)), m.add_variable("b", range(1, 1))};
  c.lengths = {{false, 2}, {false, 2}};
  c.heights = {{false, 2}, {false, 3}};
  const int cap = m.add_variable("cap", range(0, 9));
  c.condition.op = Relation::kLe;
  c.condition.kind = Condition::Kind::kVariable;
  c.condition.value = cap;
  m.add_constraint(c);
  const auto d = root(m);
  REQUIRE(d);
  CHECK((*d)[static_cast<std::size_t>(cap)].front() == 5);
}

TEST_CASE("binPacking: overflow, needed items and the total size", "[search][scheduling]") {
  // Bins 0 and 1 with loads l0 in 0..9 and l1 = 3; items of sizes 4, 2, 1, 1 may go anywhere.
  // The total is 8, so l0 = 5; bin 1 (load 3) cannot take the 4.
  Model m;
  BinPackingConstraint c;
  for (int i = 0; i < 4; ++i) c.scope.push_back(m.add_variable(fmt::format("x{}", i), {0, 1}));
  c.sizes = {4, 2, 1, 1};
  const int l0 = m.add_variable("l0", range(0, 9));
  c.loads = {{true, l0}, {false, 3}};
  m.add_constraint(c);
  auto d = root(m);
  REQUIRE(d);
  CHECK((*d)[static_cast<std::size_t>(l0)] == std::vector<Value>{5});
  CHECK((*d)[static_cast<std::size_t>(c.scope[0])] == std::vector<Value>{0});
  // Limits 6 and 3 for sizes 4, 3, 2 (total 9 = 6 + 3: both bins end full). The 4 cannot go
  // into bin 1, so it goes into bin 0; the 3 then overflows bin 0 (4 + 3 > 6), so it goes into
  // bin 1, which leaves no room there for the 2.
  Model p;
  BinPackingConstraint q;
  for (int i = 0; i < 3; ++i) q.scope.push_back(p.add_variable(fmt::format("y{}", i), {0, 1}));
  q.sizes = {4, 3, 2};
  q.limits = {{false, 6}, {false, 3}};
  p.add_constraint(q);
  d = root(p);
  REQUIRE(d);
  CHECK(*d == test::Domains{{0}, {1}, {0}});
}

TEST_CASE("unary resources of 5 or 6 tasks keep the closure and count solutions exactly",
          "[search][scheduling]") {
  std::size_t gac_removed = 0, found_removed = 0;
  int exact = 0, models = 0;
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    std::mt19937_64 rng(seed);
    auto pick = [&](int lo, int hi) {
      return lo + static_cast<int>(rng() % static_cast<std::uint64_t>(hi - lo + 1));
    };
    const int n = pick(5, 6);
    std::vector<std::array<Value, 3>> tasks;
    Value total = 0;
    for (int i = 0; i < n; ++i) {
      const Value p = pick(1, 3);
      total += p;
      tasks.push_back({0, 0, p});
    }
    // Windows inside [0, total + slack): release dates and deadlines cut some of them.
    const Value horizon = total + pick(0, 2);
    for (auto& t : tasks) {
      const Value lo = pick(0, 2);
      t[0] = std::min(lo, horizon - t[2]);
      t[1] = std::max(t[0], horizon - t[2] - pick(0, 2));
    }
    const Model m = unary(tasks);
    double product = 1;
    for (const Variable& v : m.variables()) product *= static_cast<double>(v.domain.size());
    if (product > 300'000) continue;
    ++models;
    INFO(fmt::format("seed {}", seed));
    const auto closure = test::naive_gac(m, test::initial_domains(m));
    const auto got = root(m);
    if (closure) {
      REQUIRE(got);
      std::size_t initial = 0, left = 0, kept = 0;
      for (std::size_t x = 0; x < got->size(); ++x) {
        initial += m.variables()[x].domain.size();
        left += (*closure)[x].size();
        kept += (*got)[x].size();
        for (Value v : (*closure)[x])
          REQUIRE(std::find((*got)[x].begin(), (*got)[x].end(), v) != (*got)[x].end());
      }
      gac_removed += initial - left;
      found_removed += initial - kept;
      if (*got == *closure) ++exact;
    }
    auto indexed = std::make_shared<const IndexedModel>(index_model(m));
    cpu::CpuEngine engine(indexed);
    search::MacSearch run(engine, {.restarts = RestartPolicy::kNone}, nullptr);
    std::uint64_t count = 0;
    std::vector<Value> values(m.variable_count());
    run.run([&](std::span<const int> idx) {
      for (std::size_t x = 0; x < values.size(); ++x)
        values[x] = indexed->domains[x][static_cast<std::size_t>(idx[x])];
      REQUIRE(m.check(values));
      ++count;
      return search::AfterSolution{search::AfterSolution::Action::kContinue, 0};
    });
    REQUIRE(count == test::brute_force_count(m));
  }
  WARN(
      fmt::format("{} unary resources of 5-6 tasks: root fixpoint = GAC closure on {}; it "
                  "removes {} of the closure's {} removals",
                  models, exact, found_removed, gac_removed));
  // The closure also makes holes inside the windows (tight packings leave only some positions),
  // which bounds reasoning does not aim at.
  CHECK(models >= 100);
  CHECK(found_removed * 10 >= gac_removed * 6);
}

}  // namespace arcwave
