// arcwave/backend.hpp — where work runs: the choice every capability takes (grids, shortest
// paths, cell graphs, polylines; the solver's SolverBackend has the same three values), and
// whether this process can use a GPU.
//
//   kCpu   the CPU code (multi-threaded where the call says so). Always available.
//   kGpu   the CUDA code. Throws ResourceError when the library was built without CUDA, when no
//          usable GPU is present, or when the work does not fit in free device memory.
//   kAuto  the GPU when one is usable, the work fits its memory and is at least the size from
//          which the GPU was measured faster (each call documents its threshold); the CPU
//          otherwise. Never throws for lack of a GPU. Results say which ran and why.
//
// A library built without CUDA behaves as on a machine without a GPU.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace arcwave {

enum class Backend : std::uint8_t { kAuto, kCpu, kGpu };

/// "auto", "cpu" or "gpu".
std::string_view to_string(Backend backend);
/// Parses "auto", "cpu" or "gpu"; throws InputError otherwise.
Backend parse_backend(std::string_view text);

/// Device 0 as this process sees it (queried once, cached; never throws).
struct GpuDevice {
  bool present = false;  // a usable GPU (false in a build without CUDA)
  std::string name;      // e.g. "NVIDIA H100 80GB HBM3"
  std::size_t memory_bytes = 0;
  std::string reason;  // why none is usable (empty when present)
};
GpuDevice gpu_device();

}  // namespace arcwave
