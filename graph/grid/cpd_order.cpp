// cell_order() of graph/grid/cpd.hpp: an iterative depth-first preorder of the free cells.
#include <vector>

#include "graph/grid/cpd.hpp"

namespace arcwave::grid {

CellOrder cell_order(const SearchMap& map) {
  const auto cells = static_cast<std::uint32_t>(map.cell_count());
  CellOrder order;
  order.position.assign(cells, kNoPosition);
  order.component.assign(cells, kNoPosition);
  std::vector<std::uint32_t> stack;
  std::uint32_t components = 0;
  const std::span<const std::uint8_t> moves = map.moves();
  for (std::uint32_t root = 0; root < cells; ++root) {
    if (map.blocked(root) || order.position[root] != kNoPosition) continue;
    stack.push_back(root);
    while (!stack.empty()) {
      const std::uint32_t c = stack.back();
      stack.pop_back();
      if (order.position[c] != kNoPosition) continue;
      order.position[c] = static_cast<std::uint32_t>(order.cell.size());
      order.cell.push_back(c);
      order.component[c] = components;
      // Pushed in reverse so that move 0 is tried first.
      for (int m = 7; m >= 0; --m)
        if ((moves[c] >> m & 1U) != 0) {
          const std::uint32_t d = map.neighbour(c, m);
          if (order.position[d] == kNoPosition) stack.push_back(d);
        }
    }
    ++components;
  }
  return order;
}

}  // namespace arcwave::grid
