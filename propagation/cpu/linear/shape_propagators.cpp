// Definitions for propagation/cpu/linear/shape_propagators.hpp.
#include "propagation/cpu/linear/shape_propagators.hpp"

#include "propagation/cpu/linear/disjunction.hpp"
#include "propagation/cpu/linear/linear_eq.hpp"
#include "propagation/cpu/linear/linear_le.hpp"
#include "propagation/cpu/linear/linear_ne.hpp"

namespace arcwave::cpu {

std::vector<std::unique_ptr<Propagator>> make_shape_propagators(
    int constraint, const IntensionShape& shape, const std::vector<Domain>& domains) {
  std::vector<std::unique_ptr<Propagator>> out;
  std::vector<LinearLiteral> disequalities;
  for (const LinearClause& clause : shape.clauses) {
    if (clause.size() > 1) {
      out.push_back(std::make_unique<Disjunction>(constraint, clause, domains));
      continue;
    }
    const LinearLiteral& l = clause.front();
    if (l.op == Relation::kLe)
      out.push_back(std::make_unique<LinearLessEqual>(constraint, l, domains));
    else if (l.op == Relation::kEq)
      out.push_back(std::make_unique<LinearEqual>(constraint, l, domains));
    else
      disequalities.push_back(l);
  }
  if (!disequalities.empty())
    out.push_back(std::make_unique<LinearNotEqual>(constraint, disequalities, domains));
  return out;
}

std::string_view shape_kind(const IntensionShape& shape) {
  bool all_le = true;
  bool all_eq = true;
  bool all_ne = true;
  for (const LinearClause& clause : shape.clauses) {
    if (clause.size() > 1) return "disjunction";
    all_le = all_le && clause.front().op == Relation::kLe;
    all_eq = all_eq && clause.front().op == Relation::kEq;
    all_ne = all_ne && clause.front().op == Relation::kNe;
  }
  return all_le ? "linear <=" : all_eq ? "linear =" : all_ne ? "linear !=" : "linear";
}

}  // namespace arcwave::cpu
