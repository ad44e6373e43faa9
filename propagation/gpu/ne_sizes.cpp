// ne_sizes(): the N-E model's sizes and device bytes, computed on the host before allocating.
#include <fmt/format.h>

#include <string>

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
  std::uint64_t nary = 0;
  std::uint64_t nary_positions = 0;
  std::uint64_t nary_counters = 0;
  for (std::size_t c = 0; c < network.constraints.size(); ++c) {
    const TableConstraint& t = network.constraints[c];
    if (t.arity() > 2) {
      ++nary;
      nary_positions += t.arity();
      for (std::uint32_t x : t.scope) nary_counters += network.domain_sizes[x];
      s.nary_tuples += t.size();
      s.nary_entries += t.tuples.size();
      continue;
    }
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
  if (nary > 0) {
    // Node ids are 32-bit, and so are the n-ary tuple ids and counter ids (the sort keys).
    constexpr std::uint64_t kIds = std::uint64_t{1} << 32;
    if (s.nodes >= kIds || s.nary_tuples >= kIds || s.counters + nary_counters >= kIds)
      throw ResourceError(fmt::format(
          "the N-E model's ids are 32-bit: {} values, {} n-ary tuples and {} counters exceed them",
          s.nodes, s.nary_tuples, s.counters + nary_counters));
    // per n-ary constraint: arity, tuple count, three bases; per scope position: variable,
    // rank and the rank's sort scratch; per variable: degree; per node: first n-ary counter and
    // CSR offset; per tuple: s; per entry (tuple position): node, key, tuple and the sort's
    // double buffers; per n-ary counter: value, node, recount keys and sums; the binary
    // counters are copied once when the counter arrays grow.
    s.bytes += (nary + 1) * 32 + nary_positions * 40 + n * 4 + (s.nodes + 1) * 16 +
               s.nary_tuples * 4 + s.nary_entries * 20 + nary_counters * 16 + s.counters * 8;
  }
  s.counters += nary_counters;
  return s;
}

void require_binary_ne(const TableNetwork& network, std::string_view who) {
  for (std::size_t c = 0; c < network.constraints.size(); ++c) {
    const std::size_t arity = network.constraints[c].arity();
    if (arity <= 2) continue;
    // Name the model's constraint where the network says which one this table came from.
    std::string name = fmt::format("table #{} of the network", c);
    for (std::size_t m = 0; m < network.from_model.size(); ++m)
      for (std::uint32_t t : network.from_model[m])
        if (t == c) name = fmt::format("constraint #{}", m);
    throw Unsupported(SourcePosition{},
                      fmt::format("{} has arity {}: {} takes binary networks only (ac4gpu and "
                                  "ac4gpu+ handle n-ary constraints, as do the CPU propagators "
                                  "ac4 and ct)",
                                  name, arity, who));
  }
}

}  // namespace arcwave
