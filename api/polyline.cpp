// GreyImage and trace_polyline (include/arcwave/polyline.hpp): the steps of `arcwave polyline`
// — Sobel gradient, link scores, the DP on the CPU or the GPU — behind one call.
#include "arcwave/polyline.hpp"

#include <cmath>

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "core/backend.hpp"
#include "graph/polyline/brute_force.hpp"
#include "graph/polyline/dp_cpu.hpp"
#include "graph/polyline/gpu_solver.hpp"
#include "graph/polyline/image_scores.hpp"
#include "parsers/image/image.hpp"

namespace arcwave {

struct GreyImage::Impl {
  GrayImage image;
};

GreyImage::GreyImage(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}

GreyImage GreyImage::load(const std::string& path) {
  return GreyImage(std::make_shared<const Impl>(Impl{read_image(path)}));
}

GreyImage GreyImage::from_pixels(int width, int height, std::span<const std::uint16_t> pixels,
                                 int max_value) {
  if (width <= 0 || height <= 0 || width > kMaxImageSide || height > kMaxImageSide)
    throw InputError(
        fmt::format("GreyImage: a {}x{} image (sides 1 to {})", width, height, kMaxImageSide));
  const std::uint64_t count =
      static_cast<std::uint64_t>(width) * static_cast<std::uint64_t>(height);
  if (count > kMaxImagePixels || pixels.size() != count)
    throw InputError(
        fmt::format("GreyImage: {} pixels for a {}x{} image", pixels.size(), width, height));
  if (max_value < 1 || max_value > 65535)
    throw InputError(fmt::format("GreyImage: max_value {} outside 1..65535", max_value));
  for (const std::uint16_t p : pixels)
    if (p > max_value)
      throw InputError(fmt::format("GreyImage: pixel value {} above max_value {}", p, max_value));
  GrayImage image;
  image.width = width;
  image.height = height;
  image.max_value = max_value;
  image.pixels.assign(pixels.begin(), pixels.end());
  return GreyImage(std::make_shared<const Impl>(Impl{std::move(image)}));
}

int GreyImage::width() const noexcept {
  return impl_->image.width;
}
int GreyImage::height() const noexcept {
  return impl_->image.height;
}
int GreyImage::max_value() const noexcept {
  return impl_->image.max_value;
}
std::span<const std::uint16_t> GreyImage::pixels() const noexcept {
  return impl_->image.pixels;
}

namespace {

using polyline::Vec2;

const SourcePosition kRequest{"polyline request", 0, 0};

void check_inside(const GreyImage& image, Vec2 p, const char* what) {
  if (!(p.x >= 0.0 && p.y >= 0.0 && p.x <= image.width() - 1 && p.y <= image.height() - 1))
    throw InputError(kRequest, fmt::format("{} {},{} is outside the image ({} x {} pixels)", what,
                                           p.x, p.y, image.width(), image.height()));
}

bool cpu_only(PolylineMethod m) {
  return m == PolylineMethod::kCubic || m == PolylineMethod::kBruteForce;
}
bool gpu_only(PolylineMethod m) {
  return m == PolylineMethod::kPaper || m == PolylineMethod::kTiled;
}

std::string_view method_name(PolylineMethod m) {
  switch (m) {
    case PolylineMethod::kAuto:
    case PolylineMethod::kWindow:
      return "window";
    case PolylineMethod::kCubic:
      return "cubic";
    case PolylineMethod::kBruteForce:
      return "brute";
    case PolylineMethod::kPaper:
      return "paper";
    case PolylineMethod::kTiled:
      return "tiled";
  }
  return "?";
}

}  // namespace

PolylineResult trace_polyline(const GreyImage& image, const PolylineRequest& request) {
  using namespace polyline;
  PolylineSpec spec;
  spec.from = {request.from.x, request.from.y};
  spec.to = {request.to.x, request.to.y};
  spec.nodes = request.nodes;
  spec.points = request.points;
  spec.max_angle_deg = request.max_angle_deg;
  spec.half_width = request.half_width;
  if (request.half_width < 0.0 || !std::isfinite(request.half_width))
    throw InputError(kRequest, fmt::format("half_width {} must be 0 (default) or a positive number "
                                           "of pixels",
                                           request.half_width));
  validate(spec, kRequest.file);
  check_inside(image, spec.from, "from");
  check_inside(image, spec.to, "to");

  Backend requested = request.backend;
  const PolylineMethod m = request.method;
  if (cpu_only(m) && requested == Backend::kGpu)
    throw InputError(kRequest, fmt::format("method {} runs on the CPU only", method_name(m)));
  if (gpu_only(m) && requested == Backend::kCpu)
    throw InputError(kRequest, fmt::format("method {} runs on the GPU only", method_name(m)));
  if (cpu_only(m)) requested = Backend::kCpu;
  if (gpu_only(m)) requested = Backend::kGpu;

  const Geometry geometry(spec);
  const AngleLimit angle(geometry, spec.max_angle_deg);
  const double work = static_cast<double>(spec.points) * spec.points * (spec.nodes + 1) *
                      (geometry.guide_spacing() + 1.0);
  const BackendChoice backend = choose_backend(
      requested, work, 5e7, GpuPolylineSolver::device_bytes(spec.nodes, spec.points));
  const ScoreMode mode = request.score == PolylineScore::kSin ? ScoreMode::kSin : ScoreMode::kEdge;
  const Gradient gradient = sobel({image.width(), image.height(), image.pixels()});

  PolylineResult result;
  result.backend = backend.reason;
  Polyline found;
  double scale = 1.0;
  if (backend.backend == Backend::kGpu) {
    const GpuMethod method = m == PolylineMethod::kPaper   ? GpuMethod::kPaper
                             : m == PolylineMethod::kTiled ? GpuMethod::kTiled
                                                           : GpuMethod::kWindow;
    GpuPolylineSolver solver(angle, spec.nodes);
    solver.score_image(geometry, gradient, mode);
    found = solver.solve(method);
    scale = solver.scale();
    result.method = fmt::format("gpu {}", method_name(m));
  } else {
    const LinkScores scores = image_link_scores(geometry, gradient, mode);
    scale = scores.scale();
    if (m == PolylineMethod::kBruteForce) {
      found = solve_brute_force(scores, angle);
    } else {
      const CpuMethod method = m == PolylineMethod::kCubic ? CpuMethod::kCubic : CpuMethod::kWindow;
      found = solve_dp_cpu(scores, angle, {method, request.threads});
    }
    result.method = fmt::format("cpu {}", method_name(m));
  }
  if (!found.found) return result;
  if (!respects_angle(angle, spec.nodes, found.indices))
    throw InternalError("polyline: the result breaks the angle limit");
  result.found = true;
  result.integer_score = found.score;
  result.score = static_cast<double>(found.score) / scale;
  result.candidates = found.indices;
  result.vertices.push_back({geometry.from().x, geometry.from().y});
  for (int g = 1; g <= spec.nodes; ++g) {
    const Vec2 p = geometry.point(g, found.indices[static_cast<std::size_t>(g - 1)]);
    result.vertices.push_back({p.x, p.y});
  }
  result.vertices.push_back({geometry.to().x, geometry.to().y});
  return result;
}

}  // namespace arcwave
