// core/device_set.hpp — which GPUs a run uses. `--gpus LIST` (and the C++ options that take a
// device list) names device ordinals as CUDA numbers them, that is after CUDA_VISIBLE_DEVICES;
// an ordinal may repeat, which gives that GPU several workers (`0,0`: two host threads, two
// streams, two kernels on one GPU: every cross-device path of a multi-GPU run on one card).
// Empty means every visible device. Callable from plain C++; without CUDA no device is visible.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "arcwave/backend.hpp"  // parse_gpu_list, format_gpu_list

namespace arcwave {

// parse_gpu_list() and format_gpu_list() are public (arcwave/backend.hpp).

/// The devices a run uses: `requested` when it is not empty (InputError for an ordinal that is
/// not below `visible`), else 0 .. visible - 1. Empty when no device is visible.
std::vector<int> resolve_gpus(const std::vector<int>& requested, int visible);

/// One rank of an MPI job with one rank per GPU: requested[local_rank % size] when a list was
/// given (checked as resolve_gpus does), else local_rank % visible; -1 when no device is visible.
int gpu_for_local_rank(const std::vector<int>& requested, int local_rank, int visible);

/// How many workers share each device of `devices` (the same ordinal listed k times: k each),
/// in the order of `devices`.
std::vector<int> workers_per_device(const std::vector<int>& devices);

}  // namespace arcwave
