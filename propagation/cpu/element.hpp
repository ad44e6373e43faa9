// propagation/cpu/element.hpp — element: list[index - start] <op> rhs, the list mixing variables
// and constants, rhs a constant, range, set or variable. GAC on the index and the right-hand
// side; a list variable is filtered once the index leaves it as the only candidate. Without an
// index ("some entry satisfies the condition") filtering starts when one entry is left.
// Variables occurring in several roles are treated as independent, which only weakens the
// filtering (never wrong, and exact on fixed variables).
#pragma once

#include <vector>

#include "arcwave/model.hpp"
#include "propagation/cpu/propagator.hpp"

namespace arcwave::cpu {

class ElementPropagator final : public Propagator {
 public:
  ElementPropagator(int constraint, std::vector<int> scope, ElementConstraint element,
                    const std::vector<std::vector<Value>>& domains);
  bool propagate(Context& ctx) override;

 private:
  bool once(Context& ctx, bool& changed);
  // Is there a present rhs value v with lhs <op> v?
  [[nodiscard]] bool rhs_accepts(const Domains& d, Value lhs) const;
  // Is some value of the list entry accepted by the rhs?
  [[nodiscard]] bool entry_possible(const Domains& d, std::size_t p) const;
  bool filter_entry(Context& ctx, std::size_t p, bool& changed);
  bool filter_rhs(Context& ctx, const std::vector<std::size_t>& entries, bool& changed);
  [[nodiscard]] Value value(int var, int a) const {
    return (*domains_)[static_cast<std::size_t>(var)][static_cast<std::size_t>(a)];
  }

  ElementConstraint e_;
  const std::vector<std::vector<Value>>* domains_;
  int rhs_var_ = -1;
  std::vector<std::size_t> entries_;
  std::vector<Value> lhs_values_;
};

}  // namespace arcwave::cpu
