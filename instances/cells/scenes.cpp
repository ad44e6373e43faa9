// Definitions for instances/cells/scenes.hpp.
#include "instances/cells/scenes.hpp"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include <fmt/format.h>

#include "arcwave/error.hpp"

namespace arcwave::gen::cells {

namespace {

std::uint64_t mix(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

/// SplitMix64 stream: one per (seed, index), so points do not depend on the thread count.
class Random {
 public:
  Random(std::uint64_t seed, std::uint64_t index) : state_(mix(seed ^ mix(index ^ 0x5CE7E5ULL))) {}
  std::uint64_t next() { return mix(state_ += 0x9E3779B97F4A7C15ULL); }
  /// Uniform in [0, 1).
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  /// Standard normal (Box-Muller).
  double normal() {
    const double u = 1.0 - uniform();  // (0, 1]
    const double v = uniform();
    return std::sqrt(-2.0 * std::log(u)) * std::cos(2.0 * std::numbers::pi * v);
  }

 private:
  std::uint64_t state_;
};

std::array<double, 3> unit_vector3(Random& rng) {
  for (;;) {
    const std::array<double, 3> v = {rng.normal(), rng.normal(), rng.normal()};
    const double len = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    if (len > 1e-9) return {v[0] / len, v[1] / len, v[2] / len};
  }
}

std::uint64_t row_hash(const std::uint64_t* row, std::uint32_t words) {
  std::uint64_t h = 0x243F6A8885A308D3ULL;
  for (std::uint32_t w = 0; w < words; ++w) h = mix(h ^ row[w]);
  return h;
}

}  // namespace

std::string_view to_string(SceneKind kind) {
  switch (kind) {
    case SceneKind::kHyperplanes:
      return "hyperplanes";
    case SceneKind::kQuadrics:
      return "quadrics";
    case SceneKind::kRotations:
      return "rotations";
  }
  return "?";
}

SceneKind parse_scene_kind(std::string_view text) {
  if (text == "hyperplanes") return SceneKind::kHyperplanes;
  if (text == "quadrics") return SceneKind::kQuadrics;
  if (text == "rotations") return SceneKind::kRotations;
  throw InputError(
      fmt::format("unknown scene '{}' (expected hyperplanes, quadrics or rotations)", text));
}

std::array<double, 4> shoemake_rotation(double u1, double u2, double u3) {
  const double r1 = std::sqrt(1.0 - u1);
  const double r2 = std::sqrt(u1);
  const double t1 = 2.0 * std::numbers::pi * u2;
  const double t2 = 2.0 * std::numbers::pi * u3;
  return {std::cos(t2) * r2, std::sin(t1) * r1, std::cos(t1) * r1, std::sin(t2) * r2};
}

std::array<double, 3> rotate(const std::array<double, 4>& q, const std::array<double, 3>& v) {
  // v' = v + 2w (u × v) + 2 u × (u × v), u = (x, y, z)
  const double w = q[0];
  const std::array<double, 3> u = {q[1], q[2], q[3]};
  const std::array<double, 3> c = {u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2],
                                   u[0] * v[1] - u[1] * v[0]};
  const std::array<double, 3> cc = {u[1] * c[2] - u[2] * c[1], u[2] * c[0] - u[0] * c[2],
                                    u[0] * c[1] - u[1] * c[0]};
  return {v[0] + 2 * (w * c[0] + cc[0]), v[1] + 2 * (w * c[1] + cc[1]),
          v[2] + 2 * (w * c[2] + cc[2])};
}

Scene::Scene(const SceneParams& params) : params_(params) {
  if (params.constraints == 0) throw InputError("cell scene: 0 constraints");
  const std::uint32_t d = params.dimension;
  if (params.kind != SceneKind::kRotations && (d == 0 || d > 64))
    throw InputError(fmt::format("cell scene: dimension {} (expected 1..64)", d));
  Random rng(params.seed, ~std::uint64_t{0});
  std::vector<double> p(d);
  switch (params.kind) {
    case SceneKind::kHyperplanes:
      stride_ = d + 1;  // a[0..d), b
      for (std::uint32_t k = 0; k < params.constraints; ++k) {
        std::vector<double> a(d);
        double len = 0;
        while (len < 1e-9) {
          len = 0;
          for (double& x : a) {
            x = rng.normal();
            len += x * x;
          }
          len = std::sqrt(len);
        }
        double b = 0;
        for (std::uint32_t i = 0; i < d; ++i) {
          a[i] /= len;
          b += a[i] * rng.uniform();
        }
        coefficients_.insert(coefficients_.end(), a.begin(), a.end());
        coefficients_.push_back(b);
      }
      break;
    case SceneKind::kQuadrics:
      stride_ = d * d + d + 1;  // Q (full, symmetric), q, c
      for (std::uint32_t k = 0; k < params.constraints; ++k) {
        std::vector<double> q(std::size_t{d} * d + d + 1);
        for (std::uint32_t i = 0; i < d; ++i)
          for (std::uint32_t j = i; j < d; ++j) q[i * d + j] = q[j * d + i] = rng.normal();
        for (std::uint32_t i = 0; i < d; ++i) q[d * d + i] = rng.normal();
        for (double& x : p) x = rng.uniform();
        double value = 0;
        for (std::uint32_t i = 0; i < d; ++i) {
          value += q[d * d + i] * p[i];
          for (std::uint32_t j = 0; j < d; ++j) value += p[i] * q[i * d + j] * p[j];
        }
        q[d * d + d] = -value;  // the surface passes through p
        coefficients_.insert(coefficients_.end(), q.begin(), q.end());
      }
      break;
    case SceneKind::kRotations:
      stride_ = 7;  // n (3), b (3), t
      for (std::uint32_t k = 0; k < params.constraints; ++k) {
        const auto n = unit_vector3(rng);
        const auto b = unit_vector3(rng);
        coefficients_.insert(coefficients_.end(), n.begin(), n.end());
        coefficients_.insert(coefficients_.end(), b.begin(), b.end());
        coefficients_.push_back(1.6 * rng.uniform() - 0.8);
      }
      break;
  }
}

std::uint32_t Scene::point_size() const noexcept {
  return params_.kind == SceneKind::kRotations ? 4 : params_.dimension;
}

void Scene::sample_point(std::uint64_t seed, std::uint64_t index, std::span<double> point) const {
  Random rng(seed, index);
  if (params_.kind == SceneKind::kRotations) {
    const double u1 = rng.uniform();
    const double u2 = rng.uniform();
    const double u3 = rng.uniform();
    const auto q = shoemake_rotation(u1, u2, u3);
    std::copy(q.begin(), q.end(), point.begin());
    return;
  }
  for (double& x : point) x = rng.uniform();
}

void Scene::classify(std::span<const double> point, std::span<std::uint64_t> row) const {
  std::fill(row.begin(), row.end(), 0);
  const std::uint32_t d = params_.dimension;
  const auto set = [&](std::uint32_t k, bool inside) {
    row[k / 64] |= static_cast<std::uint64_t>(inside) << (k % 64);
  };
  // One loop per kind (the kind is tested once per point, not once per constraint).
  const double* c = coefficients_.data();
  const double* x = point.data();
  switch (params_.kind) {
    case SceneKind::kHyperplanes:
      for (std::uint32_t k = 0; k < params_.constraints; ++k, c += stride_) {
        double s = 0;
        for (std::uint32_t i = 0; i < d; ++i) s += c[i] * x[i];
        set(k, s <= c[d]);
      }
      break;
    case SceneKind::kQuadrics:
      for (std::uint32_t k = 0; k < params_.constraints; ++k, c += stride_) {
        double s = c[d * d + d];
        for (std::uint32_t i = 0; i < d; ++i) {
          double row_sum = c[d * d + i];
          for (std::uint32_t j = 0; j < d; ++j) row_sum += c[i * d + j] * x[j];
          s += row_sum * x[i];
        }
        set(k, s <= 0);
      }
      break;
    case SceneKind::kRotations: {
      const std::array<double, 4> q = {x[0], x[1], x[2], x[3]};
      for (std::uint32_t k = 0; k < params_.constraints; ++k, c += stride_) {
        const auto r = rotate(q, {c[3], c[4], c[5]});
        set(k, c[0] * r[0] + c[1] * r[1] + c[2] * r[2] <= c[6]);
      }
      break;
    }
  }
}

std::string Scene::describe() const {
  if (params_.kind == SceneKind::kRotations)
    return fmt::format(
        "rotations: {} constraints n·(R b) <= t on SO(3), seed {}; rotations "
        "uniform (Shoemake)",
        params_.constraints, params_.seed);
  return fmt::format("{}: {} random {} in [0,1]^{}, seed {}; points uniform in the box",
                     to_string(params_.kind), params_.constraints,
                     params_.kind == SceneKind::kHyperplanes ? "half-spaces" : "quadric regions",
                     params_.dimension, params_.seed);
}

namespace {

void sample_range(const Scene& scene, std::uint64_t first, std::uint64_t count, std::uint64_t seed,
                  int threads, std::uint64_t* rows) {
  const std::uint32_t words = BitVectors::words_for(scene.constraints());
  const std::uint32_t size = scene.point_size();
  const auto total = static_cast<std::int64_t>(count);
#pragma omp parallel num_threads(threads)
  {
    std::vector<double> point(size);
#pragma omp for schedule(static)
    for (std::int64_t i = 0; i < total; ++i) {
      const auto index = static_cast<std::uint64_t>(i);
      scene.sample_point(seed, first + index, point);
      scene.classify(point, std::span<std::uint64_t>(rows + index * words, words));
    }
  }
}

int thread_count(int threads) {
  return threads > 0 ? threads : omp_get_max_threads();
}

}  // namespace

BitVectors sample_vectors(const Scene& scene, std::uint64_t n, std::uint64_t seed, int threads) {
  BitVectors out(n, scene.constraints());
  sample_range(scene, 0, n, seed, thread_count(threads), out.data.data());
  return out;
}

BitVectors sample_distinct_vectors(const Scene& scene, std::uint64_t distinct, std::uint64_t seed,
                                   std::uint64_t max_draws, int threads) {
  const std::uint32_t bits = scene.constraints();
  const std::uint32_t words = BitVectors::words_for(bits);
  BitVectors out(0, bits);
  out.data.reserve(distinct * words);
  // Open addressing over the rows kept so far (load <= 1/2).
  std::uint64_t slots = 2;
  while (slots < 2 * distinct) slots *= 2;
  std::vector<std::uint32_t> table(slots, 0xFFFFFFFFU);
  const std::uint64_t batch_size = std::max<std::uint64_t>(4096, distinct / 4);
  std::vector<std::uint64_t> batch;
  std::uint64_t drawn = 0;
  while (out.count < distinct) {
    if (drawn >= max_draws)
      throw InputError(
          fmt::format("cell scene ({}): only {} distinct vectors in {} samples, {} "
                      "wanted",
                      scene.describe(), out.count, drawn, distinct));
    const std::uint64_t count = std::min(batch_size, max_draws - drawn);
    batch.assign(count * words, 0);
    sample_range(scene, drawn, count, seed, thread_count(threads), batch.data());
    drawn += count;
    for (std::uint64_t i = 0; i < count && out.count < distinct; ++i) {
      const std::uint64_t* row = batch.data() + i * words;
      std::uint64_t slot = row_hash(row, words) & (slots - 1);
      bool fresh = true;
      while (table[slot] != 0xFFFFFFFFU) {
        if (std::equal(row, row + words, out.data.data() + std::uint64_t{table[slot]} * words)) {
          fresh = false;
          break;
        }
        slot = (slot + 1) & (slots - 1);
      }
      if (!fresh) continue;
      table[slot] = static_cast<std::uint32_t>(out.count);
      out.push_back(std::span<const std::uint64_t>(row, words));
    }
  }
  return out;
}

BitVectors with_duplicates(const BitVectors& distinct, std::uint64_t n, std::uint64_t seed) {
  if (n < distinct.count || distinct.count == 0)
    throw InputError(
        fmt::format("with_duplicates: {} vectors from {} distinct ones", n, distinct.count));
  Random rng(seed, 0xD0B1E5ULL);
  std::vector<std::uint64_t> source(n);
  for (std::uint64_t i = 0; i < n; ++i)
    source[i] = i < distinct.count ? i : rng.next() % distinct.count;
  for (std::uint64_t i = n; i > 1; --i) std::swap(source[i - 1], source[rng.next() % i]);
  BitVectors out(n, distinct.bits);
  const std::uint32_t words = distinct.words;
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < static_cast<std::int64_t>(n); ++i) {
    const auto row = distinct.row(source[static_cast<std::uint64_t>(i)]);
    std::copy(row.begin(), row.end(), out.data.begin() + i * static_cast<std::int64_t>(words));
  }
  return out;
}

}  // namespace arcwave::gen::cells
