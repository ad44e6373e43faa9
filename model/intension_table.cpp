// Definitions for model/intension_table.hpp.
#include "model/intension_table.hpp"

#include <limits>

namespace arcwave {

std::shared_ptr<const Table> intension_to_table(const Model& model, const IntensionConstraint& c,
                                                std::size_t limit) {
  const std::size_t arity = c.scope.size();
  std::vector<const std::vector<Value>*> domains(arity);
  std::size_t product = 1;
  for (std::size_t i = 0; i < arity; ++i) {
    const Domain& d = model.variables()[c.scope[i]].domain;
    if (d.large()) return nullptr;  // more values than any table limit
    domains[i] = &d.values();
    for (Value v : *domains[i])
      if (v <= std::numeric_limits<std::int32_t>::min() ||
          v > std::numeric_limits<std::int32_t>::max())
        return nullptr;
    if (__builtin_mul_overflow(product, domains[i]->size(), &product) || product > limit)
      return nullptr;
  }
  std::vector<std::int32_t> sat;
  std::vector<std::int32_t> unsat;
  std::vector<std::size_t> pos(arity, 0);
  std::vector<Value> tuple(arity);
  for (std::size_t i = 0; i < arity; ++i) tuple[i] = (*domains[i])[0];
  for (std::size_t n = 0; n < product; ++n) {
    std::vector<std::int32_t>& out = c.expr->satisfied(tuple) ? sat : unsat;
    for (Value v : tuple) out.push_back(static_cast<std::int32_t>(v));
    // odometer increment, last position fastest (lexicographic order)
    for (std::size_t i = arity; i-- > 0;) {
      if (++pos[i] < domains[i]->size()) {
        tuple[i] = (*domains[i])[pos[i]];
        break;
      }
      pos[i] = 0;
      tuple[i] = (*domains[i])[0];
    }
  }
  auto table = std::make_shared<Table>();
  table->arity = static_cast<int>(arity);
  table->supports = sat.size() <= unsat.size();
  table->cells = table->supports ? std::move(sat) : std::move(unsat);
  return table;
}

}  // namespace arcwave
