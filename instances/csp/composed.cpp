// Composed networks (instances/csp/generators.hpp).
//
// Shape taken from the published composed-m-n-k files (../shared/instances/xcsp3-binary/comp):
// domains 0..9; the main part x[0..m-1] with 8m conflict constraints of 15 tuples; each
// satellite, 8 variables after the main part, with 22 support constraints of 35 tuples (50 in
// composed-25-10-20); k link constraints per satellite of 5 conflicts, each on a (main,
// satellite) pair. Constraints come in that order: main, satellites, links.
#include <fmt/format.h>

#include "instances/csp/generators.hpp"
#include "instances/csp/model_build.hpp"
#include "instances/csp/rng.hpp"
#include "instances/csp/sampling.hpp"

namespace arcwave::gen {

namespace {

// `count` binary constraints on the given pairs, each with its own random table.
void add_random_binary(Model& model, Rng& rng, const std::vector<std::pair<int, int>>& pairs, int d,
                       double tightness, bool as_supports, std::string_view what) {
  const std::uint64_t space = static_cast<std::uint64_t>(d) * static_cast<std::uint64_t>(d);
  const std::uint64_t conflicts = share_of(tightness, space, what);
  for (const auto& [a, b] : pairs) {
    std::vector<std::int32_t> cells;
    if (as_supports) {
      cells = sample_tuples(rng, d, 2, space - conflicts);
    } else {
      cells = sample_tuples(rng, d, 2, conflicts);
    }
    model.add_constraint(ExtensionConstraint{{a, b}, make_table(2, as_supports, std::move(cells))});
  }
}

std::vector<std::pair<int, int>> pairs_within(Rng& rng, int first, int count, int constraints) {
  std::vector<std::pair<int, int>> pairs;
  for (const std::vector<int>& s :
       sample_scopes(rng, count, 2, static_cast<std::uint64_t>(constraints)))
    pairs.emplace_back(first + s[0], first + s[1]);
  return pairs;
}

}  // namespace

ComposedParams composed_family(int m, int n, int k, std::uint64_t seed) {
  ComposedParams p;
  p.main_vars = m;
  p.satellites = n;
  p.links = k;
  p.main_constraints = 8 * m;
  p.satellite_tightness = n == 1 ? 0.65 : 0.5;
  p.seed = seed;
  return p;
}

Model composed(const ComposedParams& p) {
  require_param(p.main_vars >= 2 && p.satellite_vars >= 2,
                "composed needs parts of >= 2 variables");
  require_param(p.satellites >= 0 && p.links >= 0, "composed needs satellites, links >= 0");
  require_param(p.domain >= 1 && p.domain <= 1 << 15, "composed needs 1 <= domain <= 32768");
  require_param(p.links <= p.main_vars * p.satellite_vars,
                fmt::format("composed: at most {} links per satellite (distinct pairs)",
                            p.main_vars * p.satellite_vars));
  const int total = p.main_vars + p.satellites * p.satellite_vars;
  Rng rng(p.seed);
  Model model;
  add_var_array(model, "x", {total}, range_domain(0, p.domain - 1));

  add_random_binary(model, rng, pairs_within(rng, 0, p.main_vars, p.main_constraints), p.domain,
                    p.main_tightness, false, "composed main tightness");
  for (int s = 0; s < p.satellites; ++s) {
    const int first = p.main_vars + s * p.satellite_vars;
    add_random_binary(model, rng,
                      pairs_within(rng, first, p.satellite_vars, p.satellite_constraints), p.domain,
                      p.satellite_tightness, true, "composed satellite tightness");
  }
  for (int s = 0; s < p.satellites; ++s) {
    const int first = p.main_vars + s * p.satellite_vars;
    std::vector<std::pair<int, int>> links;
    const auto cross = static_cast<std::uint64_t>(p.main_vars * p.satellite_vars);
    for (std::uint64_t r : sample_sorted(rng, cross, static_cast<std::uint64_t>(p.links)))
      links.emplace_back(static_cast<int>(r) / p.satellite_vars,
                         first + static_cast<int>(r) % p.satellite_vars);
    add_random_binary(model, rng, links, p.domain, p.link_tightness, false,
                      "composed link tightness");
  }
  return model;
}

}  // namespace arcwave::gen
