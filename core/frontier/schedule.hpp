// core/frontier/schedule.hpp — the host side of every GPU loop driver: when to launch what, and
// when to look at the device's Control (control.hpp). Written over an abstract Engine so that
// the CPU tests run these exact loops over an emulated device; frontier.cuh's CUDA engine
// launches the kernels of kernels.cuh.
//
// Engine interface (all calls on one stream, in order):
//   void upload(const Control&)          enqueue: the device's Control := the argument
//   void seed_from_device()              enqueue: count[0] := the seed count in device memory,
//                                        the seeds copied into round 0's queue (runs whose
//                                        seeds were counted on the device)
//   Control download()                   enqueue a read-back of the Control, wait, return it
//   std::uint32_t blocks_for(size)       launch size for a frontier of known size (kHost)
//   std::uint32_t round_blocks()         launch size when the size is not known on the host
//   void rounds(count, blocks)           enqueue `count` round launches (halted ones do nothing)
//   Control replay(count)                kGraph: replay a captured graph of `count` rounds and
//                                        the read-back, wait, return the Control
//   void persistent_grid()               kCooperative: the whole loop in one launch
//   void persistent_block(limit)         kSingleBlock: one block runs rounds while frontiers
//                                        have at most `limit` items
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>

#include "arcwave/error.hpp"
#include "core/frontier/control.hpp"
#include "core/frontier/frontier.hpp"

namespace arcwave::frontier {

inline constexpr std::uint32_t kFirstRoundsPerCheck = 2;
inline constexpr std::uint32_t kMaxRoundsPerCheck = 64;
inline constexpr std::uint32_t kDefaultGraphRounds = 16;
inline constexpr std::uint32_t kDefaultSingleBlockLimit = 2048;

namespace detail {

/// A look at the Control that finds the loop neither halted nor further on is a bug (a kernel
/// that did not run its round); stop rather than spin.
inline void check_progress(const Control& before, const Control& after, Driver driver) {
  if (after.halted == 0 && after.round <= before.round)
    throw InternalError(std::string("frontier: the ") + driver_name(driver) +
                        " driver made no progress at round " + std::to_string(before.round));
}

/// kDevice from the state `c` (the device holds the same): enqueue k rounds, look, repeat.
/// With `fixed` = 0, k doubles from 2 to 64: a run of R rounds then costs about log2(R) round
/// trips while R < 64 and R / 64 after, and wastes at most as many empty launches (a few
/// microseconds each) as it has run rounds, never more than 64.
template <typename Engine>
Control drive_device(Engine& engine, Control c, std::uint32_t fixed) {
  std::uint32_t k = fixed != 0 ? fixed : kFirstRoundsPerCheck;
  const std::uint32_t blocks = engine.round_blocks();
  while (c.halted == 0) {
    const std::uint32_t count = std::min(k, c.max_rounds - c.round);
    engine.rounds(count, blocks);
    const Control after = engine.download();
    check_progress(c, after, Driver::kDevice);
    c = after;
    if (fixed == 0) k = std::min(2 * k, kMaxRoundsPerCheck);
  }
  return c;
}

}  // namespace detail

/// Runs the loop from `initial` (initial_control(), or initial_control_device_seeded() with
/// `seeds_on_device`) with the chosen driver; returns the final Control (halted), from which
/// stats_of(), frontier_left() and queue_left() read the result.
template <typename Engine>
Control drive(Engine& engine, const Options& options, const Control& initial,
              bool seeds_on_device = false) {
  if (initial.halted != 0) return initial;
  engine.upload(initial);
  Control c = initial;
  if (seeds_on_device) {
    engine.seed_from_device();
    // Only the host driver needs the size itself (to size its first launch); the others read it
    // on the device, so no round trip is spent before the first round.
    if (options.driver == Driver::kHost || initial.max_rounds == 0) {
      c = engine.download();
      if (c.halted != 0) return c;
    }
  }
  switch (options.driver) {
    case Driver::kHost:
      while (c.halted == 0) {
        engine.rounds(1, engine.blocks_for(frontier_left(c)));
        const Control after = engine.download();
        detail::check_progress(c, after, Driver::kHost);
        c = after;
      }
      break;
    case Driver::kDevice:
      c = detail::drive_device(engine, c, options.rounds_per_check);
      break;
    case Driver::kGraph: {
      const std::uint32_t k =
          options.rounds_per_check != 0 ? options.rounds_per_check : kDefaultGraphRounds;
      while (c.halted == 0) {
        const Control after = engine.replay(k);
        detail::check_progress(c, after, Driver::kGraph);
        c = after;
      }
      break;
    }
    case Driver::kCooperative:
      engine.persistent_grid();
      c = engine.download();
      break;
    case Driver::kSingleBlock: {
      const std::uint32_t limit =
          options.single_block_limit != 0 ? options.single_block_limit : kDefaultSingleBlockLimit;
      engine.persistent_block(limit);
      c = engine.download();
      // The block stops when a frontier outgrows it; the device driver takes over from there.
      if (c.halted == 0) c = detail::drive_device(engine, c, options.rounds_per_check);
      break;
    }
  }
  if (c.halted == 0)
    throw InternalError(std::string("frontier: the ") + driver_name(options.driver) +
                        " driver returned before the loop halted");
  return c;
}

}  // namespace arcwave::frontier
