// search_with_lns (solver/batch/lns_search.hpp).
#include "solver/batch/lns_search.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>

#include "core/timer.hpp"
#include "solver/batch/searcher_memory.hpp"
#include "solver/search/neighbourhoods.hpp"

namespace arcwave::batch {

namespace {

using Clock = std::chrono::steady_clock;
using search::Neighbourhoods;

constexpr unsigned long long kFailLimit = 256;

Clock::duration seconds(double s) {
  return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
}

// The device's thread runs the phases; the calling thread watches the time limit, the stop flag,
// the slice's end and the outside incumbent, as the coordinator of search_on_devices does.
class LnsDriver {
 public:
  LnsDriver(const BatchNetwork& net, const std::vector<Subproblem>& items,
            const BatchOptions& options)
      : net_(net),
        items_(items),
        options_(options),
        best_(initial_best(net, options)),
        neighbourhoods_(net.n,
                        options.lns.scopes != nullptr
                            ? std::span<const std::vector<int>>(*options.lns.scopes)
                            : std::span<const std::vector<int>>(),
                        options.lns.objective_vars, options.lns.seed) {
    fail_limit_ = options.lns.fail_limit > 0 ? options.lns.fail_limit : kFailLimit;
    // A measurement switch (bench/device/batch_real.sh): the failure limit per neighbourhood.
    if (const char* e = std::getenv("ARCWAVE_BATCH_LNS_FAILS"))
      fail_limit_ = std::max<unsigned long long>(1, std::strtoull(e, nullptr, 10));
    relay_outside();
  }

  void run_device(const DeviceFactory& make) {
    try {
      std::unique_ptr<SearchDevice> device = make(false);
      {
        const std::lock_guard lock(mutex_);
        exchange_ = device->exchange();
        __atomic_store_n(exchange_.bound_in, best_, __ATOMIC_RELEASE);
        __atomic_store_n(exchange_.bound_out, best_, __ATOMIC_RELEASE);
        alive_ = true;
        result_.setup_seconds = clock_.seconds();
      }
      phases(*device);
      const std::lock_guard lock(mutex_);
      device->describe(result_);
      alive_ = false;  // nobody may touch its exchange memory once it is released
    } catch (...) {
      const std::lock_guard lock(mutex_);
      failure_ = std::current_exception();
      alive_ = false;
    }
    const std::lock_guard lock(mutex_);
    done_ = true;
    changed_.notify_all();
  }

  void watch() {
    const Clock::time_point end = options_.time_limit_seconds > 0
                                      ? Clock::now() + seconds(options_.time_limit_seconds)
                                      : Clock::time_point::max();
    std::unique_lock lock(mutex_);
    while (!done_) {
      changed_.wait_for(lock, std::chrono::microseconds(500));
      const Clock::time_point now = Clock::now();
      if (!halted_ && ((options_.stop != nullptr && options_.stop->load()) || now >= end)) {
        halted_ = true;
        interrupted_ = true;
      }
      if (!alive_) continue;
      if (halted_ || now >= slice_end_)
        __atomic_store_n(exchange_.external_stop, 1, __ATOMIC_RELEASE);
      relay_outside();
      const long long out = __atomic_load_n(exchange_.bound_out, __ATOMIC_ACQUIRE);
      if (better(out, best_)) best_ = out;
      if (__atomic_load_n(exchange_.bound_in, __ATOMIC_ACQUIRE) != best_)
        __atomic_store_n(exchange_.bound_in, best_, __ATOMIC_RELEASE);
    }
  }

  BatchResult result() {
    if (failure_) std::rethrow_exception(failure_);
    BatchResult r = result_;
    r.complete = complete_ && !interrupted_;
    r.solution = solution_;
    r.seconds = clock_.seconds();
    r.devices = 1;
    r.lns_free_share = neighbourhoods_.free_share();
    return r;
  }

 private:
  [[nodiscard]] bool better(long long a, long long b) const {
    return net_.minimize ? a < b : a > b;
  }

  // The outside's value into best_ when it is better (under the lock, or before the threads).
  void relay_outside() {
    if (options_.link != nullptr)
      if (const std::optional<long long> v = options_.link->outside())
        if (better(*v, best_)) best_ = *v;
  }

  // Complete slices and LNS phases until a slice ends the search or the search is stopped.
  void phases(SearchDevice& device) {
    const Subproblem& root = items_.size() == 1 ? items_.front() : net_.root;
    const std::size_t per_round = std::min<std::size_t>(
        options_.lns.neighbourhoods > 0
            ? options_.lns.neighbourhoods
            : std::max<std::size_t>(8, 2 * static_cast<std::size_t>(device.searchers())),
        device.round_capacity());
    double slice = options_.lns.first_slice > 0 ? options_.lns.first_slice : 0.25;
    for (;;) {
      device.set_limits({});
      const std::optional<RoundResult> whole = run_round(device, items_, slice);
      if (!whole) return;
      ++result_.complete_slices;
      if (whole->exhausted) {
        complete_ = true;
        return;
      }
      const Clock::time_point phase_end = Clock::now() + seconds(slice);
      while (Clock::now() < phase_end) {
        const std::optional<std::vector<int>> centre = lns_centre();
        if (!centre) break;
        std::vector<Subproblem> items;
        std::vector<Neighbourhoods::Kind> kinds;
        items.reserve(per_round);
        for (std::size_t k = 0; k < per_round; ++k) {
          Neighbourhoods::Pick p = neighbourhoods_.pick();
          items.push_back(neighbourhood_item(net_, root, p.fixed, *centre));
          kinds.push_back(p.kind);
        }
        RoundLimits limits;
        limits.fail_limit = fail_limit_;
        limits.prefer = *centre;
        device.set_limits(limits);
        const std::optional<RoundResult> r = run_round(
            device, items, std::chrono::duration<double>(phase_end - Clock::now()).count());
        if (!r) return;
        ++result_.lns_rounds;
        result_.lns_neighbourhoods += items.size();
        // An item improved on the best known when it ran (its bound took the outside's too).
        if (std::find(r->outcomes.begin(), r->outcomes.end(), kItemImproved) != r->outcomes.end())
          ++result_.lns_improvements;
        report(kinds, r->outcomes);
      }
      slice *= 2;
    }
  }

  // How a round's items ended, to the neighbourhoods' adaptation (unsearched items say nothing).
  void report(const std::vector<Neighbourhoods::Kind>& kinds, const std::vector<int>& items) {
    std::vector<Neighbourhoods::Kind> ended;
    std::vector<Neighbourhoods::Outcome> outcomes;
    for (std::size_t i = 0; i < items.size() && i < kinds.size(); ++i) {
      switch (items[i]) {
        case kItemExhausted:
          outcomes.push_back(Neighbourhoods::Outcome::kExhausted);
          break;
        case kItemLimited:
          outcomes.push_back(Neighbourhoods::Outcome::kLimit);
          break;
        case kItemImproved:
          outcomes.push_back(Neighbourhoods::Outcome::kImproved);
          break;
        default:
          continue;
      }
      ended.push_back(kinds[i]);
    }
    neighbourhoods_.report_many(ended, outcomes);
  }

  // The incumbent LNS searches around: the device's best solution, or the outside's when that
  // one is better (a hybrid solve's CPU workers), or the one it started from; nullopt before
  // any.
  std::optional<std::vector<int>> lns_centre() const {
    if (options_.link != nullptr) {
      const std::optional<long long> v = options_.link->outside();
      if (v && (!solution_ || better(*v, solution_value_)))
        if (std::optional<std::vector<int>> outside = options_.link->outside_solution();
            outside && outside->size() == static_cast<std::size_t>(net_.n))
          return outside;
    }
    if (!solution_ && options_.lns.start.size() == static_cast<std::size_t>(net_.n))
      return options_.lns.start;
    return solution_;
  }

  // One round of `items` for at most `limit` seconds; nullopt when the search is halted.
  std::optional<RoundResult> run_round(SearchDevice& device, const std::vector<Subproblem>& items,
                                       double limit) {
    long long best = 0;
    {
      const std::lock_guard lock(mutex_);
      if (halted_) return std::nullopt;
      __atomic_store_n(exchange_.external_stop, 0, __ATOMIC_RELEASE);
      slice_end_ = Clock::now() + seconds(std::max(limit, 0.001));
      best = best_;
    }
    RoundResult r = device.round(items, best);
    const std::lock_guard lock(mutex_);
    slice_end_ = Clock::time_point::max();
    ++result_.rounds;
    result_.solutions += r.solutions;
    result_.nodes += r.nodes;
    result_.fails += r.fails;
    result_.donations += r.donations;
    if (r.solution && (!solution_ || better(r.solution_value, solution_value_))) {
      solution_ = r.solution;
      solution_value_ = r.solution_value;
      if (better(solution_value_, best_)) best_ = solution_value_;
      if (options_.link != nullptr) options_.link->improved(*solution_, solution_value_);
    }
    if (halted_) return std::nullopt;
    return r;
  }

  const BatchNetwork& net_;
  const std::vector<Subproblem>& items_;
  const BatchOptions& options_;
  long long best_;
  Neighbourhoods neighbourhoods_;
  unsigned long long fail_limit_ = kFailLimit;
  std::mutex mutex_;
  std::condition_variable changed_;
  Exchange exchange_;
  bool alive_ = false;
  bool halted_ = false;
  bool interrupted_ = false;
  bool done_ = false;
  bool complete_ = false;
  Clock::time_point slice_end_ = Clock::time_point::max();
  std::exception_ptr failure_;
  std::optional<std::vector<int>> solution_;
  long long solution_value_ = 0;
  BatchResult result_;
  const Stopwatch clock_;
};

}  // namespace

Subproblem neighbourhood_item(const BatchNetwork& net, std::span<const std::uint64_t> root,
                              std::span<const int> fixed, std::span<const int> incumbent) {
  const auto words = static_cast<std::size_t>(net.words);
  Subproblem item(root.begin(), root.end());
  for (const int x : fixed) {
    const int a = incumbent[static_cast<std::size_t>(x)];
    if (a < 0 || a >= net.sizes[static_cast<std::size_t>(x)]) continue;
    const std::size_t base = static_cast<std::size_t>(x) * words;
    const std::size_t w = static_cast<std::size_t>(a) >> 6;
    const std::uint64_t bit = std::uint64_t{1} << (a & 63);
    if ((root[base + w] & bit) == 0) continue;
    for (std::size_t k = 0; k < words; ++k) item[base + k] = k == w ? bit : 0;
  }
  return item;
}

BatchResult search_with_lns(const BatchNetwork& net, const std::vector<Subproblem>& items,
                            const BatchOptions& options, const DeviceFactory& make) {
  LnsDriver driver(net, items, options);
  std::thread device([&] { driver.run_device(make); });
  driver.watch();
  device.join();
  return driver.result();
}

}  // namespace arcwave::batch
