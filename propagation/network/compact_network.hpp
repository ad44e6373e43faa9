// propagation/network/compact_network.hpp — the input of the N-E model in the form the device
// builds it from (BuildNE from tables, propagation/gpu/ne_model.inl): bytes per relation, not
// the expanded list of allowed pairs that TableNetwork holds.
//
// Values are renumbered 0..d-1 per variable (in domain order), as in TableNetwork. A binary
// constraint is its d_x x d_y bit matrix, in the very layout BuildNE reads (bit a*d_y + b of
// 32-bit words): conflicts are complemented and `*` expanded on the bits. A constraint of arity
// r >= 3 whose domain product is at most the tabulation limit is one bit per tuple of that
// product (lexicographic order, last position fastest), which the device expands into its
// allowed tuples; a larger one (a support table) lists its tuples as value indices, sorted and
// without repeats. Unary constraints are folded into `alive`. Constraints with the same relation
// over the same domains (a shared table, the same expression) share their bits. Everything else
// is as make_table_network: other constraints are tabulated from their semantics when their
// product is small, allDifferent beyond it becomes binary `!=`, anything else is Unsupported.
//
// make_compact_network does no work per N-E edge: per listed tuple a value -> index conversion
// and a bit set, per tabulated tuple an evaluation, in parallel over constraints (OpenMP).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "arcwave/model.hpp"
#include "propagation/network/table_network.hpp"

namespace arcwave {

struct CompactNetwork {
  static constexpr std::uint64_t kNone = ~std::uint64_t{0};

  std::vector<std::uint32_t> domain_sizes;  // per variable
  /// Per value (x,a), in node order: allowed by the unary constraints.
  std::vector<std::uint8_t> alive;
  /// A constraint of no variable that no assignment satisfies (an empty table, a false fact).
  bool empty_constraint = false;

  // Binary constraints, x != y: (a, b) allowed when bit a * d_y + b of the words from
  // bitmap_offset[c] is set (words may be shared between constraints).
  std::vector<std::uint32_t> binary_x, binary_y;
  std::vector<std::uint64_t> bitmap_offset;
  std::vector<std::uint64_t> binary_allowed;  // allowed pairs of each
  std::vector<std::uint32_t> bitmap;

  // Constraints of arity >= 3 (distinct variables), scopes one after the other. Each has its
  // allowed tuples either as bits over the product (nary_bits_offset, words may be shared) or
  // as a list (nary_listed_offset: first cell in nary_listed, arity cells per tuple); the
  // other offset is kNone.
  std::vector<std::uint32_t> nary_arity;
  std::vector<std::uint32_t> nary_scope;
  std::vector<std::uint32_t> nary_allowed;  // allowed tuples of each
  std::vector<std::uint64_t> nary_bits_offset;
  std::vector<std::uint64_t> nary_listed_offset;
  std::vector<std::uint32_t> nary_bits;
  std::vector<std::uint32_t> nary_listed;

  /// The model constraint each binary / n-ary constraint comes from.
  std::vector<std::uint32_t> binary_origin, nary_origin;

  [[nodiscard]] std::size_t variable_count() const noexcept { return domain_sizes.size(); }
  [[nodiscard]] std::size_t value_count() const noexcept { return alive.size(); }
  [[nodiscard]] std::size_t binary_count() const noexcept { return binary_x.size(); }
  [[nodiscard]] std::size_t nary_count() const noexcept { return nary_arity.size(); }
  [[nodiscard]] bool binary() const noexcept { return nary_arity.empty(); }
  /// Bytes of the relations (what goes to the device beside per-variable and per-constraint
  /// arrays).
  [[nodiscard]] std::size_t relation_bytes() const noexcept {
    return (bitmap.size() + nary_bits.size() + nary_listed.size()) * sizeof(std::uint32_t);
  }
};

/// Compiles a model (see the file comment); `threads` 0 uses OpenMP's default. Throws
/// Unsupported for a constraint that can be neither kept, tabulated nor decomposed.
CompactNetwork make_compact_network(const Model& model,
                                    std::size_t tabulation_limit = kDefaultTabulationLimit,
                                    int threads = 0);

}  // namespace arcwave
