// propagation/network/compact_relations.hpp — one relation of a CompactNetwork computed from
// its source: the rows of an extension table, the semantics of a constraint, or x != y of an
// allDifferent. Each function fills its own output (no shared state): make_compact_network runs
// them in parallel over relations.
//
// Bits over a product: tuple (a_0, ..., a_{r-1}) of value indices is bit sum a_i * stride_i,
// stride_{r-1} = 1 (lexicographic order, last position fastest), in 32-bit words; for r = 2 this
// is BuildNE's bit a * d_y + b.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "arcwave/model.hpp"
#include "propagation/network/value_index.hpp"

namespace arcwave::compact {

/// Words holding `bits` bits.
inline std::uint64_t words_for(std::uint64_t bits) {
  return (bits + 31) / 32;
}

/// Sets the bits of the table's rows over the scope (one ValueIndex per position; `sizes` the
/// domain sizes); a `*` cell stands for every value; rows with a value outside its domain are
/// skipped. A conflict table is then complemented. `words` must be zero on entry.
void table_bits(const Table& table, std::span<const ValueIndex* const> index,
                std::span<const std::uint32_t> sizes, std::uint32_t* words);

/// The table's rows as value-index tuples (`*` expanded, rows outside the domains skipped),
/// sorted and without repeats, appended to `out`; returns their number. Support tables only.
std::uint64_t table_tuples(const Table& table, std::span<const ValueIndex* const> index,
                           std::span<const std::uint32_t> sizes, std::vector<std::uint32_t>& out);

/// Sets the bit of every tuple of the product that satisfies `c` (whose distinct variables are
/// `scope`, in the order of constraint_scope); `assignment` is scratch of one value per model
/// variable. `words` must be zero on entry.
void semantic_bits(const Model& model, const Constraint& c, std::span<const std::uint32_t> scope,
                   std::vector<Value>& assignment, std::uint32_t* words);

/// x != y over two domains, except for the values in `except` (which may repeat).
void not_equal_bits(const std::vector<Value>& dx, const std::vector<Value>& dy,
                    const std::vector<Value>& except, std::uint32_t* words);

/// Set bits among the first `bits` bits of `words`.
std::uint64_t count_bits(const std::uint32_t* words, std::uint64_t bits);

}  // namespace arcwave::compact
