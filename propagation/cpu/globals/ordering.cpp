// The propagators of ordered, lex and precedence: ordered.hpp on the chain of links, one
// lex.hpp propagator per pair of consecutive lists, precedence.hpp on the chain of values.
#include <algorithm>

#include "propagation/cpu/globals/global_propagators.hpp"
#include "propagation/cpu/globals/lex.hpp"
#include "propagation/cpu/globals/ordered.hpp"
#include "propagation/cpu/globals/precedence.hpp"

namespace arcwave::cpu {

namespace {

std::vector<int> distinct_variables(const std::vector<Operand>& a, const std::vector<Operand>& b) {
  std::vector<int> vars;
  for (const auto* list : {&a, &b})
    for (const Operand& o : *list) {
      const auto x = static_cast<int>(o.value);
      if (o.is_variable && std::find(vars.begin(), vars.end(), x) == vars.end()) vars.push_back(x);
    }
  return vars;
}

}  // namespace

PropagatorList make_propagators(int constraint, const std::vector<int>& scope,
                                const OrderedConstraint& c, const ModelDomains& domains) {
  PropagatorList out;
  out.push_back(std::make_unique<OrderedPropagator>(constraint, scope, c, domains));
  return out;
}

PropagatorList make_propagators(int constraint, const std::vector<int>& /*scope*/,
                                const LexConstraint& c, const ModelDomains& domains) {
  const bool increasing = c.op == Relation::kLt || c.op == Relation::kLe;
  const bool strict = c.op == Relation::kLt || c.op == Relation::kGt;
  PropagatorList out;
  for (std::size_t l = 0; l + 1 < c.lists.size(); ++l) {
    const std::vector<Operand>& x = increasing ? c.lists[l] : c.lists[l + 1];
    const std::vector<Operand>& y = increasing ? c.lists[l + 1] : c.lists[l];
    out.push_back(std::make_unique<LexPropagator>(constraint, distinct_variables(x, y), x, y,
                                                  strict, domains));
  }
  return out;
}

PropagatorList make_propagators(int constraint, const std::vector<int>& scope,
                                const PrecedenceConstraint& c, const ModelDomains& domains) {
  PropagatorList out;
  out.push_back(std::make_unique<PrecedencePropagator>(constraint, scope, c, domains));
  return out;
}

}  // namespace arcwave::cpu
