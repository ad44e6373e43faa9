// graph/cellgraph/sys/heuristic.hpp — the paper's heuristic in Thrust/CUB (GPU, or OpenMP
// threads):
//  sort:   the rows sorted and deduplicated as in the tree-based algorithm;
//  build:  the distance of every vertex to h pivot vertices, the vertices radix-sorted by the
//          first distance into groups, the other distances laid out in that order;
//  search: one thread per vertex u (group d) scans group d + 1, keeps the vertices whose other
//          pivot distances all differ from u's by exactly 1 and compares those rows word by
//          word (the threads of a warp scan the same group, so its data is shared through
//          the cache); edges are appended atomically, then sorted into the CSR.
#pragma once

#include "graph/cellgraph/algorithms.hpp"
#include "graph/cellgraph/sys/common.hpp"

namespace arcwave::cellgraph::ARCWAVE_CELL_SYS {

struct PivotDistance {
  const std::uint64_t* cells;
  const std::uint32_t* pivots;
  std::uint32_t* distance;  // h * m, pivot-major
  std::uint32_t vertices;
  std::uint32_t words;
  ARCWAVE_CELL_HD void operator()(std::uint64_t i) const {
    const std::uint64_t p = i / vertices;
    const std::uint64_t v = i % vertices;
    const std::uint64_t* row = cells + v * words;
    const std::uint64_t* pivot = cells + static_cast<std::uint64_t>(pivots[p]) * words;
    std::uint32_t d = 0;
    for (std::uint32_t w = 0; w < words; ++w)
      d += static_cast<std::uint32_t>(popcount64(row[w] ^ pivot[w]));
    distance[i] = d;
  }
};

struct SortedDistance {
  const std::uint32_t* distance;
  const std::uint32_t* order;
  std::uint32_t* sorted_distance;
  std::uint32_t vertices;
  ARCWAVE_CELL_HD void operator()(std::uint64_t i) const {
    const std::uint64_t p = i / vertices;
    sorted_distance[i] = distance[p * vertices + order[i % vertices]];
  }
};

struct Identity32 {
  ARCWAVE_CELL_HD std::uint64_t operator()(std::uint32_t x) const { return x; }
};

/// One vertex u: compares it with the pivot-compatible vertices of the next group.
struct ScanNextGroup {
  const std::uint64_t* cells;
  const std::uint32_t* order;
  const std::uint32_t* sorted_distance;  // h * m
  const std::uint32_t* group_start;      // ℓ + 3 entries
  std::uint64_t* count;
  std::uint32_t* edge_a;
  std::uint32_t* edge_b;
  std::uint32_t* edge_bit;
  std::uint64_t capacity;
  std::uint32_t vertices;
  std::uint32_t words;
  std::uint32_t pivots;
  ARCWAVE_CELL_HD void operator()(std::uint64_t s) const {
    const std::uint32_t d = sorted_distance[s];
    const std::uint32_t u = order[s];
    const std::uint64_t* row = cells + static_cast<std::uint64_t>(u) * words;
    const std::uint32_t end = group_start[d + 2];
    for (std::uint32_t t = group_start[d + 1]; t < end; ++t) {
      bool candidate = true;
      for (std::uint32_t i = 1; i < pivots && candidate; ++i) {
        const std::uint32_t du = sorted_distance[static_cast<std::uint64_t>(i) * vertices + s];
        const std::uint32_t dv = sorted_distance[static_cast<std::uint64_t>(i) * vertices + t];
        candidate = du + 1 == dv || dv + 1 == du;
      }
      if (!candidate) continue;
      const std::uint32_t v = order[t];
      const std::uint64_t* other = cells + static_cast<std::uint64_t>(v) * words;
      std::uint32_t differing = 0;
      std::uint32_t bit = 0;
      for (std::uint32_t w = 0; w < words && differing <= 1; ++w) {
        const std::uint64_t x = row[w] ^ other[w];
        if (x == 0) continue;
        differing += static_cast<std::uint32_t>(popcount64(x));
        bit = w * 64 + static_cast<std::uint32_t>(lowest_bit(x));
      }
      if (differing != 1) continue;
      const std::uint64_t slot = atomic_add(count, 1);
      if (slot < capacity) {
        edge_a[slot] = u;
        edge_b[slot] = v;
        edge_bit[slot] = bit;
      }
    }
  }
};

/// Both directions of edge e as (source << 32 | bit, target).
struct EdgeArcs {
  const std::uint32_t* edge_a;
  const std::uint32_t* edge_b;
  const std::uint32_t* edge_bit;
  std::uint64_t* key;
  std::uint32_t* target;
  ARCWAVE_CELL_HD void operator()(std::uint64_t e) const {
    key[2 * e] = static_cast<std::uint64_t>(edge_a[e]) << 32 | edge_bit[e];
    target[2 * e] = edge_b[e];
    key[2 * e + 1] = static_cast<std::uint64_t>(edge_b[e]) << 32 | edge_bit[e];
    target[2 * e + 1] = edge_a[e];
  }
};

struct SourceOfKey {
  ARCWAVE_CELL_HD std::uint64_t operator()(std::uint64_t key) const { return key >> 32; }
};

inline CellGraph heuristic_graph(const BitVectors& input, const Options& options,
                                 PhaseTimes* times) {
  PhaseClock clock;
  PhaseTimes local;
  const std::uint64_t n = input.count;
  const std::uint32_t words = input.words;
  const std::uint32_t bits = input.bits;
  const Array<std::uint64_t> rows = upload_rows(input);
  local.upload_ms = clock.lap_ms();

  // sort
  Numbered numbered;
  {
    const SortedRows order = sort_rows(rows.get(), n, words, bits);
    numbered = number_rows(rows.get(), words, n, order.perm.get(), order.rep.get());
  }
  const std::uint32_t m = numbered.distinct;
  const std::uint64_t* cells = numbered.cells.get();
  local.sort_ms = clock.lap_ms();

  // build
  const std::uint32_t h = detail::pivot_count(options.pivots, m);
  std::vector<std::uint32_t> host_pivots(h);
  for (std::uint32_t i = 0; i < h; ++i) host_pivots[i] = detail::pivot_vertex(i, h, m);
  Array<std::uint32_t> pivots(h);
  pivots.upload(host_pivots.data(), h);
  Array<std::uint32_t> distance(std::uint64_t{h} * m);
  for_each_index(std::uint64_t{h} * m,
                 PivotDistance{cells, pivots.get(), distance.get(), m, words});
  Array<std::uint32_t> order(m);
  Array<std::uint32_t> sorted_distance(std::uint64_t{h} * m);
  {
    Array<std::uint32_t> identity(m);
    thrust::sequence(thrust::device, identity.begin(), identity.end(), 0U);
    sort_pairs(distance.get(), sorted_distance.get(), identity.get(), order.get(), m,
               bit_width(bits));
  }
  Array<std::uint32_t> group_start(std::uint64_t{bits} + 3);
  bucket_starts(sorted_distance.get(), m, std::uint64_t{bits} + 2, group_start.get(), Identity32{});
  for_each_index(std::uint64_t{h} * m,
                 SortedDistance{distance.get(), order.get(), sorted_distance.get(), m});
  distance = Array<std::uint32_t>();
  local.build_ms = clock.lap_ms();

  // search
  std::uint64_t capacity = std::uint64_t{m} * 4 + 1024;
  std::uint64_t edges = 0;
  Array<std::uint64_t> count(1);
  Array<std::uint32_t> edge_a;
  Array<std::uint32_t> edge_b;
  Array<std::uint32_t> edge_bit;
  for (;;) {
    edge_a = Array<std::uint32_t>(capacity);
    edge_b = Array<std::uint32_t>(capacity);
    edge_bit = Array<std::uint32_t>(capacity);
    count.fill(0);
    for_each_index(
        m, ScanNextGroup{cells, order.get(), sorted_distance.get(), group_start.get(), count.get(),
                         edge_a.get(), edge_b.get(), edge_bit.get(), capacity, m, words, h});
    edges = count.read(0);
    if (edges <= capacity) break;
    capacity = edges;  // the edge buffer was too small: search again with room for all
  }
  DeviceCsr csr;
  csr.arcs = 2 * edges;
  csr.targets = Array<std::uint32_t>(csr.arcs);
  csr.offsets = Array<std::uint64_t>(std::uint64_t{m} + 1);
  {
    Array<std::uint64_t> key(csr.arcs);
    Array<std::uint32_t> target(csr.arcs);
    for_each_index(edges,
                   EdgeArcs{edge_a.get(), edge_b.get(), edge_bit.get(), key.get(), target.get()});
    Array<std::uint64_t> sorted_key(csr.arcs);
    sort_pairs(key.get(), sorted_key.get(), target.get(), csr.targets.get(), csr.arcs,
               32 + bit_width(m - 1));
    bucket_starts(sorted_key.get(), csr.arcs, m, csr.offsets.get(), SourceOfKey{});
  }
  local.search_ms = clock.lap_ms();

  CellGraph out = download_graph(numbered, csr, n, bits);
  local.download_ms = clock.lap_ms();
  if (times != nullptr) *times = local;
  return out;
}

}  // namespace arcwave::cellgraph::ARCWAVE_CELL_SYS
