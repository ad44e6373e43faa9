// api/apsp_method.hpp — which GPU method an APSP run takes (ApspMethod::kAuto's rule,
// include/arcwave/paths.hpp) and why.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "arcwave/paths.hpp"
#include "graph/csr/csr.hpp"
#include "graph/sssp/sssp_gpu.hpp"

namespace arcwave {

struct ApspMethodChoice {
  ApspMethod method = ApspMethod::kCta;  // never kAuto
  std::string why;                       // kAuto's reason; empty when the method was asked for
};

/// `needs_cta`: predecessors, a distance cut or 32-bit rows are asked for (only kCta computes
/// them on the device): InputError for another method asked for.
template <typename W>
ApspMethodChoice choose_apsp_method(ApspMethod asked, const Csr<W>& graph,
                                    std::span<const std::uint32_t> sources, bool needs_cta);

/// The engine's method for the whole-device methods (not kCta, which has its own entry point).
sssp::gpu::JohnsonMethod johnson_method(ApspMethod method);

}  // namespace arcwave
