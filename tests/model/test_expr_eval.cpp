// Expression semantics, operator by operator, as the XCSP 2.1 and XCSP3 specifications define
// them (built directly as postfix programs; the grammar has its own tests).
#include <limits>
#include <optional>
#include <vector>

#include "arcwave/expr.hpp"
#include "tests/support/catch.hpp"

using namespace arcwave;

namespace {

ExprInstr c(Value v) {
  return {ExprOp::kConst, 0, v};
}
ExprInstr s(Value i) {
  return {ExprOp::kSlot, 0, i};
}
ExprInstr op(ExprOp o, std::uint32_t arity) {
  return {o, arity, 0};
}

std::optional<Value> eval(std::vector<ExprInstr> code, std::vector<Value> slots = {}) {
  const Expr e(std::move(code));
  REQUIRE(e.well_formed());
  return e.evaluate(slots);
}

struct Row {
  ExprOp op;
  std::vector<Value> args;
  std::optional<Value> expected;
};

}  // namespace

TEST_CASE("every operator evaluates as specified", "[expr]") {
  constexpr Value kMax = std::numeric_limits<Value>::max();
  constexpr Value kMin = std::numeric_limits<Value>::min();
  const std::vector<Row> rows = {
      {ExprOp::kNeg, {5}, -5},
      {ExprOp::kNeg, {kMin}, std::nullopt},
      {ExprOp::kAbs, {-7}, 7},
      {ExprOp::kAbs, {7}, 7},
      {ExprOp::kAdd, {2, 3}, 5},
      {ExprOp::kAdd, {1, 2, 3, 4}, 10},
      {ExprOp::kAdd, {kMax, 1}, std::nullopt},
      {ExprOp::kSub, {2, 5}, -3},
      {ExprOp::kSub, {kMin, 1}, std::nullopt},
      {ExprOp::kMul, {-3, 4}, -12},
      {ExprOp::kMul, {2, 3, 4}, 24},
      {ExprOp::kMul, {kMax, 2}, std::nullopt},
      {ExprOp::kDiv, {7, 2}, 3},
      {ExprOp::kDiv, {-7, 2}, -3},  // truncation toward zero
      {ExprOp::kDiv, {7, 0}, std::nullopt},
      {ExprOp::kDiv, {kMin, -1}, std::nullopt},
      {ExprOp::kMod, {7, 3}, 1},
      {ExprOp::kMod, {-7, 3}, -1},  // sign of the dividend
      {ExprOp::kMod, {7, -3}, 1},
      {ExprOp::kMod, {7, 0}, std::nullopt},
      {ExprOp::kMod, {kMin, -1}, 0},
      {ExprOp::kSqr, {-9}, 81},
      {ExprOp::kSqr, {kMax}, std::nullopt},
      {ExprOp::kPow, {2, 10}, 1024},
      {ExprOp::kPow, {-3, 3}, -27},
      {ExprOp::kPow, {5, 0}, 1},
      {ExprOp::kPow, {2, -1}, std::nullopt},
      {ExprOp::kPow, {2, 64}, std::nullopt},
      {ExprOp::kMin, {4, -2, 9}, -2},
      {ExprOp::kMax, {4, -2, 9}, 9},
      {ExprOp::kDist, {3, 10}, 7},
      {ExprOp::kDist, {10, 3}, 7},
      {ExprOp::kLt, {1, 2}, 1},
      {ExprOp::kLt, {2, 2}, 0},
      {ExprOp::kLe, {2, 2}, 1},
      {ExprOp::kGe, {1, 2}, 0},
      {ExprOp::kGt, {3, 2}, 1},
      {ExprOp::kEq, {4, 4}, 1},
      {ExprOp::kEq, {4, 4, 5}, 0},
      {ExprOp::kNe, {4, 5}, 1},
      {ExprOp::kNe, {1, 2, 1}, 0},
      {ExprOp::kNe, {1, 2, 3}, 1},
      {ExprOp::kIn, {3, 1, 3, 5}, 1},
      {ExprOp::kIn, {4, 1, 3, 5}, 0},
      {ExprOp::kIn, {4}, 0},  // empty set
      {ExprOp::kNotIn, {4, 1, 3, 5}, 1},
      {ExprOp::kNot, {0}, 1},
      {ExprOp::kNot, {7}, 0},
      {ExprOp::kAnd, {1, 1, 1}, 1},
      {ExprOp::kAnd, {1, 0}, 0},
      {ExprOp::kOr, {0, 0}, 0},
      {ExprOp::kOr, {0, 1, 0}, 1},
      {ExprOp::kXor, {1, 1}, 0},
      {ExprOp::kXor, {1, 1, 1}, 1},
      {ExprOp::kIff, {1, 1}, 1},
      {ExprOp::kIff, {0, 1}, 0},
      {ExprOp::kIff, {0, 0, 0}, 1},
      {ExprOp::kImp, {0, 0}, 1},
      {ExprOp::kImp, {1, 0}, 0},
      {ExprOp::kImp, {1, 1}, 1},
      {ExprOp::kIf, {1, 10, 20}, 10},
      {ExprOp::kIf, {0, 10, 20}, 20},
  };
  for (const Row& row : rows) {
    std::vector<ExprInstr> code;
    for (Value v : row.args) code.push_back(c(v));
    code.push_back(op(row.op, static_cast<std::uint32_t>(row.args.size())));
    INFO(expr_op_info(row.op).name << " with " << row.args.size() << " operands");
    CHECK(eval(code) == row.expected);
  }
}

TEST_CASE("undefined propagates, but only through the branch `if` selects", "[expr]") {
  // if(x, 1, div(1, 0)): defined when x is true.
  const std::vector<ExprInstr> code = {
      s(0), c(1), c(1), c(0), op(ExprOp::kDiv, 2), op(ExprOp::kIf, 3)};
  CHECK(eval(code, {1}) == 1);
  CHECK(eval(code, {0}) == std::nullopt);
  // eq(div(x, y), 2) is unsatisfied (not an error) when y = 0.
  const Expr e({s(0), s(1), op(ExprOp::kDiv, 2), c(2), op(ExprOp::kEq, 2)});
  CHECK(e.satisfied(std::vector<Value>{4, 2}));
  CHECK_FALSE(e.satisfied(std::vector<Value>{4, 0}));
}

TEST_CASE("well_formed rejects malformed programs", "[expr]") {
  CHECK_FALSE(Expr({c(1), c(2)}).well_formed());
  CHECK_FALSE(Expr({c(1), op(ExprOp::kAdd, 2)}).well_formed());
  CHECK_FALSE(Expr({c(1), c(2), op(ExprOp::kSub, 3)}).well_formed());
  CHECK_FALSE(Expr({c(1), c(2), c(3), op(ExprOp::kIf, 2)}).well_formed());
  CHECK(Expr({c(1)}).well_formed());
}

TEST_CASE("binding parameters and renumbering slots", "[expr]") {
  // eq(%0, add(%1, 1)) bound to (slot 1, constant 4) then (slot 0)
  const Expr tmpl({{ExprOp::kParam, 0, 0},
                   {ExprOp::kParam, 0, 1},
                   c(1),
                   op(ExprOp::kAdd, 2),
                   op(ExprOp::kEq, 2)});
  CHECK(tmpl.param_count() == 2);
  const std::vector<Expr::Binding> b = {{false, 1}, {true, 4}};
  const Expr bound = tmpl.bind(b);
  CHECK(bound.param_count() == 0);
  CHECK(bound.slot_count() == 2);
  CHECK(bound.satisfied(std::vector<Value>{0, 5}));
  CHECK_FALSE(bound.satisfied(std::vector<Value>{5, 0}));
  const std::vector<std::uint32_t> map = {1, 0};
  CHECK(bound.remap_slots(map).satisfied(std::vector<Value>{5, 0}));
  const std::vector<std::string> names = {"x", "y"};
  CHECK(bound.to_string(names) == "eq(y,add(4,1))");
}

TEST_CASE("deep programs evaluate without recursion", "[expr]") {
  // neg(neg(...(1))) 100000 deep: an iterative evaluator must not overflow the stack.
  std::vector<ExprInstr> code = {c(1)};
  for (int i = 0; i < 100000; ++i) code.push_back(op(ExprOp::kNeg, 1));
  CHECK(Expr(code).evaluate({}) == 1);
}

TEST_CASE("operator lookup by name", "[expr]") {
  for (const char* name : {"neg", "abs",   "add",  "sub", "mul", "div", "mod", "sqr", "pow",
                           "min", "max",   "dist", "lt",  "le",  "ge",  "gt",  "ne",  "eq",
                           "in",  "notin", "not",  "and", "or",  "xor", "iff", "imp", "if"}) {
    const ExprOpInfo* info = find_expr_op(name);
    REQUIRE(info != nullptr);
    CHECK(info->name == name);
    CHECK(&expr_op_info(info->op) == info);
  }
  CHECK(find_expr_op("foo") == nullptr);
  CHECK(find_expr_op("<const>") == nullptr);
}
