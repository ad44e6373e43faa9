// End-to-end: `arcwave polyline` on a road drawn on noise (PGM and PNG): the points printed
// follow the road, the drawing is written; an angle limit nothing satisfies exits 1 without a
// drawing; bad input exits 2 naming the option; the GPU backend prints the same polyline
// ([gpu]).
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "parsers/image/image.hpp"
#include "tests/graph/polyline/synthetic_road.hpp"
#include "tests/support/cli.hpp"
#include "tests/support/gpu.hpp"

using namespace arcwave;
using namespace arcwave::polyline;
namespace fs = std::filesystem;
using arcwave::test::slurp;

namespace {

fs::path scratch(const std::string& name) {
  return arcwave::test::scratch_dir("arcwave_polyline_cli") / name;
}

int run(const std::string& args, std::string* out, std::string* err = nullptr) {
  const arcwave::test::CliRun r = arcwave::test::run_arcwave(
      "polyline " + args, arcwave::test::scratch_dir("arcwave_polyline_cli"));
  *out = r.out;
  if (err != nullptr) *err = r.err;
  return r.exit_code;
}

// The "point k x y" lines.
std::vector<Vec2> printed_points(const std::string& text) {
  std::vector<Vec2> points;
  const std::regex line(R"(point (\d+)\s+(-?[0-9.]+) (-?[0-9.]+))");
  for (std::sregex_iterator it(text.begin(), text.end(), line), end; it != end; ++it)
    points.push_back(Vec2{std::stod((*it)[2]), std::stod((*it)[3])});
  return points;
}

fs::path road_file(const std::string& name) {
  const polyline::test::RoadImage img = polyline::test::road_image(4);
  GrayImage gray{img.width, img.height, 255, img.pixels};
  const fs::path p = scratch(name);
  if (p.extension() == ".png")
    write_png_gray(p.string(), gray);
  else
    write_pgm(p.string(), gray);
  return p;
}

const char* const kRoadArgs = " --from 20,80 --to 220,80 --nodes 7 --points 41 --max-angle 30";

}  // namespace

TEST_CASE("arcwave polyline follows a road (PGM and PNG, CPU methods)", "[polyline][cli]") {
  const polyline::test::RoadImage img = polyline::test::road_image(4);
  for (const char* name : {"road.pgm", "road.png"}) {
    const fs::path image = road_file(name);
    for (const char* method : {"window", "cubic"}) {
      const fs::path png = scratch(std::string("out-") + method + ".png");
      fs::remove(png);
      std::string out;
      INFO(name << " " << method);
      REQUIRE(run(image.string() + kRoadArgs + " --backend cpu --method " + method + " --png " +
                      png.string(),
                  &out) == 0);
      const std::vector<Vec2> points = printed_points(out);
      REQUIRE(points.size() == 9);
      CHECK(points.front().x == 20.0);
      CHECK(points.back().x == 220.0);
      CHECK(polyline::test::worst_distance(points, img.centre) <= img.half_width + 1.0);
      CHECK(out.find("score ") != std::string::npos);
      const GrayImage drawn = read_image(png.string());  // colour read back as grey
      CHECK(drawn.width == 240);
      CHECK(drawn.height == 160);
    }
  }
}

TEST_CASE("arcwave polyline: no polyline within the limit exits 1 and draws nothing",
          "[polyline][cli]") {
  const fs::path image = road_file("road.pgm");
  const fs::path png = scratch("none.png");
  fs::remove(png);
  std::string out;
  CHECK(run(image.string() +
                " --from 20,80 --to 220,80 --nodes 3 --points 4 --max-angle 0.5 --half-width 30 "
                "--backend cpu --png " +
                png.string(),
            &out) == 1);
  CHECK(out.find("no polyline") != std::string::npos);
  CHECK_FALSE(fs::exists(png));
}

TEST_CASE("arcwave polyline: bad input exits 2 with a clear message", "[polyline][cli]") {
  const std::string image = road_file("road.pgm").string();
  struct Case {
    std::string args;
    std::string message;
  };
  const Case cases[] = {
      {" --from 20,80 --to 500,80 --nodes 7 --points 41 --max-angle 30", "outside the image"},
      {" --from -1,80 --to 200,80 --nodes 7 --points 41 --max-angle 30", "outside the image"},
      {" --from 20,80 --to 220,80 --nodes 0 --points 41 --max-angle 30", "--nodes 0"},
      {" --from 20,80 --to 220,80 --nodes 3 --points 1 --max-angle 30", "--points 1"},
      {" --from 20,80 --to 220,80 --nodes 3 --points 5 --max-angle 0", "--max-angle"},
      {" --from 20,80 --to 220,80 --nodes 3 --points 5 --max-angle 200", "--max-angle"},
      {" --from 20,80 --to 20,80 --nodes 3 --points 5 --max-angle 30", "same point"},
      {" --from 20x80 --to 220,80 --nodes 3 --points 5 --max-angle 30", "--from expects x,y"},
      {" --from 20,80 --to 220,80 --nodes 3 --points 5 --max-angle 30 --half-width -2",
       "--half-width"},
      {" --from 20,80 --to 220,80 --nodes 3 --points 5 --max-angle 30 --score cos", "--score"},
      {" --from 20,80 --to 220,80 --nodes 3 --points 5 --max-angle 30 --method fast", "--method"},
  };
  for (const Case& c : cases) {
    std::string out, err;
    INFO(c.args);
    CHECK(run(image + c.args, &out, &err) == 2);
    CHECK(err.find(c.message) != std::string::npos);
  }
  std::string out, err;
  CHECK(run(scratch("missing.pgm").string() + kRoadArgs, &out, &err) == 2);
  CHECK(err.find("missing.pgm") != std::string::npos);
}

TEST_CASE("arcwave polyline on the GPU prints the CPU's polyline", "[gpu][polyline][cli]") {
  ARCWAVE_REQUIRE_GPU();
  const std::string image = road_file("road.pgm").string();
  std::string cpu;
  REQUIRE(run(image + kRoadArgs + " --backend cpu", &cpu) == 0);
  for (const char* method : {"window", "tiled", "paper"}) {
    std::string gpu;
    INFO(method);
    REQUIRE(run(image + kRoadArgs + " --backend gpu --method " + method, &gpu) == 0);
    const std::vector<Vec2> a = printed_points(cpu), b = printed_points(gpu);
    REQUIRE(a.size() == b.size());
    for (std::size_t k = 0; k < a.size(); ++k) {
      CHECK(a[k].x == b[k].x);
      CHECK(a[k].y == b[k].y);
    }
    CHECK(gpu.find("gpu " + std::string(method)) != std::string::npos);
  }
}
