// solver/batch/batch_search.hpp — MAC over many subproblems at once: every searcher (a thread
// block on the device; one host thread in the reference) takes subproblems from a shared queue,
// searches each with bitwise AC3 and dom/wdeg (solver/batch/searcher.hpp), and gives its
// shallowest unexplored branch away while the queue is short, so that one subproblem (the root)
// is enough to fill the device.
//
// Several devices (solver/batch/multi_device.hpp): every GPU of options.devices (or, on the
// host, options.host_devices threads) searches with its own queue; the host hands out the
// decomposition's subproblems, moves work from busy devices to idle ones and relays the
// incumbent and the stop. Answers and counts are those of one device.
#pragma once

#include <atomic>
#include <climits>
#include <cstdint>
#include <optional>
#include <vector>

#include "solver/batch/batch_network.hpp"
#include "solver/batch/incumbent_link.hpp"

namespace arcwave::batch {

/// Large neighbourhood search on the device (solver/batch/lns_search.hpp): optimising on one
/// device, slices of the complete search alternate with rounds of many neighbourhoods of the
/// incumbent at once, one per searcher, each under a failure limit.
struct LnsOptions {
  bool on = false;
  /// The constraints' scopes (the graph the neighbourhoods follow); null: none (the walks then
  /// jump at random). Must outlive the search.
  const std::vector<std::vector<int>>* scopes = nullptr;
  std::vector<int> objective_vars;  // the variables the objective is computed from
  std::uint64_t seed = 0;
  unsigned long long fail_limit = 0;  // per neighbourhood; 0: 256 (ARCWAVE_BATCH_LNS_FAILS)
  std::size_t neighbourhoods = 0;     // per round; 0: two per searcher, at least 8
  double first_slice = 0.25;          // seconds of the first complete slice; each one doubles
  /// A solution found elsewhere (value indices; its value is the initial bound): the centre of
  /// the neighbourhoods until the device has a better one. Empty: none.
  std::vector<int> start;
};

struct BatchOptions {
  bool all_solutions = false;     // count every solution (the objective, if any, is ignored)
  double time_limit_seconds = 0;  // 0: none
  const std::atomic<bool>* stop = nullptr;  // raised: stop soon with what is found
  int searchers = 0;                        // 0: as many as fit the device (host: always 1)
  int threads_per_searcher = 0;             // device: 0 picks 32, 64 or 128 from the network's size
  std::size_t queue_capacity = 0;           // ring slots; 0: a round's items + 4 per searcher
  long long donate_below = -1;              // -1: the number of searchers (device), 0 on the host
  /// dom/wdeg: failures add to the weights of the constraints they come from; false: dom/ddeg
  /// (the weights stay as given).
  bool learn_weights = true;
  /// dom/wdeg weights to start from, per network constraint (empty: all 1), e.g. learnt by a
  /// short CPU search.
  std::vector<unsigned> initial_weights;
  /// Optimising: only solutions better than this objective value are searched for (a bound
  /// found elsewhere); none: any solution.
  std::optional<long long> initial_bound;
  /// Optimising: the incumbent shared with a search outside (null: none). Its value bounds the
  /// devices as soon as the relay reads it; the devices' improvements are handed to it. A
  /// complete result then means: nothing better than the better of the two exists.
  IncumbentLink* link = nullptr;
  /// Optimising on one device: LNS rounds between slices of the complete search.
  LnsOptions lns;
  /// Device: the GPUs (ordinals after CUDA_VISIBLE_DEVICES; one repeated k times runs k
  /// workers on it, each with 1/k of its searchers and memory); empty: every visible GPU.
  std::vector<int> devices;
  /// Host reference: this many host threads, each one "device" with one searcher (the
  /// coordination of several GPUs, tested on the CPU).
  int host_devices = 1;
  /// Several devices: at least this many subproblems per device from the decomposition (0:
  /// none; the items go to the first device and the others take work from its outbox).
  int items_per_device = 4;
  /// Several devices: items in flight from one device to the others (host memory); 0: one per
  /// searcher of the device, within 64 MiB.
  int outbox_capacity = 0;
};

/// The device-wide incumbent a search starts from (an objective value: solutions must be
/// strictly better).
inline long long initial_best(const BatchNetwork& net, const BatchOptions& options) {
  if (options.initial_bound) return *options.initial_bound;
  return net.minimize ? LLONG_MAX : LLONG_MIN;
}

/// The weights a search starts from: the options' (when they have one per constraint) or 1.
inline std::vector<unsigned> initial_weights(const BatchNetwork& net, const BatchOptions& options) {
  if (net.constraints > 0 &&
      options.initial_weights.size() == static_cast<std::size_t>(net.constraints))
    return options.initial_weights;
  return std::vector<unsigned>(static_cast<std::size_t>(net.constraints > 0 ? net.constraints : 1),
                               1);
}

struct BatchResult {
  bool complete = false;  // every subproblem exhausted (counts and optimality are exact)
  std::uint64_t solutions = 0;
  std::uint64_t nodes = 0;
  std::uint64_t fails = 0;
  std::uint64_t donations = 0;
  /// A solution (one value index per variable): the first found, or the best when optimising.
  std::optional<std::vector<int>> solution;
  int searchers = 0;
  int threads_per_searcher = 0;
  std::size_t shared_bytes = 0;  // per searcher (device)
  std::size_t global_bytes = 0;  // all searchers' stacks and queue (device)
  double seconds = 0;            // the search, devices made included (host: the searcher)
  double setup_seconds = 0;      // of `seconds`, until every device was made (split, memory)
  // Several devices.
  int devices = 1;             // workers (a GPU listed twice counts twice)
  std::uint64_t rounds = 0;    // kernels (host: searcher runs) over all devices
  std::uint64_t moved = 0;     // queued subproblems taken by another device
  std::uint64_t exported = 0;  // open branches sent to another device through the host
  /// Of the devices' time after they were made, the part their kernels ran (the rest: rounds
  /// handed over by the host, a device waiting for work from another).
  double in_kernels = -1;
  /// Of the searchers' time, the part spent on subproblems rather than waiting for one (device
  /// clocks; negative on the host, which does not count cycles).
  double busy = -1;
  // LNS (BatchOptions::lns).
  std::uint64_t lns_rounds = 0;
  std::uint64_t lns_neighbourhoods = 0;
  std::uint64_t lns_improvements = 0;  // rounds that improved the incumbent
  std::uint64_t complete_slices = 0;   // rounds of the complete search
  double lns_free_share = 0;           // of the last round
};

/// A subproblem: n x W words of domains (the network's layout). The root: net.root after the
/// engine's root fixpoint, or decomposition nodes.
using Subproblem = std::vector<std::uint64_t>;

/// The reference: one searcher on this thread, the same code the device runs.
BatchResult batch_search_host(const BatchNetwork& net, const std::vector<Subproblem>& items,
                              const BatchOptions& options);

/// On the device (ResourceError without a usable GPU or without memory for one searcher;
/// Unsupported in builds without CUDA).
BatchResult batch_search_device(const BatchNetwork& net, const std::vector<Subproblem>& items,
                                const BatchOptions& options);

}  // namespace arcwave::batch
