// `arcwave polyline IMAGE --from x,y --to x,y --nodes K --points N --max-angle DEG`: the
// angle-constrained polyline from a to b that best follows the image's edges (dynamic
// programming over pairs of consecutive points, graph/polyline/). Prints the points and the
// score, optionally draws the polyline over the image as a PNG. No polyline within the angle
// limit exits with 1.
#include <charconv>
#include <cmath>
#include <memory>

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "cli/registry.hpp"
#include "core/backend.hpp"
#include "core/timer.hpp"
#include "graph/polyline/brute_force.hpp"
#include "graph/polyline/dp_cpu.hpp"
#include "graph/polyline/draw.hpp"
#include "graph/polyline/gpu_solver.hpp"
#include "graph/polyline/image_scores.hpp"
#include "parsers/image/image.hpp"

namespace arcwave::cli {

namespace {

using namespace arcwave::polyline;

struct PolylineOptions {
  std::string image;
  std::string from;
  std::string to;
  int nodes = 0;
  int points = 0;
  double max_angle = 0.0;
  double half_width = 0.0;
  bool half_width_given = false;
  std::string png;
  std::string backend = "auto";
  std::string method = "auto";
  std::string score = "edge";
  int threads = 0;
};

const SourcePosition kCommandLine{"command line", 0, 0};

Vec2 parse_point(const std::string& text, const char* option) {
  const std::size_t comma = text.find(',');
  double v[2] = {0.0, 0.0};
  bool ok = comma != std::string::npos;
  for (int i = 0; ok && i < 2; ++i) {
    const char* begin = text.data() + (i == 0 ? 0 : comma + 1);
    const char* end = text.data() + (i == 0 ? comma : text.size());
    const auto [ptr, ec] = std::from_chars(begin, end, v[i]);
    ok = ec == std::errc() && ptr == end && begin != end && std::isfinite(v[i]);
  }
  if (!ok)
    throw InputError(kCommandLine,
                     fmt::format("{} expects x,y (two numbers, pixels), not '{}'", option, text));
  return {v[0], v[1]};
}

void check_inside(const GrayImage& image, const std::string& path, Vec2 p, const char* option) {
  if (!(p.x >= 0.0 && p.y >= 0.0 && p.x <= image.width - 1 && p.y <= image.height - 1))
    throw InputError(SourcePosition{path, 0, 0},
                     fmt::format("{} {},{} is outside the image ({} x {} pixels, x in [0, {}], y "
                                 "in [0, {}])",
                                 option, p.x, p.y, image.width, image.height, image.width - 1,
                                 image.height - 1));
}

int run_polyline(const PolylineOptions& o) {
  if (o.half_width_given && !(o.half_width > 0.0))
    throw InputError(
        kCommandLine,
        fmt::format("--half-width {} must be a positive number of pixels", o.half_width));
  if (o.score != "edge" && o.score != "sin")
    throw InputError(kCommandLine, fmt::format("--score '{}': expected edge or sin", o.score));
  const ScoreMode mode = o.score == "sin" ? ScoreMode::kSin : ScoreMode::kEdge;
  PolylineSpec spec;
  spec.from = parse_point(o.from, "--from");
  spec.to = parse_point(o.to, "--to");
  spec.nodes = o.nodes;
  spec.points = o.points;
  spec.max_angle_deg = o.max_angle;
  spec.half_width = o.half_width_given ? o.half_width : 0.0;
  validate(spec, kCommandLine.file);  // before reading a possibly large image

  Stopwatch clock;
  const GrayImage image = read_image(o.image);
  check_inside(image, o.image, spec.from, "--from");
  check_inside(image, o.image, spec.to, "--to");
  const double read_s = clock.seconds();
  const Geometry geometry(spec);
  const AngleLimit angle(geometry, spec.max_angle_deg);
  const GreyRaster raster{image.width, image.height, image.pixels};

  const bool cpu_only = o.method == "cubic" || o.method == "brute";
  const bool gpu_only = o.method == "paper" || o.method == "tiled";
  if (!cpu_only && !gpu_only && o.method != "window" && o.method != "auto")
    throw InputError(kCommandLine,
                     fmt::format("--method '{}': expected auto, window, cubic, brute (CPU), "
                                 "paper, tiled (GPU)",
                                 o.method));
  Backend requested = parse_backend(o.backend);
  if (cpu_only && requested == Backend::kGpu)
    throw InputError(kCommandLine, fmt::format("--method {} runs on the CPU only", o.method));
  if (gpu_only && requested == Backend::kCpu)
    throw InputError(kCommandLine, fmt::format("--method {} runs on the GPU only", o.method));
  if (cpu_only) requested = Backend::kCpu;
  if (gpu_only) requested = Backend::kGpu;
  // Work: the link integrals (N^2 per level, about D samples each) and the DP (N^2 per level).
  const double work = static_cast<double>(spec.points) * spec.points * (spec.nodes + 1) *
                      (geometry.guide_spacing() + 1.0);
  const BackendChoice backend = choose_backend(
      requested, work, 5e7, GpuPolylineSolver::device_bytes(spec.nodes, spec.points));
  fmt::print("polyline   {} -> K = {} nodes, N = {} points, max angle {} deg, half-width {} px\n",
             o.image, spec.nodes, spec.points, spec.max_angle_deg, geometry.half_width());
  fmt::print("image      {} x {} (max value {}), gradient Sobel 3x3, score {}\n", image.width,
             image.height, image.max_value, o.score);
  fmt::print("backend    {}\n", backend.reason);

  clock.restart();
  const Gradient gradient = sobel(raster);
  const double gradient_s = clock.seconds();
  Polyline result;
  double scale = 1.0;
  std::string timing;
  if (backend.backend == Backend::kGpu) {
    const GpuMethod method = o.method == "paper"   ? GpuMethod::kPaper
                             : o.method == "tiled" ? GpuMethod::kTiled
                                                   : GpuMethod::kWindow;
    GpuPolylineSolver solver(angle, spec.nodes);
    solver.score_image(geometry, gradient, mode);
    const GpuTimings t1 = solver.timings();
    result = solver.solve(method);
    const GpuTimings& t = solver.timings();
    scale = solver.scale();
    fmt::print("method     gpu {}\n", o.method == "auto" ? "window" : o.method);
    timing = fmt::format(
        "read {:.1f} ms, gradient {:.1f} ms, upload {:.2f} ms, link scores {:.2f} ms, "
        "dp {:.2f} ms (+ transpose {:.2f}), meet/backtrack {:.2f} ms, download {:.3f} ms",
        1e3 * read_s, 1e3 * gradient_s, t1.upload_ms, t1.score_ms, t.dp_ms, t.prepare_ms,
        t.finish_ms, t.download_ms);
  } else {
    clock.restart();
    const LinkScores scores = image_link_scores(geometry, gradient, mode);
    const double score_s = clock.seconds();
    scale = scores.scale();
    clock.restart();
    if (o.method == "brute") {
      result = solve_brute_force(scores, angle);
    } else {
      const CpuMethod method = o.method == "cubic" ? CpuMethod::kCubic : CpuMethod::kWindow;
      result = solve_dp_cpu(scores, angle, {method, o.threads});
    }
    fmt::print("method     cpu {}\n", o.method == "auto" ? "window" : o.method);
    timing = fmt::format("read {:.1f} ms, gradient {:.1f} ms, link scores {:.1f} ms, dp {:.1f} ms",
                         1e3 * read_s, 1e3 * gradient_s, 1e3 * score_s, 1e3 * clock.seconds());
  }
  if (!result.found) {
    fmt::print("result     no polyline satisfies the angle limit of {} degrees\n",
               spec.max_angle_deg);
    fmt::print("time       {}\n", timing);
    return 1;
  }
  if (!respects_angle(angle, spec.nodes, result.indices))
    throw InternalError("polyline: the result breaks the angle limit");
  fmt::print("score      {:.6f} (integer {} at {:.6g} units per image unit)\n",
             static_cast<double>(result.score) / scale, result.score, scale);
  std::vector<Vec2> vertices{geometry.from()};
  for (int g = 1; g <= spec.nodes; ++g)
    vertices.push_back(geometry.point(g, result.indices[static_cast<std::size_t>(g - 1)]));
  vertices.push_back(geometry.to());
  for (std::size_t k = 0; k < vertices.size(); ++k) {
    const char* label = k == 0 ? "  a" : k + 1 == vertices.size() ? "  b" : "";
    const std::string index = (k == 0 || k + 1 == vertices.size())
                                  ? std::string()
                                  : fmt::format("  (candidate {})", result.indices[k - 1]);
    fmt::print("point {:<4} {:.3f} {:.3f}{}{}\n", k, vertices[k].x, vertices[k].y, label, index);
  }
  fmt::print("time       {}\n", timing);
  if (!o.png.empty()) {
    const std::vector<std::uint8_t> rgb = draw_polyline(raster, image.max_value, vertices);
    write_png_rgb(o.png, image.width, image.height, rgb);
    fmt::print("png        {}\n", o.png);
  }
  return 0;
}

void add_polyline_command(CLI::App& app, CliContext& ctx) {
  auto* cmd = app.add_subcommand(
      "polyline", "Angle-constrained polyline from a to b along image edges (dynamic programming)");
  auto o = std::make_shared<PolylineOptions>();
  cmd->add_option("image", o->image, "PGM or PNG image (8/16-bit grey, colour read as grey)")
      ->required();
  cmd->add_option("--from", o->from, "first end point a: x,y in pixels")->required();
  cmd->add_option("--to", o->to, "last end point b: x,y in pixels")->required();
  cmd->add_option("--nodes", o->nodes, "K >= 1: guides splitting [a,b] into K+1 equal parts")
      ->required();
  cmd->add_option("--points", o->points, "N >= 2: candidate points on each guide")->required();
  cmd->add_option("--max-angle", o->max_angle,
                  "largest turn between consecutive links, degrees in (0, 180]")
      ->required();
  cmd->add_option("--half-width", o->half_width,
                  "W: candidates span [-W, W] across [a,b] (default (N-1)/2: one pixel apart)")
      ->each([o](const std::string&) { o->half_width_given = true; });
  cmd->add_option("--png", o->png, "draw the polyline over the image into this PNG");
  cmd->add_option("--backend", o->backend, "auto (default), cpu or gpu");
  cmd->add_option("--method", o->method,
                  "auto (window), window, cubic or brute (CPU), paper or tiled (GPU)");
  cmd->add_option("--score", o->score,
                  "edge (default: |gradient| |sin|) or sin (|sin| alone) per pixel of a link");
  cmd->add_option("--threads", o->threads, "CPU threads (default: all cores)");
  cmd->callback([o, &ctx] { ctx.exit_code = run_polyline(*o); });
}

const CommandRegistration registration(70, add_polyline_command);

}  // namespace

}  // namespace arcwave::cli
