// python/src/module.cpp — the module arcwave._arcwave: arcwave's exceptions as Python
// exceptions (the same hierarchy), the version, the GPU the process sees, and each capability's
// bindings (bind_*.cpp). The package arcwave (python/arcwave/__init__.py) wraps it.
#include <nanobind/stl/string.h>

#include "arcwave/error.hpp"
#include "arcwave/version.hpp"
#include "bindings.hpp"

NB_MODULE(_arcwave, m) {
  namespace nb = nanobind;
  using namespace arcwave;
  m.doc() = "arcwave: constraint solving and path planning on GPU primitives (native part)";
  m.attr("__version__") = kVersion;

  // Translators are tried last-registered first: the base class goes first.
  static nb::exception<Error> error(m, "Error", PyExc_RuntimeError);
  static nb::exception<InputError> input_error(m, "InputError", error);
  static nb::exception<Unsupported> unsupported(m, "Unsupported", error);
  static nb::exception<ResourceError> resource_error(m, "ResourceError", error);
  static nb::exception<CudaError> cuda_error(m, "CudaError", error);
  static nb::exception<InternalError> internal_error(m, "InternalError", error);

  m.def(
      "gpu_device",
      [] {
        const GpuDevice d = gpu_device();
        return nb::make_tuple(d.present, d.name, d.memory_bytes, d.reason);
      },
      "(present, name, memory_bytes, reason) of device 0 as this process sees it");

  python::bind_solver(m);
  python::bind_grid(m);
  python::bind_paths(m);
  python::bind_cellgraph(m);
  python::bind_polyline(m);
}
