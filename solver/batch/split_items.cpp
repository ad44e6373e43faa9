// split_items (solver/batch/multi_device.hpp): the decomposition that fills the devices' queues.
#include <bit>
#include <deque>

#include "solver/batch/multi_device.hpp"

namespace arcwave::batch {

std::vector<Subproblem> split_items(const BatchNetwork& net, std::vector<Subproblem> items,
                                    std::size_t target) {
  const auto words = static_cast<std::size_t>(net.words);
  std::deque<Subproblem> open(std::make_move_iterator(items.begin()),
                              std::make_move_iterator(items.end()));
  std::vector<Subproblem> fixed;  // nothing left to split (solutions or wiped out)
  while (!open.empty() && open.size() + fixed.size() < target) {
    Subproblem item = std::move(open.front());
    open.pop_front();
    int best = -1;
    int best_size = 0;
    for (int x = 0; x < net.n; ++x) {
      int size = 0;
      for (std::size_t w = 0; w < words; ++w)
        size += std::popcount(item[static_cast<std::size_t>(x) * words + w]);
      if (size == 0) {  // wiped out: no solution below, nothing to split
        best = -1;
        break;
      }
      if (size > 1 && (best < 0 || size < best_size)) {
        best = x;
        best_size = size;
      }
    }
    if (best < 0) {
      fixed.push_back(std::move(item));
      continue;
    }
    const std::size_t base = static_cast<std::size_t>(best) * words;
    for (std::size_t w = 0; w < words; ++w)
      for (std::uint64_t bits = item[base + w]; bits != 0; bits &= bits - 1) {
        Subproblem child = item;
        for (std::size_t k = 0; k < words; ++k) child[base + k] = 0;
        child[base + w] = bits & (~bits + 1);
        open.push_back(std::move(child));
      }
  }
  std::vector<Subproblem> out(std::make_move_iterator(open.begin()),
                              std::make_move_iterator(open.end()));
  for (Subproblem& f : fixed) out.push_back(std::move(f));
  return out;
}

}  // namespace arcwave::batch
