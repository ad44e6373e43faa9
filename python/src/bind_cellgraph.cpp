// python/src/bind_cellgraph.cpp — cell graphs of binary vectors (strings of 0/1, or a vector
// file): counts, the edges as an E x 2 array, cells and routes.
#include <nanobind/stl/filesystem.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/string_view.h>
#include <nanobind/stl/vector.h>

#include "arcwave/cellgraph.hpp"
#include "bindings.hpp"

namespace arcwave::python {

namespace {

CellGraphOptions options_of(const std::string& algorithm, const std::string& backend) {
  CellGraphOptions o;
  o.algorithm = parse_cellgraph_algorithm(algorithm);
  o.backend = parse_backend(backend);
  return o;
}

}  // namespace

void bind_cellgraph(nb::module_& m) {
  nb::class_<CellGraph>(m, "CellGraph")
      .def_static(
          "build",
          [](const std::vector<std::string>& vectors, const std::string& algorithm,
             const std::string& backend) {
            const CellGraphOptions o = options_of(algorithm, backend);
            nb::gil_scoped_release release;
            return CellGraph::build(vectors, o);
          },
          nb::arg("vectors"), nb::arg("algorithm") = "fingerprint", nb::arg("backend") = "auto")
      .def_static(
          "load",
          [](const std::filesystem::path& path, const std::string& algorithm,
             const std::string& backend) {
            const CellGraphOptions o = options_of(algorithm, backend);
            nb::gil_scoped_release release;
            return CellGraph::load(path.string(), o);
          },
          nb::arg("path"), nb::arg("algorithm") = "fingerprint", nb::arg("backend") = "auto")
      .def_prop_ro("bits", &CellGraph::bits)
      .def_prop_ro("vertex_count", &CellGraph::vertex_count)
      .def_prop_ro("edge_count", &CellGraph::edge_count)
      .def_prop_ro("built_with", &CellGraph::built_with)
      .def("edges",
           [](const CellGraph& g) {
             std::vector<std::uint32_t> flat;
             for (const auto& [u, v] : g.edges()) flat.insert(flat.end(), {u, v});
             const std::size_t count = flat.size() / 2;
             return to_numpy(std::move(flat), {count, 2});
           })
      .def("cell", &CellGraph::cell)
      .def("find", [](const CellGraph& g, std::string_view vector) { return g.find(vector); })
      .def("crossed_bit", &CellGraph::crossed_bit)
      .def("vertex_of_input", &CellGraph::vertex_of_input)
      .def(
          "route",
          [](const CellGraph& g, std::uint32_t from, std::uint32_t to, const std::string& backend) {
            const Backend b = parse_backend(backend);
            nb::gil_scoped_release release;
            return g.route(from, to, b);
          },
          nb::arg("from_"), nb::arg("to"), nb::arg("backend") = "auto");
}

}  // namespace arcwave::python
