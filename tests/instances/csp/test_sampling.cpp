// Random numbers and drawing without replacement (instances/csp/rng.hpp, sampling.hpp).
#include <algorithm>
#include <numeric>
#include <set>

#include "arcwave/error.hpp"
#include "instances/csp/rng.hpp"
#include "instances/csp/sampling.hpp"
#include "tests/support/catch.hpp"

using arcwave::gen::Rng;

TEST_CASE("Rng::below stays in range and hits every value about equally", "[instances][rng]") {
  Rng rng(7);
  for (std::uint64_t bound : {1ull, 2ull, 3ull, 10ull, 1000ull, (1ull << 63) + 5}) {
    for (int i = 0; i < 1000; ++i) REQUIRE(rng.below(bound) < bound);
  }
  std::vector<int> hits(6, 0);
  for (int i = 0; i < 60000; ++i) ++hits[rng.below(6)];
  for (int h : hits) {
    REQUIRE(h > 9500);  // expected 10000, standard deviation about 91
    REQUIRE(h < 10500);
  }
  for (int i = 0; i < 1000; ++i) {
    const std::int64_t v = rng.between(-3, 3);
    REQUIRE(v >= -3);
    REQUIRE(v <= 3);
  }
}

TEST_CASE("Rng is a pure function of its seed", "[instances][rng]") {
  Rng a(42), b(42), c(43);
  bool differs = false;
  for (int i = 0; i < 100; ++i) {
    const std::uint64_t x = a.below(1000);
    REQUIRE(x == b.below(1000));
    differs = differs || x != c.below(1000);
  }
  REQUIRE(differs);
  // std::mt19937_64 is specified bit for bit: its 10000th output from the default seed.
  std::mt19937_64 engine;
  engine.discard(9999);
  REQUIRE(engine() == 9981545732273789042ull);
}

TEST_CASE("Rng::shuffle gives permutations", "[instances][rng]") {
  Rng rng(3);
  std::vector<int> v(50);
  std::iota(v.begin(), v.end(), 0);
  rng.shuffle(std::span<int>(v));
  std::vector<int> sorted = v;
  std::sort(sorted.begin(), sorted.end());
  for (int i = 0; i < 50; ++i) REQUIRE(sorted[i] == i);
  REQUIRE(v != sorted);
}

TEST_CASE("sample_sorted draws distinct sorted values in every regime", "[instances][sampling]") {
  Rng rng(11);
  // sparse (Floyd), dense (bitmap), complement, everything, nothing
  const std::vector<std::pair<std::uint64_t, std::uint64_t>> cases{
      {1000000, 100}, {1000, 100}, {1000, 900}, {64, 64}, {64, 0}, {1, 1}, {1ull << 40, 1000}};
  for (const auto& [population, count] : cases) {
    const std::vector<std::uint64_t> s = arcwave::gen::sample_sorted(rng, population, count);
    REQUIRE(s.size() == count);
    REQUIRE(std::adjacent_find(s.begin(), s.end(), std::greater_equal<>()) == s.end());
    if (!s.empty()) REQUIRE(s.back() < population);
  }
  REQUIRE_THROWS_AS(arcwave::gen::sample_sorted(rng, 5, 6), arcwave::InputError);
}

TEST_CASE("sample_sorted is unbiased: each item is drawn with probability count/population",
          "[instances][sampling]") {
  Rng rng(5);
  for (std::uint64_t count : {3ull, 20ull, 35ull}) {  // dense and complement regimes
    std::vector<int> hits(40, 0);
    const int rounds = 4000;
    for (int r = 0; r < rounds; ++r)
      for (std::uint64_t x : arcwave::gen::sample_sorted(rng, 40, count)) ++hits[x];
    const double expected = rounds * static_cast<double>(count) / 40.0;
    for (int h : hits) REQUIRE(std::abs(h - expected) < 6 * std::sqrt(expected) + 1);
  }
}

TEST_CASE("sample_scopes gives distinct increasing scopes", "[instances][sampling]") {
  Rng rng(9);
  for (int arity : {1, 2, 3, 5}) {
    const auto total = arcwave::gen::binomial_saturated(12, arity);
    for (std::uint64_t count : {std::uint64_t{1}, total / 2, total}) {
      const auto scopes = arcwave::gen::sample_scopes(rng, 12, arity, count);
      REQUIRE(scopes.size() == count);
      REQUIRE(std::set<std::vector<int>>(scopes.begin(), scopes.end()).size() == count);
      REQUIRE(std::is_sorted(scopes.begin(), scopes.end()));
      for (const auto& s : scopes) {
        REQUIRE(s.size() == static_cast<std::size_t>(arity));
        REQUIRE(std::adjacent_find(s.begin(), s.end(), std::greater_equal<>()) == s.end());
        REQUIRE(s.front() >= 0);
        REQUIRE(s.back() < 12);
      }
    }
    REQUIRE_THROWS_AS(arcwave::gen::sample_scopes(rng, 12, arity, total + 1), arcwave::InputError);
  }
  // A space too large to rank (C(200, 40) > 2^62) is drawn by rejection.
  const auto big = arcwave::gen::sample_scopes(rng, 200, 40, 50);
  REQUIRE(std::set<std::vector<int>>(big.begin(), big.end()).size() == 50);
  REQUIRE(arcwave::gen::binomial_saturated(200, 40) == UINT64_MAX);
  REQUIRE(arcwave::gen::binomial_saturated(10, 3) == 120);
  REQUIRE(arcwave::gen::binomial_saturated(52, 5) == 2598960);
}

TEST_CASE("sample_tuples draws distinct lexicographic tuples, avoiding an excluded one",
          "[instances][sampling]") {
  Rng rng(13);
  const std::vector<std::int32_t> planted{2, 1, 0};
  for (std::uint64_t count : {0ull, 5ull, 26ull}) {
    const std::vector<std::int32_t> cells = arcwave::gen::sample_tuples(rng, 3, 3, count, &planted);
    REQUIRE(cells.size() == count * 3);
    std::set<std::vector<std::int32_t>> tuples;
    std::vector<std::int32_t> previous;
    for (std::size_t t = 0; t < count; ++t) {
      std::vector<std::int32_t> tuple(cells.begin() + 3 * t, cells.begin() + 3 * t + 3);
      for (std::int32_t v : tuple) REQUIRE((v >= 0 && v < 3));
      REQUIRE(tuple != planted);
      REQUIRE(tuple > previous);
      previous = tuple;
      tuples.insert(tuple);
    }
  }
  REQUIRE_THROWS_AS(arcwave::gen::sample_tuples(rng, 3, 3, 27, &planted), arcwave::InputError);
  REQUIRE_THROWS_AS(arcwave::gen::sample_tuples(rng, 1000, 7, 1), arcwave::InputError);
}
