// Checks of the compact network (propagation/network/compact_network.hpp) against the table
// network, the form it replaces on the N-E path: the same relations, and BuildNE building the
// same N-E arrays from both (on the OpenMP system or the CUDA device).
#pragma once

#include <algorithm>
#include <vector>

#include "arcwave/error.hpp"
#include "propagation/gpu/ac_gpu.hpp"
#include "propagation/gpu/ac_gpu_systems.hpp"
#include "propagation/network/compact_network.hpp"
#include "propagation/network/table_network.hpp"
#include "tests/support/catch.hpp"

namespace arcwave::test {

/// The set bits of a relation over the product of `sizes`, as tuples in lexicographic order.
inline std::vector<std::uint32_t> bits_to_tuples(const std::uint32_t* words,
                                                 const std::vector<std::uint32_t>& sizes) {
  std::uint64_t product = 1;
  for (std::uint32_t s : sizes) product *= s;
  std::vector<std::uint32_t> out;
  std::vector<std::uint32_t> digit(sizes.size());
  for (std::uint64_t p = 0; p < product; ++p) {
    if (((words[p / 32] >> (p % 32)) & 1U) == 0) continue;
    std::uint64_t rest = p;
    for (std::size_t i = sizes.size(); i > 0; --i) {
      digit[i - 1] = static_cast<std::uint32_t>(rest % sizes[i - 1]);
      rest /= sizes[i - 1];
    }
    out.insert(out.end(), digit.begin(), digit.end());
  }
  return out;
}

/// make_compact_network and make_table_network give the same relations: binary and n-ary
/// constraints in the same order over the same scopes with the same allowed tuples, unary ones
/// the same values left, the same verdict on empty constraints; or both refuse the model.
/// Returns false when they refused it.
inline bool same_relations(const Model& model, std::size_t limit) {
  TableNetwork t;
  try {
    t = make_table_network(model, limit);
  } catch (const Unsupported&) {
    // The compact form keeps every binary relation as bits (conflicts too, whatever the
    // product): only a model with a binary conflict table above the limit may be accepted.
    bool binary_conflicts_above = false;
    for (const Constraint& k : model.constraints())
      if (const auto* e = std::get_if<ExtensionConstraint>(&k);
          e != nullptr && e->scope.size() == 2 && e->scope[0] != e->scope[1] &&
          !e->table->supports &&
          model.variables()[e->scope[0]].domain.size() *
                  model.variables()[e->scope[1]].domain.size() >
              limit)
        binary_conflicts_above = true;
    if (!binary_conflicts_above) CHECK_THROWS_AS(make_compact_network(model, limit), Unsupported);
    return false;
  }
  const CompactNetwork c = make_compact_network(model, limit, 2);
  REQUIRE(c.domain_sizes == t.domain_sizes);
  bool empty = false;
  CHECK(c.alive == unary_filter(t, empty));
  CHECK(c.empty_constraint == empty);
  std::size_t b = 0;
  std::size_t q = 0;
  std::size_t at = 0;
  for (const TableConstraint& tc : t.constraints) {
    std::vector<std::uint32_t> sizes;
    for (std::uint32_t x : tc.scope) sizes.push_back(t.domain_sizes[x]);
    if (tc.arity() == 2) {
      REQUIRE(b < c.binary_count());
      CHECK(c.binary_x[b] == tc.scope[0]);
      CHECK(c.binary_y[b] == tc.scope[1]);
      CHECK(c.binary_allowed[b] == tc.size());
      CHECK(bits_to_tuples(c.bitmap.data() + c.bitmap_offset[b], sizes) == tc.tuples);
      ++b;
    } else if (tc.arity() > 2) {
      REQUIRE(q < c.nary_count());
      REQUIRE(c.nary_arity[q] == tc.arity());
      CHECK(std::equal(tc.scope.begin(), tc.scope.end(), c.nary_scope.begin() + at));
      CHECK(c.nary_allowed[q] == tc.size());
      if (c.nary_bits_offset[q] != CompactNetwork::kNone) {
        CHECK(bits_to_tuples(c.nary_bits.data() + c.nary_bits_offset[q], sizes) == tc.tuples);
      } else {
        const auto first =
            c.nary_listed.begin() + static_cast<std::ptrdiff_t>(c.nary_listed_offset[q]);
        CHECK(std::vector<std::uint32_t>(
                  first, first + static_cast<std::ptrdiff_t>(tc.tuples.size())) == tc.tuples);
      }
      at += tc.arity();
      ++q;
    }
  }
  CHECK(b == c.binary_count());
  CHECK(q == c.nary_count());
  return true;
}

/// BuildNE's arrays from both forms, for AC4GPU (edges with ends and keys) and AC4GPU+ (CSR).
inline void same_ne_arrays(const Model& model, AcExecution execution) {
  const TableNetwork t = make_table_network(model);
  const CompactNetwork c = make_compact_network(model);
  bool empty = false;
  const std::vector<std::uint8_t> alive = unary_filter(t, empty);
  for (bool with_csr : {false, true}) {
    INFO((with_csr ? "AC4GPU+ arrays" : "AC4GPU arrays"));
    if (execution == AcExecution::kOmp) {
      REQUIRE(detail::ne_arrays_omp(c, with_csr) == detail::ne_arrays_omp(t, alive, with_csr));
    } else {
      REQUIRE(detail::ne_arrays_cuda(c, with_csr) == detail::ne_arrays_cuda(t, alive, with_csr));
    }
  }
}

}  // namespace arcwave::test
