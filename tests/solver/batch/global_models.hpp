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

namespace arcwave::test {

/// How the searcher's fixpoints must relate to the CPU engine's.
enum class FixpointRelation {
  kEqual,   // the same domains, the same wipe-outs
  kWeaker,  // a superset of the CPU's domains, keeping every solution (proven weaker, sound)
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
