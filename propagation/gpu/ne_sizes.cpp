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

namespace {

// The N-E model's sizes, constraint by constraint, and the bytes of its device arrays.
class NeShape {
 public:
  void binary(std::uint64_t dx, std::uint64_t dy, std::uint64_t allowed, bool pairs_sent) {
    s_.edges += 2 * dx * dy;
    s_.counters += dx + dy;
    s_.supports += 2 * allowed;
    if (pairs_sent) tuples_ += allowed;
    bitmap_words_ += (dx * dy + 31) / 32;
    ++binary_;
  }
  // `values`: the domain sizes of the scope, summed (one counter each).
  void nary(std::uint64_t arity, std::uint64_t values, std::uint64_t tuples) {
    ++nary_;
    nary_positions_ += arity;
    nary_counters_ += values;
    s_.nary_tuples += tuples;
    s_.nary_entries += arity * tuples;
  }
  // `input_bytes`: what the compact input adds (bits, lists, the expansion's scratch).
  NeSizes finish(std::uint64_t nodes, std::uint64_t n, std::uint64_t input_bytes) {
    s_.nodes = nodes;
    // edges: src, dst, key (4 B each) and s (1 B); nodes: exists, var, scratch flag, first
    // counter; counters: value and node, plus the CSR build's order, keys, slots and sort
    // buffers; CSR: offsets, target and counter per support; inputs: scopes, tuples, offsets,
    // bitmaps; per variable: sizes and offsets.
    s_.bytes = s_.edges * 13 + s_.nodes * 16 + s_.counters * (8 + 40) + (s_.nodes + 1) * 8 +
               s_.supports * 8 + binary_ * (8 + 3 * 8 + 4) + tuples_ * 8 + bitmap_words_ * 4 +
               n * 24 + input_bytes + (std::uint64_t{1} << 20);
    if (nary_ > 0) {
      // Node ids are 32-bit, and so are the n-ary tuple ids and counter ids (the sort keys).
      constexpr std::uint64_t kIds = std::uint64_t{1} << 32;
      if (s_.nodes >= kIds || s_.nary_tuples >= kIds || s_.counters + nary_counters_ >= kIds)
        throw ResourceError(fmt::format(
            "the N-E model's ids are 32-bit: {} values, {} n-ary tuples and {} counters exceed "
            "them",
            s_.nodes, s_.nary_tuples, s_.counters + nary_counters_));
      // per n-ary constraint: arity, tuple count, three bases; per scope position: variable,
      // rank and the rank's sort scratch; per variable: degree; per node: first n-ary counter
      // and CSR offset; per tuple: s; per entry (tuple position): node, key, tuple and the
      // sort's double buffers; per n-ary counter: value, node, recount keys and sums; the
      // binary counters are copied once when the counter arrays grow.
      s_.bytes += (nary_ + 1) * 32 + nary_positions_ * 40 + n * 4 + (s_.nodes + 1) * 16 +
                  s_.nary_tuples * 4 + s_.nary_entries * 20 + nary_counters_ * 16 + s_.counters * 8;
    }
    s_.counters += nary_counters_;
    return s_;
  }

 private:
  NeSizes s_;
  std::uint64_t tuples_ = 0, bitmap_words_ = 0, binary_ = 0;
  std::uint64_t nary_ = 0, nary_positions_ = 0, nary_counters_ = 0;
};

}  // namespace

NeSizes ne_sizes(const TableNetwork& network) {
  NeShape shape;
  for (const TableConstraint& t : network.constraints) {
    if (t.arity() > 2) {
      std::uint64_t values = 0;
      for (std::uint32_t x : t.scope) values += network.domain_sizes[x];
      shape.nary(t.arity(), values, t.size());
    } else if (t.arity() == 2) {
      shape.binary(network.domain_sizes[t.scope[0]], network.domain_sizes[t.scope[1]], t.size(),
                   true);
    }
  }
  return shape.finish(network.value_count(), network.variable_count(), 0);
}

NeSizes ne_sizes(const CompactNetwork& network) {
  NeShape shape;
  for (std::size_t c = 0; c < network.binary_count(); ++c)
    shape.binary(network.domain_sizes[network.binary_x[c]],
                 network.domain_sizes[network.binary_y[c]], network.binary_allowed[c], false);
  std::uint64_t at = 0;
  std::uint64_t virtual_words = 0;
  for (std::size_t c = 0; c < network.nary_count(); ++c) {
    std::uint64_t values = 0;
    std::uint64_t product = 1;
    for (std::uint32_t i = 0; i < network.nary_arity[c]; ++i) {
      values += network.domain_sizes[network.nary_scope[at + i]];
      product *= network.domain_sizes[network.nary_scope[at + i]];
    }
    at += network.nary_arity[c];
    if (network.nary_bits_offset[c] != CompactNetwork::kNone) virtual_words += (product + 31) / 32;
    shape.nary(network.nary_arity[c], values, network.nary_allowed[c]);
  }
  // The n-ary bits and lists, the expansion's rank per word, per n-ary constraint its offsets.
  const std::uint64_t input = (network.nary_bits.size() + network.nary_listed.size()) * 4 +
                              (virtual_words + 1) * 8 + (network.nary_count() + 1) * 24;
  return shape.finish(network.value_count(), network.variable_count(), input);
}

namespace {
[[noreturn]] void throw_not_binary(const std::string& name, std::size_t arity,
                                   std::string_view who) {
  throw Unsupported(SourcePosition{},
                    fmt::format("{} has arity {}: {} takes binary networks only (ac4gpu and "
                                "ac4gpu+ handle n-ary constraints, as do the CPU propagators "
                                "ac4 and ct)",
                                name, arity, who));
}
}  // namespace

void require_binary_ne(const TableNetwork& network, std::string_view who) {
  for (std::size_t c = 0; c < network.constraints.size(); ++c) {
    const std::size_t arity = network.constraints[c].arity();
    if (arity <= 2) continue;
    // Name the model's constraint where the network says which one this table came from.
    std::string name = fmt::format("table #{} of the network", c);
    for (std::size_t m = 0; m < network.from_model.size(); ++m)
      for (std::uint32_t t : network.from_model[m])
        if (t == c) name = fmt::format("constraint #{}", m);
    throw_not_binary(name, arity, who);
  }
}

void require_binary_ne(const CompactNetwork& network, std::string_view who) {
  if (network.binary()) return;
  throw_not_binary(fmt::format("constraint #{}", network.nary_origin[0]), network.nary_arity[0],
                   who);
}

}  // namespace arcwave
