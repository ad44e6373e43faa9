// Drawing without replacement (instances/csp/sampling.hpp).
#include "instances/csp/sampling.hpp"

#include <algorithm>
#include <set>
#include <unordered_set>

#include <fmt/format.h>

#include "arcwave/error.hpp"

namespace arcwave::gen {

namespace {

constexpr std::uint64_t kLimit = std::uint64_t{1} << 62;

// Rejection into a bitmap: cheap when the sample is a fair share of a small population.
std::vector<std::uint64_t> sample_dense(Rng& rng, std::uint64_t population, std::uint64_t count) {
  std::vector<std::uint64_t> bits((population + 63) / 64, 0);
  for (std::uint64_t got = 0; got < count;) {
    const std::uint64_t x = rng.below(population);
    std::uint64_t& word = bits[x / 64];
    const std::uint64_t mask = std::uint64_t{1} << (x % 64);
    if ((word & mask) == 0) {
      word |= mask;
      ++got;
    }
  }
  std::vector<std::uint64_t> out;
  out.reserve(count);
  for (std::uint64_t w = 0; w < bits.size(); ++w)
    for (std::uint64_t word = bits[w]; word != 0; word &= word - 1)
      out.push_back(w * 64 + static_cast<std::uint64_t>(__builtin_ctzll(word)));
  return out;
}

// Floyd's algorithm: exactly `count` draws, memory proportional to the sample.
std::vector<std::uint64_t> sample_sparse(Rng& rng, std::uint64_t population, std::uint64_t count) {
  std::unordered_set<std::uint64_t> chosen;
  chosen.reserve(count);
  for (std::uint64_t j = population - count; j < population; ++j) {
    const std::uint64_t t = rng.below(j + 1);
    chosen.insert(chosen.contains(t) ? j : t);
  }
  std::vector<std::uint64_t> out(chosen.begin(), chosen.end());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

std::uint64_t tuple_space(int d, int arity) {
  std::uint64_t size = 1;
  for (int i = 0; i < arity; ++i) {
    if (size > kLimit / static_cast<std::uint64_t>(d)) return UINT64_MAX;
    size *= static_cast<std::uint64_t>(d);
  }
  return size;
}

std::uint64_t binomial_saturated(int n, int k) {
  if (k < 0 || k > n) return 0;
  k = std::min(k, n - k);
  // C(n, i) = C(n, i-1) * (n-i+1) / i stays integral at every step. An intermediate product
  // past 2^64 saturates too: callers then treat the space as unrankable, which stays correct.
  std::uint64_t c = 1;
  for (int i = 1; i <= k; ++i) {
    std::uint64_t product = 0;
    if (__builtin_mul_overflow(c, static_cast<std::uint64_t>(n - i + 1), &product))
      return UINT64_MAX;
    c = product / static_cast<std::uint64_t>(i);
    if (c > kLimit) return UINT64_MAX;
  }
  return c;
}

std::vector<std::uint64_t> sample_sorted(Rng& rng, std::uint64_t population, std::uint64_t count) {
  if (count > population)
    throw InputError(fmt::format("cannot draw {} distinct items out of {}", count, population));
  if (count == 0) return {};
  if (count > population / 2) {
    // Draw what to leave out instead.
    const std::vector<std::uint64_t> left_out = sample_sorted(rng, population, population - count);
    std::vector<std::uint64_t> out;
    out.reserve(count);
    std::size_t k = 0;
    for (std::uint64_t x = 0; x < population; ++x) {
      if (k < left_out.size() && left_out[k] == x) {
        ++k;
        continue;
      }
      out.push_back(x);
    }
    return out;
  }
  if (population / 64 <= count) return sample_dense(rng, population, count);
  return sample_sparse(rng, population, count);
}

std::vector<std::vector<int>> sample_scopes(Rng& rng, int n, int arity, std::uint64_t count) {
  if (arity < 1 || arity > n)
    throw InputError(fmt::format("scopes of {} distinct variables among {}", arity, n));
  const std::uint64_t total = binomial_saturated(n, arity);
  std::vector<std::vector<int>> scopes;
  scopes.reserve(count);
  if (total == UINT64_MAX) {
    // Too many scopes to rank: draw random subsets until enough distinct ones.
    std::set<std::vector<int>> seen;
    std::vector<int> all(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) all[i] = i;
    while (seen.size() < count) {
      for (int i = 0; i < arity; ++i)  // partial Fisher–Yates: the first `arity` slots
        std::swap(all[i], all[i + static_cast<int>(rng.below(static_cast<std::uint64_t>(n - i)))]);
      std::vector<int> scope(all.begin(), all.begin() + arity);
      std::sort(scope.begin(), scope.end());
      seen.insert(std::move(scope));
    }
    scopes.assign(seen.begin(), seen.end());
    return scopes;
  }
  if (count > total)
    throw InputError(
        fmt::format("{} constraints of arity {} need distinct scopes, but {} "
                    "variables have only {}",
                    count, arity, n, total));
  // Unrank each sampled rank in the lexicographic order of increasing scopes.
  for (std::uint64_t rank : sample_sorted(rng, total, count)) {
    std::vector<int> scope;
    scope.reserve(static_cast<std::size_t>(arity));
    int v = 0;
    for (int pos = 0; pos < arity; ++pos) {
      for (;; ++v) {
        const std::uint64_t below = binomial_saturated(n - 1 - v, arity - 1 - pos);
        if (rank < below) break;
        rank -= below;
      }
      scope.push_back(v++);
    }
    scopes.push_back(std::move(scope));
  }
  return scopes;
}

std::vector<std::int32_t> sample_tuples(Rng& rng, int d, int arity, std::uint64_t count,
                                        const std::vector<std::int32_t>* exclude) {
  const std::uint64_t space = tuple_space(d, arity);
  if (space == UINT64_MAX)
    throw InputError(fmt::format("tables over domain {} and arity {} are too large", d, arity));
  auto rank_of = [&](const std::vector<std::int32_t>& t) {
    std::uint64_t r = 0;
    for (std::int32_t v : t) r = r * static_cast<std::uint64_t>(d) + static_cast<std::uint64_t>(v);
    return r;
  };
  const bool excluding = exclude != nullptr;
  const std::uint64_t skip = excluding ? rank_of(*exclude) : 0;
  std::vector<std::uint64_t> ranks = sample_sorted(rng, space - (excluding ? 1 : 0), count);
  std::vector<std::int32_t> cells(ranks.size() * static_cast<std::size_t>(arity));
  for (std::size_t t = 0; t < ranks.size(); ++t) {
    std::uint64_t r = ranks[t];
    if (excluding && r >= skip) ++r;  // ranks stay increasing
    for (int i = arity - 1; i >= 0; --i) {
      cells[t * static_cast<std::size_t>(arity) + static_cast<std::size_t>(i)] =
          static_cast<std::int32_t>(r % static_cast<std::uint64_t>(d));
      r /= static_cast<std::uint64_t>(d);
    }
  }
  return cells;
}

}  // namespace arcwave::gen
