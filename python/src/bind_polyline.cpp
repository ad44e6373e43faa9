// python/src/bind_polyline.cpp — angle-constrained polylines over the public API
// (include/arcwave/polyline.hpp): grey images from files or NumPy arrays, trace_polyline with
// the options of `arcwave polyline`, and the drawing; the GIL released while the DP runs.
#include <nanobind/stl/filesystem.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "arcwave/error.hpp"
#include "arcwave/polyline.hpp"
#include "bindings.hpp"

namespace arcwave::python {

namespace {

PolylineScore score_of(const std::string& text) {
  if (text == "edge") return PolylineScore::kEdge;
  if (text == "sin") return PolylineScore::kSin;
  throw InputError("score '" + text + "': expected edge or sin");
}

PolylineMethod method_of(const std::string& text) {
  if (text == "auto") return PolylineMethod::kAuto;
  if (text == "window") return PolylineMethod::kWindow;
  if (text == "cubic") return PolylineMethod::kCubic;
  if (text == "brute-force") return PolylineMethod::kBruteForce;
  if (text == "paper") return PolylineMethod::kPaper;
  if (text == "tiled") return PolylineMethod::kTiled;
  throw InputError("method '" + text +
                   "': expected auto, window, cubic, brute-force, paper or tiled");
}

/// Vertices as a K x 2 float64 array of (x, y).
nb::ndarray<nb::numpy, double> vertices_array(const std::vector<PolylinePoint>& points) {
  std::vector<double> xy;
  xy.reserve(points.size() * 2);
  for (const PolylinePoint p : points) {
    xy.push_back(p.x);
    xy.push_back(p.y);
  }
  return to_numpy(std::move(xy), {points.size(), 2});
}

}  // namespace

void bind_polyline(nb::module_& m) {
  nb::class_<GreyImage>(m, "GreyImage")
      .def_static(
          "load",
          [](const std::filesystem::path& path) {
            nb::gil_scoped_release release;
            return GreyImage::load(path.string());
          },
          nb::arg("path"))
      .def_static(
          "from_pixels",
          [](nb::ndarray<const std::uint16_t, nb::ndim<2>, nb::c_contig, nb::device::cpu> a,
             int max_value) {
            return GreyImage::from_pixels(
                static_cast<int>(a.shape(1)), static_cast<int>(a.shape(0)),
                std::span<const std::uint16_t>(a.data(), a.size()), max_value);
          },
          nb::arg("pixels"), nb::arg("max_value") = 255)
      .def_prop_ro("width", &GreyImage::width)
      .def_prop_ro("height", &GreyImage::height)
      .def_prop_ro("max_value", &GreyImage::max_value);

  m.def(
      "trace_polyline",
      [](const GreyImage& image, double ax, double ay, double bx, double by, int nodes, int points,
         double max_angle_deg, double half_width, const std::string& score,
         const std::string& method, const std::string& backend, int threads) {
        PolylineRequest q;
        q.from = {ax, ay};
        q.to = {bx, by};
        q.nodes = nodes;
        q.points = points;
        q.max_angle_deg = max_angle_deg;
        q.half_width = half_width;
        q.score = score_of(score);
        q.method = method_of(method);
        q.backend = parse_backend(backend);
        q.threads = threads;
        PolylineResult r;
        {
          nb::gil_scoped_release release;
          r = trace_polyline(image, q);
        }
        nb::dict d;
        d["found"] = r.found;
        d["score"] = r.score;
        d["integer_score"] = r.integer_score;
        d["vertices"] = vertices_array(r.vertices);
        d["candidates"] = r.candidates;
        d["backend"] = r.backend;
        d["method"] = r.method;
        return d;
      },
      nb::arg("image"), nb::arg("ax"), nb::arg("ay"), nb::arg("bx"), nb::arg("by"),
      nb::arg("nodes"), nb::arg("points"), nb::arg("max_angle_deg") = 180.0,
      nb::arg("half_width") = 0.0, nb::arg("score") = "edge", nb::arg("method") = "auto",
      nb::arg("backend") = "auto", nb::arg("threads") = 0,
      "the best angle-constrained polyline from a to b (a dict: found, score, integer_score, "
      "vertices K x 2, candidates, backend, method)");
  m.def(
      "draw_polyline_png",
      [](const GreyImage& image,
         nb::ndarray<const double, nb::ndim<2>, nb::c_contig, nb::device::cpu> vertices,
         const std::filesystem::path& path) {
        if (vertices.shape(1) != 2) throw InputError("draw_polyline_png: vertices are K x 2");
        std::vector<PolylinePoint> points(vertices.shape(0));
        for (std::size_t i = 0; i < points.size(); ++i)
          points[i] = {vertices.data()[2 * i], vertices.data()[2 * i + 1]};
        draw_polyline_png(image, points, path.string());
      },
      nb::arg("image"), nb::arg("vertices"), nb::arg("path"));
}

}  // namespace arcwave::python
