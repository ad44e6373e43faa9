// propagation/cpu/globals/lex.hpp — lex on two lists: x <=lex y or x <lex y (ge / gt come
// with the lists swapped), entries variables or constants. The filtering of Frisch, Hnich,
// Kiziltan, Miguel and Walsh (GACLexLeq): alpha is the first position whose two entries are
// not the same (fixed to one value, or one variable); all the pruning happens there. If the
// rest of the lists can still compare <= (< for the strict form: the minima of x's rest
// against the maxima of y's rest, lexicographically, which is their beta test), x[alpha] <=
// y[alpha] is enforced, else x[alpha] < y[alpha]; when that fixes both to one value alpha
// moves on. With distinct variables this is GAC; a variable occurring more than once is
// treated as independent copies (sound). Several lists are chained by one propagator per
// consecutive pair.
#pragma once

#include <vector>

#include "arcwave/model.hpp"
#include "propagation/cpu/propagator.hpp"

namespace arcwave::cpu {

class LexPropagator final : public Propagator {
 public:
  /// x <lex y when `strict`, else x <=lex y.
  LexPropagator(int constraint, std::vector<int> vars, std::vector<Operand> x,
                std::vector<Operand> y, bool strict, const std::vector<Domain>& domains);
  bool propagate(Context& ctx) override;

 private:
  [[nodiscard]] Value low(const Context& ctx, const Operand& o) const;
  [[nodiscard]] Value high(const Context& ctx, const Operand& o) const;
  [[nodiscard]] bool fixed(const Context& ctx, const Operand& o) const {
    return !o.is_variable || ctx.domains.size(static_cast<int>(o.value)) == 1;
  }
  /// Are x[i] and y[i] equal whatever happens (one variable, or one fixed value)?
  [[nodiscard]] bool same(const Context& ctx, std::size_t i) const;
  /// Can x[from..] compare <= (or < when strict) with y[from..]?
  [[nodiscard]] bool rest_can_hold(const Context& ctx, std::size_t from) const;

  std::vector<Operand> x_, y_;
  bool strict_;
  const std::vector<Domain>* domains_;
};

}  // namespace arcwave::cpu
