// GreyImage, PolylineTracer and trace_polyline (include/arcwave/polyline.hpp): the request
// checked and the backend chosen, then the Sobel gradient, the link scores and the DP on the CPU
// or the GPU (`arcwave polyline` is a client of this API).
#include "arcwave/polyline.hpp"

#include <cmath>

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "core/backend.hpp"
#include "core/timer.hpp"
#include "graph/polyline/brute_force.hpp"
#include "graph/polyline/dp_cpu.hpp"
#include "graph/polyline/draw.hpp"
#include "graph/polyline/gpu_solver.hpp"
#include "graph/polyline/image_scores.hpp"
#include "parsers/image/image.hpp"

namespace arcwave {

struct GreyImage::Impl {
  GrayImage image;
  std::string name = "pixels";
  double load_seconds = 0;
};

GreyImage::GreyImage(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}

GreyImage GreyImage::load(const std::string& path) {
  const Stopwatch clock;
  GrayImage image = read_image(path);
  return GreyImage(std::make_shared<const Impl>(Impl{std::move(image), path, clock.seconds()}));
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
  return GreyImage(std::make_shared<const Impl>(Impl{std::move(image), "pixels", 0}));
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
const std::string& GreyImage::name() const noexcept {
  return impl_->name;
}
double GreyImage::load_seconds() const noexcept {
  return impl_->load_seconds;
}

namespace {

using polyline::Vec2;

void check_inside(const GreyImage& image, Vec2 p, const char* option) {
  if (!(p.x >= 0.0 && p.y >= 0.0 && p.x <= image.width() - 1 && p.y <= image.height() - 1))
    throw InputError(SourcePosition{image.name(), 0, 0},
                     fmt::format("{} {},{} is outside the image ({} x {} pixels, x in [0, {}], y "
                                 "in [0, {}])",
                                 option, p.x, p.y, image.width(), image.height(), image.width() - 1,
                                 image.height() - 1));
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

polyline::PolylineSpec spec_of(const PolylineRequest& request) {
  polyline::PolylineSpec spec;
  spec.from = {request.from.x, request.from.y};
  spec.to = {request.to.x, request.to.y};
  spec.nodes = request.nodes;
  spec.points = request.points;
  spec.max_angle_deg = request.max_angle_deg;
  spec.half_width = request.half_width;
  return spec;
}

}  // namespace

void validate(const PolylineRequest& request) {
  if (request.half_width < 0.0 || !std::isfinite(request.half_width))
    throw InputError(SourcePosition{request.source, 0, 0},
                     fmt::format("half_width {} must be 0 (default) or a positive number of pixels",
                                 request.half_width));
  polyline::validate(spec_of(request), request.source);
}

struct PolylineTracer::Impl {
  GreyImage image;
  PolylineRequest request;
  polyline::Geometry geometry;
  polyline::AngleLimit angle;
  BackendChoice backend;

  Impl(GreyImage img, PolylineRequest req, const polyline::PolylineSpec& spec)
      : image(std::move(img)),
        request(std::move(req)),
        geometry(spec),
        angle(geometry, spec.max_angle_deg) {}
};

PolylineTracer::PolylineTracer(GreyImage image, PolylineRequest request) {
  validate(request);
  const polyline::PolylineSpec spec = spec_of(request);
  check_inside(image, spec.from, "--from");
  check_inside(image, spec.to, "--to");
  Backend requested = request.backend;
  const PolylineMethod m = request.method;
  const SourcePosition where{request.source, 0, 0};
  if (cpu_only(m) && requested == Backend::kGpu)
    throw InputError(where, fmt::format("--method {} runs on the CPU only", method_name(m)));
  if (gpu_only(m) && requested == Backend::kCpu)
    throw InputError(where, fmt::format("--method {} runs on the GPU only", method_name(m)));
  if (cpu_only(m)) requested = Backend::kCpu;
  if (gpu_only(m)) requested = Backend::kGpu;
  impl_ = std::make_unique<Impl>(std::move(image), std::move(request), spec);
  // Work: the link integrals (N^2 per level, about D samples each) and the DP (N^2 per level).
  const double work = static_cast<double>(spec.points) * spec.points * (spec.nodes + 1) *
                      (impl_->geometry.guide_spacing() + 1.0);
  impl_->backend = choose_backend(
      requested, work, 5e7, polyline::GpuPolylineSolver::device_bytes(spec.nodes, spec.points));
}

PolylineTracer::~PolylineTracer() = default;
PolylineTracer::PolylineTracer(PolylineTracer&&) noexcept = default;
PolylineTracer& PolylineTracer::operator=(PolylineTracer&&) noexcept = default;

const std::string& PolylineTracer::backend() const noexcept {
  return impl_->backend.reason;
}

double PolylineTracer::half_width() const noexcept {
  return impl_->geometry.half_width();
}

PolylineResult PolylineTracer::run() const {
  using namespace polyline;
  const Impl& im = *impl_;
  const GreyImage& image = im.image;
  const PolylineMethod m = im.request.method;
  const ScoreMode mode =
      im.request.score == PolylineScore::kSin ? ScoreMode::kSin : ScoreMode::kEdge;
  PolylineResult result;
  result.backend = im.backend.reason;
  Stopwatch clock;
  const Gradient gradient = sobel({image.width(), image.height(), image.pixels()});
  result.times.gradient_ms = 1e3 * clock.seconds();
  Polyline found;
  if (im.backend.backend == Backend::kGpu) {
    const GpuMethod method = m == PolylineMethod::kPaper   ? GpuMethod::kPaper
                             : m == PolylineMethod::kTiled ? GpuMethod::kTiled
                                                           : GpuMethod::kWindow;
    GpuPolylineSolver solver(im.angle, im.request.nodes);
    solver.score_image(im.geometry, gradient, mode);
    const GpuTimings scored = solver.timings();
    found = solver.solve(method);
    const GpuTimings& t = solver.timings();
    result.scale = solver.scale();
    result.method = fmt::format("gpu {}", method_name(m));
    result.times.upload_ms = scored.upload_ms;
    result.times.score_ms = scored.score_ms;
    result.times.prepare_ms = t.prepare_ms;
    result.times.dp_ms = t.dp_ms;
    result.times.finish_ms = t.finish_ms;
    result.times.download_ms = t.download_ms;
  } else {
    clock.restart();
    const LinkScores scores = image_link_scores(im.geometry, gradient, mode);
    result.times.score_ms = 1e3 * clock.seconds();
    result.scale = scores.scale();
    clock.restart();
    if (m == PolylineMethod::kBruteForce) {
      found = solve_brute_force(scores, im.angle);
    } else {
      const CpuMethod method = m == PolylineMethod::kCubic ? CpuMethod::kCubic : CpuMethod::kWindow;
      found = solve_dp_cpu(scores, im.angle, {method, im.request.threads});
    }
    result.times.dp_ms = 1e3 * clock.seconds();
    result.method = fmt::format("cpu {}", method_name(m));
  }
  if (!found.found) return result;
  if (!respects_angle(im.angle, im.request.nodes, found.indices))
    throw InternalError("polyline: the result breaks the angle limit");
  result.found = true;
  result.integer_score = found.score;
  result.score = static_cast<double>(found.score) / result.scale;
  result.candidates = found.indices;
  result.vertices.push_back({im.geometry.from().x, im.geometry.from().y});
  for (int g = 1; g <= im.request.nodes; ++g) {
    const Vec2 p = im.geometry.point(g, found.indices[static_cast<std::size_t>(g - 1)]);
    result.vertices.push_back({p.x, p.y});
  }
  result.vertices.push_back({im.geometry.to().x, im.geometry.to().y});
  return result;
}

PolylineResult trace_polyline(const GreyImage& image, const PolylineRequest& request) {
  return PolylineTracer(image, request).run();
}

void draw_polyline_png(const GreyImage& image, const std::vector<PolylinePoint>& vertices,
                       const std::string& path) {
  std::vector<polyline::Vec2> points;
  points.reserve(vertices.size());
  for (const PolylinePoint& p : vertices) points.push_back({p.x, p.y});
  const std::vector<std::uint8_t> rgb = polyline::draw_polyline(
      {image.width(), image.height(), image.pixels()}, image.max_value(), points);
  write_png_rgb(path, image.width(), image.height(), rgb);
}

}  // namespace arcwave
