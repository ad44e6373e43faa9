// graph/cellgraph/sys/tree.hpp — the paper's tree-based algorithm in Thrust/CUB (GPU, or
// OpenMP threads):
//  sort:   LSD radix sort of the packed rows (CUB, one pass per 64-bit word), removal of
//          duplicates, first-occurrence numbering, the distinct rows in sorted order (ranks);
//  build:  the 256-ary trie over 8-bit chunks, level by level: a level's nodes are the runs of
//          equal prefixes, found by a scan of "prefix changes here" flags; each node keeps a
//          256-bit map of its children and the index of its first child. Levels stop when
//          every node holds one row (below that, look-ups compare the row directly);
//  search: one thread per (vertex, bit) looks the flipped row up in the trie and marks hits,
//          then the marks become the CSR.
#pragma once

#include <memory>

#include "graph/cellgraph/sys/common.hpp"

namespace arcwave::cellgraph::ARCWAVE_CELL_SYS {

struct RankEntries {
  const std::uint32_t* first;  // sorted positions of the distinct rows
  const std::uint32_t* perm;
  const std::uint32_t* vertex_of_input;
  std::uint32_t* input_of_rank;
  std::uint32_t* vertex_of_rank;
  ARCWAVE_CELL_HD void operator()(std::uint64_t r) const {
    input_of_rank[r] = perm[first[r]];
    vertex_of_rank[r] = vertex_of_input[perm[first[r]]];
  }
};

/// Marks rows where a new node starts one level deeper: a node starts there already, or the
/// chunk differs from the previous row's.
struct MarkChunkChange {
  const std::uint64_t* sorted;
  std::uint32_t* starts;
  std::uint32_t words;
  std::uint32_t chunk;
  ARCWAVE_CELL_HD void operator()(std::uint64_t r) const {
    if (r == 0 || starts[r] != 0) return;
    if (chunk_of(sorted + r * words, chunk) != chunk_of(sorted + (r - 1) * words, chunk))
      starts[r] = 1;
  }
};

/// For each row that starts a child: records the child in its parent's map (and the first
/// child of the parent).
struct LinkChildren {
  const std::uint64_t* sorted;
  const std::uint32_t* starts;
  const std::uint32_t* node;        // node of each row at the parent depth
  const std::uint32_t* child_scan;  // inclusive scan of starts: child index + 1
  TrieNode* level;
  std::uint32_t words;
  std::uint32_t chunk;
  ARCWAVE_CELL_HD void operator()(std::uint64_t r) const {
    if (starts[r] == 0) return;
    const std::uint32_t parent = node[r];
    const std::uint32_t c = chunk_of(sorted + r * words, chunk);
    atomic_or(&level[parent].present[c / 64], std::uint64_t{1} << (c % 64));
    if (r == 0 || node[r - 1] != parent) level[parent].first_child = child_scan[r] - 1;
  }
};

struct MinusOne {
  ARCWAVE_CELL_HD std::uint32_t operator()(std::uint32_t x) const { return x - 1; }
};

struct Trie {
  std::vector<Array<TrieNode>> levels;
  Array<const TrieNode*> level_ptrs;
  std::uint32_t depth = 0;
};

inline Trie build_trie(const std::uint64_t* sorted, std::uint32_t m, std::uint32_t words) {
  Trie trie;
  Array<std::uint32_t> starts(m);
  thrust::fill(thrust::device, starts.begin(), starts.end(), 0U);
  thrust::fill_n(thrust::device, starts.begin(), 1, 1U);
  Array<std::uint32_t> node(m);
  node.fill(0);
  Array<std::uint32_t> child_scan(m);
  std::uint64_t nodes = 1;
  std::vector<const TrieNode*> host_ptrs;
  while (nodes < m) {
    const std::uint32_t c = trie.depth;
    if (c >= chunk_count(words))
      throw InternalError("cell graph trie: duplicate rows after deduplication");
    Array<TrieNode> level(nodes);
    level.fill(TrieNode{{0, 0, 0, 0}, 0, 0});
    for_each_index(m, MarkChunkChange{sorted, starts.get(), words, c});
    thrust::inclusive_scan(thrust::device, starts.begin(), starts.end(), child_scan.begin());
    for_each_index(
        m, LinkChildren{sorted, starts.get(), node.get(), child_scan.get(), level.get(), words, c});
    thrust::transform(thrust::device, child_scan.begin(), child_scan.end(), node.begin(),
                      MinusOne{});
    nodes = child_scan.read(m - 1);
    host_ptrs.push_back(level.get());
    trie.levels.push_back(std::move(level));
    ++trie.depth;
  }
  trie.level_ptrs = Array<const TrieNode*>(host_ptrs.size());
  trie.level_ptrs.upload(host_ptrs.data(), host_ptrs.size());
  return trie;
}

/// One (vertex, bit): the paper's look-up of the flipped row; marks the bit on a hit.
struct LookupBit {
  const TrieNode* const* levels;
  std::uint32_t depth;
  const std::uint64_t* sorted;
  const std::uint64_t* cells;
  std::uint64_t* marks;
  std::uint32_t words;
  std::uint32_t bits;
  ARCWAVE_CELL_HD void operator()(std::uint64_t i) const {
    const std::uint64_t v = i / bits;
    const auto k = static_cast<std::uint32_t>(i % bits);
    const std::uint64_t bit = std::uint64_t{1} << (k % 64);
    const std::uint64_t* row = cells + v * words;
    if (trie_lookup(levels, depth, sorted, words, row, k / 64, bit) != kNoVertex)
      atomic_or(marks + v * words + k / 64, bit);
  }
};

struct TreeResolve {
  const TrieNode* const* levels;
  std::uint32_t depth;
  const std::uint64_t* sorted;
  const std::uint64_t* cells;
  const std::uint32_t* vertex_of_rank;
  std::uint32_t words;
  ARCWAVE_CELL_HD std::uint32_t operator()(std::uint32_t v, std::uint32_t w,
                                           std::uint32_t b) const {
    const std::uint32_t r =
        trie_lookup(levels, depth, sorted, words, cells + static_cast<std::uint64_t>(v) * words, w,
                    std::uint64_t{1} << b);
    return r == kNoVertex ? kNoVertex : vertex_of_rank[r];
  }
};

inline CellGraph tree_graph(const BitVectors& input, const Options&, PhaseTimes* times) {
  PhaseClock clock;
  PhaseTimes local;
  const std::uint64_t n = input.count;
  const std::uint32_t words = input.words;
  const std::uint32_t bits = input.bits;
  const Array<std::uint64_t> rows = upload_rows(input);
  local.upload_ms = clock.lap_ms();

  // sort
  SortedRows order = sort_rows(rows.get(), n, words, bits);
  Numbered numbered = number_rows(rows.get(), words, n, order.perm.get(), order.rep.get());
  const std::uint32_t m = numbered.distinct;
  Array<std::uint64_t> sorted(std::uint64_t{m} * words);
  Array<std::uint32_t> vertex_of_rank(m);
  {
    const Array<std::uint32_t> first = first_positions(order.rep.get(), n, m);
    Array<std::uint32_t> input_of_rank(m);
    for_each_index(m, RankEntries{first.get(), order.perm.get(), numbered.vertex_of_input.get(),
                                  input_of_rank.get(), vertex_of_rank.get()});
    for_each_index(std::uint64_t{m} * words,
                   GatherRows{rows.get(), input_of_rank.get(), sorted.get(), words});
  }
  order = SortedRows{};
  local.sort_ms = clock.lap_ms();

  // build
  const Trie trie = build_trie(sorted.get(), m, words);
  local.build_ms = clock.lap_ms();

  // search
  DeviceCsr csr;
  {
    Array<std::uint64_t> marks(std::uint64_t{m} * words);
    marks.fill(0);
    for_each_index(std::uint64_t{m} * bits,
                   LookupBit{trie.level_ptrs.get(), trie.depth, sorted.get(), numbered.cells.get(),
                             marks.get(), words, bits});
    csr = marks_to_csr(marks.get(), m, words,
                       TreeResolve{trie.level_ptrs.get(), trie.depth, sorted.get(),
                                   numbered.cells.get(), vertex_of_rank.get(), words});
  }
  local.search_ms = clock.lap_ms();

  CellGraph out = download_graph(numbered, csr, n, bits);
  local.download_ms = clock.lap_ms();
  if (times != nullptr) *times = local;
  return out;
}

}  // namespace arcwave::cellgraph::ARCWAVE_CELL_SYS
