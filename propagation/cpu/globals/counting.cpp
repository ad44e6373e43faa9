// The propagators of count, nValues, cardinality, allEqual and allDifferent over lists.
#include <algorithm>

#include "propagation/cpu/globals/all_different_lists.hpp"
#include "propagation/cpu/globals/all_equal.hpp"
#include "propagation/cpu/globals/cardinality_flow.hpp"
#include "propagation/cpu/globals/count.hpp"
#include "propagation/cpu/globals/global_propagators.hpp"
#include "propagation/cpu/globals/n_values.hpp"

namespace arcwave::cpu {

namespace {

// Is the occurrence condition an interval of counts (what the flow's bounds express exactly)?
bool interval_condition(const Condition& o) {
  return (o.kind == Condition::Kind::kConstant && o.op != Relation::kNe) ||
         (o.kind == Condition::Kind::kRange && o.op == Relation::kIn);
}

// The distinct variables of a count over `list`, `values` and `condition`.
std::vector<int> count_scope(const CountConstraint& c) {
  return constraint_scope(Constraint{c});
}

}  // namespace

PropagatorList make_propagators(int constraint, const std::vector<int>& scope,
                                const CountConstraint& c, const ModelDomains& domains) {
  PropagatorList out;
  out.push_back(std::make_unique<CountPropagator>(constraint, scope, c, domains));
  return out;
}

PropagatorList make_propagators(int constraint, const std::vector<int>& scope,
                                const NValuesConstraint& c, const ModelDomains& domains) {
  PropagatorList out;
  out.push_back(std::make_unique<NValuesPropagator>(constraint, scope, c, domains));
  return out;
}

PropagatorList make_propagators(int constraint, const std::vector<int>& scope,
                                const CardinalityConstraint& c, const ModelDomains& domains) {
  PropagatorList out;
  std::vector<Value> constants;
  for (const Operand& o : c.values)
    if (!o.is_variable) constants.push_back(o.value);
  std::sort(constants.begin(), constants.end());
  const bool flow = constants.size() == c.values.size() &&
                    std::adjacent_find(constants.begin(), constants.end()) == constants.end();
  if (flow) {
    std::vector<Value> values;
    for (const Operand& o : c.values) values.push_back(o.value);
    out.push_back(std::make_unique<CardinalityFlowPropagator>(constraint, scope, c.scope, values,
                                                              c.occurs, c.closed, domains));
  }
  // One count per value: all of them without the flow (value variables, a value listed twice);
  // with it, those whose condition the flow's bounds do not state exactly (an occurrence
  // variable, which the count filters, or a condition with holes).
  for (std::size_t j = 0; j < c.values.size(); ++j) {
    if (flow && interval_condition(c.occurs[j])) continue;
    CountConstraint count{c.scope, {c.values[j]}, c.occurs[j]};
    out.push_back(
        std::make_unique<CountPropagator>(constraint, count_scope(count), count, domains));
  }
  if (c.closed && !flow) {
    // closed: every position takes one of the values, that is, all of them are counted.
    Condition all;
    all.value = static_cast<Value>(c.scope.size());
    CountConstraint count{c.scope, c.values, all};
    out.push_back(
        std::make_unique<CountPropagator>(constraint, count_scope(count), count, domains));
  }
  return out;
}

PropagatorList make_propagators(int constraint, const std::vector<int>& scope,
                                const AllEqualConstraint&, const ModelDomains& domains) {
  PropagatorList out;
  out.push_back(std::make_unique<AllEqualPropagator>(constraint, scope, domains));
  return out;
}

PropagatorList make_propagators(int constraint, const std::vector<int>& scope,
                                const AllDifferentListsConstraint& c, const ModelDomains& domains) {
  PropagatorList out;
  out.push_back(std::make_unique<AllDifferentListsPropagator>(constraint, scope, c, domains));
  return out;
}

}  // namespace arcwave::cpu
