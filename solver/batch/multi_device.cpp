// search_on_devices (solver/batch/multi_device.hpp).
#include "solver/batch/multi_device.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>

#include "core/timer.hpp"

namespace arcwave::batch {

namespace {

using Clock = std::chrono::steady_clock;

class Coordinator {
 public:
  Coordinator(const BatchNetwork& net, const BatchOptions& options, std::size_t devices)
      : net_(net),
        options_(options),
        optimise_(net.has_objective() && !options.all_solutions),
        best_(optimise_ ? initial_best(net, options) : 0),
        slots_(devices) {
    if (optimise_) relay_outside();  // the first rounds start from the outside's value
    // A measurement switch (bench/device/gpus.sh): the part of an idle device's searchers asked
    // for at once is 1 / ARCWAVE_BATCH_WANT.
    if (const char* e = std::getenv("ARCWAVE_BATCH_WANT"))
      want_divisor_ = std::max(1, std::atoi(e));
  }

  // Round robin over the first `over` devices.
  void deal(std::vector<Subproblem> items, std::size_t over) {
    for (std::size_t i = 0; i < items.size(); ++i)
      slots_[i % over].queue.push_back(std::move(items[i]));
  }

  // One device's thread: make it, then run rounds until the search is over.
  void work(std::size_t d, const DeviceFactory& factory) {
    run_rounds(d, factory);  // the device is released (on this thread) before the thread leaves
    std::lock_guard lock(mutex_);
    slots_[d].running = false;
    slots_[d].busy = false;
    changed_.notify_all();
  }

  void run_rounds(std::size_t d, const DeviceFactory& factory) {
    std::unique_ptr<SearchDevice> device;
    try {
      device = factory(slots_.size() > 1);
    } catch (...) {
      std::lock_guard lock(mutex_);
      if (!failure_) failure_ = std::current_exception();
      halt_locked();
      ++made_;
      changed_.notify_all();
      return;
    }
    {
      std::unique_lock lock(mutex_);
      Slot& s = slots_[d];
      s.exchange = device->exchange();
      s.searchers = device->searchers();
      s.capacity = std::max<std::size_t>(device->round_capacity(), 1);
      *s.exchange.bound_in = best_;
      *s.exchange.bound_out = best_;
      s.alive = true;
      ++made_;
      if (made_ == slots_.size()) setup_seconds_ = clock_.seconds();
      changed_.notify_all();
      changed_.wait(lock, [&] { return made_ == slots_.size(); });
      if (failure_) return;
    }
    try {
      for (;;) {
        long long best = 0;
        std::vector<Subproblem> items = take(d, best);
        if (items.empty()) break;
        const RoundResult r = device->round(items, best);
        finish_round(d, r);
      }
      std::lock_guard lock(mutex_);
      device->describe(described_);
    } catch (...) {
      std::lock_guard lock(mutex_);
      if (!failure_) failure_ = std::current_exception();
      halt_locked();
    }
    // Nobody may touch its exchange memory once it is released.
    std::lock_guard lock(mutex_);
    slots_[d].alive = false;
  }

  // The calling thread: deadline, outside stop and the incumbent, until the threads are done.
  void watch(std::vector<std::thread>& threads) {
    const Clock::time_point end =
        options_.time_limit_seconds > 0
            ? Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                 std::chrono::duration<double>(options_.time_limit_seconds))
            : Clock::time_point::max();
    std::unique_lock lock(mutex_);
    while (!over_ && !failure_) {
      changed_.wait_for(lock, std::chrono::microseconds(500));
      if (!halted_ &&
          ((options_.stop != nullptr && options_.stop->load()) || Clock::now() >= end)) {
        interrupted_ = true;
        halt_locked();
      }
      if (optimise_) relay_bound_locked();
      if (made_ == slots_.size() &&
          std::none_of(slots_.begin(), slots_.end(), [](const Slot& s) { return s.running; }))
        break;
    }
    lock.unlock();
    for (std::thread& t : threads) t.join();
  }

  BatchResult result() {
    if (failure_) std::rethrow_exception(failure_);
    BatchResult r = described_;
    r.complete = !interrupted_ && !found_ && all_exhausted_;
    r.solutions = solutions_;
    r.nodes = nodes_;
    r.fails = fails_;
    r.donations = donations_;
    r.exported = exported_;
    r.moved = moved_;
    r.seconds = clock_.seconds();
    const double after_setup = r.seconds - setup_seconds_;
    if (after_setup > 0)
      r.in_kernels = kernel_seconds_ / (after_setup * static_cast<double>(slots_.size()));
    if (busy_cycles_ + idle_cycles_ > 0)
      r.busy = static_cast<double>(busy_cycles_) / static_cast<double>(busy_cycles_ + idle_cycles_);
    r.rounds = rounds_;
    r.solution = solution_;
    r.devices = static_cast<int>(slots_.size());
    r.setup_seconds = setup_seconds_;
    return r;
  }

  void mark_running(std::size_t d) { slots_[d].running = true; }

 private:
  struct Slot {
    Exchange exchange;
    std::deque<Subproblem> queue;
    int searchers = 1;
    std::size_t capacity = 1;
    bool alive = false;    // made and not yet released: its exchange memory is valid
    bool running = false;  // its thread has not left yet
    bool busy = false;     // in a round
    int taken = 0;         // outbox slots consumed
  };

  // The next items for device d (empty: the search is over for it).
  std::vector<Subproblem> take(std::size_t d, long long& best) {
    std::unique_lock lock(mutex_);
    Slot& me = slots_[d];
    me.busy = false;
    changed_.notify_all();
    std::vector<Subproblem> items;
    for (;;) {
      if (halted_ || over_) break;
      if (!me.queue.empty()) {
        move_front(me.queue, items, me.capacity);
        break;
      }
      Slot* longest = nullptr;
      for (Slot& s : slots_)
        if (!s.queue.empty() && (longest == nullptr || s.queue.size() > longest->queue.size()))
          longest = &s;
      if (longest != nullptr) {
        const std::size_t half = (longest->queue.size() + 1) / 2;
        while (items.size() < std::min(half, me.capacity)) {
          items.push_back(std::move(longest->queue.back()));
          longest->queue.pop_back();
          ++moved_;
        }
        break;
      }
      collect_outboxes(items, me.capacity);
      if (!items.empty()) break;
      const bool anyone_busy =
          std::any_of(slots_.begin(), slots_.end(), [](const Slot& s) { return s.busy; });
      if (!anyone_busy) {
        over_ = true;
        changed_.notify_all();
        break;
      }
      request_work(me.searchers);
      changed_.wait_for(lock, std::chrono::microseconds(200));
    }
    if (!items.empty()) {
      me.busy = true;
      best = best_;
      ++rounds_;
    }
    return items;
  }

  static void move_front(std::deque<Subproblem>& from, std::vector<Subproblem>& to,
                         std::size_t limit) {
    while (!from.empty() && to.size() < limit) {
      to.push_back(std::move(from.front()));
      from.pop_front();
    }
  }

  // Items the devices gave to their outboxes, in the order of their slots.
  void collect_outboxes(std::vector<Subproblem>& items, std::size_t limit) {
    const std::size_t state = net_.state_words();
    for (Slot& s : slots_) {
      if (!s.alive) continue;
      Exchange& ex = s.exchange;
      while (items.size() < limit) {
        const int slot = s.taken % ex.outbox_capacity;
        if (__atomic_load_n(ex.outbox_ready + slot, __ATOMIC_ACQUIRE) == 0) break;
        const std::uint64_t* from = ex.outbox + static_cast<std::size_t>(slot) * state;
        items.emplace_back(from, from + state);
        __atomic_store_n(ex.outbox_ready + slot, 0, __ATOMIC_RELEASE);
        ++s.taken;
      }
    }
  }

  // Asks every busy device for open branches: about searchers / want_divisor_ for the idle
  // device in all, at most what the outboxes hold.
  void request_work(int searchers) {
    int busy = 0;
    for (const Slot& s : slots_) busy += s.busy ? 1 : 0;
    if (busy == 0) return;
    const int want = std::max(1, searchers / want_divisor_ / busy);
    for (Slot& s : slots_) {
      if (!s.busy) continue;
      Exchange& ex = s.exchange;
      const int asked = __atomic_load_n(ex.outbox_requested, __ATOMIC_ACQUIRE);
      const int target = s.taken + std::min(want, ex.outbox_capacity);
      if (target > asked) __atomic_store_n(ex.outbox_requested, target, __ATOMIC_RELEASE);
    }
  }

  void finish_round(std::size_t d, const RoundResult& r) {
    std::lock_guard lock(mutex_);
    solutions_ += r.solutions;
    nodes_ += r.nodes;
    fails_ += r.fails;
    donations_ += r.donations;
    exported_ += r.exported;
    busy_cycles_ += r.busy_cycles;
    kernel_seconds_ += r.seconds;
    idle_cycles_ += r.idle_cycles;
    if (!r.exhausted) all_exhausted_ = false;
    if (r.solution) {
      // Compared with the recorded solution's value, not with best_: the relay may already
      // have raised best_ to this very value from the device's published bound.
      const bool better =
          !solution_ || (optimise_ && (net_.minimize ? r.solution_value < solution_value_
                                                     : r.solution_value > solution_value_));
      if (better) {
        solution_ = r.solution;
        solution_value_ = r.solution_value;
        if (optimise_ && options_.link != nullptr)
          options_.link->improved(*solution_, solution_value_);
      }
      if (optimise_ && (net_.minimize ? r.solution_value < best_ : r.solution_value > best_))
        best_ = r.solution_value;
    }
    if (r.stopped) {
      found_ = true;
      halt_locked();
    }
    (void)d;
    changed_.notify_all();
  }

  void halt_locked() {
    halted_ = true;
    for (Slot& s : slots_)
      if (s.alive) __atomic_store_n(s.exchange.external_stop, 1, __ATOMIC_RELEASE);
  }

  // The outside search's value into best_ when it is better.
  void relay_outside() {
    if (options_.link != nullptr)
      if (const std::optional<long long> v = options_.link->outside())
        if (net_.minimize ? *v < best_ : *v > best_) best_ = *v;
  }

  void relay_bound_locked() {
    relay_outside();
    for (const Slot& s : slots_) {
      if (!s.alive) continue;
      const long long v = __atomic_load_n(s.exchange.bound_out, __ATOMIC_ACQUIRE);
      if (net_.minimize ? v < best_ : v > best_) best_ = v;
    }
    for (Slot& s : slots_)
      if (s.alive && __atomic_load_n(s.exchange.bound_in, __ATOMIC_ACQUIRE) != best_)
        __atomic_store_n(s.exchange.bound_in, best_, __ATOMIC_RELEASE);
  }

  const BatchNetwork& net_;
  const BatchOptions& options_;
  const bool optimise_;
  long long best_;
  std::vector<Slot> slots_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::size_t made_ = 0;
  bool halted_ = false;
  bool interrupted_ = false;
  bool found_ = false;
  bool over_ = false;
  bool all_exhausted_ = true;
  std::exception_ptr failure_;
  std::uint64_t solutions_ = 0, nodes_ = 0, fails_ = 0, donations_ = 0, exported_ = 0;
  std::uint64_t moved_ = 0, rounds_ = 0, busy_cycles_ = 0, idle_cycles_ = 0;
  double kernel_seconds_ = 0;  // the rounds' own times, over all devices
  int want_divisor_ = 4;       // an idle device asks for searchers / want_divisor_ branches
  std::optional<std::vector<int>> solution_;
  long long solution_value_ = 0;  // the objective's value in solution_
  BatchResult described_;
  const Stopwatch clock_;     // from the coordinator's start
  double setup_seconds_ = 0;  // until the last device was made
};

}  // namespace

BatchResult search_on_devices(const BatchNetwork& net, const std::vector<Subproblem>& items,
                              const BatchOptions& options,
                              const std::vector<DeviceFactory>& devices) {
  if (devices.empty()) throw std::logic_error("search_on_devices: no device");
  Coordinator c(net, options, devices.size());
  const std::size_t target =
      devices.size() > 1 ? devices.size() * static_cast<std::size_t>(options.items_per_device) : 0;
  if (target > 0)
    c.deal(split_items(net, items, target), devices.size());
  else
    c.deal(items, 1);
  std::vector<std::thread> threads;
  threads.reserve(devices.size());
  for (std::size_t d = 0; d < devices.size(); ++d) {
    c.mark_running(d);
    threads.emplace_back([&c, d, &devices] { c.work(d, devices[d]); });
  }
  c.watch(threads);
  return c.result();
}

}  // namespace arcwave::batch
