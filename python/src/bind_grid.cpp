// python/src/bind_grid.cpp — grid maps and planners over the public API (the engines the CLI
// runs): NumPy arrays in (blocked cells, heights, costs, query batches as Q x 4 arrays) and out
// (lengths, paths as K x 2 arrays, distance fields), the engine and its reason, phase times,
// first-move databases saved and loaded, batch files checked against their map; the GIL
// released while the engines work.
#include <nanobind/stl/filesystem.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "arcwave/error.hpp"
#include "arcwave/grid.hpp"
#include "bindings.hpp"

namespace arcwave::python {

namespace {

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

using QueryArray = nb::ndarray<const std::int32_t, nb::ndim<2>, nb::c_contig, nb::device::cpu>;

std::vector<GridQuery> queries_of(const QueryArray& q) {
  if (q.shape(1) != 4) throw InputError("queries are a Q x 4 array of sx, sy, gx, gy");
  std::vector<GridQuery> queries(q.shape(0));
  const std::int32_t* v = q.data();
  for (std::size_t i = 0; i < queries.size(); ++i)
    queries[i] = {{v[4 * i], v[4 * i + 1]}, {v[4 * i + 2], v[4 * i + 3]}};
  return queries;
}

/// Batch rows as (queries Q x 4 int32, optimal lengths (NaN where none), lines).
nb::tuple rows_tuple(const std::vector<GridBatchRow>& rows) {
  std::vector<std::int32_t> q;
  std::vector<double> optimal;
  std::vector<std::uint64_t> lines;
  for (const GridBatchRow& r : rows) {
    q.insert(q.end(), {r.query.start.x, r.query.start.y, r.query.goal.x, r.query.goal.y});
    optimal.push_back(r.optimal ? *r.optimal : NAN);
    lines.push_back(r.line);
  }
  const std::size_t n = rows.size();
  return nb::make_tuple(to_numpy(std::move(q), {n, 4}), to_numpy(std::move(optimal), {n}),
                        to_numpy(std::move(lines), {n}));
}

nb::dict timings_dict(const GridTimings& t) {
  nb::dict d;
  d["context_wait_ms"] = t.context_wait_ms;
  d["preprocess_ms"] = t.preprocess_ms;
  d["upload_ms"] = t.upload_ms;
  d["device_build_ms"] = t.device_build_ms;
  d["search_ms"] = t.search_ms;
  d["kernel_ms"] = t.kernel_ms;
  d["download_ms"] = t.download_ms;
  d["path_ms"] = t.path_ms;
  return d;
}

}  // namespace

void bind_grid(nb::module_& m) {
  nb::class_<GridMap>(m, "GridMap")
      .def_static(
          "load",
          [](const std::filesystem::path& path, std::optional<std::uint32_t> threshold,
             int raw_width, int raw_height, int raw_bytes, const std::string& terrain, bool costs,
             bool warm_up_gpu) {
            GridLoadOptions o;
            o.threshold = threshold;
            o.raw_width = raw_width;
            o.raw_height = raw_height;
            o.raw_bytes = raw_bytes;
            o.terrain = terrain;
            o.costs = costs;
            o.warm_up_gpu = warm_up_gpu;
            nb::gil_scoped_release release;
            return GridMap::load(path.string(), o);
          },
          nb::arg("path"), nb::arg("threshold") = nb::none(), nb::arg("raw_width") = 0,
          nb::arg("raw_height") = 0, nb::arg("raw_bytes") = 1, nb::arg("terrain") = "",
          nb::arg("costs") = false, nb::arg("warm_up_gpu") = false)
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
      .def_static(
          "from_costs",
          [](nb::ndarray<const std::uint16_t, nb::ndim<2>, nb::c_contig, nb::device::cpu> a) {
            return GridMap::from_costs(static_cast<int>(a.shape(1)), static_cast<int>(a.shape(0)),
                                       std::span<const std::uint16_t>(a.data(), a.size()));
          })
      .def_prop_ro("width", &GridMap::width)
      .def_prop_ro("height", &GridMap::height)
      .def_prop_ro("format", &GridMap::format)
      .def_prop_ro("impassability", &GridMap::impassability)
      .def_prop_ro("weighted", &GridMap::weighted)
      .def_prop_ro("cell_based", &GridMap::cell_based)
      .def("blocked", [](const GridMap& g, int x, int y) {
        return g.blocked({x, y});
      });

  nb::class_<GridPlanner>(m, "GridPlanner")
      .def(
          "__init__",
          [](GridPlanner* self, const GridMap& map, const std::string& moves,
             const std::string& backend, const std::string& order, bool paths, int threads,
             const std::string& engine, std::uint64_t expected_queries, const std::string& cpd_file,
             const std::string& variant, bool stop_at_start) {
            GridPlannerOptions o;
            o.moves = parse_grid_moves(moves);
            o.backend = parse_backend(backend);
            o.order = parse_grid_path_order(order);
            o.paths = paths;
            o.threads = threads;
            o.engine = parse_grid_engine(engine);
            o.expected_queries = expected_queries;
            o.cpd_file = cpd_file;
            o.variant = parse_grid_wave_variant(variant);
            o.stop_at_start = stop_at_start;
            nb::gil_scoped_release release;
            new (self) GridPlanner(map, o);
          },
          nb::arg("map"), nb::arg("moves") = "four", nb::arg("backend") = "auto",
          nb::arg("order") = "LURD", nb::arg("paths") = true, nb::arg("threads") = 0,
          nb::arg("engine") = "auto", nb::arg("expected_queries") = 0, nb::arg("cpd_file") = "",
          nb::arg("variant") = "fast", nb::arg("stop_at_start") = false)
      .def_prop_ro("backend", &GridPlanner::backend)
      .def_prop_ro("engine",
                   [](const GridPlanner& p) { return std::string(to_string(p.engine())); })
      .def_prop_ro("engine_reason", &GridPlanner::engine_reason)
      .def_prop_ro("engine_detail", &GridPlanner::engine_detail)
      .def_prop_ro("timings", [](const GridPlanner& p) { return timings_dict(p.timings()); })
      .def_prop_ro("preprocessing",
                   [](const GridPlanner& p) {
                     const GridPreprocessing& pre = p.preprocessing();
                     nb::dict d;
                     d["what"] = pre.what;
                     d["seconds"] = pre.seconds;
                     d["bytes"] = pre.bytes;
                     d["runs"] = pre.runs;
                     return d;
                   })
      .def(
          "query",
          [](GridPlanner& p, int sx, int sy, int gx, int gy) {
            GridPath path;
            {
              nb::gil_scoped_release release;
              path = p.query({sx, sy}, {gx, gy});
            }
            return nb::make_tuple(path.found, path.length, cells_array(path.cells), path.expanded);
          },
          "(found, length, cells as a K x 2 array of x, y, the engine's work)")
      .def(
          "query_batch",
          [](GridPlanner& p, const QueryArray& q) {
            const std::vector<GridQuery> queries = queries_of(q);
            std::vector<GridPath> paths;
            {
              nb::gil_scoped_release release;
              paths = p.query_batch(queries);
            }
            std::vector<double> lengths;
            std::vector<std::uint64_t> expanded;
            nb::list cells;
            for (const GridPath& path : paths) {
              lengths.push_back(path.length);
              expanded.push_back(path.expanded);
              if (p.options().paths) cells.append(cells_array(path.cells));
            }
            const std::size_t count = lengths.size();
            return nb::make_tuple(to_numpy(std::move(lengths), {count}), cells,
                                  to_numpy(std::move(expanded), {count}));
          },
          "(lengths, list of paths, the engine's work per query) for a Q x 4 int32 array")
      .def("distances_to",
           [](GridPlanner& p, int gx, int gy) {
             std::vector<double> d;
             {
               nb::gil_scoped_release release;
               d = p.distances_to({gx, gy});
             }
             const auto w = static_cast<std::size_t>(p.map().width());
             const auto h = static_cast<std::size_t>(p.map().height());
             return to_numpy(std::move(d), {h, w});
           })
      .def("save_cpd", [](const GridPlanner& p, const std::filesystem::path& path) {
        nb::gil_scoped_release release;
        p.save_cpd(path.string());
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
  m.def(
      "load_scenario_rows",
      [](const std::filesystem::path& scen, const GridMap& map,
         const std::filesystem::path& map_path) {
        return rows_tuple(load_scenario_rows(scen.string(), map, map_path.string()));
      },
      "(queries Q x 4, optimal lengths, lines) of a scenario file made for this map");
  m.def(
      "load_query_rows",
      [](const std::filesystem::path& path, const GridMap& map) {
        return rows_tuple(load_query_rows(path.string(), map));
      },
      "(queries Q x 4, NaN lengths, lines) of a 'sx sy gx gy' file");
  m.def("lengths_agree", &lengths_agree, nb::arg("ours"), nb::arg("file"), nb::arg("same_cell"));
  m.def(
      "write_grid_png",
      [](const GridMap& map,
         nb::ndarray<const double, nb::ndim<2>, nb::c_contig, nb::device::cpu> distances,
         const QueryArray& path, int sx, int sy, int gx, int gy,
         const std::filesystem::path& file) {
        if (path.shape(1) != 2) throw InputError("write_grid_png: the path is a K x 2 array");
        std::vector<GridCell> cells(path.shape(0));
        for (std::size_t i = 0; i < cells.size(); ++i)
          cells[i] = {path.data()[2 * i], path.data()[2 * i + 1]};
        const auto [w, h] =
            write_grid_png(map, std::span<const double>(distances.data(), distances.size()), cells,
                           {sx, sy}, {gx, gy}, file.string());
        return nb::make_tuple(w, h);
      },
      "(width, height) of the PNG drawn");
}

}  // namespace arcwave::python
