// An Engine for schedule.hpp that emulates the device on the CPU: the Control block, the two
// queues and the stamps live in host memory, a launch of B blocks runs its blocks one after
// another (items dealt round-robin, as a grid-stride loop does), and the last block to finish
// closes the round with control.hpp's close_round(), as the kernels do. It lets the CPU tests
// run the drivers' host loops and the round protocol without a GPU, and counts launches and
// round trips.
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/csr_view.hpp"
#include "core/frontier/control.hpp"
#include "core/frontier/schedule.hpp"

namespace arcwave::test {

template <typename Relax>
class EmulatedEngine {
 public:
  /// The seeds go to queue `flip` (the Control's flip must match).
  EmulatedEngine(const CsrView<float>& graph, Relax relax, std::vector<std::uint32_t> seeds,
                 std::uint32_t resident_blocks = 5, std::uint32_t flip = 0)
      : graph_(graph),
        relax_(relax),
        stamps_(graph.vertex_count, 0),
        resident_blocks_(resident_blocks) {
    const std::size_t size = std::max<std::size_t>(graph.vertex_count, seeds.size());
    queue_[flip & 1U] = std::move(seeds);
    queue_[flip & 1U].resize(size);
    queue_[(flip & 1U) ^ 1U].assign(size, 0);
  }

  // The Engine interface of schedule.hpp.
  void upload(const frontier::Control& c) {
    device_ = c;
    ++uploads;
  }
  /// The seeds are in the queue already; `device_seed_count` says how many.
  void seed_from_device() {
    ++seed_launches;
    frontier::seed_from_device(device_, device_seed_count);
  }
  frontier::Control download() {
    ++downloads;
    return device_;
  }
  std::uint32_t blocks_for(std::uint32_t size) const {
    return std::clamp<std::uint32_t>((size + 7) / 8, 1, 2 * resident_blocks_);
  }
  std::uint32_t round_blocks() const { return resident_blocks_; }
  void rounds(std::uint32_t count, std::uint32_t blocks) {
    for (std::uint32_t i = 0; i < count; ++i) launch(blocks);
  }
  frontier::Control replay(std::uint32_t count) {
    ++replays;
    rounds(count, resident_blocks_);
    return download();
  }
  void persistent_grid() {
    ++persistent_launches;
    while (plan().active) run_round(resident_blocks_, plan());
  }
  void persistent_block(std::uint32_t limit) {
    ++persistent_launches;
    for (frontier::RoundPlan p = plan(); p.active && p.size <= limit; p = plan()) {
      run_round(1, p);
      ++single_block_rounds;
    }
  }

  /// The emulated device's stop flag (what Workspace::stop_flag() is on the GPU).
  std::uint32_t* stop_flag() { return &device_.stop; }

  /// The queue holding the frontier left by the run (index from control.hpp's queue_left()).
  [[nodiscard]] const std::vector<std::uint32_t>& queue(std::uint32_t index) const {
    return queue_[index];
  }

  std::uint32_t device_seed_count = 0;  // what seed_from_device() finds on the "device"
  std::uint64_t seed_launches = 0;
  std::uint64_t uploads = 0;
  std::uint64_t downloads = 0;
  std::uint64_t launches = 0;        // round launches, active or not
  std::uint64_t empty_launches = 0;  // round launches after the loop halted
  std::uint64_t replays = 0;
  std::uint64_t persistent_launches = 0;
  std::uint64_t single_block_rounds = 0;

 private:
  frontier::RoundPlan plan() const { return frontier::plan_round(device_); }

  void launch(std::uint32_t blocks) {
    ++launches;
    const frontier::RoundPlan p = plan();
    if (!p.active) {
      ++empty_launches;
      return;
    }
    run_round(blocks, p);
  }

  /// Runs every block of one round; the block that takes the last ticket closes it.
  void run_round(std::uint32_t blocks, const frontier::RoundPlan& p) {
    for (std::uint32_t b = 0; b < blocks; ++b) {
      for (std::uint64_t item = b; item < p.size; item += blocks) {
        const std::uint32_t src = queue_[p.in_queue][item];
        for (std::uint64_t e = graph_.offsets[src]; e < graph_.offsets[src + 1]; ++e) {
          const std::uint32_t dst = graph_.targets[e];
          if (relax_(src, e, dst, p.round) && stamps_[dst] != p.stamp) {
            stamps_[dst] = p.stamp;
            queue_[p.out_queue][device_.count[p.next_slot]++] = dst;
          }
        }
      }
      if (device_.blocks_done++ == blocks - 1) frontier::close_round(device_, p);
    }
  }

  CsrView<float> graph_;
  Relax relax_;
  std::vector<std::uint32_t> queue_[2];
  std::vector<std::uint32_t> stamps_;
  std::uint32_t resident_blocks_;
  frontier::Control device_;
};

}  // namespace arcwave::test
