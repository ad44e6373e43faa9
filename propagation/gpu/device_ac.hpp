// propagation/gpu/device_ac.hpp — AC4GPU+ with its whole state resident on the device, for
// MAC search: existence flags (the domains), support counters, live domain sizes and a trail of
// deleted values. The fixpoint runs in one persistent cooperative kernel (rounds separated by
// grid-wide barriers, no host round trip per round); a decision seeds it with a few deletions;
// a backtrack restores values and counters from the trail. Every operation costs device work
// proportional to what changed, never a rebuild or a full copy.
//
// Invariant: counter[(x,a),c] = number of values of the other variable of c that are present
// and support (x,a) — kept for deleted values too, so restoring is the exact inverse of
// deleting. The trail holds every value deleted since the root; values in trail[0, processed)
// have had their supports decremented, those in [processed, tail) not yet (a wipe-out stops
// the fixpoint between rounds).
//
// A decision whose deletions have few supports to walk runs in one block of 1024 threads
// (seeding fused in, rounds separated by block barriers: a few microseconds when little
// changes); one with more, or a round grown past a threshold, runs on the cooperative grid,
// whose block 0 goes on alone once the rounds are small again. The status and the decision's
// new trail entries are written by the kernels into mapped host memory, so reading them back
// is only the stream synchronisation.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "propagation/network/compact_network.hpp"
#include "propagation/network/table_network.hpp"

namespace arcwave {

namespace detail {
/// The deletions that start a decision's fixpoint: D(var) := {keep} (the values first_node +
/// [0, size) except keep), and/or the listed nodes (device memory).
struct DecisionSeeds {
  std::uint32_t first_node = 0;
  std::uint32_t size = 0;
  std::uint32_t keep = 0;
  const std::uint32_t* nodes = nullptr;
  std::uint32_t count = 0;
};
}  // namespace detail

/// State of the trail and of the last fixpoint, as copied back to the host.
struct DeviceAcStatus {
  std::uint32_t tail = 0;       // trail size
  std::uint32_t processed = 0;  // trail prefix whose supports were decremented
  std::uint32_t wiped = 0;      // 1 when a domain became empty
  std::uint32_t wiped_var = 0;
  std::uint32_t wiped_counter = 0;  // counter whose loss emptied it (names the constraint)
  std::uint32_t rounds = 0;         // fixpoint rounds run so far
  std::uint32_t handoff = 0;        // the single-block kernel left a large round to the grid
};

class DeviceAc {
 public:
  /// Builds the N-E model of a binary network on the device (throws ResourceError when it
  /// does not fit, Unsupported naming the first constraint of arity above 2, ResourceError
  /// without CUDA).
  explicit DeviceAc(const TableNetwork& network);
  /// The same from the compact form (the relations' bits go to the device).
  explicit DeviceAc(const CompactNetwork& network);
  ~DeviceAc();
  DeviceAc(const DeviceAc&) = delete;
  DeviceAc& operator=(const DeviceAc&) = delete;

  /// The root fixpoint (values without support in some constraint, then the cascade).
  const DeviceAcStatus& propagate_root();
  /// D(var) := {value} and the fixpoint. `value` must be present.
  const DeviceAcStatus& assign(std::uint32_t var, std::uint32_t value);
  /// Removes values (given as node ids: node_offset(var) + value; they must be present) and
  /// runs the fixpoint.
  const DeviceAcStatus& remove(std::span<const std::uint32_t> nodes);
  /// Undoes every deletion after trail position `mark` (a tail value seen earlier).
  void restore(std::uint32_t mark);

  [[nodiscard]] const DeviceAcStatus& status() const noexcept { return status_; }
  /// Copies trail[from, status().tail) to the host (the values deleted since `from`).
  void read_trail(std::uint32_t from, std::vector<std::uint32_t>& out) const;
  /// Current existence flags of all nodes (a full copy: for tests and one-shot use).
  [[nodiscard]] std::vector<std::uint8_t> alive() const;
  [[nodiscard]] std::uint32_t node_offset(std::uint32_t var) const noexcept {
    return node_offset_[var];
  }
  [[nodiscard]] std::uint32_t node_var(std::uint32_t node) const;
  /// The binary constraint (index among the network's arity-2 constraints) of a counter.
  [[nodiscard]] std::uint32_t counter_constraint(std::uint32_t counter) const;
  /// Cooperative blocks the fixpoint kernel runs with (tuning; 0 = as many as fit).
  void set_fixpoint_blocks(std::uint32_t blocks) noexcept { fixpoint_blocks_ = blocks; }
  [[nodiscard]] double build_ms() const noexcept { return build_ms_; }

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  DeviceAcStatus status_;
  std::vector<std::uint32_t> node_offset_;
  std::vector<std::uint64_t> counter_base_;
  std::uint32_t fixpoint_blocks_ = 0;
  double build_ms_ = 0;
  // BuildNE after `upload` (which fills the model's input arrays), then the search state.
  void build(const std::vector<std::uint32_t>& domain_sizes, const std::vector<std::uint8_t>& alive,
             const std::function<void()>& upload);
  void run_fixpoint(const detail::DecisionSeeds& seeds, std::uint32_t publish_from);
  void run_decision(const detail::DecisionSeeds& seeds, std::uint64_t supports_estimate);
};

}  // namespace arcwave
