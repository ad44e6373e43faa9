// Latin squares and quasigroups with holes (instances/csp/generators.hpp).
//
// The square comes from the Jacobson–Matthews Markov chain (J. Combin. Des. 4, 1996) on the
// incidence cube M[r][c][s] (1 when cell (r,c) holds s; lines sum to 1; an "improper" cube has
// one -1 cell), started from a randomly permuted cyclic square. Draw order: the permutations,
// the chain, then the holes.
#include <algorithm>
#include <array>

#include "instances/csp/generators.hpp"
#include "instances/csp/model_build.hpp"
#include "instances/csp/rng.hpp"
#include "instances/csp/sampling.hpp"

namespace arcwave::gen {

namespace {

class IncidenceCube {
 public:
  explicit IncidenceCube(int n) : n_(static_cast<std::size_t>(n)), cells_(n_ * n_ * n_, 0) {}

  std::int8_t& at(std::size_t r, std::size_t c, std::size_t s) {
    return cells_[(r * n_ + c) * n_ + s];
  }

  // One move of the chain from `base` (a 0 cell when proper, the -1 cell when improper).
  // Returns the new improper cell, if any.
  bool step(Rng& rng, std::array<std::size_t, 3>& base, bool improper) {
    const auto [r, c, s] = base;
    std::size_t r1 = 0, c1 = 0, s1 = 0;
    if (!improper) {
      s1 = find_one(
          rng, [&](std::size_t x) { return at(r, c, x); }, false);
      r1 = find_one(
          rng, [&](std::size_t x) { return at(x, c, s); }, false);
      c1 = find_one(
          rng, [&](std::size_t x) { return at(r, x, s); }, false);
    } else {  // each line through the -1 cell has two 1s: pick one at random
      s1 = find_one(
          rng, [&](std::size_t x) { return at(r, c, x); }, true);
      r1 = find_one(
          rng, [&](std::size_t x) { return at(x, c, s); }, true);
      c1 = find_one(
          rng, [&](std::size_t x) { return at(r, x, s); }, true);
    }
    ++at(r, c, s);
    --at(r, c, s1);
    --at(r, c1, s);
    --at(r1, c, s);
    ++at(r, c1, s1);
    ++at(r1, c, s1);
    ++at(r1, c1, s);
    --at(r1, c1, s1);
    base = {r1, c1, s1};
    return at(r1, c1, s1) < 0;
  }

 private:
  // The position of a 1 along a line (a random one of the two when `two`).
  template <typename Line>
  std::size_t find_one(Rng& rng, Line line, bool two) {
    std::array<std::size_t, 2> found{};
    std::size_t count = 0;
    for (std::size_t x = 0; x < n_ && count < 2; ++x)
      if (line(x) == 1) found[count++] = x;
    return two ? found[rng.below(2)] : found[0];
  }

  std::size_t n_;
  std::vector<std::int8_t> cells_;
};

std::vector<int> latin_from(Rng& rng, int n) {
  require_param(n >= 1 && n <= kMaxLatinOrder, "latin squares need 1 <= n <= 256");
  const auto un = static_cast<std::size_t>(n);
  std::vector<std::size_t> rows(un), cols(un), syms(un);
  for (std::size_t i = 0; i < un; ++i) rows[i] = cols[i] = syms[i] = i;
  rng.shuffle(std::span<std::size_t>(rows));
  rng.shuffle(std::span<std::size_t>(cols));
  rng.shuffle(std::span<std::size_t>(syms));
  IncidenceCube cube(n);
  for (std::size_t r = 0; r < un; ++r)
    for (std::size_t c = 0; c < un; ++c) cube.at(rows[r], cols[c], syms[(r + c) % un]) = 1;

  // About n^3 moves mix well in practice; capped so that large orders stay quick.
  const std::uint64_t moves = std::min<std::uint64_t>(std::uint64_t{un} * un * un, 1 << 20);
  bool improper = false;
  std::array<std::size_t, 3> base{};
  for (std::uint64_t m = 0; n > 1 && (m < moves || improper); ++m) {
    if (!improper) {
      do {
        base = {rng.below(un), rng.below(un), rng.below(un)};
      } while (cube.at(base[0], base[1], base[2]) != 0);
    }
    improper = cube.step(rng, base, improper);
  }
  std::vector<int> square(un * un, -1);
  for (std::size_t r = 0; r < un; ++r)
    for (std::size_t c = 0; c < un; ++c)
      for (std::size_t s = 0; s < un; ++s)
        if (cube.at(r, c, s) == 1) square[r * un + c] = static_cast<int>(s);
  return square;
}

}  // namespace

std::vector<int> random_latin_square(int n, std::uint64_t seed) {
  Rng rng(seed);
  return latin_from(rng, n);
}

Model latin_square(int n, double holes, std::uint64_t seed, bool use_all_different) {
  Rng rng(seed);
  const std::vector<int> square = latin_from(rng, n);
  const auto cells = static_cast<std::uint64_t>(n) * static_cast<std::uint64_t>(n);
  std::vector<bool> is_hole(cells, false);
  for (std::uint64_t h : sample_sorted(rng, cells, share_of(holes, cells, "latin holes")))
    is_hole[h] = true;
  Model model;
  const std::vector<Value> full = range_domain(0, n - 1);
  const std::vector<int> x = add_var_array(model, "x", {n, n}, [&](std::size_t flat) {
    return is_hole[flat] ? full : std::vector<Value>{square[flat]};
  });
  const std::shared_ptr<const Expr> ne = not_equal_expr();
  auto all_different = [&](const std::vector<int>& line) {
    if (use_all_different) {
      model.add_constraint(AllDifferentConstraint{line, {}});
      return;
    }
    for (std::size_t i = 0; i < line.size(); ++i)
      for (std::size_t j = i + 1; j < line.size(); ++j)
        model.add_constraint(IntensionConstraint{{line[i], line[j]}, ne});
  };
  const auto un = static_cast<std::size_t>(n);
  for (std::size_t r = 0; r < un && n > 1; ++r)
    all_different(std::vector<int>(x.begin() + static_cast<std::ptrdiff_t>(r * un),
                                   x.begin() + static_cast<std::ptrdiff_t>((r + 1) * un)));
  for (std::size_t c = 0; c < un && n > 1; ++c) {
    std::vector<int> column;
    for (std::size_t r = 0; r < un; ++r) column.push_back(x[r * un + c]);
    all_different(column);
  }
  return model;
}

}  // namespace arcwave::gen
