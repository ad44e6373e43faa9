// XCSP3 and XCSP 2.1 writers (instances/csp/writers): document structure, declared counts,
// the XCSP 2.1 rewriting of expressions (checked by parsing it back and evaluating), and
// refusal of what a format cannot state.
#include <filesystem>
#include <fstream>
#include <random>
#include <regex>

#include "arcwave/error.hpp"
#include "instances/csp/generators.hpp"
#include "instances/csp/model_build.hpp"
#include "instances/csp/writers/expr21.hpp"
#include "model_text.hpp"
#include "parsers/expr/expr_parser.hpp"
#include "tests/support/catch.hpp"

using arcwave::Model;
using arcwave::Value;
using arcwave::test::xcsp21_text;
using arcwave::test::xcsp3_text;

namespace {

std::size_t occurrences(const std::string& text, const std::string& what) {
  std::size_t count = 0;
  for (std::size_t pos = text.find(what); pos != std::string::npos; pos = text.find(what, pos + 1))
    ++count;
  return count;
}

std::uint64_t attribute(const std::string& text, const std::string& name) {
  const std::regex re(name + "=\"([0-9]+)\"");
  std::smatch m;
  REQUIRE(std::regex_search(text, m, re));
  return std::stoull(m[1].str());
}

// Every <relation> of an XCSP 2.1 document states as many tuples as its nbTuples says.
void require_relation_counts(const std::string& text) {
  const std::regex re(
      "<relation name=\"R[0-9]+\" arity=\"([0-9]+)\" nbTuples=\"([0-9]+)\"[^>]*>([^<]*)<");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator();
       ++it) {
    const std::string body = (*it)[3].str();
    const std::size_t tuples = body.empty() ? 0 : occurrences(body, "|") + 1;
    REQUIRE(tuples == std::stoull((*it)[2].str()));
    const std::regex number("-?[0-9]+");
    const auto numbers = static_cast<std::size_t>(std::distance(
        std::sregex_iterator(body.begin(), body.end(), number), std::sregex_iterator()));
    REQUIRE(numbers == tuples * std::stoull((*it)[1].str()));
  }
}

void require_xcsp21_counts(const std::string& text, const Model& m) {
  REQUIRE(attribute(text, "nbVariables") == m.variable_count());
  REQUIRE(occurrences(text, "<variable ") == m.variable_count());
  REQUIRE(attribute(text, "nbConstraints") == occurrences(text, "<constraint "));
  REQUIRE(attribute(text, "nbDomains") == occurrences(text, "<domain "));
  if (text.find("nbRelations") != std::string::npos)
    REQUIRE(attribute(text, "nbRelations") == occurrences(text, "<relation "));
  if (text.find("nbPredicates") != std::string::npos)
    REQUIRE(attribute(text, "nbPredicates") == occurrences(text, "<predicate "));
  require_relation_counts(text);
}

arcwave::Condition condition(arcwave::Relation op, arcwave::Condition::Kind kind, Value value,
                             Value lo = 0, Value hi = 0) {
  arcwave::Condition c;
  c.op = op;
  c.kind = kind;
  c.value = value;
  c.lo = lo;
  c.hi = hi;
  return c;
}

// A model using every kind of constraint and an objective.
Model every_kind() {
  Model m;
  const std::vector<int> x =
      arcwave::gen::add_var_array(m, "x", {2, 2}, arcwave::gen::range_domain(0, 3));
  const int y = m.add_variable("y", {-2, 0, 5, 6, 7});
  const int z = m.add_variable("z", {1, 2, 3});
  m.add_constraint(arcwave::ExtensionConstraint{
      {x[0], x[1]}, arcwave::gen::make_table(2, true, {0, 1, 2, 3, arcwave::Table::kStar, 0})});
  m.add_constraint(arcwave::IntensionConstraint{{x[2], y},
                                                arcwave::gen::ExprBuilder()
                                                    .slot(0)
                                                    .slot(1)
                                                    .op(arcwave::ExprOp::kDist, 2)
                                                    .constant(3)
                                                    .op(arcwave::ExprOp::kLe, 2)
                                                    .build()});
  m.add_constraint(arcwave::AllDifferentConstraint{{x[0], x[3], z}, {0}});
  const arcwave::Condition in_range =
      condition(arcwave::Relation::kIn, arcwave::Condition::Kind::kRange, 0, 2, 9);
  m.add_constraint(arcwave::SumConstraint{{x[1], y, x[1]}, {2, -1, 1}, in_range});
  const arcwave::Condition eq_z =
      condition(arcwave::Relation::kEq, arcwave::Condition::Kind::kVariable, z);
  m.add_constraint(
      arcwave::ElementConstraint{{{true, x[0]}, {false, 2}, {true, x[2]}}, x[3], 1, eq_z});
  m.add_constraint(arcwave::InstantiationConstraint{{y}, {5}});
  arcwave::Objective objective;
  objective.kind = arcwave::Objective::Kind::kSum;
  objective.scope = {x[0], z};
  objective.coeffs = {3, 1};
  m.set_objective(objective);
  return m;
}

}  // namespace

TEST_CASE("XCSP3 output: arrays, groups for shared tables and expressions", "[instances][writer]") {
  const Model ext = arcwave::gen::queens(8, arcwave::gen::QueensEncoding::kExtension);
  const std::string text = xcsp3_text(ext);
  REQUIRE(text.starts_with("<instance format=\"XCSP3\" type=\"CSP\">\n"));
  REQUIRE(text.find("<array id=\"q\" size=\"[8]\"> 0..7 </array>") != std::string::npos);
  REQUIRE(occurrences(text, "<group>") == 6);  // distances 1..6 shared, distance 7 alone
  REQUIRE(occurrences(text, "<args>") == 27);
  REQUIRE(occurrences(text, "<extension>") == 7);
  REQUIRE(occurrences(text, "%0 %1") == 6);

  const std::string intension = xcsp3_text(arcwave::gen::queens(4));
  REQUIRE(intension.find("<intension> and(ne(%0,%1),ne(abs(sub(%0,%1)),1)) </intension>") !=
          std::string::npos);
  REQUIRE(intension.find("<intension> and(ne(q[0],q[3]),ne(abs(sub(q[0],q[3])),3)) </intension>") !=
          std::string::npos);

  const std::string latin = xcsp3_text(arcwave::gen::latin_square(5, 0.5, 3));
  REQUIRE(latin.find("<domain for=\"") != std::string::npos);
  REQUIRE(occurrences(latin, "<allDifferent>") == 10);
}

TEST_CASE("XCSP3 output of every constraint kind and the objective", "[instances][writer]") {
  const std::string text = xcsp3_text(every_kind());
  REQUIRE(text.starts_with("<instance format=\"XCSP3\" type=\"COP\">"));
  REQUIRE(text.find("<array id=\"x\" size=\"[2][2]\"> 0..3 </array>") != std::string::npos);
  REQUIRE(text.find("<var id=\"y\"> -2 0 5..7 </var>") != std::string::npos);
  REQUIRE(text.find("<supports> (0,1)(2,3)(*,0) </supports>") != std::string::npos);
  REQUIRE(text.find("<intension> le(dist(x[1][0],y),3) </intension>") != std::string::npos);
  REQUIRE(text.find("<list> x[0][0] x[1][1] z </list>\n      <except> 0 </except>") !=
          std::string::npos);
  REQUIRE(text.find("<coeffs> 2 -1 1 </coeffs>\n      <condition> (in,2..9) </condition>") !=
          std::string::npos);
  REQUIRE(text.find("<list startIndex=\"1\"> x[0][0] 2 x[1][0] </list>\n      <index> x[1][1] "
                    "</index>\n      <value> z </value>") != std::string::npos);
  REQUIRE(text.find("<list> y </list>\n      <values> 5 </values>") != std::string::npos);
  REQUIRE(text.find("<minimize type=\"sum\">\n      <list> x[0][0] z </list>\n      <coeffs> 3 1 "
                    "</coeffs>") != std::string::npos);
}

TEST_CASE("XCSP 2.1 output: declared counts match what is written", "[instances][writer]") {
  const Model models[] = {arcwave::gen::queens(6, arcwave::gen::QueensEncoding::kIntension),
                          arcwave::gen::queens(6, arcwave::gen::QueensEncoding::kExtension),
                          arcwave::gen::queens(6, arcwave::gen::QueensEncoding::kAllDifferent),
                          arcwave::gen::rb({10, 5, 20, 0.4, 1, false, false}),
                          arcwave::gen::composed(arcwave::gen::composed_family(25, 2, 10, 1)),
                          arcwave::gen::random_network({8, 3, 3, 10, 0.5, 2}),
                          arcwave::gen::latin_square(5, 0.6, 1, false),
                          arcwave::gen::langford(2, 4)};
  for (const Model& m : models) {
    const std::string text = xcsp21_text(m);
    REQUIRE(text.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<instance>"));
    require_xcsp21_counts(text, m);
  }
  // One predicate serves every queens pair; constants become effective parameters.
  const std::string queens = xcsp21_text(models[0]);
  REQUIRE(attribute(queens, "nbPredicates") == 1);
  REQUIRE(queens.find("<functional>and(ne(X0,X1),ne(abs(sub(X0,X1)),X2))</functional>") !=
          std::string::npos);
  REQUIRE(queens.find("<parameters>q_0 q_5 5</parameters>") != std::string::npos);
  // Shared tables are one relation.
  REQUIRE(attribute(xcsp21_text(models[1]), "nbRelations") == 5);
}

TEST_CASE("XCSP 2.1 output of globals: weightedSum, element, allDifferent, instantiation",
          "[instances][writer]") {
  Model m;
  const std::vector<int> x =
      arcwave::gen::add_var_array(m, "x", {3}, arcwave::gen::range_domain(1, 3));
  const arcwave::Condition in_range =
      condition(arcwave::Relation::kIn, arcwave::Condition::Kind::kRange, 0, 2, 5);
  m.add_constraint(arcwave::SumConstraint{{x[0], x[1], x[0]}, {2, 3, 1}, in_range});
  const arcwave::Condition lt_var =
      condition(arcwave::Relation::kLt, arcwave::Condition::Kind::kVariable, x[2]);
  m.add_constraint(arcwave::SumConstraint{{x[0], x[1]}, {1, 1}, lt_var});
  const arcwave::Condition eq_x2 =
      condition(arcwave::Relation::kEq, arcwave::Condition::Kind::kVariable, x[2]);
  m.add_constraint(arcwave::ElementConstraint{{{true, x[1]}, {false, 3}}, x[0], 1, eq_x2});
  m.add_constraint(arcwave::AllDifferentConstraint{{x[0], x[1], x[2]}, {}});
  m.add_constraint(arcwave::InstantiationConstraint{{x[0], x[2]}, {1, 3}});
  const std::string text = xcsp21_text(m);
  require_xcsp21_counts(text, m);
  REQUIRE(attribute(text, "nbConstraints") == 6);  // the `in` range is two weightedSums
  REQUIRE(text.find("<parameters>[ { 3 x_0 } { 3 x_1 } ] <ge/> 2</parameters>") !=
          std::string::npos);
  REQUIRE(text.find("<parameters>[ { 3 x_0 } { 3 x_1 } ] <le/> 5</parameters>") !=
          std::string::npos);
  REQUIRE(text.find("<parameters>[ { 1 x_0 } { 1 x_1 } { -1 x_2 } ] <lt/> 0</parameters>") !=
          std::string::npos);
  REQUIRE(text.find("reference=\"global:element\">\n<parameters>x_0 [ x_1 3 ] x_2</parameters>") !=
          std::string::npos);
  REQUIRE(text.find("<parameters>[ x_0 x_1 x_2 ]</parameters>") != std::string::npos);
  REQUIRE(text.find("nbTuples=\"1\" semantics=\"supports\">1 3</relation>") != std::string::npos);
}

TEST_CASE("XCSP 2.1 output refuses what the format cannot state, leaving no file",
          "[instances][writer]") {
  const Model m = every_kind();  // objective, except, short table
  REQUIRE_THROWS_AS(xcsp21_text(m), arcwave::Unsupported);
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "arcwave-writer-test";
  std::filesystem::create_directories(dir);
  const std::filesystem::path target = dir / "refused.xml";
  std::filesystem::remove(target);
  REQUIRE_THROWS_AS(
      arcwave::gen::write_xcsp_file(m, arcwave::gen::XcspDialect::kXcsp21, target.string()),
      arcwave::Unsupported);
  REQUIRE_FALSE(std::filesystem::exists(target));
  REQUIRE_FALSE(std::filesystem::exists(dir / "refused.xml.part"));
  // The same model in XCSP3 is written, through the temporary name, to the target.
  arcwave::gen::write_xcsp_file(m, arcwave::gen::XcspDialect::kXcsp3, target.string());
  std::ifstream in(target);
  const std::string written((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  REQUIRE(written == xcsp3_text(m));
  std::filesystem::remove_all(dir);
}

TEST_CASE("XCSP 2.1 expression rewriting keeps the meaning of every operator",
          "[instances][writer][expr]") {
  using arcwave::ExprOp;
  using arcwave::gen::ExprBuilder;
  struct Case {
    ExprOp op;
    std::uint32_t arity;
  };
  // Every operator the model has, at its smallest and at a larger arity where it has one.
  const Case cases[] = {
      {ExprOp::kNeg, 1},   {ExprOp::kAbs, 1},   {ExprOp::kAdd, 2}, {ExprOp::kAdd, 4},
      {ExprOp::kSub, 2},   {ExprOp::kMul, 3},   {ExprOp::kDiv, 2}, {ExprOp::kMod, 2},
      {ExprOp::kSqr, 1},   {ExprOp::kPow, 2},   {ExprOp::kMin, 1}, {ExprOp::kMin, 3},
      {ExprOp::kMax, 4},   {ExprOp::kDist, 2},  {ExprOp::kLt, 2},  {ExprOp::kLe, 2},
      {ExprOp::kGe, 2},    {ExprOp::kGt, 2},    {ExprOp::kNe, 2},  {ExprOp::kNe, 4},
      {ExprOp::kEq, 2},    {ExprOp::kEq, 3},    {ExprOp::kIn, 1},  {ExprOp::kIn, 4},
      {ExprOp::kNotIn, 1}, {ExprOp::kNotIn, 3}, {ExprOp::kNot, 1}, {ExprOp::kAnd, 1},
      {ExprOp::kAnd, 3},   {ExprOp::kOr, 3},    {ExprOp::kXor, 1}, {ExprOp::kXor, 3},
      {ExprOp::kIff, 2},   {ExprOp::kIff, 3},   {ExprOp::kImp, 2}, {ExprOp::kIf, 3}};
  std::mt19937_64 random(99);
  for (const Case& c : cases) {
    CAPTURE(std::string(arcwave::expr_op_info(c.op).name), c.arity);
    // Operands: slot i, except that every other one is offset by a constant (lifted too).
    ExprBuilder b;
    for (std::uint32_t i = 0; i < c.arity; ++i) {
      b.slot(i);
      if (i % 2 == 1) b.constant(static_cast<Value>(i) - 2).op(ExprOp::kAdd, 2);
    }
    b.op(c.op, c.arity);
    const std::shared_ptr<const arcwave::Expr> original = b.build();
    REQUIRE(original->well_formed());
    const arcwave::gen::LiftedExpr lifted = arcwave::gen::lift_xcsp21(*original, c.arity);
    REQUIRE(lifted.text.find("dist") == std::string::npos);
    REQUIRE(lifted.text.find("sqr") == std::string::npos);
    REQUIRE(lifted.text.find("imp") == std::string::npos);
    REQUIRE(lifted.text.find("set") == std::string::npos);
    const arcwave::ParsedExpression parsed = arcwave::parse_expression(
        lifted.text, [](std::size_t) { return arcwave::SourcePosition{}; });
    for (int trial = 0; trial < 300; ++trial) {
      std::vector<Value> slots(c.arity);
      for (Value& v : slots) v = static_cast<Value>(random() % 7) - 3;  // -3..3, zeros included
      std::vector<Value> params;
      for (const std::string& id : parsed.identifiers) {
        const std::size_t p = std::stoul(id.substr(1));  // "X<p>"
        params.push_back(p < c.arity ? slots[p] : lifted.constants[p - c.arity]);
      }
      CAPTURE(lifted.text, slots);
      REQUIRE(parsed.expr.evaluate(params) == original->evaluate(slots));
    }
  }
}
