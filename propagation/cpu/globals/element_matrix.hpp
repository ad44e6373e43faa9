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
// filtered as if its occurrences were independent: weaker, never wrong).
//
// Incremental through residues (as element.hpp): a witness value per cell, a supporting column
// per row and row per column, and with `=` against a variable a supporting cell per right-hand
// value; while they hold, a pass costs O(rows + columns + |D(rhs)|) checks. Other relations
// need only the lowest and highest value of the possible cells. The fixpoint is the one of the
// filter that visited every cell and collected every entry value (test_element.cpp).
#pragma once

#include <vector>

#include "arcwave/model.hpp"
#include "propagation/cpu/globals/condition_rhs.hpp"
#include "propagation/cpu/propagator.hpp"

namespace arcwave::cpu {

class ElementMatrixPropagator final : public Propagator {
 public:
  ElementMatrixPropagator(int constraint, std::vector<int> scope, ElementMatrixConstraint c,
                          const std::vector<Domain>& domains);
  bool propagate(Context& ctx) override;

 private:
  bool once(Context& ctx, bool& changed);
  // The in-range indices an index operand still allows (`size` rows or columns); removes the
  // values of an index variable that fall outside. False when none is left.
  bool indices(Context& ctx, const Operand& o, Value start, std::size_t size,
               std::vector<std::size_t>& out, bool& changed);
  // Keeps the rows (by_row) or columns that have a possible cell in a present column (row);
  // `list` and the marks follow. False when none is left.
  bool keep_supported(Context& ctx, bool by_row, bool& changed);
  // Is some value of the cell's entry accepted? Refreshes the cell's witness.
  [[nodiscard]] bool possible(const Domains& d, std::size_t i, std::size_t j);
  [[nodiscard]] bool holds(const Domains& d, std::size_t i, std::size_t j, Value v) const;
  // `=` against a variable: each right-hand value needs a cell of the present rows x columns
  // holding it.
  bool filter_rhs_equal(Context& ctx, bool& changed);
  [[nodiscard]] Value value(int x, int a) const {
    return (*domains_)[static_cast<std::size_t>(x)][static_cast<std::size_t>(a)];
  }

  ElementMatrixConstraint c_;
  ConditionRhs rhs_;
  const std::vector<Domain>* domains_;
  std::size_t cols_count_ = 0;
  std::vector<std::size_t> rows_, cols_;       // this pass: the present in-range indices
  std::vector<std::uint8_t> row_in_, col_in_;  // marks of rows_ and cols_
  std::vector<std::int32_t> witness_;          // per cell: value index of its entry, or -1
  std::vector<std::int32_t> row_support_;      // per row: a column, or -1
  std::vector<std::int32_t> col_support_;      // per column: a row, or -1
  std::vector<std::int32_t> rhs_support_;      // per rhs value index: a cell, or -1
};

}  // namespace arcwave::cpu
