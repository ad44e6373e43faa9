// propagation/cpu/globals/element_matrix.hpp — element on a matrix:
// matrix[row - start_row][col - start_col] <op> rhs, entries variables or constants, the
// indices variables or constants, rhs a constant, range, set or variable.
//
// A cell (i, j) is possible when its entry has a value that the condition accepts with some
// right-hand value. A row value stays iff a possible cell lies on it in a present column (and
// the converse for columns); a right-hand value r stays iff some entry value v of a cell of
// the remaining rows x columns has v <op> r; an entry variable is filtered (to the values the
// condition accepts) once its cell is the only possible one. That is GAC when the indices, the
// entries and the right-hand side are distinct variables (a variable in several roles is
// filtered as if its occurrences were independent: weaker, never wrong). A pass visits the
// cells of the present rows x columns and their entries' domains.
#pragma once

#include <vector>

#include "arcwave/model.hpp"
#include "propagation/cpu/globals/condition_rhs.hpp"
#include "propagation/cpu/propagator.hpp"

namespace arcwave::cpu {

class ElementMatrixPropagator final : public Propagator {
 public:
  ElementMatrixPropagator(int constraint, std::vector<int> scope, ElementMatrixConstraint c,
                          const std::vector<std::vector<Value>>& domains);
  bool propagate(Context& ctx) override;

 private:
  bool once(Context& ctx, bool& changed);
  // The in-range indices an index operand still allows (`size` rows or columns); removes the
  // values of an index variable that fall outside. False when none is left.
  bool indices(Context& ctx, const Operand& o, Value start, std::size_t size,
               std::vector<std::size_t>& out, bool& changed);
  // Keeps the values of an index variable whose index is marked in `keep`.
  bool keep_indices(Context& ctx, const Operand& o, Value start,
                    const std::vector<std::uint8_t>& keep, bool& changed);
  [[nodiscard]] bool possible(const Domains& d, const Operand& entry) const;
  [[nodiscard]] Value value(int x, int a) const {
    return (*domains_)[static_cast<std::size_t>(x)][static_cast<std::size_t>(a)];
  }

  ElementMatrixConstraint c_;
  ConditionRhs rhs_;
  const std::vector<std::vector<Value>>* domains_;
  std::vector<std::size_t> rows_, cols_;
  std::vector<std::uint8_t> row_ok_, col_ok_;
  std::vector<Value> values_;
};

}  // namespace arcwave::cpu
