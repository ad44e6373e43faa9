// propagation/cpu/negative_table.hpp — a table of conflicts too large to turn into supports.
// A value (x,a) has a support unless every tuple extending it over the other current domains
// is a conflict: with P the product of the other domain sizes, (x,a) goes when the valid
// conflicts holding it number P. Counting is skipped while P exceeds the table size (then every
// value is supported). Tables with `*` are only checked once the other variables are fixed.
#pragma once

#include <vector>

#include "propagation/cpu/propagator.hpp"
#include "propagation/indexed/indexed_model.hpp"

namespace arcwave::cpu {

class NegativeTablePropagator final : public Propagator {
 public:
  NegativeTablePropagator(int constraint, std::vector<int> scope, const IndexedTable& conflicts,
                          const Domains& domains);
  bool propagate(Context& ctx) override;
  [[nodiscard]] bool expensive() const override { return true; }

 private:
  bool once(Context& ctx, bool& changed);

  int arity_;
  bool has_star_;
  std::vector<std::int32_t> cells_;  // distinct conflicts
  std::size_t tuples_;
  std::vector<std::size_t> base_;  // per position, into counts_
  std::vector<std::size_t> counts_;
  std::vector<std::size_t> others_;
};

}  // namespace arcwave::cpu
