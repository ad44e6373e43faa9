// Langford's problem L(k, n) (instances/csp/generators.hpp).
#include "instances/csp/generators.hpp"
#include "instances/csp/model_build.hpp"

namespace arcwave::gen {

Model langford(int k, int n, bool use_all_different) {
  require_param(k >= 2 && n >= 1, "langford needs k >= 2 and n >= 1");
  require_param(static_cast<long long>(k) * n <= 1 << 20, "langford needs k n <= 2^20");
  Model model;
  const std::vector<int> p = add_var_array(model, "p", {n, k}, range_domain(0, k * n - 1));
  for (int i = 0; i < n; ++i) {
    // Copies of number i+1 have i+1 numbers between them: positions i+2 apart.
    const std::shared_ptr<const Expr> next = ExprBuilder()
                                                 .slot(1)
                                                 .slot(0)
                                                 .constant(i + 2)
                                                 .op(ExprOp::kAdd, 2)
                                                 .op(ExprOp::kEq, 2)
                                                 .build();
    for (int j = 0; j + 1 < k; ++j)
      model.add_constraint(IntensionConstraint{{p[i * k + j], p[i * k + j + 1]}, next});
  }
  if (use_all_different) {
    model.add_constraint(AllDifferentConstraint{p, {}});
  } else {
    const std::shared_ptr<const Expr> ne = not_equal_expr();
    for (std::size_t a = 0; a < p.size(); ++a)
      for (std::size_t b = a + 1; b < p.size(); ++b)
        model.add_constraint(IntensionConstraint{{p[a], p[b]}, ne});
  }
  return model;
}

}  // namespace arcwave::gen
