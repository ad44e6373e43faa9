// propagation/cpu/intension.hpp — an intension constraint too large to tabulate: for each value,
// a support (a satisfying tuple of present values) is looked for by enumerating the other
// variables' domains, starting with the last one found (the residue). A position whose revision
// would enumerate more than `enumeration_limit` tuples (its domain times the others') is skipped
// until the domains shrink, so filtering is full GAC on small products; the interval propagator
// (interval_intension.hpp) gives bounds meanwhile.
#pragma once

#include <memory>
#include <vector>

#include "arcwave/domain.hpp"
#include "arcwave/expr.hpp"
#include "propagation/cpu/propagator.hpp"

namespace arcwave::cpu {

class IntensionPropagator final : public Propagator {
 public:
  IntensionPropagator(int constraint, std::vector<int> scope, std::shared_ptr<const Expr> expr,
                      const std::vector<Domain>& domains, std::size_t enumeration_limit);
  bool propagate(Context& ctx) override;
  /// Enumeration waits until the cheap propagators (the interval one among them) are done.
  [[nodiscard]] bool expensive() const override { return true; }
  /// Replaces the expression (slots unchanged); residues are dropped.
  void set_expr(std::shared_ptr<const Expr> expr);

 private:
  bool revise(Context& ctx, std::size_t pos, bool& changed);
  bool find_support(const Domains& d, std::size_t pos, int a);

  std::shared_ptr<const Expr> expr_;
  std::vector<const Domain*> values_;
  std::size_t limit_;
  // A variable of the scope is large: no residues, no enumeration; the constraint is checked
  // once every variable is fixed (the interval propagator bounds meanwhile).
  bool large_ = false;
  std::vector<std::size_t> base_;       // per position, into residues_ (arity cells per value)
  std::vector<std::int32_t> residues_;  // value indices of the last support, -1: none
  std::vector<Value> tuple_;
  std::vector<int> index_;
  std::vector<int> cursor_;
};

}  // namespace arcwave::cpu
