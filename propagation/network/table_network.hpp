// propagation/network/table_network.hpp — a constraint network in which every constraint is a
// table of allowed tuples over value indices: the input of the N-E model (AC4GPU, AC4GPU+).
//
// Values are renumbered 0..d-1 per variable (in domain order). Extension constraints keep
// their tables (conflicts and `*` expanded into supports); any other constraint whose scope's
// domain product is at most `tabulation_limit` is tabulated from its semantics; allDifferent
// beyond the limit is decomposed into binary `!=` tables (its arc consistency is then that of
// the decomposition, which is what AC4 computes on it). Anything else is refused with
// Unsupported naming the constraint.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "arcwave/model.hpp"

namespace arcwave {

struct TableConstraint {
  std::vector<std::uint32_t> scope;   // distinct variables
  std::vector<std::uint32_t> tuples;  // allowed tuples of value indices, tuple-major, sorted
  [[nodiscard]] std::size_t arity() const noexcept { return scope.size(); }
  [[nodiscard]] std::size_t size() const noexcept {
    return scope.empty() ? 0 : tuples.size() / scope.size();
  }
};

struct TableNetwork {
  std::vector<std::uint32_t> domain_sizes;  // per variable
  std::vector<TableConstraint> constraints;
  /// For each constraint of the model, the table constraints it became (usually one).
  std::vector<std::vector<std::uint32_t>> from_model;
  [[nodiscard]] std::size_t variable_count() const noexcept { return domain_sizes.size(); }
  [[nodiscard]] std::size_t value_count() const noexcept;  // N, the number of (x,a) nodes
  [[nodiscard]] std::size_t tuple_count() const noexcept;  // allowed tuples over all tables
  [[nodiscard]] bool binary() const noexcept;              // every constraint has arity <= 2
};

inline constexpr std::size_t kDefaultTabulationLimit = 1'000'000;

/// Compiles a model (see the file comment). Throws Unsupported for a constraint that can be
/// neither kept, tabulated nor decomposed.
TableNetwork make_table_network(const Model& model,
                                std::size_t tabulation_limit = kDefaultTabulationLimit);

}  // namespace arcwave
