// propagation/cpu/ac4.hpp — serial AC4 (Mohr & Henderson 1986), the reference every other
// propagator is compared with, and GAC4 for tables of any arity.
//
// Binary constraints: counter[(x,a),c] = number of supports of (x,a) in constraint c, and for
// each value (y,b) the list S[y,b] of the counters it feeds. n-ary tables: counter[(x,a),c]
// counts the valid tuples of c with x = a, S[y,b] lists the tuples holding (y,b), and a tuple
// becomes invalid when one of its values goes. The deletion queue is the domains' removal log
// itself: processing a deleted (y,b) decrements every counter it feeds and deletes the values
// whose counter reaches zero (which appends them to the log). One propagator covers every
// table constraint of the network. Backtracking re-increments the counters fed by the
// deletions it undoes, so search pays only for what changed.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "propagation/cpu/propagator.hpp"
#include "propagation/indexed/bit_relation.hpp"
#include "propagation/indexed/indexed_model.hpp"

namespace arcwave::cpu {

struct Ac4Binary {
  int constraint;
  int x, y;
  std::shared_ptr<const BitRelation> relation;
};
struct Ac4Table {
  int constraint;
  std::vector<int> scope;
  std::shared_ptr<const IndexedTable> table;  // supports without `*`
};

class Ac4Propagator final : public Propagator {
 public:
  /// Builds the counters and support lists (the "init" phase of AC4).
  Ac4Propagator(const Domains& domains, const std::vector<Ac4Binary>& binaries,
                const std::vector<Ac4Table>& tables);
  bool propagate(Context& ctx) override;
  void backtrack(const Domains& domains, std::size_t mark) override;

  [[nodiscard]] std::size_t counter_count() const noexcept { return counter_.size(); }
  [[nodiscard]] std::size_t support_entries() const noexcept {
    return support_.size() + tuple_support_.size();
  }

 private:
  // Decrements the counters fed by log entry i; removes values left without support.
  bool process(Context& ctx, std::size_t i);
  bool lose_support(Context& ctx, std::uint32_t counter, bool& ok);

  std::vector<std::size_t> value_base_;  // per variable, first value number

  std::vector<std::int32_t> counter_;      // per (arc or table position, value)
  std::vector<std::int32_t> counter_var_;  // the value (x,a) a counter belongs to
  std::vector<std::int32_t> counter_val_;
  std::vector<std::int32_t> counter_con_;  // its constraint, for conflicts

  std::vector<std::size_t> support_offset_;  // per value: binary counters it feeds
  std::vector<std::uint32_t> support_;

  std::vector<std::size_t> tuple_offset_;  // per value: tuples holding it
  std::vector<std::uint32_t> tuple_support_;
  std::vector<std::size_t> tuple_counters_offset_;  // per tuple: its counters
  std::vector<std::uint32_t> tuple_counters_;
  std::vector<std::uint8_t> tuple_valid_;
  struct Invalidated {
    std::uint32_t tuple;
    std::size_t cause;  // log position of the deletion that invalidated it
  };
  std::vector<Invalidated> invalidated_;

  std::size_t processed_ = 0;  // log entries already processed
  bool initial_done_ = false;
};

}  // namespace arcwave::cpu
