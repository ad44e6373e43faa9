// arcwave/backend.hpp — where work runs: the choice every capability takes (grids, shortest
// paths, cell graphs, polylines; the solver's SolverBackend has the same three values), whether
// this process can use a GPU, which GPUs a run uses, and starting them while the input is read.
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
#include <vector>

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

/// Device lists (`--gpus`, SolverOptions::gpus, PathOptions::gpus) name device ordinals as CUDA
/// numbers them, that is after CUDA_VISIBLE_DEVICES; an ordinal may repeat, which gives that GPU
/// several workers (`0,0`: two host threads, two streams, two kernels on one GPU). Empty means
/// every visible device.
///
/// "0,1,1" -> {0, 1, 1}; "all" or "" -> {} (every visible device). InputError naming the
/// position of the first character that is not part of a list of non-negative integers.
std::vector<int> parse_gpu_list(std::string_view text);
/// "0,0,1": the list as parse_gpu_list takes it.
std::string format_gpu_list(const std::vector<int>& devices);

/// Starts loading the driver and creating device 0's context (0.1-0.3 s on an H100) on a
/// background thread, so that it overlaps with reading the input; the first call that needs
/// the GPU (gpu_device(), a kAuto or kGpu run) waits for it. Idempotent; does nothing without
/// CUDA. The thread is detached: a program that may exit while it runs (an early error) should
/// end with _Exit / quick_exit, not exit(), or CUDA's atexit teardown runs beside it.
void warm_up_gpu_in_background();
/// The same for the devices a run will use (a device list as above; empty: every visible one):
/// each context is created on a thread of its own, in parallel. Measured on two H100s: the
/// second device's context, made inside the search's clock, cost 0.13-0.15 s, more than a whole
/// one-GPU search of the hardest shared random networks saved by the second GPU. Ordinals that
/// are not visible are skipped (the run reports them). Only the first call of either function
/// starts anything.
void warm_up_gpus_in_background(std::vector<int> devices);

}  // namespace arcwave
