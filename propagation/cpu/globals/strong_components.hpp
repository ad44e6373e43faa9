// propagation/cpu/globals/strong_components.hpp — strongly connected components of a directed
// graph given by a successor callback (Tarjan's algorithm, iterative so that long paths do not
// exhaust the call stack). Used by the matching-based filter of channel (an edge outside every
// maximum matching joins two components) and by circuit (the cycle lies inside one component).
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace arcwave::cpu {

class StrongComponents {
 public:
  /// `next(u, cursor)` returns a successor of u and advances `cursor` (which starts at 0 for
  /// each node), or returns -1 when u has no more. Numbers the components of nodes
  /// 0..nodes-1 in reverse topological order (a sink component first).
  template <typename Next>
  void run(int nodes, Next&& next);

  [[nodiscard]] int component(int u) const noexcept { return comp_[static_cast<std::size_t>(u)]; }
  [[nodiscard]] int count() const noexcept { return count_; }

 private:
  std::vector<int> order_, low_, comp_, stack_, call_node_, call_cursor_;
  std::vector<std::uint8_t> on_stack_;
  int count_ = 0;
};

template <typename Next>
void StrongComponents::run(int nodes, Next&& next) {
  const auto n = static_cast<std::size_t>(nodes);
  order_.assign(n, -1);
  low_.assign(n, 0);
  comp_.assign(n, -1);
  on_stack_.assign(n, 0);
  stack_.clear();
  count_ = 0;
  int counter = 0;
  for (int root = 0; root < nodes; ++root) {
    if (order_[static_cast<std::size_t>(root)] >= 0) continue;
    call_node_.assign(1, root);
    call_cursor_.assign(1, 0);
    order_[static_cast<std::size_t>(root)] = low_[static_cast<std::size_t>(root)] = counter++;
    stack_.push_back(root);
    on_stack_[static_cast<std::size_t>(root)] = 1;
    while (!call_node_.empty()) {
      const int u = call_node_.back();
      const auto uu = static_cast<std::size_t>(u);
      const int w = next(u, call_cursor_.back());
      if (w >= 0) {
        const auto ww = static_cast<std::size_t>(w);
        if (order_[ww] < 0) {
          order_[ww] = low_[ww] = counter++;
          stack_.push_back(w);
          on_stack_[ww] = 1;
          call_node_.push_back(w);
          call_cursor_.push_back(0);
        } else if (on_stack_[ww] != 0) {
          low_[uu] = std::min(low_[uu], order_[ww]);
        }
        continue;
      }
      call_node_.pop_back();
      call_cursor_.pop_back();
      if (low_[uu] == order_[uu]) {
        for (;;) {
          const auto t = static_cast<std::size_t>(stack_.back());
          stack_.pop_back();
          on_stack_[t] = 0;
          comp_[t] = count_;
          if (t == uu) break;
        }
        ++count_;
      }
      if (!call_node_.empty()) {
        const auto p = static_cast<std::size_t>(call_node_.back());
        low_[p] = std::min(low_[p], low_[uu]);
      }
    }
  }
}

}  // namespace arcwave::cpu
