// tests/solver/batch/global_models.hpp — small random models for the device propagators' tests:
// each holds a few constraints of one kind (over domains with holes and negative values) beside
// a few random binary constraints, small enough that every solution can be listed.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "arcwave/model.hpp"
#include "instances/csp/model_build.hpp"
#include "instances/csp/rng.hpp"
#include "propagation/indexed/indexed_model.hpp"

namespace arcwave::test {

/// How the searcher's fixpoints must relate to the CPU engine's.
enum class FixpointRelation {
  kEqual,   // the same domains, the same wipe-outs
  kWeaker,  // a superset of the CPU's domains, keeping every solution (proven weaker, sound)
  kSound,   // keeping every solution (a variable in several roles: neither side reaches GAC,
            // and the device, which revises a propagator again after its own removals, may
            // remove more than the CPU)
};

/// A kind of model: its name and how to add `count` constraints of the kind over variables
/// `vars` of `m`.
struct GlobalKind {
  std::string name;
  std::function<void(Model& m, const std::vector<int>& vars, gen::Rng& rng)> add;
  int variables = 6;      // in the model
  int constraints = 3;    // of the kind, at most
  Value lo = -3, hi = 5;  // the values domains are drawn from
  /// The CPU engine's allDifferent as the device's (value elimination) for equal fixpoints.
  bool value_elimination = false;
  FixpointRelation relation = FixpointRelation::kEqual;
  /// How the model is compiled (intensions left untabulated with a limit of 0).
  IndexOptions index = {};
};

/// A domain: a random subset of lo..hi with at least two values.
inline std::vector<Value> random_domain(gen::Rng& rng, Value lo, Value hi) {
  std::vector<Value> d;
  for (Value v = lo; v <= hi; ++v)
    if (rng.below(4) != 0) d.push_back(v);
  while (d.size() < 2) {
    const Value v = rng.between(lo, hi);
    if (std::find(d.begin(), d.end(), v) == d.end()) d.push_back(v);
  }
  std::sort(d.begin(), d.end());
  return d;
}

/// k distinct variables of `vars`, in random order.
inline std::vector<int> pick_vars(gen::Rng& rng, const std::vector<int>& vars, std::size_t k) {
  std::vector<int> v = vars;
  rng.shuffle(std::span<int>(v));
  v.resize(std::min(k, v.size()));
  return v;
}

/// A random condition: every operator against a constant, a variable (one of `rhs`), a range
/// or a set of values in lo..hi.
inline Condition random_condition(gen::Rng& rng, const std::vector<int>& rhs, Value lo, Value hi) {
  Condition c;
  switch (rng.below(rhs.empty() ? 8 : 10)) {
    case 0:
      c.op = Relation::kLt;
      break;
    case 1:
      c.op = Relation::kLe;
      break;
    case 2:
      c.op = Relation::kEq;
      break;
    case 3:
      c.op = Relation::kNe;
      break;
    case 4:
      c.op = Relation::kGe;
      break;
    case 5:
      c.op = Relation::kGt;
      break;
    case 6:
      c.op = rng.below(2) == 0 ? Relation::kIn : Relation::kNotIn;
      c.kind = Condition::Kind::kRange;
      c.lo = rng.between(lo, hi);
      c.hi = c.lo + rng.between(0, 3);
      return c;
    case 7:
      c.op = rng.below(2) == 0 ? Relation::kIn : Relation::kNotIn;
      c.kind = Condition::Kind::kSet;
      for (int i = 0; i < 3; ++i) c.set.push_back(rng.between(lo, hi));
      std::sort(c.set.begin(), c.set.end());
      c.set.erase(std::unique(c.set.begin(), c.set.end()), c.set.end());
      return c;
    default:
      c.op = static_cast<Relation>(rng.below(6));
      c.kind = Condition::Kind::kVariable;
      c.value = rhs[rng.below(rhs.size())];
      return c;
  }
  c.value = rng.between(lo, hi);
  return c;
}

void random_predicate(gen::ExprBuilder& b, gen::Rng& rng, std::uint32_t slots, int depth);

/// A random arithmetic term over slots 0..slots-1 (depth at most `depth`).
inline void random_term(gen::ExprBuilder& b, gen::Rng& rng, std::uint32_t slots, int depth) {
  if (depth == 0 || rng.below(3) == 0) {
    if (rng.below(4) == 0)
      b.constant(rng.between(-3, 4));
    else
      b.slot(static_cast<std::uint32_t>(rng.below(slots)));
    return;
  }
  static constexpr ExprOp kBinary[] = {ExprOp::kAdd, ExprOp::kSub, ExprOp::kMul, ExprOp::kDist,
                                       ExprOp::kMin, ExprOp::kMax, ExprOp::kDiv, ExprOp::kMod};
  switch (rng.below(5)) {
    case 0:
      random_term(b, rng, slots, depth - 1);
      b.op(rng.below(2) == 0 ? ExprOp::kAbs : (rng.below(2) == 0 ? ExprOp::kNeg : ExprOp::kSqr), 1);
      return;
    case 1:  // n-ary add
      for (int i = 0; i < 3; ++i) random_term(b, rng, slots, depth - 1);
      b.op(ExprOp::kAdd, 3);
      return;
    case 2:  // if
      random_predicate(b, rng, slots, depth - 1);
      random_term(b, rng, slots, depth - 1);
      random_term(b, rng, slots, depth - 1);
      b.op(ExprOp::kIf, 3);
      return;
    default:
      random_term(b, rng, slots, depth - 1);
      random_term(b, rng, slots, depth - 1);
      b.op(kBinary[rng.below(8)], 2);
  }
}

/// A random predicate over slots 0..slots-1: comparisons of terms, in / notin, n-ary eq / ne,
/// and logic over predicates.
inline void random_predicate(gen::ExprBuilder& b, gen::Rng& rng, std::uint32_t slots, int depth) {
  static constexpr ExprOp kCompare[] = {ExprOp::kLt, ExprOp::kLe, ExprOp::kGe,
                                        ExprOp::kGt, ExprOp::kEq, ExprOp::kNe};
  const auto pick = rng.below(depth > 0 ? 5 : 3);
  if (pick <= 1) {
    random_term(b, rng, slots, depth);
    random_term(b, rng, slots, depth);
    b.op(kCompare[rng.below(6)], 2);
  } else if (pick == 2) {
    random_term(b, rng, slots, depth);
    for (int i = 0; i < 3; ++i) b.constant(rng.between(-2, 5));
    b.op(rng.below(2) == 0 ? ExprOp::kIn : ExprOp::kNotIn, 4);
  } else if (pick == 3) {
    for (std::uint32_t i = 0; i < 3; ++i) random_term(b, rng, slots, depth - 1);
    b.op(rng.below(2) == 0 ? ExprOp::kEq : ExprOp::kNe, 3);
  } else {
    static constexpr ExprOp kLogic[] = {ExprOp::kAnd, ExprOp::kOr, ExprOp::kXor, ExprOp::kIff,
                                        ExprOp::kImp};
    const ExprOp op = kLogic[rng.below(5)];
    random_predicate(b, rng, slots, depth - 1);
    random_predicate(b, rng, slots, depth - 1);
    if (rng.below(3) == 0) b.op(ExprOp::kNot, 1);
    b.op(op, 2);
  }
}

/// A binary intension over two of `vars`: x + y != k or |x - y| > k.
inline void add_random_binary(Model& m, const std::vector<int>& vars, gen::Rng& rng) {
  const std::vector<int> xy = pick_vars(rng, vars, 2);
  gen::ExprBuilder b;
  if (rng.below(2) == 0)
    b.slot(0).slot(1).op(ExprOp::kAdd, 2).constant(rng.between(-2, 6)).op(ExprOp::kNe, 2);
  else
    b.slot(0).slot(1).op(ExprOp::kDist, 2).constant(rng.between(0, 1)).op(ExprOp::kGt, 2);
  m.add_constraint(IntensionConstraint{xy, b.build()});
}

/// A model of `kind`: kind.variables variables, 1 to kind.constraints constraints of the kind,
/// 0 to 2 binary intensions.
inline Model global_model(const GlobalKind& kind, std::uint64_t seed) {
  gen::Rng rng(seed);
  Model m;
  std::vector<int> vars;
  for (int i = 0; i < kind.variables; ++i)
    vars.push_back(m.add_variable("x" + std::to_string(i), random_domain(rng, kind.lo, kind.hi)));
  const auto constraints = 1 + rng.below(static_cast<std::uint64_t>(kind.constraints));
  for (std::uint64_t k = 0; k < constraints; ++k) kind.add(m, vars, rng);
  const auto binaries = rng.below(3);
  for (std::uint64_t k = 0; k < binaries; ++k) add_random_binary(m, vars, rng);
  return m;
}

}  // namespace arcwave::test
