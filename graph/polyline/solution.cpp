// Tie-break keys and angle checks of graph/polyline/solution.hpp.
#include "graph/polyline/solution.hpp"

namespace arcwave::polyline {

namespace {

int index_on(int guide, int nodes, std::span<const int> indices) {
  return (guide == 0 || guide == nodes + 1) ? 0 : indices[static_cast<std::size_t>(guide - 1)];
}

}  // namespace

std::vector<std::int64_t> tie_break_key(int nodes, int points, std::span<const int> indices) {
  const int m = meet_level(nodes);
  std::vector<std::int64_t> key;
  key.reserve(static_cast<std::size_t>(nodes) + 1);
  key.push_back(static_cast<std::int64_t>(index_on(m, nodes, indices)) *
                    guide_size(m + 1, nodes, points) +
                index_on(m + 1, nodes, indices));
  for (int g = m - 1; g >= 1; --g) key.push_back(index_on(g, nodes, indices));
  for (int g = m + 2; g <= nodes; ++g) key.push_back(index_on(g, nodes, indices));
  return key;
}

std::vector<int> link_differences(int nodes, int points, std::span<const int> indices) {
  std::vector<int> q(static_cast<std::size_t>(nodes) + 1);
  for (int k = 0; k <= nodes; ++k) {
    const int from = guide_offset(k == 0, points, index_on(k, nodes, indices));
    const int to = guide_offset(k + 1 == nodes + 1, points, index_on(k + 1, nodes, indices));
    q[static_cast<std::size_t>(k)] = to - from;
  }
  return q;
}

bool respects_angle(const AngleLimit& angle, int nodes, std::span<const int> indices) {
  const std::vector<int> q = link_differences(nodes, angle.points(), indices);
  for (std::size_t k = 1; k < q.size(); ++k)
    if (!angle.allowed(q[k - 1], q[k])) return false;
  return true;
}

}  // namespace arcwave::polyline
