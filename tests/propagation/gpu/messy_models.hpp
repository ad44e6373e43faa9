// Random models with everything a table network's compiler must get right (fixed seeds, the
// same on every platform): contiguous, spaced and widely spread domains (the three value ->
// index paths); extension tables of arity 1 to 4 with `*` cells, repeated rows, values outside
// the domains and empty tables, stated as supports or conflicts, some shared between
// constraints over equal or different domains; tables over a repeated variable; binary
// intensions, some sharing one expression; small allDifferents (unless `all_different` is off:
// serial AC4 propagates those itself, not as the table network's relation). With `binary_only`
// every constraint has arity 1 or 2 (for the propagators that take binary networks only).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "instances/csp/model_build.hpp"
#include "instances/csp/rng.hpp"

namespace arcwave::test {

inline Model messy_model(std::uint64_t seed, bool all_different = true, bool binary_only = false) {
  gen::Rng rng(seed);
  Model m;
  const auto n = static_cast<int>(4 + rng.below(5));
  std::vector<std::vector<Value>> domains;
  for (int x = 0; x < n; ++x) {
    const auto d = static_cast<int>(2 + rng.below(4));
    const auto lo = static_cast<Value>(rng.between(-2, 3));
    static constexpr Value kStep[] = {1, 3, 5000};  // contiguous, lookup, binary search
    const Value step = kStep[rng.below(3)];
    std::vector<Value> dom;
    for (int a = 0; a < d; ++a) dom.push_back(lo + step * a);
    domains.push_back(dom);
    m.add_variable("x" + std::to_string(x), dom);
  }
  auto random_scope = [&](int arity) {
    std::vector<int> all(static_cast<std::size_t>(n));
    for (int x = 0; x < n; ++x) all[static_cast<std::size_t>(x)] = x;
    rng.shuffle(std::span<int>(all));
    return std::vector<int>(all.begin(), all.begin() + arity);
  };
  auto random_table = [&](const std::vector<int>& scope) {
    auto t = std::make_shared<Table>();
    t->arity = static_cast<int>(scope.size());
    t->supports = rng.below(3) != 0;
    t->has_star = rng.below(3) == 0;
    std::uint64_t product = 1;
    for (int x : scope) product *= domains[static_cast<std::size_t>(x)].size();
    const std::uint64_t rows = rng.below(product + product / 2 + 1);  // 0: an empty table
    for (std::uint64_t k = 0; k < rows; ++k)
      for (int x : scope) {
        const std::vector<Value>& dom = domains[static_cast<std::size_t>(x)];
        std::int32_t cell = 0;
        if (t->has_star && rng.below(6) == 0)
          cell = Table::kStar;
        else if (rng.below(12) == 0)
          cell = static_cast<std::int32_t>(rng.below(2) == 0 ? dom.back() + 1 : dom.front() - 7);
        else
          cell = static_cast<std::int32_t>(dom[rng.below(dom.size())]);
        t->cells.push_back(cell);
      }
    return std::shared_ptr<const Table>(t);
  };
  std::vector<std::shared_ptr<const Table>> by_arity[5];
  std::shared_ptr<const Expr> shared_expr;
  const auto constraints = static_cast<int>(3 + rng.below(9));
  for (int k = 0; k < constraints; ++k) {
    const std::uint64_t kind = rng.below(10);
    if (kind <= 5) {
      static constexpr int kArity[] = {1, 2, 2, 2, 3, 3, 4};
      const int arity = std::min(n, binary_only ? kArity[rng.below(4)] : kArity[rng.below(7)]);
      const std::vector<int> scope = random_scope(arity);
      auto& pool = by_arity[arity];
      // A shared table: the same relation over other variables (equal domains or not).
      std::shared_ptr<const Table> table =
          !pool.empty() && rng.below(4) == 0 ? pool[rng.below(pool.size())] : random_table(scope);
      pool.push_back(table);
      m.add_constraint(ExtensionConstraint{scope, table});
    } else if (kind == 6) {
      // Over a repeated variable: tabulated from its semantics.
      std::vector<int> scope = random_scope(binary_only ? 1 : 2);
      scope.push_back(scope[0]);
      m.add_constraint(ExtensionConstraint{scope, random_table(scope)});
    } else if (kind <= 8) {
      // |x - y| != c, the same expression object for some constraints.
      if (!shared_expr || rng.below(2) == 0)
        shared_expr = gen::ExprBuilder()
                          .slot(0)
                          .slot(1)
                          .op(ExprOp::kDist, 2)
                          .constant(static_cast<Value>(rng.below(3)))
                          .op(ExprOp::kNe, 2)
                          .build();
      m.add_constraint(IntensionConstraint{random_scope(2), shared_expr});
    } else if (all_different) {
      const std::vector<int> scope = random_scope(std::min(n, binary_only ? 2 : 3));
      std::vector<Value> except;
      if (rng.below(2) == 0) except.push_back(domains[static_cast<std::size_t>(scope[0])][0]);
      m.add_constraint(AllDifferentConstraint{scope, except});
    }
  }
  return m;
}

}  // namespace arcwave::test
