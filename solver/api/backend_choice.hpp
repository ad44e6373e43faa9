// solver/api/backend_choice.hpp — what `--backend auto` runs: the GPU search engine or MAC on
// the CPU, decided from the model's size before anything is built.
#pragma once

#include <cstdint>
#include <string>

#include "arcwave/model.hpp"

namespace arcwave {

struct BackendChoice {
  bool gpu = false;
  std::string reason;  // for the `c backend:` line
  double pairs_per_value = 0;
};

/// Value pairs per value (Σ over binary constraints of 2·|D(x)|·|D(y)|, over all values) at or
/// above which the GPU engine is chosen. Measured on the H100 (docs/results, fourth session):
/// MAC on the GPU beat MAC with AC3bit+rm at 7,500 (3.8x) and 12,000 (2.8x) pairs per value, and
/// lost at 2,700 (0.36x) and 1,667 (0.78x).
inline constexpr double kGpuPairsPerValue = 5000;

/// The GPU engine when a GPU can run it (`gpu_usable`), every constraint is binary or unary, an
/// objective (if any) is one variable, and the network is dense enough in value pairs per value;
/// MAC on the CPU otherwise. The reason names what decided.
BackendChoice choose_backend(const Model& model, bool gpu_usable, const std::string& no_gpu_reason);

}  // namespace arcwave
