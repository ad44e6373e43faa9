// python/src/bind_paths.cpp — weighted graphs (int64 or float64 weights, one class each) from
// NumPy arrays or files; SSSP, paths and APSP with NumPy arrays out (APSP written straight into
// the caller's array), the GIL released during the work.
#include <nanobind/stl/filesystem.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/variant.h>
#include <nanobind/stl/vector.h>

#include "arcwave/error.hpp"
#include "arcwave/paths.hpp"
#include "bindings.hpp"

namespace arcwave::python {

namespace {

PathOptions path_options(const std::string& backend, unsigned threads, std::uint32_t gpu_batch) {
  PathOptions o;
  o.backend = parse_backend(backend);
  o.threads = threads;
  o.gpu_batch = gpu_batch;
  return o;
}

GraphFileFormat format_of(const std::string& text) {
  if (text == "auto") return GraphFileFormat::kAuto;
  if (text == "gr" || text == "dimacs") return GraphFileFormat::kDimacs;
  if (text == "mtx" || text == "mm") return GraphFileFormat::kMatrixMarket;
  if (text == "edges") return GraphFileFormat::kEdgeList;
  throw InputError("format '" + text + "': expected auto, gr, mtx or edges");
}

template <typename W>
void bind_graph(nb::module_& m, const char* name) {
  using Graph = WeightedGraph<W>;
  using Out2 = nb::ndarray<W, nb::ndim<2>, nb::c_contig, nb::device::cpu>;
  nb::class_<Graph>(m, name)
      .def_static(
          "from_edges",
          [](std::uint32_t n, In1<std::uint32_t> sources, In1<std::uint32_t> targets,
             In1<W> weights, bool directed, bool merge) {
            GraphBuildOptions o;
            o.directed = directed;
            o.merge_parallel_edges = merge;
            const std::span<const std::uint32_t> s(sources.data(), sources.size());
            const std::span<const std::uint32_t> t(targets.data(), targets.size());
            const std::span<const W> w(weights.data(), weights.size());
            nb::gil_scoped_release release;
            return Graph::from_edges(n, s, t, w, o);
          },
          nb::arg("n"), nb::arg("sources"), nb::arg("targets"), nb::arg("weights"),
          nb::arg("directed"), nb::arg("merge_parallel_edges"))
      .def_static("from_csr",
                  [](In1<std::uint64_t> offsets, In1<std::uint32_t> targets, In1<W> weights) {
                    const std::span<const std::uint64_t> o(offsets.data(), offsets.size());
                    const std::span<const std::uint32_t> t(targets.data(), targets.size());
                    const std::span<const W> w(weights.data(), weights.size());
                    nb::gil_scoped_release release;
                    return Graph::from_csr(o, t, w);
                  })
      .def_prop_ro("vertex_count", &Graph::vertex_count)
      .def_prop_ro("edge_count", &Graph::edge_count)
      .def_prop_ro("index_base", &Graph::index_base)
      .def_prop_ro("has_negative_weight", &Graph::has_negative_weight)
      .def("csr",
           [](const Graph& g) {
             const auto o = g.offsets();
             const auto t = g.targets();
             const auto w = g.weights();
             return nb::make_tuple(
                 to_numpy(std::vector<std::uint64_t>(o.begin(), o.end()), {o.size()}),
                 to_numpy(std::vector<std::uint32_t>(t.begin(), t.end()), {t.size()}),
                 to_numpy(std::vector<W>(w.begin(), w.end()), {w.size()}));
           })
      .def(
          "sssp",
          [](const Graph& g, std::uint32_t source, const std::string& backend) {
            const PathOptions o = path_options(backend, 0, 0);
            ShortestPaths<W> r;
            {
              nb::gil_scoped_release release;
              r = shortest_paths(g, source, o);
            }
            const std::size_t n = r.distance.size();
            return nb::make_tuple(to_numpy(std::move(r.distance), {n}),
                                  to_numpy(std::move(r.parent), {r.parent.size()}),
                                  r.negative_cycle, r.backend);
          },
          nb::arg("source"), nb::arg("backend"), "(distance, parent, negative_cycle, backend)")
      .def(
          "apsp_into",
          [](const Graph& g, In1<std::uint32_t> sources, Out2 out, const std::string& backend,
             unsigned threads, std::uint32_t gpu_batch) {
            const PathOptions o = path_options(backend, threads, gpu_batch);
            const std::span<const std::uint32_t> s(sources.data(), sources.size());
            const std::span<W> d(out.data(), out.size());
            if (out.shape(0) != sources.size() || out.shape(1) != g.vertex_count())
              throw InputError("apsp: out must have shape (len(sources), n)");
            ApspReport r;
            {
              nb::gil_scoped_release release;
              r = apsp(g, s, d, o);
            }
            return nb::make_tuple(r.negative_cycle, r.backend, r.method, r.seconds);
          },
          nb::arg("sources"), nb::arg("out"), nb::arg("backend"), nb::arg("threads"),
          nb::arg("gpu_batch"), "(negative_cycle, backend, method, seconds)");
}

}  // namespace

void bind_paths(nb::module_& m) {
  bind_graph<std::int64_t>(m, "IntGraph");
  bind_graph<double>(m, "RealGraph");
  m.def(
      "load_graph",
      [](const std::filesystem::path& path, const std::string& format, bool undirected) {
        GraphLoadOptions o;
        o.format = format_of(format);
        o.undirected = undirected;
        nb::gil_scoped_release release;
        return load_graph(path.string(), o);
      },
      nb::arg("path"), nb::arg("format") = "auto", nb::arg("undirected") = false);
}

}  // namespace arcwave::python
