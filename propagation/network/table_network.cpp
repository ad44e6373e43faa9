// Definitions for propagation/network/table_network.hpp.
#include "propagation/network/table_network.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <numeric>

#include "arcwave/error.hpp"

namespace arcwave {

namespace {

// Sorts the tuples of a table lexicographically and removes duplicates.
void normalise(TableConstraint& t) {
  const std::size_t r = t.arity();
  if (r == 0) return;
  const std::size_t n = t.size();
  std::vector<std::uint32_t> order(n);
  std::iota(order.begin(), order.end(), 0U);
  auto less = [&](std::uint32_t a, std::uint32_t b) {
    return std::lexicographical_compare(t.tuples.begin() + a * r, t.tuples.begin() + (a + 1) * r,
                                        t.tuples.begin() + b * r, t.tuples.begin() + (b + 1) * r);
  };
  std::sort(order.begin(), order.end(), less);
  std::vector<std::uint32_t> out;
  out.reserve(t.tuples.size());
  for (std::size_t i = 0; i < n; ++i) {
    if (i > 0 && !less(order[i - 1], order[i])) continue;  // equal to the previous one
    out.insert(out.end(), t.tuples.begin() + order[i] * r, t.tuples.begin() + (order[i] + 1) * r);
  }
  t.tuples = std::move(out);
}

// Calls visit(indices) for every tuple of the Cartesian product of the scope's domains.
template <typename Visit>
void for_each_tuple(const std::vector<std::uint32_t>& sizes, Visit&& visit) {
  std::vector<std::uint32_t> idx(sizes.size(), 0);
  if (std::any_of(sizes.begin(), sizes.end(), [](std::uint32_t s) { return s == 0; })) return;
  for (;;) {
    visit(idx);
    std::size_t i = idx.size();
    while (i > 0) {
      --i;
      if (++idx[i] < sizes[i]) break;
      idx[i] = 0;
      if (i == 0) return;
    }
    if (idx.empty()) return;
  }
}

std::size_t product_of(const std::vector<std::uint32_t>& sizes, std::size_t limit) {
  std::size_t p = 1;
  for (std::uint32_t s : sizes)
    if (__builtin_mul_overflow(p, static_cast<std::size_t>(s), &p) || p > limit) return limit + 1;
  return p;
}

// Index of a tuple of value indices in the lexicographic enumeration of the product.
std::size_t product_index(const std::vector<std::uint32_t>& sizes,
                          const std::vector<std::uint32_t>& idx) {
  std::size_t i = 0;
  for (std::size_t p = 0; p < sizes.size(); ++p) i = i * sizes[p] + idx[p];
  return i;
}

// Converts the rows of an extension table to value-index tuples, expanding `*` cells; rows with
// a value outside its variable's domain are skipped (they can never match).
template <typename Emit>
void for_each_indexed_row(const Model& m, const ExtensionConstraint& c,
                          const std::vector<std::uint32_t>& sizes, Emit&& emit) {
  const Table& table = *c.table;
  const std::size_t r = c.scope.size();
  std::vector<std::uint32_t> idx(r);
  std::vector<std::uint32_t> star_positions;
  std::vector<std::uint32_t> star_sizes;
  for (std::size_t k = 0; k < table.size(); ++k) {
    const auto row = table.tuple(k);
    bool valid = true;
    star_positions.clear();
    for (std::size_t p = 0; p < r && valid; ++p) {
      if (row[p] == Table::kStar) {
        star_positions.push_back(static_cast<std::uint32_t>(p));
        continue;
      }
      const int a = m.value_index(c.scope[p], row[p]);
      valid = a >= 0;
      idx[p] = static_cast<std::uint32_t>(std::max(a, 0));
    }
    if (!valid) continue;
    if (star_positions.empty()) {
      emit(idx);
      continue;
    }
    star_sizes.clear();
    for (std::uint32_t p : star_positions) star_sizes.push_back(sizes[p]);
    for_each_tuple(star_sizes, [&](const std::vector<std::uint32_t>& s) {
      for (std::size_t q = 0; q < star_positions.size(); ++q) idx[star_positions[q]] = s[q];
      emit(idx);
    });
  }
}

// An extension constraint over distinct variables as a support table. With a small domain
// product the rows are marked in a bitmap over the product (supports and conflicts alike, in
// time linear in product + rows); otherwise only support tables are accepted.
TableConstraint from_extension(const Model& m, const ExtensionConstraint& c, std::size_t limit) {
  TableConstraint t;
  t.scope.assign(c.scope.begin(), c.scope.end());
  std::vector<std::uint32_t> sizes;
  for (std::uint32_t v : t.scope)
    sizes.push_back(static_cast<std::uint32_t>(m.variables()[v].domain.size()));
  const std::size_t product = product_of(sizes, limit);
  if (product <= limit) {
    std::vector<std::uint8_t> listed(product, 0);
    for_each_indexed_row(m, c, sizes, [&](const std::vector<std::uint32_t>& idx) {
      listed[product_index(sizes, idx)] = 1;
    });
    const std::uint8_t keep = c.table->supports ? 1 : 0;
    std::size_t i = 0;
    for_each_tuple(sizes, [&](const std::vector<std::uint32_t>& idx) {
      if (listed[i++] == keep) t.tuples.insert(t.tuples.end(), idx.begin(), idx.end());
    });
    return t;
  }
  if (!c.table->supports)
    throw Unsupported(
        SourcePosition{},
        fmt::format(
            "a conflict table of arity {} whose domain product exceeds {} in a table network",
            t.scope.size(), limit));
  for_each_indexed_row(m, c, sizes, [&](const std::vector<std::uint32_t>& idx) {
    t.tuples.insert(t.tuples.end(), idx.begin(), idx.end());
  });
  normalise(t);
  return t;
}

}  // namespace

std::size_t TableNetwork::value_count() const noexcept {
  return std::accumulate(domain_sizes.begin(), domain_sizes.end(), std::size_t{0});
}

std::size_t TableNetwork::tuple_count() const noexcept {
  std::size_t n = 0;
  for (const TableConstraint& c : constraints) n += c.size();
  return n;
}

bool TableNetwork::binary() const noexcept {
  return std::all_of(constraints.begin(), constraints.end(),
                     [](const TableConstraint& c) { return c.arity() <= 2; });
}

TableNetwork make_table_network(const Model& model, std::size_t tabulation_limit) {
  TableNetwork net;
  for (const Variable& v : model.variables())
    net.domain_sizes.push_back(static_cast<std::uint32_t>(v.domain.size()));
  net.from_model.resize(model.constraints().size());
  std::vector<Value> assignment(model.variable_count());
  for (std::size_t ci = 0; ci < model.constraints().size(); ++ci) {
    const Constraint& c = model.constraints()[ci];
    const auto* ext = std::get_if<ExtensionConstraint>(&c);
    std::vector<std::uint32_t> scope;
    for (int v : constraint_scope(c)) scope.push_back(static_cast<std::uint32_t>(v));
    std::vector<std::uint32_t> sizes;
    for (std::uint32_t v : scope) sizes.push_back(net.domain_sizes[v]);
    const bool distinct_scope =
        ext == nullptr ||
        std::equal(ext->scope.begin(), ext->scope.end(), scope.begin(), scope.end(),
                   [](int a, std::uint32_t b) { return static_cast<std::uint32_t>(a) == b; });
    if (ext != nullptr && distinct_scope) {
      net.from_model[ci].push_back(static_cast<std::uint32_t>(net.constraints.size()));
      net.constraints.push_back(from_extension(model, *ext, tabulation_limit));
      continue;
    }
    if (product_of(sizes, tabulation_limit) <= tabulation_limit) {
      // Tabulate from the constraint's own semantics (conflict tables, repeated variables,
      // intension, sum, element, ... alike).
      TableConstraint t;
      t.scope = scope;
      for_each_tuple(sizes, [&](const std::vector<std::uint32_t>& idx) {
        for (std::size_t p = 0; p < scope.size(); ++p)
          assignment[scope[p]] = model.variables()[scope[p]].domain[idx[p]];
        if (constraint_satisfied(c, assignment))
          t.tuples.insert(t.tuples.end(), idx.begin(), idx.end());
      });
      net.from_model[ci].push_back(static_cast<std::uint32_t>(net.constraints.size()));
      net.constraints.push_back(std::move(t));
      continue;
    }
    if (const auto* alldiff = std::get_if<AllDifferentConstraint>(&c)) {
      // Binary decomposition x != y (values in `except` may repeat).
      for (std::size_t i = 0; i < scope.size(); ++i)
        for (std::size_t j = i + 1; j < scope.size(); ++j) {
          TableConstraint t;
          t.scope = {scope[i], scope[j]};
          const auto& di = model.variables()[scope[i]].domain;
          const auto& dj = model.variables()[scope[j]].domain;
          for (std::uint32_t a = 0; a < di.size(); ++a)
            for (std::uint32_t b = 0; b < dj.size(); ++b) {
              const bool excepted = std::find(alldiff->except.begin(), alldiff->except.end(),
                                              di[a]) != alldiff->except.end();
              if (di[a] != dj[b] || excepted) t.tuples.insert(t.tuples.end(), {a, b});
            }
          net.from_model[ci].push_back(static_cast<std::uint32_t>(net.constraints.size()));
          net.constraints.push_back(std::move(t));
        }
      continue;
    }
    throw Unsupported(SourcePosition{},
                      fmt::format("constraint #{} ({}, arity {}) for a table network: "
                                  "its domain product exceeds the tabulation limit {}",
                                  ci, constraint_kind(c), scope.size(), tabulation_limit));
  }
  return net;
}

}  // namespace arcwave
