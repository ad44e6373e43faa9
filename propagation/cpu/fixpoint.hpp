// propagation/cpu/fixpoint.hpp — one arc-consistency fixpoint on the CPU engine, with its
// domains afterwards: what `arcwave ac` prints and what every propagator is compared on.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "propagation/cpu/cpu_engine.hpp"

namespace arcwave::cpu {

struct FixpointResult {
  bool wiped_out = false;
  /// Present value indices per variable, increasing; after a wipe-out every domain is empty
  /// (the arc-consistent closure of an inconsistent network is empty everywhere).
  std::vector<std::vector<int>> domains;
  std::uint64_t removed = 0;  // values removed (before the wipe-out, if any)
  std::uint64_t propagations = 0;
  double init_seconds = 0;       // building the propagators (AC4: counters and support lists)
  double propagate_seconds = 0;  // the fixpoint itself
  std::string description;       // the propagators used
};

FixpointResult ac_fixpoint(std::shared_ptr<const IndexedModel> model,
                           const CpuEngineOptions& options = {});

}  // namespace arcwave::cpu
