// Definitions for propagation/cpu/globals/no_overlap_boxes.hpp.
#include "propagation/cpu/globals/no_overlap_boxes.hpp"

namespace arcwave::cpu {

NoOverlapBoxesPropagator::NoOverlapBoxesPropagator(int constraint, std::vector<int> scope,
                                                   std::vector<std::vector<Term>> origins,
                                                   std::vector<std::vector<Term>> lengths,
                                                   bool zero_ignored)
    : Propagator(constraint, std::move(scope)),
      origins_(std::move(origins)),
      lengths_(std::move(lengths)),
      zero_ignored_(zero_ignored),
      boxes_(origins_.size()) {
  for (Box& b : boxes_) {
    const std::size_t k = origins_.front().size();
    b.omin.resize(k);
    b.omax.resize(k);
    b.lmin.resize(k);
  }
}

void NoOverlapBoxesPropagator::read(const Domains& d, std::size_t i) {
  Box& b = boxes_[i];
  b.active = true;
  for (std::size_t k = 0; k < b.omin.size(); ++k) {
    b.omin[k] = origins_[i][k].min(d);
    b.omax[k] = origins_[i][k].max(d);
    b.lmin[k] = lengths_[i][k].min(d);
    if (zero_ignored_ && b.lmin[k] == 0) b.active = false;  // may vanish: ignored for now
  }
}

bool NoOverlapBoxesPropagator::separate(Context& ctx, std::size_t i, std::size_t j, bool& changed) {
  const Box& a = boxes_[i];
  const Box& b = boxes_[j];
  const std::size_t dims = a.omin.size();
  int options = 0;
  int dims_open = 0;
  std::size_t dim = 0;
  bool i_first = false;
  for (std::size_t k = 0; k < dims; ++k) {
    const bool before = a.omin[k] + a.lmin[k] <= b.omax[k];  // i then j along k
    const bool after = b.omin[k] + b.lmin[k] <= a.omax[k];
    options += (before ? 1 : 0) + (after ? 1 : 0);
    if (before || after) {
      ++dims_open;
      dim = k;
      i_first = before;
    }
  }
  if (options == 0) return false;
  bool moved = false;
  if (options == 1) {
    // The only separation left: `first` ends before `second` starts along `dim`.
    const std::size_t f = i_first ? i : j;
    const std::size_t s = i_first ? j : i;
    const Value first_min = boxes_[f].omin[dim];
    const Value first_len = boxes_[f].lmin[dim];
    const Value second_max = boxes_[s].omax[dim];
    if (!origins_[s][dim].raise_min(ctx, first_min + first_len, moved) ||
        !origins_[f][dim].lower_max(ctx, second_max - first_len, moved) ||
        !lengths_[f][dim].lower_max(ctx, second_max - first_min, moved))
      return false;
  } else if (dims_open == 1) {
    // Both directions along `dim` only: an origin cannot lie where neither fits.
    for (const auto& [x, y] : {std::pair{i, j}, std::pair{j, i}}) {
      const Box& bx = boxes_[x];
      const Box& by = boxes_[y];
      const Value lo = by.omax[dim] - bx.lmin[dim] + 1;
      const Value hi = by.omin[dim] + by.lmin[dim] - 1;
      if (lo > hi) continue;
      if (!origins_[x][dim].remove_range(ctx, lo, hi, moved)) return false;
    }
  }
  if (moved) {
    changed = true;
    read(ctx.domains, i);
    read(ctx.domains, j);
  }
  return true;
}

bool NoOverlapBoxesPropagator::propagate(Context& ctx) {
  last_run = ctx.now();
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t i = 0; i < boxes_.size(); ++i) read(ctx.domains, i);
    for (std::size_t i = 0; i < boxes_.size(); ++i)
      for (std::size_t j = i + 1; j < boxes_.size(); ++j)
        if (boxes_[i].active && boxes_[j].active && !separate(ctx, i, j, changed)) return false;
  }
  return true;
}

}  // namespace arcwave::cpu
