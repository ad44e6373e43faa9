// propagation/cpu/element_bounds.hpp — element by bounds, for lists or right-hand sides with
// large domains (arcwave/domain.hpp; the index itself is enumerated): list[index - start] <op>
// rhs. An index value stays while its entry's bounds meet what the condition allows (the rhs's
// bounds, or the hull of a constant range or set); a variable rhs keeps the hull of the possible
// entries' bounds (or the side its relation needs); the one possible entry left is cut to what
// the condition allows. Fixed entries, index and rhs are checked exactly (!=, notin, holes).
// Without an index (membership), every entry is a candidate and one of them must hold.
#pragma once

#include <vector>

#include "arcwave/model.hpp"
#include "propagation/cpu/globals/value_bounds.hpp"
#include "propagation/cpu/propagator.hpp"

namespace arcwave::cpu {

class ElementBoundsPropagator final : public Propagator {
 public:
  ElementBoundsPropagator(int constraint, std::vector<int> scope, const ElementConstraint& e,
                          const std::vector<Domain>& domains);
  bool propagate(Context& ctx) override;

 private:
  bool once(Context& ctx, bool& changed);
  // The interval of entry values the condition allows, from the rhs's current bounds.
  void allowed(const Domains& d, Value& lo, Value& hi) const;
  // Is the entry (fixed) in relation with the rhs (fixed)? Only asked when both are fixed.
  [[nodiscard]] bool holds(const Domains& d, Value v) const;

  Condition condition_;
  std::vector<Term> list_;
  int index_ = -1;
  const Domain* index_values_ = nullptr;
  Value start_ = 0;
  Term rhs_;
  bool rhs_variable_ = false;
  std::vector<std::size_t> possible_;  // this pass: positions the index (still) allows
};

}  // namespace arcwave::cpu
