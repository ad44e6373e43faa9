// ne_sizes(): the N-E model's sizes and device bytes, computed on the host before allocating.
#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "propagation/gpu/ac_gpu.hpp"

namespace arcwave {

std::string_view to_string(GpuAcAlgorithm algorithm) {
  switch (algorithm) {
    case GpuAcAlgorithm::kAc4Gpu:
      return "ac4gpu";
    case GpuAcAlgorithm::kAc4GpuPlus:
      return "ac4gpu+";
    case GpuAcAlgorithm::kAc4GpuFrontier:
      return "ac4gpu-frontier";
  }
  return "?";
}

NeSizes ne_sizes(const TableNetwork& network) {
  NeSizes s;
  s.nodes = network.value_count();
  std::uint64_t tuples = 0;
  std::uint64_t bitmap_words = 0;
  std::uint64_t binary = 0;
  for (std::size_t c = 0; c < network.constraints.size(); ++c) {
    const TableConstraint& t = network.constraints[c];
    if (t.arity() > 2)
      throw Unsupported(SourcePosition{},
                        fmt::format("constraint #{} of arity {} in the N-E model "
                                    "(AC4GPU handles binary networks; use ac4 or ct)",
                                    c, t.arity()));
    if (t.arity() < 2) continue;
    const std::uint64_t dx = network.domain_sizes[t.scope[0]];
    const std::uint64_t dy = network.domain_sizes[t.scope[1]];
    s.edges += 2 * dx * dy;
    s.counters += dx + dy;
    s.supports += 2 * t.size();
    tuples += t.size();
    bitmap_words += (dx * dy + 31) / 32;
    ++binary;
  }
  const std::uint64_t n = network.variable_count();
  // edges: src, dst, key (4 B each) and s (1 B); nodes: exists, var, scratch flag, first
  // counter; counters: value and node, plus the CSR build's order, keys, slots and sort
  // buffers; CSR: offsets, target and counter per support; inputs: scopes, tuples, offsets,
  // bitmaps; per variable: sizes and offsets.
  s.bytes = s.edges * 13 + s.nodes * 16 + s.counters * (8 + 40) + (s.nodes + 1) * 8 +
            s.supports * 8 + binary * (8 + 3 * 8 + 4) + tuples * 8 + bitmap_words * 4 + n * 24 +
            (std::uint64_t{1} << 20);
  return s;
}

}  // namespace arcwave
