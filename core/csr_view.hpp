// core/csr_view.hpp — a non-owning view of a graph in compressed sparse row form, usable in
// host code and in CUDA kernels alike (plain pointers, no CUDA types). The owning containers
// live in graph/csr/; the shared frontier primitive (core/frontier/) runs over this view.
#pragma once

#include <cstdint>

namespace arcwave {

/// Out-edges of vertex v are targets[offsets[v] .. offsets[v+1]); weights may be null.
template <typename Weight = float>
struct CsrView {
  std::uint32_t vertex_count = 0;
  std::uint64_t edge_count = 0;
  const std::uint64_t* offsets = nullptr;  // vertex_count + 1 entries
  const std::uint32_t* targets = nullptr;  // edge_count entries
  const Weight* weights = nullptr;         // edge_count entries, or null (unweighted)
};

}  // namespace arcwave
