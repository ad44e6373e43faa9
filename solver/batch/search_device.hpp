// solver/batch/search_device.hpp — one device of the batched search as the host coordinator
// (solver/batch/multi_device.hpp) sees it: a GPU (a persistent kernel of thread blocks) or a host
// thread (one searcher, the reference). Either runs rounds: it takes a list of subproblems and
// searches until they and everything its searchers gave each other are exhausted, or it is
// stopped. Between devices, work and the incumbent move through the device's Exchange: memory
// the host reads and writes while a round runs (mapped page-locked memory on a GPU).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "solver/batch/batch_search.hpp"

namespace arcwave::batch {

/// Host pointers to one device's exchange memory (see SharedState in searcher_memory.hpp).
struct Exchange {
  int* external_stop = nullptr;     // raised by the host: the round ends soon
  long long* bound_in = nullptr;    // the host writes the best objective value of all devices
  long long* bound_out = nullptr;   // the device publishes its own best
  int* outbox_requested = nullptr;  // the host raises it to ask for items (monotonic)
  int* outbox_ready = nullptr;      // per slot: the device filled it (the host clears it)
  std::uint64_t* outbox = nullptr;  // outbox_capacity x state words
  int outbox_capacity = 0;
};

struct RoundResult {
  bool exhausted = false;  // every subproblem of the round searched
  bool stopped = false;    // ended on a first solution (not all_solutions, not optimising)
  std::uint64_t solutions = 0;
  std::uint64_t nodes = 0;
  std::uint64_t fails = 0;
  std::uint64_t donations = 0;
  std::uint64_t exported = 0;
  std::uint64_t busy_cycles = 0;  // searchers on subproblems (device clocks; 0 on the host)
  std::uint64_t idle_cycles = 0;  // searchers waiting for one
  std::optional<std::vector<int>> solution;  // the round's first, or best when optimising
  long long solution_value = 0;              // its objective value (optimising)
  double seconds = 0;
  /// With RoundLimits: items abandoned at the failure limit (the round is then not exhausted),
  /// and per item of the round (in order) an ItemOutcome (searcher_memory.hpp).
  std::uint64_t limited = 0;
  std::vector<int> outcomes;
};

/// The settings of an LNS round (solver/batch/lns_search.hpp): each item is searched alone (no
/// item given away) until it is exhausted or has failed `fail_limit` times; the values of
/// `prefer` (one value index per variable) first. Default: the complete search.
struct RoundLimits {
  unsigned long long fail_limit = 0;  // 0: none (and the settings below are off)
  std::vector<int> prefer;            // empty: the smallest value first
};

class SearchDevice {
 public:
  SearchDevice() = default;
  virtual ~SearchDevice() = default;
  SearchDevice(const SearchDevice&) = delete;
  SearchDevice& operator=(const SearchDevice&) = delete;

  [[nodiscard]] virtual Exchange exchange() = 0;
  /// The most subproblems one round takes.
  [[nodiscard]] virtual std::size_t round_capacity() const = 0;
  [[nodiscard]] virtual int searchers() const = 0;
  /// Searches `items` from the incumbent `best` (objective value; optimising only). Called on
  /// the thread that made the device, one round at a time.
  virtual RoundResult round(const std::vector<Subproblem>& items, long long best) = 0;
  /// The settings of the following rounds (LNS rounds, or back to the complete search).
  virtual void set_limits(const RoundLimits& limits) = 0;
  /// Its part of the result's description (searchers, threads, memory).
  virtual void describe(BatchResult& r) const = 0;
};

/// Makes a device; called on the host thread that will run its rounds (a GPU's context is then
/// current there). `shared`: other devices take part (the exchange is used).
using DeviceFactory = std::function<std::unique_ptr<SearchDevice>(bool shared)>;

/// The host reference device: one searcher on the calling thread.
std::unique_ptr<SearchDevice> make_host_device(const BatchNetwork& net, const BatchOptions& options,
                                               bool shared);

/// One GPU (`device`: an ordinal after CUDA_VISIBLE_DEVICES) with all of its searchers, made
/// on the calling thread, which then runs its rounds (an MPI rank's device worker). `net` and
/// `options` must outlive it. ResourceError without a usable GPU (builds without CUDA
/// included).
std::unique_ptr<SearchDevice> make_cuda_device(const BatchNetwork& net, const BatchOptions& options,
                                               int device, bool shared);

}  // namespace arcwave::batch
