// n-queens in three encodings (instances/csp/generators.hpp).
#include <cstdlib>

#include "instances/csp/generators.hpp"
#include "instances/csp/model_build.hpp"

namespace arcwave::gen {

namespace {

// Queens k rows apart: different columns and not on a common diagonal.
std::shared_ptr<const Expr> pair_expr(int k) {
  return ExprBuilder()
      .slot(0)
      .slot(1)
      .op(ExprOp::kNe, 2)
      .slot(0)
      .slot(1)
      .op(ExprOp::kSub, 2)
      .op(ExprOp::kAbs, 1)
      .constant(k)
      .op(ExprOp::kNe, 2)
      .op(ExprOp::kAnd, 2)
      .build();
}

// Only the diagonal part: |a - b| != k.
std::shared_ptr<const Expr> diagonal_expr(int k) {
  return ExprBuilder()
      .slot(0)
      .slot(1)
      .op(ExprOp::kSub, 2)
      .op(ExprOp::kAbs, 1)
      .constant(k)
      .op(ExprOp::kNe, 2)
      .build();
}

// The supports of queens k rows apart, as one table shared by every such pair.
std::shared_ptr<const Table> pair_table(int n, int k) {
  std::vector<std::int32_t> cells;
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b)
      if (a != b && std::abs(a - b) != k) {
        cells.push_back(a);
        cells.push_back(b);
      }
  return make_table(2, true, std::move(cells));
}

}  // namespace

Model queens(int n, QueensEncoding encoding) {
  require_param(n >= 1, "queens needs n >= 1");
  Model model;
  const std::vector<int> q = add_var_array(model, "q", {n}, range_domain(0, n - 1));
  std::vector<std::shared_ptr<const Table>> tables(static_cast<std::size_t>(n));
  std::vector<std::shared_ptr<const Expr>> exprs(static_cast<std::size_t>(n));
  if (encoding == QueensEncoding::kAllDifferent && n > 1)
    model.add_constraint(AllDifferentConstraint{q, {}});
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      const int k = j - i;
      const std::vector<int> scope{q[i], q[j]};
      switch (encoding) {
        case QueensEncoding::kIntension:
          if (!exprs[k]) exprs[k] = pair_expr(k);
          model.add_constraint(IntensionConstraint{scope, exprs[k]});
          break;
        case QueensEncoding::kExtension:
          if (!tables[k]) tables[k] = pair_table(n, k);
          model.add_constraint(ExtensionConstraint{scope, tables[k]});
          break;
        case QueensEncoding::kAllDifferent:
          if (!exprs[k]) exprs[k] = diagonal_expr(k);
          model.add_constraint(IntensionConstraint{scope, exprs[k]});
          break;
      }
    }
  return model;
}

}  // namespace arcwave::gen
