// python/src/bind_grid.cpp — grid maps and planners: NumPy arrays in (blocked cells, heights,
// query batches as Q x 4 arrays) and out (lengths, paths as K x 2 arrays, distance fields),
// the GIL released while waves run.
#include <nanobind/stl/filesystem.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "arcwave/error.hpp"
#include "arcwave/grid.hpp"
#include "bindings.hpp"

namespace arcwave::python {

namespace {

GridMoves moves_of(const std::string& text) {
  if (text == "four") return GridMoves::kFour;
  if (text == "eight") return GridMoves::kEight;
  if (text == "octile") return GridMoves::kOctile;
  throw InputError("moves '" + text + "': expected four, eight or octile");
}

GridPathOrder order_of(const std::string& text) {
  if (text == "LURD") return GridPathOrder::kLURD;
  if (text == "ULDR") return GridPathOrder::kULDR;
  throw InputError("order '" + text + "': expected LURD or ULDR");
}

/// A path's cells as a K x 2 int32 array of (x, y).
nb::ndarray<nb::numpy, std::int32_t> cells_array(const std::vector<GridCell>& cells) {
  std::vector<std::int32_t> xy;
  xy.reserve(cells.size() * 2);
  for (const GridCell c : cells) {
    xy.push_back(c.x);
    xy.push_back(c.y);
  }
  return to_numpy(std::move(xy), {cells.size(), 2});
}

}  // namespace

void bind_grid(nb::module_& m) {
  nb::class_<GridMap>(m, "GridMap")
      .def_static(
          "load",
          [](const std::filesystem::path& path, std::optional<std::uint32_t> threshold,
             int raw_width, int raw_height, int raw_bytes) {
            GridLoadOptions o;
            o.threshold = threshold;
            o.raw_width = raw_width;
            o.raw_height = raw_height;
            o.raw_bytes = raw_bytes;
            nb::gil_scoped_release release;
            return GridMap::load(path.string(), o);
          },
          nb::arg("path"), nb::arg("threshold") = nb::none(), nb::arg("raw_width") = 0,
          nb::arg("raw_height") = 0, nb::arg("raw_bytes") = 1)
      .def_static(
          "from_blocked",
          [](nb::ndarray<const std::uint8_t, nb::ndim<2>, nb::c_contig, nb::device::cpu> a) {
            return GridMap::from_blocked(static_cast<int>(a.shape(1)), static_cast<int>(a.shape(0)),
                                         std::span<const std::uint8_t>(a.data(), a.size()));
          })
      .def_static("from_heights",
                  [](nb::ndarray<const std::uint16_t, nb::ndim<2>, nb::c_contig, nb::device::cpu> a,
                     std::uint32_t threshold) {
                    return GridMap::from_heights(
                        static_cast<int>(a.shape(1)), static_cast<int>(a.shape(0)),
                        std::span<const std::uint16_t>(a.data(), a.size()), threshold);
                  })
      .def_prop_ro("width", &GridMap::width)
      .def_prop_ro("height", &GridMap::height)
      .def_prop_ro("format", &GridMap::format)
      .def_prop_ro("impassability", &GridMap::impassability)
      .def("blocked", [](const GridMap& g, int x, int y) {
        return g.blocked({x, y});
      });

  nb::class_<GridPlanner>(m, "GridPlanner")
      .def(
          "__init__",
          [](GridPlanner* self, const GridMap& map, const std::string& moves,
             const std::string& backend, const std::string& order, bool paths, int threads) {
            GridPlannerOptions o;
            o.moves = moves_of(moves);
            o.backend = parse_backend(backend);
            o.order = order_of(order);
            o.paths = paths;
            o.threads = threads;
            nb::gil_scoped_release release;
            new (self) GridPlanner(map, o);
          },
          nb::arg("map"), nb::arg("moves") = "four", nb::arg("backend") = "auto",
          nb::arg("order") = "LURD", nb::arg("paths") = true, nb::arg("threads") = 0)
      .def_prop_ro("backend", &GridPlanner::backend)
      .def(
          "query",
          [](GridPlanner& p, int sx, int sy, int gx, int gy) {
            GridPath path;
            {
              nb::gil_scoped_release release;
              path = p.query({sx, sy}, {gx, gy});
            }
            return nb::make_tuple(path.found, path.length, cells_array(path.cells));
          },
          "(found, length, cells as a K x 2 array of x, y)")
      .def(
          "query_batch",
          [](GridPlanner& p,
             nb::ndarray<const std::int32_t, nb::ndim<2>, nb::c_contig, nb::device::cpu> q) {
            if (q.shape(1) != 4)
              throw InputError("query_batch: queries are a Q x 4 array of sx, sy, gx, gy");
            std::vector<GridQuery> queries(q.shape(0));
            const std::int32_t* v = q.data();
            for (std::size_t i = 0; i < queries.size(); ++i)
              queries[i] = {{v[4 * i], v[4 * i + 1]}, {v[4 * i + 2], v[4 * i + 3]}};
            std::vector<GridPath> paths;
            {
              nb::gil_scoped_release release;
              paths = p.query_batch(queries);
            }
            std::vector<double> lengths;
            nb::list cells;
            for (const GridPath& path : paths) {
              lengths.push_back(path.length);
              if (p.options().paths) cells.append(cells_array(path.cells));
            }
            const std::size_t count = lengths.size();
            return nb::make_tuple(to_numpy(std::move(lengths), {count}), cells);
          },
          "(lengths, list of paths) for a Q x 4 int32 array of queries")
      .def("distances_to", [](GridPlanner& p, int gx, int gy) {
        std::vector<double> d;
        {
          nb::gil_scoped_release release;
          d = p.distances_to({gx, gy});
        }
        const auto w = static_cast<std::size_t>(p.map().width());
        const auto h = static_cast<std::size_t>(p.map().height());
        return to_numpy(std::move(d), {h, w});
      });

  m.def("load_scenarios", [](const std::filesystem::path& path) {
    const std::vector<GridScenario> rows = load_scenarios(path.string());
    std::vector<std::int32_t> queries;
    std::vector<double> optimal;
    for (const GridScenario& s : rows) {
      queries.insert(queries.end(),
                     {s.query.start.x, s.query.start.y, s.query.goal.x, s.query.goal.y});
      optimal.push_back(s.optimal_length);
    }
    return nb::make_tuple(to_numpy(std::move(queries), {rows.size(), 4}),
                          to_numpy(std::move(optimal), {rows.size()}));
  });
}

}  // namespace arcwave::python
