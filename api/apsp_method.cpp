// Definitions for api/apsp_method.hpp.
#include "api/apsp_method.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include "arcwave/error.hpp"

namespace arcwave {

namespace {

/// One near-far SSSP per source while there are at most n / 32768 sources; the batched SSSP
/// while a BFS from the first source is at most kBatchedDepth levels deep (see ApspMethod).
constexpr std::uint64_t kVerticesPerNearFarSource = 32768;
constexpr std::uint32_t kBatchedDepth = 64;

/// BFS levels from `from` (the hop depth a frontier method needs from there).
template <typename W>
std::uint32_t hop_depth(const Csr<W>& g, std::uint32_t from) {
  std::vector<std::uint32_t> level(g.vertex_count, UINT32_MAX);
  std::vector<std::uint32_t> queue{from};
  level[from] = 0;
  std::uint32_t depth = 0;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const std::uint32_t u = queue[head];
    depth = std::max(depth, level[u]);
    for (const std::uint32_t v : g.neighbours(u))
      if (level[v] == UINT32_MAX) {
        level[v] = level[u] + 1;
        queue.push_back(v);
      }
  }
  return depth;
}

}  // namespace

std::string_view to_string(ApspMethod method) {
  switch (method) {
    case ApspMethod::kAuto:
      return "auto";
    case ApspMethod::kCta:
      return "cta";
    case ApspMethod::kBatched:
      return "batched";
    case ApspMethod::kNearFar:
      return "near-far";
    case ApspMethod::kFrontier:
      return "frontier";
    case ApspMethod::kDijkstraOuter:
      return "dijkstra-outer";
    case ApspMethod::kDijkstraInner:
      return "dijkstra-inner";
  }
  return "?";
}

template <typename W>
ApspMethodChoice choose_apsp_method(ApspMethod asked, const Csr<W>& g,
                                    std::span<const std::uint32_t> sources, bool needs_cta) {
  if (asked != ApspMethod::kAuto) {
    if (needs_cta && asked != ApspMethod::kCta)
      throw InputError("--paths, --max-distance and 32-bit rows need --method cta (or auto)");
    return {asked, ""};
  }
  if (needs_cta) return {ApspMethod::kCta, "predecessors, a cut or 32-bit rows"};
  const std::uint32_t n = g.vertex_count;
  if (sources.size() * kVerticesPerNearFarSource <= n)
    return {ApspMethod::kNearFar, fmt::format("{} sources on {} vertices", sources.size(), n)};
  const std::uint32_t depth = sources.empty() ? 0 : hop_depth(g, sources.front());
  if (depth <= kBatchedDepth)
    return {ApspMethod::kBatched, fmt::format("hop depth {} <= {}", depth, kBatchedDepth)};
  return {ApspMethod::kCta, fmt::format("hop depth {} > {}", depth, kBatchedDepth)};
}

sssp::gpu::JohnsonMethod johnson_method(ApspMethod method) {
  switch (method) {
    case ApspMethod::kNearFar:
      return sssp::gpu::JohnsonMethod::kNearFar;
    case ApspMethod::kFrontier:
      return sssp::gpu::JohnsonMethod::kFrontierPerSource;
    case ApspMethod::kDijkstraOuter:
      return sssp::gpu::JohnsonMethod::kDijkstraOuter;
    case ApspMethod::kDijkstraInner:
      return sssp::gpu::JohnsonMethod::kDijkstraInner;
    default:
      return sssp::gpu::JohnsonMethod::kBatched;
  }
}

template ApspMethodChoice choose_apsp_method(ApspMethod, const Csr<std::int64_t>&,
                                             std::span<const std::uint32_t>, bool);
template ApspMethodChoice choose_apsp_method(ApspMethod, const Csr<double>&,
                                             std::span<const std::uint32_t>, bool);

}  // namespace arcwave
