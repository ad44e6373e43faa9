// api/paths_impl.hpp — what a public WeightedGraph holds: the engine's CSR, checked once.
#pragma once

#include <cstdint>

#include "arcwave/paths.hpp"
#include "graph/csr/csr.hpp"

namespace arcwave {

template <typename W>
struct WeightedGraph<W>::Impl {
  Csr<W> csr;  // weighted (unit weights added), weights checked by sssp::check_weights
  std::uint32_t index_base = 0;
  bool negative = false;
  double build_seconds = 0;  // the CSR and the checks
};

}  // namespace arcwave
