// instances/cells/scenes.hpp — scenes for the cell graph and samples of them: ℓ constraints
// (inequalities) cut a configuration space into cells, and a sample point becomes the ℓ-bit
// vector of the constraints it satisfies. Points that fall into the same cell give the same
// vector, so samples repeat vectors the way a real sampler does.
//
// Scenes (all built from a seed, so every machine gets the same one):
//  - kHyperplanes: ℓ random half-spaces a·x <= b in R^d (a uniform on the sphere, the plane
//    through a uniform point of the box); points uniform in [0,1]^d.
//  - kQuadrics: ℓ random quadric regions xᵀQx + q·x + c <= 0 in R^d (Q symmetric with normal
//    entries, q normal, the surface through a uniform point of the box); points as above.
//  - kRotations: orientations of a rigid body, SO(3) as in motion planning: constraint k holds
//    when body direction b_k, rotated, lies on the side n_k·(R b_k) <= t_k; configurations are
//    uniform random rotations drawn with Shoemake's method (unit quaternions).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "graph/cellgraph/bit_vectors.hpp"

namespace arcwave::gen::cells {

enum class SceneKind : std::uint8_t { kHyperplanes, kQuadrics, kRotations };
std::string_view to_string(SceneKind kind);
/// "hyperplanes", "quadrics" or "rotations"; throws InputError otherwise.
SceneKind parse_scene_kind(std::string_view text);

struct SceneParams {
  SceneKind kind = SceneKind::kHyperplanes;
  std::uint32_t dimension = 3;     // d (ignored by kRotations: SO(3))
  std::uint32_t constraints = 64;  // ℓ
  std::uint64_t seed = 1;
};

/// A uniform random rotation as a unit quaternion (w, x, y, z) from three uniform numbers in
/// [0, 1) (K. Shoemake, "Uniform random rotations", Graphics Gems III, 1992).
std::array<double, 4> shoemake_rotation(double u1, double u2, double u3);
/// Rotates vector v by the unit quaternion q.
std::array<double, 3> rotate(const std::array<double, 4>& q, const std::array<double, 3>& v);

class Scene {
 public:
  /// Throws InputError for ℓ = 0, d = 0 or d > 64.
  explicit Scene(const SceneParams& params);

  [[nodiscard]] const SceneParams& params() const noexcept { return params_; }
  [[nodiscard]] std::uint32_t constraints() const noexcept { return params_.constraints; }
  /// Numbers per sample point: d, or 4 (a quaternion) for rotations.
  [[nodiscard]] std::uint32_t point_size() const noexcept;
  /// Sample point `index` of the stream `seed` (the same on every machine and thread count).
  void sample_point(std::uint64_t seed, std::uint64_t index, std::span<double> point) const;
  /// The vector of a point: bit k set when the point satisfies constraint k.
  void classify(std::span<const double> point, std::span<std::uint64_t> row) const;
  /// One line saying what the scene is.
  [[nodiscard]] std::string describe() const;

 private:
  SceneParams params_;
  std::vector<double> coefficients_;  // per constraint, laid out by kind
  std::uint32_t stride_ = 0;          // coefficients per constraint
};

/// The vectors of points 0 .. n-1 of the stream `seed` (duplicates as they fall), computed on
/// `threads` OpenMP threads (0: all).
BitVectors sample_vectors(const Scene& scene, std::uint64_t n, std::uint64_t seed, int threads = 0);

/// The first `distinct` distinct vectors of the stream `seed`, in order of appearance. Throws
/// InputError when `max_draws` points give fewer (the scene has too few reachable cells).
BitVectors sample_distinct_vectors(const Scene& scene, std::uint64_t distinct, std::uint64_t seed,
                                   std::uint64_t max_draws, int threads = 0);

/// n vectors: every row of `distinct` once, plus n - distinct.count copies of random rows of
/// it, shuffled (for benchmarks with a given share of duplicates).
BitVectors with_duplicates(const BitVectors& distinct, std::uint64_t n, std::uint64_t seed);

}  // namespace arcwave::gen::cells
