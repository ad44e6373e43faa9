// Definitions for propagation/cpu/ac3bit.hpp.
#include "propagation/cpu/ac3bit.hpp"

#include <algorithm>

namespace arcwave::cpu {

namespace {

std::vector<int> binary_variables(int n, const std::vector<BinaryConstraint>& constraints) {
  std::vector<std::uint8_t> seen(static_cast<std::size_t>(n), 0);
  for (const BinaryConstraint& c : constraints) seen[c.x] = seen[c.y] = 1;
  std::vector<int> vars;
  for (int v = 0; v < n; ++v)
    if (seen[v] != 0) vars.push_back(v);
  return vars;
}

// Fewest supports of a row, rows without any left out (their values go at the first run, at
// the root, and never come back).
int fewest_supports(const BitRelation& r) {
  int fewest = r.cols() + 1;
  for (int a = 0; a < r.rows(); ++a) {
    const int n = r.row_count(a);
    if (n > 0) fewest = std::min(fewest, n);
  }
  return fewest;
}

}  // namespace

Ac3BitPropagator::Ac3BitPropagator(const Domains& domains,
                                   const std::vector<BinaryConstraint>& constraints)
    : Propagator(-1, binary_variables(domains.variable_count(), constraints)) {
  const auto n = static_cast<std::size_t>(domains.variable_count());
  arcs_offset_.assign(n + 1, 0);
  for (const BinaryConstraint& c : constraints) {
    ++arcs_offset_[static_cast<std::size_t>(c.x) + 1];
    ++arcs_offset_[static_cast<std::size_t>(c.y) + 1];
  }
  for (std::size_t v = 0; v < n; ++v) arcs_offset_[v + 1] += arcs_offset_[v];
  arcs_.resize(arcs_offset_[n]);
  std::vector<std::size_t> fill(arcs_offset_.begin(), arcs_offset_.end() - 1);
  std::size_t residues = 0;
  std::size_t words = 1;
  for (const BinaryConstraint& c : constraints) {
    relations_.push_back(c.xy);
    relations_.push_back(c.yx);
    // x changed: revise y (rows of yx); y changed: revise x (rows of xy).
    arcs_[fill[static_cast<std::size_t>(c.x)]++] = {
        c.x, c.y, c.constraint, fewest_supports(*c.yx), c.yx.get(), c.xy.get(), residues};
    residues += static_cast<std::size_t>(c.yx->rows());
    arcs_[fill[static_cast<std::size_t>(c.y)]++] = {
        c.y, c.x, c.constraint, fewest_supports(*c.xy), c.xy.get(), c.yx.get(), residues};
    residues += static_cast<std::size_t>(c.xy->rows());
    words = std::max(
        {words, static_cast<std::size_t>(c.xy->words()), static_cast<std::size_t>(c.yx->words())});
  }
  residues_.assign(residues, 0);
  mask_.assign(words, 0);
  done_pos_.assign(n, 0);
  done_gen_.assign(n, 0);
}

bool Ac3BitPropagator::revise_by_residues(Context& ctx, const Arc& arc) {
  Domains& d = ctx.domains;
  const BitRelation& rel = *arc.of_target;
  const std::uint64_t* other = d.bits(arc.source);
  const int words = rel.words();
  const std::int32_t* dense = d.dense(arc.target);
  std::int32_t* residues = residues_.data() + arc.residues;
  // Backwards: a removal swaps in a value already visited.
  for (int i = d.size(arc.target) - 1; i >= 0; --i) {
    const int b = dense[i];
    const std::uint64_t* row = rel.row(b);
    std::int32_t& res = residues[b];
    if ((row[res] & other[res]) != 0) continue;
    int w = 0;
    while (w < words && (row[w] & other[w]) == 0) ++w;
    if (w < words) {
      res = w;
      continue;
    }
    if (!ctx.remove(arc.target, b)) {
      ctx.blamed_ = arc.constraint;
      return false;
    }
  }
  return true;
}

bool Ac3BitPropagator::revise_by_union(Context& ctx, const Arc& arc) {
  Domains& d = ctx.domains;
  const BitRelation& rel = *arc.of_source;
  const int words = rel.words();
  std::fill(mask_.begin(), mask_.begin() + words, 0);
  const std::int32_t* dense = d.dense(arc.source);
  for (int i = 0; i < d.size(arc.source); ++i) {
    const std::uint64_t* row = rel.row(dense[i]);
    for (int w = 0; w < words; ++w) mask_[static_cast<std::size_t>(w)] |= row[w];
  }
  const std::uint64_t* present = d.bits(arc.target);
  for (int w = 0; w < words; ++w) {
    std::uint64_t gone = present[w] & ~mask_[static_cast<std::size_t>(w)];
    while (gone != 0) {
      const int b = w * 64 + __builtin_ctzll(gone);
      gone &= gone - 1;
      if (!ctx.remove(arc.target, b)) {
        ctx.blamed_ = arc.constraint;
        return false;
      }
    }
  }
  return true;
}

bool Ac3BitPropagator::process(Context& ctx, int x) {
  const Domains& d = ctx.domains;
  const auto xi = static_cast<std::size_t>(x);
  done_pos_[xi] = d.log_size();
  done_gen_[xi] = generation_;
  const int size = d.size(x);
  const int lost = d.initial_size(x) - size;
  for (std::size_t k = arcs_offset_[xi]; k < arcs_offset_[xi + 1]; ++k) {
    const Arc& arc = arcs_[k];
    if (!first_ && lost < arc.min_support) continue;
    const int words = arc.of_source->words();
    const bool ok = size * words < d.size(arc.target) ? revise_by_union(ctx, arc)
                                                      : revise_by_residues(ctx, arc);
    if (!ok) return false;
  }
  return true;
}

bool Ac3BitPropagator::propagate(Context& ctx) {
  last_run = ctx.now();
  const Domains& d = ctx.domains;
  if (first_) {
    // Every value is checked once against every neighbour's initial domain.
    for (int x : vars_)
      if (!process(ctx, x)) return false;
    first_ = false;
  }
  while (processed_ < d.log_size()) {
    const int x = d.logged(processed_++).var;
    const auto xi = static_cast<std::size_t>(x);
    if (done_gen_[xi] == generation_ && done_pos_[xi] > processed_ - 1) continue;
    if (arcs_offset_[xi] == arcs_offset_[xi + 1]) continue;
    if (!process(ctx, x)) return false;
  }
  return true;
}

void Ac3BitPropagator::backtrack(const Domains& /*domains*/, std::size_t mark) {
  processed_ = std::min(processed_, mark);
  ++generation_;
}

}  // namespace arcwave::cpu
