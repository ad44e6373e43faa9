// Random binary networks of model RB (instances/csp/generators.hpp).
//
// Draw order (fixed, so a seed means one network): the planted solution when forced, then the
// e scopes (distinct pairs, lexicographic), then each constraint's conflicts in scope order.
#include <fmt/format.h>

#include "instances/csp/generators.hpp"
#include "instances/csp/model_build.hpp"
#include "instances/csp/rng.hpp"
#include "instances/csp/sampling.hpp"

namespace arcwave::gen {

namespace {

void check(const RbParams& p) {
  require_param(p.n >= 2, "rb needs n >= 2");
  require_param(p.d >= 1, "rb needs d >= 1");
  require_param(p.d <= 1 << 15, "rb needs d <= 32768 (tables of d^2 tuples)");
  const auto pairs = static_cast<std::int64_t>(p.n) * (p.n - 1) / 2;
  require_param(p.e >= 0 && p.e <= pairs,
                fmt::format("rb needs 0 <= e <= n(n-1)/2 = {} (distinct pairs)", pairs));
}

std::vector<Value> draw_solution(Rng& rng, const RbParams& p) {
  std::vector<Value> solution(static_cast<std::size_t>(p.n));
  for (Value& v : solution) v = static_cast<Value>(rng.below(static_cast<std::uint64_t>(p.d)));
  return solution;
}

}  // namespace

std::vector<Value> rb_forced_solution(const RbParams& params) {
  check(params);
  require_param(params.forced, "rb_forced_solution needs forced parameters");
  Rng rng(params.seed);
  return draw_solution(rng, params);
}

Model rb(const RbParams& p) {
  check(p);
  const std::uint64_t space = static_cast<std::uint64_t>(p.d) * static_cast<std::uint64_t>(p.d);
  const std::uint64_t conflicts = share_of(p.tightness, space, "rb tightness");
  require_param(!p.forced || conflicts < space, "a forced rb network needs tightness < 1");
  Rng rng(p.seed);
  std::vector<Value> solution;
  if (p.forced) solution = draw_solution(rng, p);

  Model model;
  const std::vector<int> x = add_var_array(model, "x", {p.n}, range_domain(0, p.d - 1));
  for (const std::vector<int>& pair : sample_scopes(rng, p.n, 2, static_cast<std::uint64_t>(p.e))) {
    std::vector<std::int32_t> planted;
    if (p.forced)
      planted = {static_cast<std::int32_t>(solution[pair[0]]),
                 static_cast<std::int32_t>(solution[pair[1]])};
    std::vector<std::int32_t> cells =
        sample_tuples(rng, p.d, 2, conflicts, p.forced ? &planted : nullptr);
    if (p.supports) cells = complement_pairs(cells, p.d);
    model.add_constraint(
        ExtensionConstraint{{x[pair[0]], x[pair[1]]}, make_table(2, p.supports, std::move(cells))});
  }
  return model;
}

}  // namespace arcwave::gen
