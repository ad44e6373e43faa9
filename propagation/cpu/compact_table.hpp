// propagation/cpu/compact_table.hpp — Compact-Table (Demeulenaere et al. 2016; short tables
// after Verhaeghe et al. 2017): GAC for a table constraint of any arity. The valid tuples are a
// reversible sparse bitset; each value (x,a) has the bitset of tuples holding it. A change of
// D(x) removes tuples either through the removed values (delta, from the sparse-set domain)
// or by keeping those of the remaining values (reset), whichever is smaller; then a value
// stays while its bitset meets the valid tuples (the word found last time is tried first).
#pragma once

#include <vector>

#include "propagation/cpu/propagator.hpp"
#include "propagation/cpu/sparse_bitset.hpp"
#include "propagation/indexed/indexed_model.hpp"

namespace arcwave::cpu {

class CompactTablePropagator final : public Propagator {
 public:
  /// `table` holds supports, possibly with `*`.
  CompactTablePropagator(int constraint, std::vector<int> scope, const IndexedTable& table,
                         const Domains& domains);
  bool propagate(Context& ctx) override;
  [[nodiscard]] std::size_t bytes() const noexcept;

 private:
  [[nodiscard]] const std::uint64_t* supports(std::size_t pos, int a) const noexcept {
    return supports_.data() + (value_base_[pos] + static_cast<std::size_t>(a)) * words_;
  }
  // Tuples holding (x,a) with a written out (not `*`): what a deleted value invalidates.
  [[nodiscard]] const std::uint64_t* strict(std::size_t pos, int a) const noexcept {
    return has_star_ ? strict_.data() + (value_base_[pos] + static_cast<std::size_t>(a)) * words_
                     : supports(pos, a);
  }
  bool update_table(Context& ctx, std::vector<std::size_t>& changed);
  bool filter_domains(Context& ctx, const std::vector<std::size_t>& changed);
  void save_last_size(Trail& trail, std::size_t pos, int size);

  std::size_t words_;
  bool has_star_;
  ReversibleSparseBitset current_;
  std::vector<std::size_t> value_base_;  // per position, first (position, value) slot
  std::vector<std::uint64_t> supports_;  // tuples compatible with (x,a), `*` included
  std::vector<std::uint64_t> strict_;    // only with stars
  std::vector<std::int32_t> residues_;   // per (position, value): a word index
  std::vector<std::int32_t> last_size_;  // reversible: |D(x)| when last seen
  std::vector<std::uint64_t> last_size_epoch_;
  std::vector<std::size_t> changed_;
  bool first_ = true;
};

}  // namespace arcwave::cpu
