// Validation and geometry of graph/polyline/problem.hpp.
#include "graph/polyline/problem.hpp"

#include <cmath>

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "graph/polyline/layout.hpp"

namespace arcwave::polyline {

namespace {

[[noreturn]] void bad(const std::string& where, const std::string& message) {
  throw InputError(SourcePosition{where, 0, 0}, message);
}

}  // namespace

void validate(const PolylineSpec& spec, const std::string& where) {
  if (!std::isfinite(spec.from.x) || !std::isfinite(spec.from.y) || !std::isfinite(spec.to.x) ||
      !std::isfinite(spec.to.y))
    bad(where, "the end points must be finite numbers");
  if (spec.from.x == spec.to.x && spec.from.y == spec.to.y)
    bad(where, fmt::format("--from and --to are the same point ({},{}): no segment to follow",
                           spec.from.x, spec.from.y));
  if (spec.nodes < 1 || spec.nodes > kMaxNodes)
    bad(where, fmt::format("--nodes {} is out of range (expected 1..{})", spec.nodes, kMaxNodes));
  if (spec.points < 2 || spec.points > kMaxPoints)
    bad(where,
        fmt::format("--points {} is out of range (expected 2..{})", spec.points, kMaxPoints));
  if (!(spec.max_angle_deg > 0.0 && spec.max_angle_deg <= 180.0))
    bad(where, fmt::format("--max-angle {} is out of range (expected a value in (0, 180] degrees)",
                           spec.max_angle_deg));
  if (!std::isfinite(spec.half_width) || spec.half_width < 0.0 || spec.half_width > kMaxCoordinate)
    bad(where, fmt::format("--half-width {} must be a positive number of pixels (at most {:g})",
                           spec.half_width, kMaxCoordinate));
  for (const Vec2& p : {spec.from, spec.to})
    if (std::fabs(p.x) > kMaxCoordinate || std::fabs(p.y) > kMaxCoordinate)
      bad(where, fmt::format("point ({},{}) is too far from the image (|coordinate| <= {:g})", p.x,
                             p.y, kMaxCoordinate));
}

Geometry::Geometry(const PolylineSpec& spec) {
  validate(spec);
  nodes_ = spec.nodes;
  points_ = spec.points;
  from_ = spec.from;
  to_ = spec.to;
  const double dx = to_.x - from_.x;
  const double dy = to_.y - from_.y;
  length_ = std::sqrt(dx * dx + dy * dy);
  u_ = Vec2{dx / length_, dy / length_};
  v_ = Vec2{-u_.y, u_.x};
  guide_spacing_ = length_ / static_cast<double>(nodes_ + 1);
  half_width_ = spec.half_width > 0.0 ? spec.half_width : 0.5 * static_cast<double>(points_ - 1);
  half_step_ = half_width_ / static_cast<double>(points_ - 1);
  points_table_.reserve(static_cast<std::size_t>(nodes_) * static_cast<std::size_t>(points_) + 2);
  for (int g = 0; g < guide_count(); ++g)
    for (int idx = 0; idx < guide_size(g); ++idx) points_table_.push_back(point(g, idx));
}

int Geometry::guide_size(int guide) const {
  return polyline::guide_size(guide, nodes_, points_);
}

Vec2 Geometry::point(int guide, int idx) const {
  if (guide == 0) return from_;
  if (guide == nodes_ + 1) return to_;
  const double t = static_cast<double>(guide) / static_cast<double>(nodes_ + 1);
  const double across = static_cast<double>(guide_offset(false, points_, idx)) * half_step_;
  return Vec2{from_.x + t * (to_.x - from_.x) + across * v_.x,
              from_.y + t * (to_.y - from_.y) + across * v_.y};
}

std::size_t Geometry::point_index(int guide, int idx) const {
  if (guide == 0) return 0;
  return 1 + static_cast<std::size_t>(guide - 1) * static_cast<std::size_t>(points_) +
         static_cast<std::size_t>(idx);
}

}  // namespace arcwave::polyline
