// propagation/cpu/element.hpp — element: list[index - start] <op> rhs, the list mixing variables
// and constants, rhs a constant, range, set or variable. GAC on the index and the right-hand
// side; a list variable is filtered once the index leaves it as the only candidate. Without an
// index ("some entry satisfies the condition") filtering starts when one entry is left.
// Variables occurring in several roles are treated as independent, which only weakens the
// filtering (never wrong, and exact on fixed variables).
//
// The filtering is incremental through residues, so a pass costs O(|D(index)| + |D(rhs)|)
// checks while the residues hold instead of visiting every value of every entry:
//  - per list position, a witness: a value of the entry that the condition accepted last time
//    (still present and still accepted: the entry is possible);
//  - with `rhs = list[index]` and a variable rhs, per rhs value the position that supported it
//    last (the index still allows it and the entry still holds the value).
// Other relations against a variable rhs need only the lowest and highest value of the possible
// entries. The fixpoint is the one of the filter that collected and sorted every entry value
// (tests/propagation/cpu/test_element.cpp compares them).
#pragma once

#include <vector>

#include "arcwave/model.hpp"
#include "propagation/cpu/propagator.hpp"
#include "propagation/cpu/value_index.hpp"

namespace arcwave::cpu {

class ElementPropagator final : public Propagator {
 public:
  ElementPropagator(int constraint, std::vector<int> scope, ElementConstraint element,
                    const std::vector<Domain>& domains);
  bool propagate(Context& ctx) override;

 private:
  bool once(Context& ctx, bool& changed);
  // Has the index, the rhs or an entry the index allows changed since the last run?
  [[nodiscard]] bool relevant_change(const Context& ctx) const;
  // Is there a present rhs value v with lhs <op> v?
  [[nodiscard]] bool rhs_accepts(const Domains& d, Value lhs) const;
  // Is some value of the list entry accepted by the rhs? Refreshes the entry's witness.
  [[nodiscard]] bool entry_possible(const Domains& d, std::size_t p);
  // Does entry p hold the value v?
  [[nodiscard]] bool entry_holds(const Domains& d, std::size_t p, Value v) const;
  bool filter_entry(Context& ctx, std::size_t p, bool& changed);
  // rhs = list[index]: each rhs value needs a possible entry holding it.
  bool filter_rhs_equal(Context& ctx, bool& changed);
  // The other relations: each rhs value needs some value of a possible entry in relation.
  bool filter_rhs_order(Context& ctx, bool& changed);
  [[nodiscard]] Value value(int var, int a) const {
    return (*domains_)[static_cast<std::size_t>(var)][static_cast<std::size_t>(a)];
  }

  ElementConstraint e_;
  const std::vector<Domain>* domains_;
  int rhs_var_ = -1;
  bool distinct_roles_ = false;  // index, entries and rhs: no variable in two roles
  ValueIndex rhs_index_;
  std::vector<ValueIndex> entry_index_;   // per position (variables only)
  std::vector<std::size_t> entries_;      // this pass: the possible entries the index allows
  std::vector<std::uint8_t> in_entries_;  // per position: is it in entries_?
  std::vector<std::int32_t> witness_;     // per position: value index of the entry, or -1
  std::vector<std::int32_t> support_;     // per rhs value index: a position, or -1
};

}  // namespace arcwave::cpu
