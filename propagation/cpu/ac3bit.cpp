// Definitions for propagation/cpu/ac3bit.hpp.
#include "propagation/cpu/ac3bit.hpp"

namespace arcwave::cpu {

Ac3BitPropagator::Ac3BitPropagator(int constraint, int x, int y,
                                   std::shared_ptr<const BitRelation> xy,
                                   std::shared_ptr<const BitRelation> yx)
    : Propagator(constraint, {x, y}),
      x_(x),
      y_(y),
      xy_(std::move(xy)),
      yx_(std::move(yx)),
      res_x_(static_cast<std::size_t>(xy_->rows()), 0),
      res_y_(static_cast<std::size_t>(yx_->rows()), 0) {}

bool Ac3BitPropagator::revise(Context& ctx, int a_var, int b_var, const BitRelation& rel,
                              std::vector<int>& residues, bool& removed) {
  Domains& d = ctx.domains;
  const std::uint64_t* other = d.bits(b_var);
  const int words = rel.words();
  const std::int32_t* dense = d.dense(a_var);
  // Backwards: a removal swaps in a value already visited.
  for (int i = d.size(a_var) - 1; i >= 0; --i) {
    const int a = dense[i];
    const std::uint64_t* row = rel.row(a);
    int& res = residues[static_cast<std::size_t>(a)];
    if ((row[res] & other[res]) != 0) continue;
    int w = 0;
    while (w < words && (row[w] & other[w]) == 0) ++w;
    if (w < words) {
      res = w;
      continue;
    }
    removed = true;
    if (!ctx.remove(a_var, a)) return false;
  }
  return true;
}

bool Ac3BitPropagator::propagate(Context& ctx) {
  const std::uint64_t since = last_run;
  last_run = ctx.now();
  const bool x_changed = ctx.changed_since(x_, since);
  bool y_changed = ctx.changed_since(y_, since);
  // After revising one side against the other and then the other way, both sides are
  // supported (a support of a kept value is itself supported by it): no third pass.
  if (x_changed) {
    bool removed = false;
    if (!revise(ctx, y_, x_, *yx_, res_y_, removed)) return false;
    y_changed = y_changed || removed;
    if (y_changed) return revise(ctx, x_, y_, *xy_, res_x_, removed);
    return true;
  }
  if (!y_changed) return true;
  bool removed = false;
  if (!revise(ctx, x_, y_, *xy_, res_x_, removed)) return false;
  if (removed) return revise(ctx, y_, x_, *yx_, res_y_, removed);
  return true;
}

}  // namespace arcwave::cpu
