// solver/batch/host_searcher_memory.hpp — one searcher's own memory and scratch
// (searcher_memory.hpp) in host vectors, for a group of `threads` threads: the host device runs a
// group of one, the lane-emulation test (tests/solver/batch) warps of 32 host threads.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "solver/batch/batch_network.hpp"
#include "solver/batch/searcher_memory.hpp"

namespace arcwave::batch {

class HostSearcherMemory {
 public:
  HostSearcherMemory(const BatchNetwork& net, int threads)
      : depths_(static_cast<std::size_t>(net.n) + 1),
        bit_words_((static_cast<std::size_t>(net.n) + 31) / 32),
        stack_(depths_ * net.state_words()),
        decisions_(3 * depths_),
        live_(static_cast<std::size_t>(std::max(threads / 32, 1)) *
              static_cast<std::size_t>(std::max(net.max_table_words, 1))),
        dom_(net.state_words()),
        changed_(2 * bit_words_),
        blame_(static_cast<std::size_t>(net.n), -1),
        cand_(3 * static_cast<std::size_t>(threads)),
        flags_(kFlagCount, 0),
        table_bits_((static_cast<std::size_t>(net.tables + net.props) + 31) / 32 + 1),
        weight_copy_(static_cast<std::size_t>(std::max(net.constraints, 1))) {}

  [[nodiscard]] SearcherMemory memory() {
    return {stack_.data(), decisions_.data(), decisions_.data() + depths_,
            decisions_.data() + 2 * depths_, live_.data()};
  }

  /// The scratch, with a copy of the weights as the device's searchers keep one.
  [[nodiscard]] Scratch scratch() {
    Scratch s;
    s.dom = dom_.data();
    s.changed[0] = changed_.data();
    s.changed[1] = changed_.data() + bit_words_;
    s.blame = blame_.data();
    s.cand = cand_.data();
    s.flags = flags_.data();
    s.tables = table_bits_.data();
    s.weight = weight_copy_.data();
    return s;
  }

 private:
  std::size_t depths_;
  std::size_t bit_words_;
  std::vector<std::uint64_t> stack_;
  std::vector<int> decisions_;
  std::vector<std::uint64_t> live_;
  std::vector<std::uint64_t> dom_;
  std::vector<unsigned> changed_;
  std::vector<int> blame_;
  std::vector<long long> cand_;
  std::vector<int> flags_;
  std::vector<unsigned> table_bits_;
  std::vector<unsigned> weight_copy_;
};

}  // namespace arcwave::batch
