// solver/api/backend_choice.hpp — what `--backend auto` runs: the GPU search engine or MAC on
// the CPU, decided from the model's size before anything is built.
#pragma once

#include <cstdint>
#include <string>

#include "arcwave/model.hpp"
#include "propagation/indexed/indexed_model.hpp"

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

/// Whether `--backend auto` (with a usable GPU) runs the batched GPU search, from the indexed
/// model: yes unless the model has cliques of binary "x != y" constraints, where the CPU engine's
/// allDifferent on the cliques settles what the batched search's pairwise AC does not. Measured
/// on the 294 shared binary instances (one H100 against 16 cores, 8 s, docs/results): the
/// batched search settled 23 of 23 hard random networks (family B, no cliques) against 10, and
/// 0 of 14 quasigroup and haystack files (cliques) against 8. Nor for a model holding a
/// cumulative, noOverlap or circuit: their device propagators (time-tabling, pairwise
/// disjunctions, subtours) filter far less than the CPU's. Models the batched search refuses
/// are its own business (solve_batched says why and the caller goes on).
BackendChoice choose_batched(const IndexedModel& indexed);

}  // namespace arcwave
