// propagation/cpu/all_different.hpp — allDifferent: value elimination (a fixed variable's value
// leaves the others) and, without `except` values, GAC by matching (Régin 1994): a maximum
// variable-value matching, kept between calls as a starting point, then every edge that is in
// no maximum matching (not matched, not on an alternating cycle, not on an alternating path to
// a free value) is removed.
#pragma once

#include <vector>

#include "arcwave/model.hpp"
#include "propagation/cpu/propagator.hpp"

namespace arcwave::cpu {

class AllDifferentPropagator final : public Propagator {
 public:
  AllDifferentPropagator(int constraint, std::vector<int> scope, std::vector<Value> except,
                         const std::vector<Domain>& domains, bool matching = true);
  bool propagate(Context& ctx) override;
  [[nodiscard]] bool expensive() const override { return matching_; }

 private:
  bool eliminate(Context& ctx, std::uint64_t since);
  bool match(const Domains& d);
  bool augment(const Domains& d, int start);
  void components(const Domains& d);
  bool prune(Context& ctx);

  [[nodiscard]] int id(std::size_t i, int a) const noexcept {
    return ids_[offset_[i] + static_cast<std::size_t>(a)];
  }
  // Value index of value id v in position i's domain, or -1 (ids grow with the index).
  [[nodiscard]] int index_in(std::size_t i, int v) const noexcept;

  static constexpr std::size_t kIndexTableLimit = 1 << 20;

  bool matching_;
  std::vector<std::size_t> offset_;   // per position, into ids_
  std::vector<int> ids_;              // (position, value index) -> value id
  std::vector<int> index_table_;      // (position, value id) -> value index or -1, if small
  std::vector<std::uint8_t> exempt_;  // per value id: an `except` value
  int value_count_ = 0;

  std::vector<int> match_var_;  // position -> value id or -1
  std::vector<int> match_val_;  // value id -> position or -1
  std::vector<std::uint64_t> seen_;
  std::uint64_t seen_epoch_ = 0;
  std::vector<int> path_var_, path_edge_;

  // Tarjan's strongly connected components over positions and value ids
  std::vector<int> order_, low_, comp_, stack_;
  std::vector<std::uint8_t> on_stack_;
  std::vector<std::uint8_t> reaches_free_;
  std::vector<int> call_node_, call_edge_;
  std::vector<std::size_t> holders_offset_;
  std::vector<int> holders_;
  std::vector<int> fixed_;
};

}  // namespace arcwave::cpu
