// propagation/cpu/globals/general_matching.hpp — maximum matching in a general (not bipartite)
// graph by Edmonds' blossom algorithm, and the test the one-list channel filters with.
//
// The graph is given in compressed rows (offsets / targets, both directions of every edge).
// The matching (mate) is kept between calls as the starting point of the next one.
// even_reachable(u) answers, for a perfect matching M, which vertices v make G - u - v
// perfectly matchable: with u removed, u's mate w is the only exposed vertex, and the
// alternating search from w ends without augmenting; its outer ("even") vertices are exactly
// those v (the Gallai-Edmonds set D of G - u). So an edge {u, v} lies in some perfect matching
// iff v is even in u's search.
#pragma once

#include <cstdint>
#include <vector>

namespace arcwave::cpu {

class GeneralMatching {
 public:
  /// Clears the edges and sizes the structures for `nodes` vertices (the matching is kept
  /// when the size does not change).
  void reset(int nodes);
  /// Compressed rows: the caller fills offsets (nodes + 1 entries) and targets.
  std::vector<int> offsets, targets;

  /// Drops matched pairs that are no longer edges, then augments from every exposed vertex.
  /// True when the matching is perfect.
  bool make_perfect();
  /// With a perfect matching: marks in `even` (size nodes) the vertices v such that G - u - v
  /// has a perfect matching (u's mate included).
  void even_reachable(int u, std::vector<std::uint8_t>& even);

  [[nodiscard]] int mate(int u) const noexcept { return mate_[static_cast<std::size_t>(u)]; }

 private:
  [[nodiscard]] bool has_edge(int u, int v) const;
  // Alternating search from the exposed `root`, skipping `removed` (-1: none). Returns the
  // exposed vertex an augmenting path reaches, or -1; even_ holds the outer vertices.
  int search(int root, int removed);
  int common_base(int a, int b);
  void mark_path(int v, int base, int child);

  int n_ = 0;
  std::vector<int> mate_, parent_, base_, queue_;
  std::vector<std::uint8_t> even_, in_blossom_;
  std::vector<std::uint64_t> seen_;
  std::uint64_t seen_epoch_ = 0;
};

}  // namespace arcwave::cpu
