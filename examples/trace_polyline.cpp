// The angle-constrained polyline along the edges of a grey image.
//   trace_polyline IMAGE AX,AY BX,BY NODES POINTS MAX_ANGLE
#include <arcwave/error.hpp>
#include <arcwave/polyline.hpp>
#include <cstdio>
#include <string>

namespace {

arcwave::PolylinePoint point(const std::string& text) {
  const std::size_t comma = text.find(',');
  return {std::stod(text.substr(0, comma)), std::stod(text.substr(comma + 1))};
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 7) {
    std::fprintf(stderr, "usage: trace_polyline IMAGE AX,AY BX,BY NODES POINTS MAX_ANGLE\n");
    return 2;
  }
  try {
    const arcwave::GreyImage image = arcwave::GreyImage::load(argv[1]);
    arcwave::PolylineRequest q;
    q.from = point(argv[2]);
    q.to = point(argv[3]);
    q.nodes = std::stoi(argv[4]);
    q.points = std::stoi(argv[5]);
    q.max_angle_deg = std::stod(argv[6]);
    const arcwave::PolylineResult r = arcwave::trace_polyline(image, q);
    std::printf("method %s, backend %s\n", r.method.c_str(), r.backend.c_str());
    if (!r.found) {
      std::printf("no polyline within %g degrees\n", q.max_angle_deg);
      return 1;
    }
    std::printf("score %.6f\n", r.score);
    for (std::size_t k = 0; k < r.vertices.size(); ++k)
      std::printf("point %zu %.3f %.3f\n", k, r.vertices[k].x, r.vertices[k].y);
    return 0;
  } catch (const arcwave::Error& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return e.exit_code();
  }
}
