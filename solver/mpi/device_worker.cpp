// Definitions for solver/mpi/device_worker.hpp.
#include "solver/mpi/device_worker.hpp"

#include <algorithm>
#include <chrono>

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "solver/batch/state_decisions.hpp"
#include "solver/parallel/worker.hpp"

namespace arcwave::distributed {

DeviceWorker::DeviceWorker(Setup setup) : s_(std::move(setup)) {
  optimise_ = s_.net->has_objective() && !s_.options.all_solutions;
  thread_ = std::thread([this] { body(); });
}

DeviceWorker::~DeviceWorker() {
  if (thread_.joinable()) thread_.join();
}

void DeviceWorker::join() {
  if (thread_.joinable()) thread_.join();
  if (error_) std::rethrow_exception(error_);
}

void DeviceWorker::body() {
  try {
    // The CPU engine: the root fixpoint, the first task, and the replay of each subproblem.
    std::unique_ptr<Engine> engine = s_.make_engine();
    engine->set_interrupt(s_.halt);
    parallel::Worker worker(*engine, s_.config, *s_.sink, s_.incumbent, s_.pool, *s_.halt);
    const bool root_ok = worker.search().propagate_root();
    if (s_.first) s_.first(*engine, worker, root_ok);
    if (root_ok) root_ = batch::read_state(*engine, *s_.net);

    std::unique_ptr<batch::SearchDevice> device = s_.make_device(true);
    batch::BatchResult shape;
    device->describe(shape);
    description_ = fmt::format(
        "{}: batched MAC, {} searchers x {} threads, bitwise AC3, {}; subproblems "
        "replayed on {}",
        s_.device_name, shape.searchers, shape.threads_per_searcher,
        s_.options.learn_weights ? "dom/wdeg" : "dom/ddeg", engine->description());
    const batch::Exchange ex = device->exchange();
    // Before the first round: the exchange memory starts zeroed, which would read as a bound.
    bound_written_ = bound_value();
    *ex.bound_in = bound_written_;
    *ex.bound_out = bound_written_;
    const std::size_t capacity = std::max<std::size_t>(device->round_capacity(), 1);
    appetite_.store(static_cast<int>(std::min<std::size_t>(
        capacity, static_cast<std::size_t>(std::max(device->searchers(), 1)))));

    search::Subproblem sub;
    std::vector<search::Subproblem> subs;
    std::vector<batch::Subproblem> items;
    while (s_.pool->take(sub)) {
      subs.clear();
      subs.push_back(std::move(sub));
      s_.pool->take_queued(subs, capacity - 1);
      if (!root_ok) continue;  // the root has no solution: neither has any part of it
      items.clear();
      for (const search::Subproblem& d : subs)
        if (std::optional<batch::Subproblem> st = batch::state_of(*engine, *s_.net, d))
          items.push_back(std::move(*st));
      if (!items.empty()) run_round(*device, items);
    }
    root_stats_ = worker.search().stats();
    engine_stats_ = engine->stats();
  } catch (...) {
    {
      std::lock_guard lock(error_mutex_);
      if (!error_) error_ = std::current_exception();
    }
    failed_.store(true);
    s_.halt->store(true);
    s_.pool->finish();
  }
}

void DeviceWorker::run_round(batch::SearchDevice& device,
                             const std::vector<batch::Subproblem>& items) {
  const batch::Exchange ex = device.exchange();
  std::atomic<bool> over{false};
  std::exception_ptr relay_error;
  std::thread relay_thread([&] {
    try {
      while (!over.load()) {
        relay(ex);
        std::this_thread::sleep_for(std::chrono::microseconds(200));
      }
    } catch (...) {
      relay_error = std::current_exception();
      s_.halt->store(true);
      __atomic_store_n(ex.external_stop, 1, __ATOMIC_RELEASE);
    }
  });
  batch::RoundResult r;
  try {
    r = device.round(items, bound_value());
  } catch (...) {
    over.store(true);
    relay_thread.join();
    throw;
  }
  over.store(true);
  relay_thread.join();
  if (relay_error) std::rethrow_exception(relay_error);
  collect(ex);  // what the round gave away after the relay's last look
  ++rounds_;
  nodes_ += r.nodes;
  fails_ += r.fails;
  seconds_ += r.seconds;
  take_solution(r);
  // Only a stop ends a round early; an unfinished round otherwise would lose subproblems.
  if (!r.exhausted && !r.stopped && !s_.halt->load())
    throw InternalError("a device round ended before its subproblems were searched");
}

void DeviceWorker::relay(const batch::Exchange& ex) {
  if (s_.halt->load()) __atomic_store_n(ex.external_stop, 1, __ATOMIC_RELEASE);
  if (optimise_) {
    const long long b = bound_value();
    if (b != bound_written_) {
      bound_written_ = b;
      __atomic_store_n(ex.bound_in, b, __ATOMIC_RELEASE);
    }
  }
  // Another rank wants work: ask the device for as many open branches (monotonic count).
  const int wanted = s_.pool->state().external_wanted;
  if (wanted > 0) {
    const int target = taken_ + std::min(wanted, ex.outbox_capacity);
    if (target > __atomic_load_n(ex.outbox_requested, __ATOMIC_ACQUIRE))
      __atomic_store_n(ex.outbox_requested, target, __ATOMIC_RELEASE);
  }
  collect(ex);
}

void DeviceWorker::collect(const batch::Exchange& ex) {
  const std::size_t words = s_.net->state_words();
  for (;;) {
    const int slot = taken_ % ex.outbox_capacity;
    if (__atomic_load_n(ex.outbox_ready + slot, __ATOMIC_ACQUIRE) == 0) return;
    const std::uint64_t* from = ex.outbox + static_cast<std::size_t>(slot) * words;
    search::Subproblem gift = batch::decisions_of(*s_.net, root_, {from, words});
    __atomic_store_n(ex.outbox_ready + slot, 0, __ATOMIC_RELEASE);
    ++taken_;
    ++exported_;
    // To the rank that asked, or (asked no more) to this rank's queue: searched once either way.
    s_.pool->give(std::move(gift));
  }
}

void DeviceWorker::take_solution(const batch::RoundResult& r) {
  std::uint64_t handed = 0;
  if (r.solution) {
    const Model& model = *s_.model;
    std::vector<Value> values(model.variable_count());
    for (std::size_t v = 0; v < values.size(); ++v)
      values[v] = model.variables()[v].domain[static_cast<std::size_t>((*r.solution)[v])];
    parallel::check_values(model, values);
    s_.sink->offer_values(values);
    handed = 1;
  }
  if (s_.sink->mode() == parallel::SinkMode::kAll && r.solutions > handed)
    s_.sink->count(r.solutions - handed);
}

long long DeviceWorker::bound_value() const {
  if (!optimise_) return 0;
  const std::optional<Value> best = s_.incumbent != nullptr ? s_.incumbent->get() : std::nullopt;
  // The device searches for objective values strictly better than the bound.
  return best ? *best : batch::initial_best(*s_.net, s_.options);
}

void DeviceWorker::add_stats_to(parallel::ParallelReport& report) const {
  search::SearchStats s = root_stats_;
  s.nodes += nodes_;
  s.fails += fails_;
  s.splits += exported_;
  s.subproblems += rounds_;
  s.propagate_seconds += seconds_;
  parallel::add_stats(report, s, engine_stats_);
}

}  // namespace arcwave::distributed
