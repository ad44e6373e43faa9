// graph/polyline/problem.hpp — the polyline extraction problem: what the user asks for
// (PolylineSpec) and the geometry derived from it (guides and candidate points).
//
// Coordinates are pixels: x is the column, y the row, pixel centres at integer coordinates.
// The user marks a and b. K nodes split [a,b] into K+1 equal parts; node g (1..K) is at
// a + g/(K+1) (b - a). Through each node runs a guide line perpendicular to [a,b] carrying N
// candidate points at a + g/(K+1) (b - a) + (idx - (N-1)/2) s v, idx = 0..N-1, where v is the
// unit vector of b - a turned by +90 degrees and s = 2W/(N-1) (W = --half-width), so the points
// span [-W, W] across the segment. Point idx is kept as an integer offset in half-steps
// h = s/2: 2 idx - (N-1) (a and b are at offset 0), see layout.hpp.
//
// A polyline is a, one point per guide 1..K, b: K+1 links. The DP state is a pair of
// consecutive points, because the angle limit involves three consecutive points.
#pragma once

#include <string>
#include <vector>

namespace arcwave::polyline {

struct Vec2 {
  double x = 0.0;
  double y = 0.0;
};

/// The largest N and K accepted (a level table has N*N entries; tables are indexed in 64 bit
/// but one level must stay below 2^31 entries for the GPU kernels' 32-bit index arithmetic).
inline constexpr int kMaxPoints = 32768;
inline constexpr int kMaxNodes = 4096;
/// Coordinates and the half-width are bounded so that sample counts fit 32-bit integers.
inline constexpr double kMaxCoordinate = 1e7;

struct PolylineSpec {
  Vec2 from;                     // a
  Vec2 to;                       // b
  int nodes = 0;                 // K >= 1
  int points = 0;                // N >= 2
  double max_angle_deg = 180.0;  // in (0, 180]; 180 means no limit
  /// W in pixels; 0 means the default (N-1)/2, a spacing of one pixel between candidates.
  double half_width = 0.0;
};

/// Throws InputError when a parameter is out of range (K < 1, N < 2, angle outside (0,180],
/// W not positive and finite, a == b, non-finite coordinates). `where` names the source for
/// the error position (the command line).
void validate(const PolylineSpec& spec, const std::string& where = "command line");

class Geometry {
 public:
  explicit Geometry(const PolylineSpec& spec);  // validates

  [[nodiscard]] int nodes() const { return nodes_; }
  [[nodiscard]] int points() const { return points_; }
  [[nodiscard]] Vec2 from() const { return from_; }
  [[nodiscard]] Vec2 to() const { return to_; }
  [[nodiscard]] double length() const { return length_; }
  /// Distance between consecutive guides, |b - a| / (K+1).
  [[nodiscard]] double guide_spacing() const { return guide_spacing_; }
  /// h = W / (N-1): one half-step across the segment.
  [[nodiscard]] double half_step() const { return half_step_; }
  [[nodiscard]] double half_width() const { return half_width_; }
  [[nodiscard]] Vec2 along() const { return u_; }   // unit (b - a) / |b - a|
  [[nodiscard]] Vec2 across() const { return v_; }  // u turned by +90 degrees

  [[nodiscard]] int guide_count() const { return nodes_ + 2; }
  [[nodiscard]] int guide_size(int guide) const;
  /// The position of point idx on guide g (g = 0: a, g = K+1: b).
  [[nodiscard]] Vec2 point(int guide, int idx) const;
  /// Every point of guides 0..K+1 in guide order (1 + K*N + 1 entries), as the link scorers
  /// read them; computed once so that CPU and GPU use the same coordinates.
  [[nodiscard]] const std::vector<Vec2>& all_points() const { return points_table_; }
  /// Index of point idx of guide g in all_points().
  [[nodiscard]] std::size_t point_index(int guide, int idx) const;

 private:
  int nodes_;
  int points_;
  Vec2 from_, to_, u_, v_;
  double length_, guide_spacing_, half_step_, half_width_;
  std::vector<Vec2> points_table_;
};

}  // namespace arcwave::polyline
