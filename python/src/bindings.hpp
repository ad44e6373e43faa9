// python/src/bindings.hpp — what the binding files share: one bind_* function per capability
// (module.cpp calls them), and NumPy arrays that own a std::vector's storage.
#pragma once

#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>

#include <cstddef>
#include <initializer_list>
#include <vector>

#include "arcwave/backend.hpp"

namespace arcwave::python {

namespace nb = nanobind;

void bind_solver(nb::module_& m);
void bind_grid(nb::module_& m);
void bind_paths(nb::module_& m);
void bind_cellgraph(nb::module_& m);
void bind_polyline(nb::module_& m);

/// A C-contiguous NumPy array over the vector's elements, without a copy: the array owns the
/// vector (freed with the array's last reference).
template <typename T>
nb::ndarray<nb::numpy, T> to_numpy(std::vector<T>&& values,
                                   std::initializer_list<std::size_t> shape) {
  auto* owned = new std::vector<T>(std::move(values));
  nb::capsule owner(owned, [](void* p) noexcept { delete static_cast<std::vector<T>*>(p); });
  return nb::ndarray<nb::numpy, T>(owned->data(), shape, owner);
}

/// A read-only, C-contiguous one-dimensional input array of T (the Python layer converts).
template <typename T>
using In1 = nb::ndarray<const T, nb::ndim<1>, nb::c_contig, nb::device::cpu>;

/// "auto", "cpu" or "gpu" (InputError otherwise).
inline Backend backend_of(const std::string& text) {
  return parse_backend(text);
}

}  // namespace arcwave::python
