// The propagators of noOverlap, cumulative and binPacking. Forms the dedicated propagators do
// not cover (negative lengths or heights, values beyond kSafeMagnitude, cumulative conditions
// other than le / lt, binPacking conditions that are not bounds) use the generic propagator.
#include <algorithm>

#include "propagation/cpu/globals/bin_packing.hpp"
#include "propagation/cpu/globals/boxes_projection.hpp"
#include "propagation/cpu/globals/cumulative.hpp"
#include "propagation/cpu/globals/disjunctive.hpp"
#include "propagation/cpu/globals/generic.hpp"
#include "propagation/cpu/globals/global_propagators.hpp"
#include "propagation/cpu/globals/no_overlap_boxes.hpp"
#include "propagation/cpu/globals/value_bounds.hpp"

namespace arcwave::cpu {

namespace {

template <typename C>
PropagatorList generic(int constraint, const std::vector<int>& scope, const C& c,
                       const ModelDomains& domains) {
  PropagatorList out;
  out.push_back(std::make_unique<GenericPropagator>(constraint, scope, Constraint{c}, domains));
  return out;
}

PropagatorList one(std::unique_ptr<Propagator> p) {
  PropagatorList out;
  out.push_back(std::move(p));
  return out;
}

bool all_safe(const std::vector<Term>& terms) {
  return std::all_of(terms.begin(), terms.end(), [](const Term& t) { return safe_magnitude(t); });
}

bool non_negative(const std::vector<Term>& terms) {
  return std::all_of(terms.begin(), terms.end(),
                     [](const Term& t) { return t.initial_min() >= 0; });
}

std::vector<Term> variables(const std::vector<int>& vars, const ModelDomains& domains) {
  std::vector<Term> out;
  for (int x : vars) out.push_back(Term::variable(x, domains));
  return out;
}

std::vector<Term> operands(const std::vector<Operand>& ops, const ModelDomains& domains) {
  std::vector<Term> out;
  for (const Operand& o : ops) out.push_back(Term::of(o, domains));
  return out;
}

// The smallest positive value a term can take, or 0 when it is never positive.
Value smallest_positive(const Term& t, const ModelDomains& domains) {
  if (!t.is_variable()) return std::max<Value>(t.initial_min(), 0);
  for (Value v : domains[static_cast<std::size_t>(t.var())])
    if (v > 0) return v;
  return 0;
}

// The tasks of a cumulative no two of which can ever run at once (each needs more than half the
// largest capacity whenever it needs anything) form a unary resource, whose rules (detectable
// precedences, not-first / not-last, edge finding) prune far more than time-tabling: a redundant
// disjunctive over them, a task present while its height is positive. Null below three tasks.
std::unique_ptr<Propagator> unary_part(int constraint,
                                       const std::vector<CumulativePropagator::Task>& tasks,
                                       Value capacity, const ModelDomains& domains) {
  std::vector<Term> starts, lengths, presence;
  std::vector<int> scope;
  for (const CumulativePropagator::Task& t : tasks) {
    const Value h = smallest_positive(t.height, domains);
    if (h == 0 || 2 * h <= capacity || t.length.initial_min() < 0) continue;
    starts.push_back(t.start);
    lengths.push_back(t.length);
    presence.push_back(t.height);
    for (const Term& term : {t.start, t.length, t.height})
      if (term.is_variable()) scope.push_back(term.var());
  }
  if (starts.size() < 3) return nullptr;
  std::sort(scope.begin(), scope.end());
  scope.erase(std::unique(scope.begin(), scope.end()), scope.end());
  return std::make_unique<DisjunctivePropagator>(constraint, std::move(scope), std::move(starts),
                                                 std::move(lengths), true, std::move(presence));
}

}  // namespace

PropagatorList make_propagators(int constraint, const std::vector<int>& scope,
                                const NoOverlapConstraint& c, const ModelDomains& domains) {
  std::vector<std::vector<Term>> origins, lengths;
  for (std::size_t i = 0; i < c.origins.size(); ++i) {
    origins.push_back(variables(c.origins[i], domains));
    lengths.push_back(operands(c.lengths[i], domains));
    if (!all_safe(origins.back()) || !all_safe(lengths.back()) || !non_negative(lengths.back()))
      return generic(constraint, scope, c, domains);
  }
  if (c.origins.empty() || c.origins.front().size() >= 2) {
    PropagatorList out;
    if (!c.origins.empty() && c.origins.front().size() == 2) {
      // Each axis seen as a cumulative whose capacity is the strip along the other axis.
      for (std::size_t axis = 0; axis < 2; ++axis) {
        std::vector<BoxesProjectionPropagator::Box> boxes;
        for (std::size_t i = 0; i < origins.size(); ++i)
          boxes.push_back(
              {origins[i][axis], lengths[i][axis], origins[i][1 - axis], lengths[i][1 - axis]});
        out.push_back(
            std::make_unique<BoxesProjectionPropagator>(constraint, scope, std::move(boxes)));
      }
    }
    out.insert(out.begin(),
               std::make_unique<NoOverlapBoxesPropagator>(constraint, scope, std::move(origins),
                                                          std::move(lengths), c.zero_ignored));
    return out;
  }
  std::vector<Term> starts, durations;
  for (std::size_t i = 0; i < origins.size(); ++i) {
    starts.push_back(origins[i].front());
    durations.push_back(lengths[i].front());
  }
  return one(std::make_unique<DisjunctivePropagator>(constraint, scope, std::move(starts),
                                                     std::move(durations), c.zero_ignored));
}

PropagatorList make_propagators(int constraint, const std::vector<int>& scope,
                                const CumulativeConstraint& c, const ModelDomains& domains) {
  const Condition& cond = c.condition;
  const bool bound =
      (cond.op == Relation::kLe || cond.op == Relation::kLt) &&
      (cond.kind == Condition::Kind::kConstant || cond.kind == Condition::Kind::kVariable);
  if (!bound) return generic(constraint, scope, c, domains);
  const Term capacity = cond.kind == Condition::Kind::kVariable
                            ? Term::variable(static_cast<int>(cond.value), domains)
                            : Term::constant(cond.value);
  std::vector<CumulativePropagator::Task> tasks;
  std::vector<Term> all{capacity};
  for (std::size_t i = 0; i < c.origins.size(); ++i) {
    CumulativePropagator::Task t;
    t.start = Term::variable(c.origins[i], domains);
    t.length = Term::of(c.lengths[i], domains);
    t.height = Term::of(c.heights[i], domains);
    if (!c.ends.empty()) {
      t.end = Term::variable(c.ends[i], domains);
      t.has_end = true;
      all.push_back(t.end);
    }
    if (t.height.initial_min() < 0) return generic(constraint, scope, c, domains);
    all.insert(all.end(), {t.start, t.length, t.height});
    tasks.push_back(t);
  }
  if (!all_safe(all)) return generic(constraint, scope, c, domains);
  const bool strict = cond.op == Relation::kLt;
  std::unique_ptr<Propagator> unary =
      unary_part(constraint, tasks, capacity.initial_max() - (strict ? 1 : 0), domains);
  PropagatorList out = one(std::make_unique<CumulativePropagator>(
      constraint, scope, std::move(tasks), capacity, strict));
  if (unary) out.push_back(std::move(unary));
  return out;
}

PropagatorList make_propagators(int constraint, const std::vector<int>& scope,
                                const BinPackingConstraint& c, const ModelDomains& domains) {
  using P = BinPackingPropagator;
  P::Spec spec;
  std::vector<Term> all;
  if (c.condition) {
    const Condition& cond = *c.condition;
    spec.form = P::Form::kCondition;
    spec.bins = c.bins;
    spec.op = cond.op;
    const bool constant_or_var =
        cond.kind == Condition::Kind::kConstant || cond.kind == Condition::Kind::kVariable;
    const bool order = cond.op == Relation::kLt || cond.op == Relation::kLe ||
                       cond.op == Relation::kGe || cond.op == Relation::kGt ||
                       cond.op == Relation::kEq;
    if (order && constant_or_var) {
      spec.rhs = cond.kind == Condition::Kind::kVariable
                     ? Term::variable(static_cast<int>(cond.value), domains)
                     : Term::constant(cond.value);
      all.push_back(spec.rhs);
    } else if (cond.op == Relation::kIn && cond.kind == Condition::Kind::kRange) {
      spec.range_lo = cond.lo;
      spec.range_hi = cond.hi;
      all.push_back(Term::constant(cond.lo));
      all.push_back(Term::constant(cond.hi));
    } else {
      return generic(constraint, scope, c, domains);
    }
    // The condition binds every listed bin; a value outside the list would be a bin bound only
    // when used, which this propagator does not model.
    for (int x : c.scope)
      for (Value v : domains[static_cast<std::size_t>(x)])
        if (!std::binary_search(c.bins.begin(), c.bins.end(), v))
          return generic(constraint, scope, c, domains);
  } else {
    spec.form = c.limits.empty() ? P::Form::kLoads : P::Form::kLimits;
    spec.bounds = operands(c.limits.empty() ? c.loads : c.limits, domains);
    for (std::size_t j = 0; j < spec.bounds.size(); ++j)
      spec.bins.push_back(c.start_index + static_cast<Value>(j));
    all = spec.bounds;
    all.push_back(Term::constant(c.start_index));
    all.push_back(Term::constant(c.start_index + static_cast<Value>(spec.bounds.size())));
  }
  Value total = 0;
  for (Value s : c.sizes) {
    if (s <= -kSafeMagnitude || s >= kSafeMagnitude) return generic(constraint, scope, c, domains);
    total += s < 0 ? -s : s;
    if (total >= kSafeMagnitude) return generic(constraint, scope, c, domains);
  }
  if (!all_safe(all)) return generic(constraint, scope, c, domains);
  return one(std::make_unique<P>(constraint, scope, c.scope, c.sizes, std::move(spec), domains));
}

}  // namespace arcwave::cpu
