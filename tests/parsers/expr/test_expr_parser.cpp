// The expression grammar on valid input: every operator of XCSP 2.1 and XCSP3 parses and
// evaluates to the value the specifications define; identifiers, parameters, subscripts,
// whitespace and Booleans; and a property test against an independent tree evaluator.
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "tests/parsers/expr/expr_test_support.hpp"
#include "tests/support/catch.hpp"

using namespace arcwave;
using arcwave::test::parse;
using arcwave::test::parse_and_eval;

namespace {

struct Row {
  const char* text;
  std::optional<Value> expected;
};

void check_rows(const std::vector<Row>& rows, const std::map<std::string, Value>& values = {}) {
  for (const Row& row : rows) {
    INFO(row.text);
    CHECK(parse_and_eval(row.text, values) == row.expected);
  }
}

}  // namespace

TEST_CASE("XCSP 2.1 operators evaluate as the 2.1 specification defines", "[expr][parser]") {
  // XCSP 2.1 operators are unary, binary (arithmetic, relational, logic) or ternary (if).
  check_rows({
      {"neg(5)", -5},
      {"neg(-5)", 5},
      {"abs(-7)", 7},
      {"abs(7)", 7},
      {"add(2,3)", 5},
      {"sub(2,5)", -3},
      {"mul(-3,4)", -12},
      {"div(7,2)", 3},
      {"div(-7,2)", -3},
      {"div(7,0)", std::nullopt},
      {"mod(7,3)", 1},
      {"mod(-7,3)", -1},
      {"mod(7,0)", std::nullopt},
      {"pow(2,10)", 1024},
      {"pow(-2,3)", -8},
      {"pow(2,-1)", std::nullopt},
      {"min(4,-2)", -2},
      {"max(4,-2)", 4},
      {"eq(3,3)", 1},
      {"eq(3,4)", 0},
      {"ne(3,4)", 1},
      {"ne(3,3)", 0},
      {"ge(3,3)", 1},
      {"ge(2,3)", 0},
      {"gt(4,3)", 1},
      {"gt(3,3)", 0},
      {"le(3,3)", 1},
      {"le(4,3)", 0},
      {"lt(2,3)", 1},
      {"lt(3,3)", 0},
      {"not(0)", 1},
      {"not(1)", 0},
      {"and(1,1)", 1},
      {"and(1,0)", 0},
      {"or(0,0)", 0},
      {"or(0,1)", 1},
      {"xor(1,0)", 1},
      {"xor(1,1)", 0},
      {"iff(0,0)", 1},
      {"iff(1,0)", 0},
      {"if(1,10,20)", 10},
      {"if(0,10,20)", 20},
      {"true", 1},
      {"false", 0},
      {"and(true,not(false))", 1},
      {"if(false,div(1,0),3)", 3},
  });
}

TEST_CASE("XCSP3 operators, including the n-ary forms, evaluate as specified", "[expr][parser]") {
  check_rows({
      {"add(1,2,3,4)", 10},
      {"mul(2,3,4)", 24},
      {"min(4,-2,9)", -2},
      {"max(4,-2,9)", 9},
      {"sqr(-9)", 81},
      {"dist(3,10)", 7},
      {"dist(10,3)", 7},
      {"eq(4,4,4)", 1},
      {"eq(4,4,5)", 0},
      {"ne(1,2,3)", 1},
      {"ne(1,2,1)", 0},
      {"and(1,1,1)", 1},
      {"and(1,1,0)", 0},
      {"or(0,0,1)", 1},
      {"or(0,0,0)", 0},
      {"xor(1,1,1)", 1},
      {"xor(1,1,0,0)", 0},
      {"iff(1,1,1)", 1},
      {"iff(0,0,1)", 0},
      {"imp(0,0)", 1},
      {"imp(1,0)", 0},
      {"imp(1,1)", 1},
      {"in(3,set(1,3,5))", 1},
      {"in(4,set(1,3,5))", 0},
      {"in(4,set())", 0},
      {"notin(4,set(1,3,5))", 1},
      {"notin(3,set(1,3,5))", 0},
      {"in(add(1,2),set(sub(5,2)))", 1},
      {"if(in(2,set(2)),sqr(3),0)", 9},
  });
}

TEST_CASE("integers: signs, extremes and 64-bit overflow at evaluation", "[expr][parser]") {
  constexpr Value kMax = std::numeric_limits<Value>::max();
  constexpr Value kMin = std::numeric_limits<Value>::min();
  check_rows({
      {"+5", 5},
      {"-0", 0},
      {"9223372036854775807", kMax},
      {"-9223372036854775808", kMin},
      {"add(9223372036854775807,1)", std::nullopt},
      {"neg(-9223372036854775808)", std::nullopt},
      {"sub(-9223372036854775808,1)", std::nullopt},
      {"mul(4611686018427387904,2)", std::nullopt},
      {"sqr(4294967296)", std::nullopt},
      {"pow(2,62)", Value{1} << 62},
      {"pow(2,63)", std::nullopt},
  });
}

TEST_CASE("identifiers become slots in order of first appearance", "[expr][parser]") {
  const ParsedExpression p = parse("eq(X1,add(X0,X0,1))");
  CHECK(p.identifiers == std::vector<std::string>{"X1", "X0"});
  CHECK(p.expr.slot_count() == 2);
  CHECK(p.expr.well_formed());
  CHECK(p.expr.satisfied(std::vector<Value>{9, 4}));  // X1 = 9, X0 = 4
  CHECK_FALSE(p.expr.satisfied(std::vector<Value>{9, 3}));
  CHECK(p.expr.to_string(p.identifiers) == "eq(X1,add(X0,X0,1))");
}

TEST_CASE("XCSP3 references with subscripts are single identifiers", "[expr][parser]") {
  const ParsedExpression p = parse("le(dist(x[0][12],y_2[3]),x[0][12])");
  CHECK(p.identifiers == std::vector<std::string>{"x[0][12]", "y_2[3]"});
  CHECK(p.expr.code().size() == 5);
  CHECK(parse_and_eval("eq(x[0],add(y,1))", {{"x[0]", 4}, {"y", 3}}) == 1);
  CHECK(parse_and_eval("eq(x[0],add(y,1))", {{"x[0]", 4}, {"y", 4}}) == 0);
}

TEST_CASE("XCSP3 parameters become parameter leaves", "[expr][parser]") {
  const ParsedExpression p = parse("le(dist(x[0],x[1]),%2)");
  CHECK(p.expr.param_count() == 3);
  CHECK(p.identifiers == std::vector<std::string>{"x[0]", "x[1]"});
  CHECK(parse("eq(%999999,1)").expr.param_count() == 1000000);
  const ParsedExpression q = parse("eq(%0,add(%1,%0))");
  REQUIRE(q.expr.code().size() == 5);
  CHECK(q.expr.code()[0] == ExprInstr{ExprOp::kParam, 0, 0});
  CHECK(q.expr.code()[1] == ExprInstr{ExprOp::kParam, 0, 1});
  const std::vector<Expr::Binding> bindings = {{false, 0}, {true, 3}};
  const Expr bound = q.expr.bind(bindings);  // eq(s0, add(3, s0)) is never true
  CHECK_FALSE(bound.satisfied(std::vector<Value>{3}));
}

TEST_CASE("whitespace between tokens is allowed, inside tokens it is not needed",
          "[expr][parser]") {
  CHECK(parse_and_eval("  eq ( add ( X , 1 ) ,\n\t3 )\r\n ", {{"X", 2}}) == 1);
  CHECK(parse_and_eval("in( 3 , set( 1 , 3 ) )") == 1);
  CHECK(parse("ne(X0,X1)").expr == parse(" ne( X0 ,X1 ) ").expr);
}

TEST_CASE("in and notin fold their set into one instruction", "[expr][parser]") {
  const ParsedExpression p = parse("in(x,set(1,2,3))");
  REQUIRE(p.expr.code().size() == 5);
  CHECK(p.expr.code().back() == ExprInstr{ExprOp::kIn, 4, 0});
  CHECK(parse("notin(x,set())").expr.code().back() == ExprInstr{ExprOp::kNotIn, 1, 0});
}

TEST_CASE("nesting up to kMaxExprDepth levels parses", "[expr][parser]") {
  std::string text;
  for (int i = 0; i < kMaxExprDepth; ++i) text += "neg(";
  text += "7";
  text += std::string(static_cast<std::size_t>(kMaxExprDepth), ')');
  const ParsedExpression p = parse(text);
  CHECK(p.expr.evaluate({}) == (kMaxExprDepth % 2 == 0 ? 7 : -7));
  // A long flat argument list is not nesting.
  std::string flat = "add(";
  for (int i = 0; i < 100000; ++i) flat += i == 0 ? "1" : ",1";
  flat += ")";
  CHECK(parse_and_eval(flat) == 100000);
}

namespace {

// An independent reference: expression trees, printed in the functional syntax and evaluated
// recursively with the specifications' semantics (undefined: division/modulo by zero,
// negative exponent, 64-bit overflow; `if` takes the branch it selects).
struct Node {
  std::string op;  // "" for a leaf
  Value value = 0;
  int var = -1;  // leaf variable index, or -1 for a constant
  std::vector<Node> kids;
};

std::string print(const Node& n) {
  if (n.op.empty())
    return n.var >= 0 ? "v[" + std::to_string(n.var) + "]" : std::to_string(n.value);
  std::string s = n.op + "(";
  for (std::size_t i = 0; i < n.kids.size(); ++i) {
    if (i > 0) s += ",";
    if (n.op == "in" && i == 1) s += "set(";
    s += print(n.kids[i]);
  }
  if (n.op == "in") s += n.kids.size() == 1 ? ",set()" : ")";
  return s + ")";
}

std::optional<Value> reference_eval(const Node& n, const std::vector<Value>& vars) {
  if (n.op.empty()) return n.var >= 0 ? vars[static_cast<std::size_t>(n.var)] : n.value;
  if (n.op == "if") {
    const auto c = reference_eval(n.kids[0], vars);
    if (!c) return std::nullopt;
    return reference_eval(n.kids[*c != 0 ? 1 : 2], vars);
  }
  std::vector<Value> a;
  for (const Node& k : n.kids) {
    const auto v = reference_eval(k, vars);
    if (!v) return std::nullopt;
    a.push_back(*v);
  }
  Value r = 0;
  if (n.op == "add") {
    for (Value v : a)
      if (__builtin_add_overflow(r, v, &r)) return std::nullopt;
    return r;
  }
  if (n.op == "mul") {
    r = 1;
    for (Value v : a)
      if (__builtin_mul_overflow(r, v, &r)) return std::nullopt;
    return r;
  }
  if (n.op == "sub") {
    if (__builtin_sub_overflow(a[0], a[1], &r)) return std::nullopt;
    return r;
  }
  if (n.op == "div") {
    if (a[1] == 0 || (a[0] == std::numeric_limits<Value>::min() && a[1] == -1)) return std::nullopt;
    return a[0] / a[1];
  }
  if (n.op == "mod") {
    if (a[1] == 0) return std::nullopt;
    return a[1] == -1 ? 0 : a[0] % a[1];
  }
  if (n.op == "abs") {
    if (a[0] == std::numeric_limits<Value>::min()) return std::nullopt;
    return a[0] < 0 ? -a[0] : a[0];
  }
  if (n.op == "min") return *std::min_element(a.begin(), a.end());
  if (n.op == "max") return *std::max_element(a.begin(), a.end());
  if (n.op == "lt") return a[0] < a[1];
  if (n.op == "le") return a[0] <= a[1];
  if (n.op == "eq") return std::all_of(a.begin(), a.end(), [&](Value v) { return v == a[0]; });
  if (n.op == "not") return a[0] == 0;
  if (n.op == "and") return std::all_of(a.begin(), a.end(), [](Value v) { return v != 0; });
  if (n.op == "or") return std::any_of(a.begin(), a.end(), [](Value v) { return v != 0; });
  if (n.op == "imp") return a[0] == 0 || a[1] != 0;
  if (n.op == "in") return std::find(a.begin() + 1, a.end(), a[0]) != a.end();
  throw std::logic_error("reference: unknown op " + n.op);
}

Node random_tree(std::mt19937_64& rng, int depth, int nvars) {
  std::uniform_int_distribution<int> pick(0, 99);
  if (depth == 0 || pick(rng) < 25) {
    Node leaf;
    if (pick(rng) < 50) {
      leaf.var = std::uniform_int_distribution<int>(0, nvars - 1)(rng);
    } else {
      leaf.value = std::uniform_int_distribution<Value>(-6, 6)(rng);
    }
    return leaf;
  }
  static const std::vector<std::pair<std::string, std::pair<int, int>>> kOps = {
      {"add", {2, 4}}, {"mul", {2, 3}}, {"sub", {2, 2}}, {"div", {2, 2}}, {"mod", {2, 2}},
      {"abs", {1, 1}}, {"min", {2, 4}}, {"max", {2, 4}}, {"lt", {2, 2}},  {"le", {2, 2}},
      {"eq", {2, 3}},  {"not", {1, 1}}, {"and", {2, 3}}, {"or", {2, 3}},  {"imp", {2, 2}},
      {"if", {3, 3}},  {"in", {1, 4}}};
  const auto& [name, arity] =
      kOps[std::uniform_int_distribution<std::size_t>(0, kOps.size() - 1)(rng)];
  Node n;
  n.op = name;
  const int k = std::uniform_int_distribution<int>(arity.first, arity.second)(rng);
  for (int i = 0; i < k; ++i) n.kids.push_back(random_tree(rng, depth - 1, nvars));
  return n;
}

}  // namespace

TEST_CASE("random expressions: parse then evaluate agrees with a tree evaluator",
          "[expr][parser][property]") {
  std::mt19937_64 rng(20261123);
  constexpr int kVars = 4;
  for (int round = 0; round < 2000; ++round) {
    const Node tree = random_tree(rng, 5, kVars);
    const std::string text = print(tree);
    INFO(text);
    const ParsedExpression p = parse(text);
    REQUIRE(p.expr.well_formed());
    // Slots are numbered by first appearance: map them back to the variables v[i].
    std::vector<int> slot_var;
    for (const std::string& id : p.identifiers) slot_var.push_back(std::stoi(id.substr(2)));
    for (int trial = 0; trial < 5; ++trial) {
      std::vector<Value> vars(kVars);
      for (Value& v : vars) v = std::uniform_int_distribution<Value>(-4, 4)(rng);
      std::vector<Value> slots;
      for (int v : slot_var) slots.push_back(vars[static_cast<std::size_t>(v)]);
      CHECK(p.expr.evaluate(slots) == reference_eval(tree, vars));
    }
    // Printing the parsed program with its identifiers gives back the same text.
    CHECK(p.expr.to_string(p.identifiers) == text);
  }
}
