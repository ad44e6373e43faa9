// Definitions for solver/batch/props/layout.hpp.
#include "solver/batch/props/layout.hpp"

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "solver/batch/props/prop_kinds.hpp"

namespace arcwave::batch {

namespace {

PropSpec sum_spec(const IndexedSum& s) {
  PropSpec p;
  p.kind = kPropSum;
  p.scope = s.scope;
  p.data.push_back(static_cast<long long>(s.scope.size()));
  append_condition(p.data, s.condition);
  for (std::size_t i = 0; i < s.scope.size(); ++i) {
    p.data.push_back(s.scope[i]);
    p.data.push_back(s.coeffs[i]);
  }
  return p;
}

PropSpec all_different_spec(const IndexedAllDifferent& a) {
  PropSpec p;
  p.kind = kPropAllDifferent;
  p.scope = a.scope;
  p.data.push_back(static_cast<long long>(a.scope.size()));
  p.data.insert(p.data.end(), a.scope.begin(), a.scope.end());
  p.data.push_back(static_cast<long long>(a.except.size()));
  p.data.insert(p.data.end(), a.except.begin(), a.except.end());
  return p;
}

}  // namespace

void append_condition(std::vector<long long>& data, const Condition& c) {
  data.push_back(static_cast<long long>(c.op));
  data.push_back(static_cast<long long>(c.kind));
  data.push_back(c.value);
  data.push_back(c.lo);
  data.push_back(c.hi);
  data.push_back(static_cast<long long>(c.set.size()));
  data.insert(data.end(), c.set.begin(), c.set.end());
}

std::optional<std::string> prop_refusal(const IndexedConstraint& c) {
  if (std::holds_alternative<IndexedSum>(c) || std::holds_alternative<IndexedAllDifferent>(c))
    return std::nullopt;
  if (std::holds_alternative<IndexedIntension>(c))
    return std::string("an intension too large to tabulate");
  if (std::holds_alternative<IndexedElement>(c)) return std::string("element");
  if (const auto* g = std::get_if<IndexedGlobal>(&c))
    return std::string(constraint_kind(g->constraint));
  return std::string("a constraint without a device propagator");
}

std::vector<PropSpec> prop_specs(const IndexedModel& /*model*/, const IndexedConstraint& c) {
  if (const auto* s = std::get_if<IndexedSum>(&c)) return {sum_spec(*s)};
  if (const auto* a = std::get_if<IndexedAllDifferent>(&c)) return {all_different_spec(*a)};
  throw Unsupported(SourcePosition{}, "batch search: no device propagator for this constraint");
}

}  // namespace arcwave::batch
