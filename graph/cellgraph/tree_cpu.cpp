// The paper's tree-based algorithm on one CPU thread (its CPU baseline): sort the rows,
// remove duplicates, build the 256-ary trie level by level, then look up every (vertex, bit).
#include "arcwave/error.hpp"
#include "core/timer.hpp"
#include "graph/cellgraph/algorithms.hpp"
#include "graph/cellgraph/bits.hpp"
#include "graph/cellgraph/cpu_common.hpp"

namespace arcwave::cellgraph::detail {

namespace {

struct HostTrie {
  std::vector<std::vector<TrieNode>> levels;
  std::vector<const TrieNode*> level_ptrs;
  std::uint32_t depth = 0;
};

/// Levels of the trie over distinct sorted rows, until every node holds one row.
HostTrie build_trie(const BitVectors& sorted) {
  HostTrie trie;
  const std::uint64_t m = sorted.count;
  std::vector<std::uint32_t> node(m, 0);  // node of each row at the current depth
  std::vector<std::uint32_t> next(m, 0);
  std::uint64_t nodes = 1;
  while (nodes < m) {
    const std::uint32_t c = trie.depth;
    if (c >= chunk_count(sorted.words))
      throw InternalError("cell graph trie: duplicate rows after deduplication");
    std::vector<TrieNode> level(nodes, TrieNode{{0, 0, 0, 0}, 0, 0});
    std::uint32_t children = 0;
    for (std::uint64_t r = 0; r < m; ++r) {
      const std::uint32_t chunk = chunk_of(sorted.row(r).data(), c);
      const bool first_of_parent = r == 0 || node[r] != node[r - 1];
      if (first_of_parent || chunk != chunk_of(sorted.row(r - 1).data(), c)) {
        TrieNode& parent = level[node[r]];
        if (first_of_parent) parent.first_child = children;
        parent.present[chunk / 64] |= std::uint64_t{1} << (chunk % 64);
        ++children;
      }
      next[r] = children - 1;
    }
    trie.levels.push_back(std::move(level));
    node.swap(next);
    nodes = children;
    ++trie.depth;
  }
  for (const auto& level : trie.levels) trie.level_ptrs.push_back(level.data());
  return trie;
}

}  // namespace

CellGraph tree_cpu(const BitVectors& input, const Options&, PhaseTimes* times) {
  Stopwatch clock;
  PhaseTimes local;
  const std::uint32_t words = input.words;
  const std::vector<std::uint32_t> perm = sort_rows_serial(input);
  const std::vector<std::uint32_t> rep = run_heads(input, perm);
  Numbering numbering = number_by_first_occurrence(perm, rep);
  const std::uint32_t m = numbering.distinct;
  // Distinct rows in sorted order (ranks) and the vertex of each rank.
  BitVectors sorted(m, input.bits);
  std::vector<std::uint32_t> vertex_of_rank;
  vertex_of_rank.reserve(m);
  for (std::size_t j = 0; j < perm.size(); ++j) {
    if (rep[j] != j) continue;
    const auto src = input.row(perm[j]);
    std::copy(src.begin(), src.end(), sorted.row(vertex_of_rank.size()).begin());
    vertex_of_rank.push_back(numbering.vertex_of_input[perm[j]]);
  }
  CellGraph out;
  out.cells = gather_rows(input, numbering.origin);
  local.sort_ms = clock.seconds() * 1e3;
  clock.restart();

  const HostTrie trie = build_trie(sorted);
  local.build_ms = clock.seconds() * 1e3;
  clock.restart();

  Csr<>& g = out.graph;
  g.vertex_count = m;
  g.offsets.assign(std::uint64_t{m} + 1, 0);
  for (std::uint32_t v = 0; v < m; ++v) {
    const std::uint64_t* row = out.cells.row(v).data();
    for (std::uint32_t k = 0; k < input.bits; ++k) {
      const std::uint32_t r = trie_lookup(trie.level_ptrs.data(), trie.depth, sorted.data.data(),
                                          words, row, k / 64, std::uint64_t{1} << (k % 64));
      if (r != kNoVertex) g.targets.push_back(vertex_of_rank[r]);
    }
    g.offsets[v + 1] = g.targets.size();
  }
  out.vertex_of_input = std::move(numbering.vertex_of_input);
  local.search_ms = clock.seconds() * 1e3;
  if (times != nullptr) *times = local;
  return out;
}

}  // namespace arcwave::cellgraph::detail
