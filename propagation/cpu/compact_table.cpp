// Definitions for propagation/cpu/compact_table.hpp.
#include "propagation/cpu/compact_table.hpp"

namespace arcwave::cpu {

CompactTablePropagator::CompactTablePropagator(int constraint, std::vector<int> scope,
                                               const IndexedTable& table, const Domains& domains)
    : Propagator(constraint, std::move(scope)),
      words_((table.size() + 63) / 64),
      has_star_(table.has_star),
      current_(table.size()) {
  const std::size_t r = vars_.size();
  value_base_.assign(r + 1, 0);
  for (std::size_t i = 0; i < r; ++i)
    value_base_[i + 1] = value_base_[i] + static_cast<std::size_t>(domains.initial_size(vars_[i]));
  supports_.assign(value_base_[r] * words_, 0);
  if (has_star_) strict_.assign(value_base_[r] * words_, 0);
  for (std::size_t t = 0; t < table.size(); ++t) {
    const std::int32_t* row = table.tuple(t);
    const std::uint64_t bit = std::uint64_t{1} << (t & 63);
    const std::size_t w = t >> 6;
    for (std::size_t i = 0; i < r; ++i) {
      if (row[i] == IndexedTable::kAny) {
        for (int a = 0; a < domains.initial_size(vars_[i]); ++a)
          supports_[(value_base_[i] + a) * words_ + w] |= bit;
        continue;
      }
      supports_[(value_base_[i] + row[i]) * words_ + w] |= bit;
      if (has_star_) strict_[(value_base_[i] + row[i]) * words_ + w] |= bit;
    }
  }
  residues_.assign(value_base_[r], 0);
  last_size_.resize(r);
  last_size_epoch_.assign(r, 0);
  for (std::size_t i = 0; i < r; ++i) last_size_[i] = domains.initial_size(vars_[i]);
}

std::size_t CompactTablePropagator::bytes() const noexcept {
  return (supports_.size() + strict_.size() + 3 * current_.word_count()) * sizeof(std::uint64_t);
}

void CompactTablePropagator::save_last_size(Trail& trail, std::size_t pos, int size) {
  if (last_size_epoch_[pos] != trail.epoch()) {
    last_size_epoch_[pos] = trail.epoch();
    trail.save(last_size_[pos]);
  }
  last_size_[pos] = size;
}

bool CompactTablePropagator::update_table(Context& ctx, std::vector<std::size_t>& changed) {
  const Domains& d = ctx.domains;
  for (std::size_t i : changed) {
    const int x = vars_[i];
    const int size = d.size(x);
    const int removed = last_size_[i] - size;
    const std::int32_t* dense = d.dense(x);
    current_.clear_mask();
    if (removed < size) {  // the values removed since last time are dense[size..last)
      for (int k = size; k < last_size_[i]; ++k) current_.add_to_mask(strict(i, dense[k]));
      current_.reverse_mask();
    } else {
      for (int k = 0; k < size; ++k) current_.add_to_mask(supports(i, dense[k]));
    }
    current_.intersect_with_mask(ctx.trail);
    save_last_size(ctx.trail, i, size);
    if (current_.empty()) return false;
  }
  return true;
}

bool CompactTablePropagator::filter_domains(Context& ctx, const std::vector<std::size_t>& changed) {
  Domains& d = ctx.domains;
  // With one variable changed, its remaining values kept all their tuples: skip it.
  const std::size_t skip = !first_ && changed.size() == 1 ? changed[0] : vars_.size();
  for (std::size_t i = 0; i < vars_.size(); ++i) {
    const int x = vars_[i];
    if (i == skip || d.size(x) == 1) continue;  // a fixed value is held by every valid tuple
    const std::int32_t* dense = d.dense(x);
    bool removed = false;
    for (int k = d.size(x) - 1; k >= 0; --k) {
      const int a = dense[k];
      const std::uint64_t* sup = supports(i, a);
      std::int32_t& res = residues_[value_base_[i] + a];
      if ((current_.word(res) & sup[res]) != 0) continue;
      const int w = current_.intersect_index(sup);
      if (w >= 0) {
        res = w;
        continue;
      }
      removed = true;
      if (!ctx.remove(x, a)) return false;
    }
    if (removed) save_last_size(ctx.trail, i, d.size(x));
  }
  return true;
}

bool CompactTablePropagator::propagate(Context& ctx) {
  last_run = ctx.now();
  if (current_.empty()) return false;  // a table without tuples
  changed_.clear();
  for (std::size_t i = 0; i < vars_.size(); ++i)
    if (ctx.domains.size(vars_[i]) != last_size_[i]) changed_.push_back(i);
  if (!update_table(ctx, changed_)) return false;
  if (changed_.empty() && !first_) return true;
  const bool ok = filter_domains(ctx, changed_);
  first_ = false;
  return ok;
}

}  // namespace arcwave::cpu
