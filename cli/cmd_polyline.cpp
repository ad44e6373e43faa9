// `arcwave polyline IMAGE --from x,y --to x,y --nodes K --points N --max-angle DEG`: the
// angle-constrained polyline from a to b that best follows the image's edges (dynamic
// programming over pairs of consecutive points, graph/polyline/). Prints the points and the
// score, optionally draws the polyline over the image as a PNG. No polyline within the angle
// limit exits with 1.
#include <charconv>
#include <cmath>
#include <memory>
#include <string>

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "arcwave/polyline.hpp"
#include "cli/registry.hpp"

namespace arcwave::cli {

namespace {

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

PolylinePoint parse_point(const std::string& text, const char* option) {
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

PolylineMethod parse_method(const std::string& text) {
  if (text == "auto") return PolylineMethod::kAuto;
  if (text == "window") return PolylineMethod::kWindow;
  if (text == "cubic") return PolylineMethod::kCubic;
  if (text == "brute") return PolylineMethod::kBruteForce;
  if (text == "paper") return PolylineMethod::kPaper;
  if (text == "tiled") return PolylineMethod::kTiled;
  throw InputError(kCommandLine,
                   fmt::format("--method '{}': expected auto, window, cubic, brute (CPU), "
                               "paper, tiled (GPU)",
                               text));
}

int run_polyline(const PolylineOptions& o) {
  if (o.half_width_given && !(o.half_width > 0.0))
    throw InputError(
        kCommandLine,
        fmt::format("--half-width {} must be a positive number of pixels", o.half_width));
  if (o.score != "edge" && o.score != "sin")
    throw InputError(kCommandLine, fmt::format("--score '{}': expected edge or sin", o.score));
  PolylineRequest request;
  request.score = o.score == "sin" ? PolylineScore::kSin : PolylineScore::kEdge;
  request.from = parse_point(o.from, "--from");
  request.to = parse_point(o.to, "--to");
  request.nodes = o.nodes;
  request.points = o.points;
  request.max_angle_deg = o.max_angle;
  request.half_width = o.half_width_given ? o.half_width : 0.0;
  request.threads = o.threads;
  request.source = kCommandLine.file;
  validate(request);  // before reading a possibly large image

  const GreyImage image = GreyImage::load(o.image);
  request.method = parse_method(o.method);
  request.backend = parse_backend(o.backend);
  const PolylineTracer tracer(image, request);
  fmt::print("polyline   {} -> K = {} nodes, N = {} points, max angle {} deg, half-width {} px\n",
             o.image, request.nodes, request.points, request.max_angle_deg, tracer.half_width());
  fmt::print("image      {} x {} (max value {}), gradient Sobel 3x3, score {}\n", image.width(),
             image.height(), image.max_value(), o.score);
  fmt::print("backend    {}\n", tracer.backend());

  const PolylineResult result = tracer.run();
  const PolylineTimes& t = result.times;
  const double read_ms = 1e3 * image.load_seconds();
  fmt::print("method     {}\n", result.method);
  const std::string timing =
      result.method.starts_with("gpu")
          ? fmt::format(
                "read {:.1f} ms, gradient {:.1f} ms, upload {:.2f} ms, link scores {:.2f} "
                "ms, dp {:.2f} ms (+ transpose {:.2f}), meet/backtrack {:.2f} ms, "
                "download {:.3f} ms",
                read_ms, t.gradient_ms, t.upload_ms, t.score_ms, t.dp_ms, t.prepare_ms, t.finish_ms,
                t.download_ms)
          : fmt::format("read {:.1f} ms, gradient {:.1f} ms, link scores {:.1f} ms, dp {:.1f} ms",
                        read_ms, t.gradient_ms, t.score_ms, t.dp_ms);
  if (!result.found) {
    fmt::print("result     no polyline satisfies the angle limit of {} degrees\n",
               request.max_angle_deg);
    fmt::print("time       {}\n", timing);
    return 1;
  }
  fmt::print("score      {:.6f} (integer {} at {:.6g} units per image unit)\n", result.score,
             result.integer_score, result.scale);
  const std::size_t last = result.vertices.size() - 1;
  for (std::size_t k = 0; k <= last; ++k) {
    const char* label = k == 0 ? "  a" : k == last ? "  b" : "";
    const std::string index = (k == 0 || k == last)
                                  ? std::string()
                                  : fmt::format("  (candidate {})", result.candidates[k - 1]);
    fmt::print("point {:<4} {:.3f} {:.3f}{}{}\n", k, result.vertices[k].x, result.vertices[k].y,
               label, index);
  }
  fmt::print("time       {}\n", timing);
  if (!o.png.empty()) {
    draw_polyline_png(image, result.vertices, o.png);
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
