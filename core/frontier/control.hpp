// core/frontier/control.hpp — the state every GPU loop driver of frontier.cuh keeps in device
// memory, and the two steps of its protocol: what a round reads when it starts, and what the
// last block of a round writes when it ends. Plain C++ (host and device), so that the CPU tests
// run the protocol and the drivers' host loops (schedule.hpp) without a GPU.
//
// Round r reads its frontier size from count[r % 3] and appends to count[(r + 1) % 3]; the
// last block to finish round r zeroes count[(r + 2) % 3] for round r + 1, so a round never
// appends to a counter anyone is still reading and rounds follow one another with no host
// step between them. The same last block decides whether the loop goes on (`halted`), so every
// block of every later round reads one consistent answer: that is what lets a persistent kernel
// leave its loop in step (every thread takes the same number of iterations).
#pragma once

#include <cstdint>

#include "core/frontier/frontier.hpp"

#if defined(__CUDACC__)
#define ARCWAVE_FRONTIER_HD __host__ __device__
#else
#define ARCWAVE_FRONTIER_HD
#endif

namespace arcwave::frontier {

struct Control {
  std::uint32_t count[3] = {0, 0, 0};  // frontier sizes: round r's is count[r % 3]
  std::uint32_t stop = 0;              // raised by the relaxation, read between rounds
  std::uint32_t round = 0;             // rounds completed (= the next round to run)
  std::uint32_t halted = 0;            // 1 once no further round may run
  std::uint32_t max_rounds = 0;
  std::uint32_t blocks_done = 0;  // blocks of the current round that finished (last-block test)
  std::uint32_t stamp_base = 0;   // round r stamps the vertices it queues with base + r + 1
  std::uint32_t flip = 0;         // round r reads queue (flip + r) & 1, writes the other one
  std::uint64_t items = 0;        // frontier items processed
};

/// The state before round 0: `seed_count` items in queue `flip`.
inline Control initial_control(std::uint32_t seed_count, std::uint32_t max_rounds,
                               std::uint32_t stamp_base, std::uint32_t flip) {
  Control c;
  c.count[0] = seed_count;
  c.max_rounds = max_rounds;
  c.halted = seed_count == 0 || max_rounds == 0 ? 1U : 0U;
  c.stamp_base = stamp_base;
  c.flip = flip & 1U;
  return c;
}

/// The state before round 0 when the seed count is only known on the device: count[0] and
/// `halted` are written there (seed_from_device()) before any round reads them.
inline Control initial_control_device_seeded(std::uint32_t max_rounds, std::uint32_t stamp_base,
                                             std::uint32_t flip) {
  Control c = initial_control(0, max_rounds, stamp_base, flip);
  c.halted = 0;
  return c;
}

/// The device side of initial_control_device_seeded(): the seed count becomes round 0's size,
/// and a run without seeds or rounds halts before its first round (as initial_control()).
ARCWAVE_FRONTIER_HD inline void seed_from_device(volatile Control& c, std::uint32_t seed_count) {
  c.count[0] = seed_count;
  if (seed_count == 0 || c.max_rounds == 0) c.halted = 1;
}

/// What one round works on (read by every thread when the round starts).
struct RoundPlan {
  bool active = false;  // false: the loop has halted and this launch does nothing
  std::uint32_t round = 0;
  std::uint32_t size = 0;       // items in the frontier
  std::uint32_t in_queue = 0;   // index of the queue holding the frontier
  std::uint32_t out_queue = 0;  // index of the queue the next frontier is appended to
  std::uint32_t next_slot = 0;  // index into count[] of the next frontier's size
  std::uint32_t stamp = 0;      // dedup stamp of this round's appends
};

/// Reads the plan of the next round. `c` is volatile on the device (other blocks write it).
ARCWAVE_FRONTIER_HD inline RoundPlan plan_round(const volatile Control& c) {
  RoundPlan p;
  if (c.halted != 0U) return p;
  p.active = true;
  p.round = c.round;
  p.size = c.count[p.round % 3];
  p.in_queue = (c.flip + p.round) & 1U;
  p.out_queue = p.in_queue ^ 1U;
  p.next_slot = (p.round + 1) % 3;
  p.stamp = c.stamp_base + p.round + 1;
  return p;
}

/// The bookkeeping of the last block to finish round `p.round` (every append of the round is
/// visible): counts the round, clears the counter round r + 2 appends to, and decides whether
/// the loop halts (empty next frontier, stop flag raised, or max_rounds reached).
ARCWAVE_FRONTIER_HD inline void close_round(volatile Control& c, const RoundPlan& p) {
  c.items = c.items + p.size;
  c.round = p.round + 1;
  c.count[(p.round + 2) % 3] = 0;
  c.blocks_done = 0;
  const std::uint32_t next = c.count[p.next_slot];
  if (next == 0 || c.stop != 0 || p.round + 1 >= c.max_rounds) c.halted = 1;
}

/// The frontier the loop left, and the statistics of the run, once it has halted.
inline std::uint32_t frontier_left(const Control& c) {
  return c.count[c.round % 3];
}
inline std::uint32_t queue_left(const Control& c) {
  return (c.flip + c.round) & 1U;
}
inline Stats stats_of(const Control& c) {
  Stats s;
  s.rounds = c.round;
  s.items = c.items;
  s.last_frontier = frontier_left(c);
  s.stopped = c.stop != 0;
  return s;
}

}  // namespace arcwave::frontier
