// Random networks of any arity (instances/csp/generators.hpp).
//
// Draw order: the scopes (distinct, lexicographic), then each constraint's supports.
#include "instances/csp/generators.hpp"
#include "instances/csp/model_build.hpp"
#include "instances/csp/rng.hpp"
#include "instances/csp/sampling.hpp"

namespace arcwave::gen {

Model random_network(const RandomParams& p) {
  require_param(p.n >= 1 && p.d >= 1, "random needs n >= 1 and d >= 1");
  require_param(p.arity >= 1 && p.arity <= p.n, "random needs 1 <= arity <= n");
  require_param(p.constraints >= 0, "random needs constraints >= 0");
  const std::uint64_t space = tuple_space(p.d, p.arity);
  require_param(space != UINT64_MAX, "random: d^arity is too large for a table");
  const std::uint64_t supports = space - share_of(p.tightness, space, "random tightness");
  Rng rng(p.seed);
  Model model;
  const std::vector<int> x = add_var_array(model, "x", {p.n}, range_domain(0, p.d - 1));
  for (const std::vector<int>& scope :
       sample_scopes(rng, p.n, p.arity, static_cast<std::uint64_t>(p.constraints))) {
    std::vector<int> vars;
    vars.reserve(scope.size());
    for (int i : scope) vars.push_back(x[i]);
    model.add_constraint(ExtensionConstraint{
        std::move(vars), make_table(p.arity, true, sample_tuples(rng, p.d, p.arity, supports))});
  }
  return model;
}

}  // namespace arcwave::gen
