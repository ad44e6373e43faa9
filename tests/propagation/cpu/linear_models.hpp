// tests/propagation/cpu/linear_models.hpp — random intension expressions of the forms that
// propagation/indexed/intension_shape recognises (linear sides, abs and dist, every comparison,
// n-ary eq / ne, in / notin, not / and / or / imp / iff / xor, a slot as a Boolean), the shapes
// of the real models (Golomb rulers, precedences, machine disjunctions, time sums), and a few
// that it must refuse (products of variables, division, min), over small random domains.
#pragma once

#include <random>
#include <vector>

#include <fmt/format.h>

#include "arcwave/model.hpp"

namespace arcwave::test {

class LinearModels {
 public:
  explicit LinearModels(std::uint64_t seed) : rng_(seed) {}

  int pick(int lo, int hi) {
    return lo + static_cast<int>(rng_() % static_cast<std::uint64_t>(hi - lo + 1));
  }
  bool chance(int percent) { return pick(1, 100) <= percent; }

  /// A random small domain: a range or a scattered set within -4..7.
  std::vector<Value> domain() {
    const int lo = pick(-4, 3);
    if (chance(40)) return range(lo, lo + pick(0, 4));
    std::vector<Value> d;
    for (Value v = lo; v <= lo + 6; ++v)
      if (chance(55)) d.push_back(v);
    if (d.empty()) d.push_back(lo);
    return d;
  }

  /// Appends a random Boolean expression over `slots` slots to the code being built.
  void boolean(int slots, int depth) {
    const int kind = depth <= 0 ? pick(0, 1) : pick(0, 8);
    switch (kind) {
      case 0:
      case 1:
        return comparison(slots);
      case 2:
        return membership(slots);
      case 3:
        boolean(slots, depth - 1);
        return op(ExprOp::kNot, 1);
      case 4:
      case 5: {
        const auto n = static_cast<std::uint32_t>(pick(2, 3));
        for (std::uint32_t k = 0; k < n; ++k) boolean(slots, depth - 1);
        return op(kind == 4 ? ExprOp::kAnd : ExprOp::kOr, n);
      }
      case 6:
        boolean(slots, depth - 1);
        boolean(slots, depth - 1);
        return op(ExprOp::kImp, 2);
      case 7:
        boolean(slots, depth - 1);
        boolean(slots, depth - 1);
        return op(chance(50) ? ExprOp::kIff : ExprOp::kXor, 2);
      default:
        return leaf_slot(slots);  // a slot read as a Boolean
    }
  }

  /// One of the shapes the real models use, or (one in five) a random expression.
  Expr expression(int slots) {
    code_.clear();
    const int c1 = pick(-3, 4);
    const int c2 = pick(-3, 4);
    switch (pick(0, 9)) {
      case 0:  // ne(dist(a,b),dist(c,d)): Golomb rulers, a slot possibly repeated
        slot(slots), slot(slots), op(ExprOp::kDist, 2), slot(slots), slot(slots),
            op(ExprOp::kDist, 2), op(ExprOp::kNe, 2);
        break;
      case 1:  // le(add(a,c),b): precedence
        slot(slots), constant(c1), op(ExprOp::kAdd, 2), slot(slots), op(ExprOp::kLe, 2);
        break;
      case 2:  // eq(a,add(b,c)) or eq(add(a,b),c)
        if (chance(50))
          slot(slots), slot(slots), constant(c1), op(ExprOp::kAdd, 2), op(ExprOp::kEq, 2);
        else
          slot(slots), slot(slots), op(ExprOp::kAdd, 2), slot(slots), op(ExprOp::kEq, 2);
        break;
      case 3: {  // or(ne(m1,m2), le(add(s1,d1),s2), le(add(s2,d2),s1))
        const bool machine = slots >= 4 && chance(50);
        if (machine) leaf(ExprOp::kSlot, 2), leaf(ExprOp::kSlot, 3), op(ExprOp::kNe, 2);
        leaf(ExprOp::kSlot, 0), constant(c1), op(ExprOp::kAdd, 2), leaf(ExprOp::kSlot, 1),
            op(ExprOp::kLe, 2);
        leaf(ExprOp::kSlot, 1), constant(c2), op(ExprOp::kAdd, 2), leaf(ExprOp::kSlot, 0),
            op(ExprOp::kLe, 2);
        op(ExprOp::kOr, machine ? 3 : 2);
        break;
      }
      case 4:  // imp(eq(a,c1),eq(b,c2)) or the iff
        slot(slots), constant(c1), op(ExprOp::kEq, 2), slot(slots), constant(c2),
            op(ExprOp::kEq, 2), op(chance(50) ? ExprOp::kImp : ExprOp::kIff, 2);
        break;
      case 5:  // ne(sub(a,b),sub(c,d))
        slot(slots), slot(slots), op(ExprOp::kSub, 2), slot(slots), slot(slots),
            op(ExprOp::kSub, 2), op(ExprOp::kNe, 2);
        break;
      case 6:  // refused: a product of two variables, a division, a minimum
        slot(slots), slot(slots);
        op(pick(0, 2) == 0 ? ExprOp::kMul : chance(50) ? ExprOp::kDiv : ExprOp::kMin, 2);
        slot(slots), op(ExprOp::kLe, 2);
        break;
      default:
        boolean(slots, 2);
        break;
    }
    return Expr(code_);
  }

 private:
  static std::vector<Value> range(Value lo, Value hi) {
    std::vector<Value> d;
    for (Value v = lo; v <= hi; ++v) d.push_back(v);
    return d;
  }

  void leaf(ExprOp o, Value operand) { code_.push_back({o, 0, operand}); }
  void op(ExprOp o, std::uint32_t arity) { code_.push_back({o, arity, 0}); }
  void constant(Value v) { leaf(ExprOp::kConst, v); }
  void slot(int slots) { leaf(ExprOp::kSlot, pick(0, slots - 1)); }
  void leaf_slot(int slots) { slot(slots); }

  void term(int slots, int depth) {
    switch (depth <= 0 ? pick(0, 1) : pick(0, 6)) {
      case 0:
        return slot(slots);
      case 1:
        return constant(pick(-3, 3));
      case 2:
        term(slots, depth - 1);
        return op(ExprOp::kNeg, 1);
      case 3: {
        const auto n = static_cast<std::uint32_t>(pick(2, 3));
        for (std::uint32_t k = 0; k < n; ++k) term(slots, depth - 1);
        return op(ExprOp::kAdd, n);
      }
      case 4:
        term(slots, depth - 1);
        term(slots, depth - 1);
        return op(ExprOp::kSub, 2);
      case 5:
        constant(pick(-3, 3));
        term(slots, depth - 1);
        return op(ExprOp::kMul, 2);
      default:
        term(slots, depth - 1);
        constant(pick(-2, 2));
        return op(ExprOp::kMul, 2);
    }
  }

  void side(int slots) {
    const int kind = pick(0, 5);
    if (kind == 0) {
      term(slots, 1);
      return op(ExprOp::kAbs, 1);
    }
    if (kind == 1) {
      term(slots, 1);
      term(slots, 1);
      return op(ExprOp::kDist, 2);
    }
    term(slots, 2);
  }

  void comparison(int slots) {
    static constexpr ExprOp kOps[] = {ExprOp::kLt, ExprOp::kLe, ExprOp::kGe,
                                      ExprOp::kGt, ExprOp::kEq, ExprOp::kNe};
    const ExprOp o = kOps[pick(0, 5)];
    std::uint32_t n = 2;
    if ((o == ExprOp::kEq || o == ExprOp::kNe) && chance(20)) n = 3;
    for (std::uint32_t k = 0; k < n; ++k) side(slots);
    op(o, n);
  }

  void membership(int slots) {
    side(slots);
    const auto n = static_cast<std::uint32_t>(pick(1, 3));
    for (std::uint32_t k = 0; k < n; ++k) constant(pick(-3, 5));
    op(chance(50) ? ExprOp::kIn : ExprOp::kNotIn, n + 1);
  }

  std::mt19937_64 rng_;
  std::vector<ExprInstr> code_;
};

}  // namespace arcwave::test
