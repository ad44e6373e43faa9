// apsp_stream (arcwave/paths.hpp): rows in the distance type and in 32 bits, predecessors, the
// cut and the log against apsp() into a buffer; johnson_path against the distances; load_graph's
// read callback and the graph's bounds.
#include <cmath>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "arcwave/error.hpp"
#include "arcwave/paths.hpp"
#include "tests/support/catch.hpp"
#include "tests/support/paths.hpp"

namespace {

arcwave::IntGraph grid_graph() {
  const auto file = (arcwave::test::instances_dir() / "graphs" / "grid-8x8.gr").string();
  double read = -1;
  arcwave::GraphLoadOptions o;
  o.on_read = [&](double seconds) { read = seconds; };
  const arcwave::AnyGraph any = arcwave::load_graph(file, o);
  REQUIRE(read >= 0);
  REQUIRE(std::holds_alternative<arcwave::IntGraph>(any));
  return std::get<arcwave::IntGraph>(any);
}

}  // namespace

TEST_CASE("apsp_stream equals apsp, in 64 and 32 bits, with predecessors", "[api][apsp]") {
  const arcwave::IntGraph g = grid_graph();
  const std::uint32_t n = g.vertex_count();
  CHECK(g.index_base() == 1);
  CHECK(g.build_seconds() >= 0);
  CHECK(g.distance_bound() < 2147483647.0);
  std::vector<std::int64_t> want(std::size_t{n} * n);
  arcwave::PathOptions cpu;
  cpu.backend = arcwave::Backend::kCpu;
  REQUIRE(arcwave::apsp(g, std::span(want), cpu).negative_cycle.empty());
  std::vector<std::uint32_t> sources;
  for (std::uint32_t v = 0; v < n; v += 3) sources.push_back(v);

  arcwave::ApspOptions o;
  o.backend = arcwave::Backend::kCpu;
  o.gpu_batch = 5;  // blocks of 5 rows
  std::vector<std::string> log;
  o.log = [&](const std::string& line) { log.push_back(line); };
  std::vector<std::int32_t> narrow(sources.size() * n, -1);
  std::vector<std::uint32_t> parent(sources.size() * n, 0);
  std::mutex lock;
  arcwave::ApspSinks<std::int32_t> sinks;
  sinks.rows = [&](std::uint64_t first, std::uint64_t count, std::span<const std::int32_t> rows) {
    const std::lock_guard guard(lock);
    REQUIRE(rows.size() == count * n);
    std::copy(rows.begin(), rows.end(), narrow.begin() + static_cast<std::ptrdiff_t>(first * n));
  };
  sinks.predecessors = [&](std::uint64_t first, std::uint64_t,
                           std::span<const std::uint32_t> rows) {
    const std::lock_guard guard(lock);
    std::copy(rows.begin(), rows.end(), parent.begin() + static_cast<std::ptrdiff_t>(first * n));
  };
  const arcwave::ApspStreamReport<std::int64_t> r = arcwave::apsp_stream(g, sources, sinks, o);
  REQUIRE(r.negative_cycle.empty());
  CHECK(r.method == "cpu johnson");
  REQUIRE(!log.empty());
  CHECK(log.front() == "backend " + r.backend);
  CHECK(r.potential.size() == n);
  for (std::size_t i = 0; i < sources.size(); ++i)
    for (std::uint32_t v = 0; v < n; ++v) {
      const std::int64_t d = want[sources[i] * std::size_t{n} + v];
      CHECK(narrow[i * n + v] == d);
      const std::uint32_t p = parent[i * n + v];
      if (v == sources[i]) {
        CHECK(p == arcwave::kNoVertex);
      } else {
        // The predecessor lies on a shortest path: d(s, p) + w(p, v) == d(s, v).
        REQUIRE(p < n);
        bool tight = false;
        for (std::uint64_t e = g.offsets()[p]; e < g.offsets()[p + 1]; ++e)
          tight |=
              g.targets()[e] == v && want[sources[i] * std::size_t{n} + p] + g.weights()[e] == d;
        CHECK(tight);
      }
    }
}

TEST_CASE("apsp_stream cuts at max_distance; johnson_path follows the distances", "[api][apsp]") {
  const arcwave::IntGraph g = grid_graph();
  const std::uint32_t n = g.vertex_count();
  std::vector<std::int64_t> want(std::size_t{n} * n);
  REQUIRE(arcwave::apsp(g, std::span(want)).negative_cycle.empty());
  arcwave::ApspOptions o;
  o.backend = arcwave::Backend::kCpu;
  o.max_distance = 5;
  std::vector<std::int64_t> rows(std::size_t{n} * n);
  arcwave::ApspSinks<std::int64_t> sinks;
  sinks.rows = [&](std::uint64_t first, std::uint64_t, std::span<const std::int64_t> block) {
    std::copy(block.begin(), block.end(), rows.begin() + static_cast<std::ptrdiff_t>(first * n));
  };
  std::vector<std::uint32_t> all(n);
  for (std::uint32_t v = 0; v < n; ++v) all[v] = v;
  const auto r = arcwave::apsp_stream(g, all, sinks, o);
  for (std::size_t i = 0; i < rows.size(); ++i)
    CHECK(rows[i] == (want[i] <= 5 ? want[i] : arcwave::unreachable<std::int64_t>()));
  for (const auto& [u, v] : std::vector<std::pair<std::uint32_t, std::uint32_t>>{
           {0, n - 1}, {n - 1, 0}, {5, 5}, {3, 40}}) {
    const auto path = arcwave::johnson_path(g, std::span<const std::int64_t>(r.potential), u, v);
    REQUIRE(path.has_value());
    CHECK(path->distance == want[u * std::size_t{n} + v]);
    REQUIRE(!path->vertices.empty());
    CHECK(path->vertices.front() == u);
    CHECK(path->vertices.back() == v);
  }
  CHECK_THROWS_AS(arcwave::johnson_path(g, std::span<const std::int64_t>(r.potential), n, 0),
                  arcwave::InputError);
}

TEST_CASE("apsp methods and graph formats by name", "[api][apsp]") {
  using arcwave::ApspMethod;
  CHECK(arcwave::to_string(ApspMethod::kNearFar) == "near-far");
  CHECK(arcwave::to_string(ApspMethod::kDijkstraInner) == "dijkstra-inner");
  CHECK(arcwave::parse_graph_file_format("gr") == arcwave::GraphFileFormat::kDimacs);
  CHECK(arcwave::parse_graph_file_format("edgelist") == arcwave::GraphFileFormat::kEdgeList);
  CHECK_THROWS_AS(arcwave::parse_graph_file_format("csv"), arcwave::InputError);
}
