// batch_search_host (solver/batch/batch_search.hpp): the searcher of solver/batch/searcher.hpp
// run by host threads over host arrays: one "device" per thread (solver/batch/search_device.hpp),
// coordinated as several GPUs are (solver/batch/multi_device.hpp).
#include <climits>

#include "arcwave/error.hpp"
#include "core/timer.hpp"
#include "solver/batch/batch_search.hpp"
#include "solver/batch/host_searcher_memory.hpp"
#include "solver/batch/lns_search.hpp"
#include "solver/batch/multi_device.hpp"
#include "solver/batch/network_view.hpp"
#include "solver/batch/props/prop_kinds.hpp"
#include "solver/batch/search_device.hpp"
#include "solver/batch/searcher.hpp"

namespace arcwave::batch {

namespace {

class HostDevice final : public SearchDevice {
 public:
  HostDevice(const BatchNetwork& net, const BatchOptions& options, bool shared)
      : net_(net),
        options_(options),
        shared_(shared),
        optimise_(net.has_objective() && !options.all_solutions),
        weight_(initial_weights(net, options)),
        residue_(net.relations.size() / static_cast<std::size_t>(net.words) + 1, 0),
        outbox_capacity_(std::max(options.outbox_capacity, 1)),
        outbox_(static_cast<std::size_t>(outbox_capacity_) * net.state_words()),
        outbox_ready_(static_cast<std::size_t>(outbox_capacity_), 0) {
    if (weight_.empty()) weight_.push_back(1);
    view_ = host_view(net);
    if (!optimise_) view_.objective_kind = kObjectiveNone;
  }

  Exchange exchange() override {
    return {&external_,           &bound_in_,     &bound_out_,     &outbox_requested_,
            outbox_ready_.data(), outbox_.data(), outbox_capacity_};
  }
  [[nodiscard]] std::size_t round_capacity() const override {
    return options_.queue_capacity > 0 ? options_.queue_capacity : SIZE_MAX / 2;
  }
  [[nodiscard]] int searchers() const override { return 1; }
  void set_limits(const RoundLimits& limits) override { limits_ = limits; }
  void describe(BatchResult& r) const override {
    r.searchers += 1;
    r.threads_per_searcher = 1;
  }

  RoundResult round(const std::vector<Subproblem>& items, long long best) override {
    const std::size_t state = net_.state_words();
    // Room for what the searcher gives away; an LNS round gives nothing away.
    const std::size_t capacity = options_.queue_capacity > 0 ? options_.queue_capacity
                                 : limits_.fail_limit != 0   ? items.size() + 4
                                                             : items.size() + 4096;
    if (capacity < items.size()) throw InputError("batch search: queue capacity below the items");
    std::vector<std::uint64_t> queue(capacity * state, 0);
    std::vector<int> ready(capacity, 0);
    for (std::size_t i = 0; i < items.size(); ++i) {
      if (items[i].size() != state)
        throw InputError("batch search: a subproblem of the wrong size");
      std::copy(items[i].begin(), items[i].end(), queue.begin() + static_cast<long>(i * state));
      ready[i] = 1;
    }
    unsigned long long head = 0;
    unsigned long long tail = items.size();
    long long pending = static_cast<long long>(items.size());
    int stop = 0;
    unsigned long long solutions = 0, nodes = 0, fails = 0, donations = 0, exported = 0;
    int lock = 0;
    std::vector<int> solution(static_cast<std::size_t>(net_.n), -1);
    long long solution_value = 0;
    int written = 0;

    SharedState sh;
    sh.items = queue.data();
    sh.ready = ready.data();
    sh.head = &head;
    sh.tail = &tail;
    sh.capacity = capacity;
    sh.pending = &pending;
    sh.stop = &stop;
    sh.external_stop = &external_;
    sh.solutions = &solutions;
    sh.nodes = &nodes;
    sh.fails = &fails;
    sh.donations = &donations;
    sh.best = &best;
    sh.lock = &lock;
    sh.solution = solution.data();
    sh.solution_value = &solution_value;
    sh.solution_written = &written;
    sh.all_solutions = options_.all_solutions ? 1 : 0;
    sh.donate_below = options_.donate_below < 0 ? 0 : options_.donate_below;
    unsigned long long limited = 0;
    std::vector<int> outcomes;
    if (limits_.fail_limit != 0) {
      if (!limits_.prefer.empty() && limits_.prefer.size() != static_cast<std::size_t>(net_.n))
        throw InputError("batch search: preferred values of the wrong size");
      sh.fail_limit = limits_.fail_limit;
      sh.limited = &limited;
      outcomes.assign(items.size(), kItemUnsearched);
      sh.item_outcome = outcomes.data();
      sh.outcome_count = items.size();
      sh.prefer = limits_.prefer.empty() ? nullptr : limits_.prefer.data();
      sh.donate_below = 0;  // each item searched alone, under its own limit
    }
    sh.weight = weight_.data();
    sh.learn_weights = options_.learn_weights ? 1 : 0;
    // The queue, the host's requests and the stop flag at every node: plain memory here (the
    // device looks every fourth node, its reads being L2 round trips), and the host device is
    // what the MPI tests steal from.
    sh.poll_mask = 0;
    sh.residue = residue_.data();
    sh.exported = &exported;
    // The incumbent through the host relay: from other devices or from a search outside.
    if (optimise_ && (shared_ || options_.link != nullptr)) {
      sh.bound_in = &bound_in_;
      sh.bound_out = &bound_out_;
    }
    if (shared_) {
      sh.outbox = outbox_.data();
      sh.outbox_ready = outbox_ready_.data();
      sh.outbox_requested = &outbox_requested_;
      sh.outbox_claimed = &outbox_claimed_;
      sh.outbox_capacity = outbox_capacity_;
    }

    HostSearcherMemory own(net_, 1);
    const Stopwatch clock;
    {
      const HostGroup g;
      Searcher<HostGroup> searcher(g, view_, sh, own.memory(), own.scratch());
      searcher.run();
    }
    RoundResult r;
    r.seconds = clock.seconds();
    const bool external = __atomic_load_n(&external_, __ATOMIC_ACQUIRE) != 0;
    r.exhausted = pending == 0 && !external && stop == 0 && limited == 0;
    r.limited = limited;
    r.outcomes = std::move(outcomes);
    r.stopped = stop != 0;
    r.solutions = solutions;
    r.nodes = nodes;
    r.fails = fails;
    r.donations = donations;
    r.exported = exported;
    if (written != 0) {
      r.solution = solution;
      r.solution_value = solution_value;
    }
    return r;
  }

 private:
  const BatchNetwork& net_;
  const BatchOptions& options_;
  const bool shared_;
  const bool optimise_;
  NetworkView view_;
  RoundLimits limits_;
  // Learnt over all rounds.
  std::vector<unsigned> weight_;
  std::vector<int> residue_;
  // Exchange memory (ordinary host memory: the other "devices" are host threads too).
  int external_ = 0;
  long long bound_in_ = 0;
  long long bound_out_ = 0;
  int outbox_requested_ = 0;
  int outbox_claimed_ = 0;
  int outbox_capacity_;
  std::vector<std::uint64_t> outbox_;
  std::vector<int> outbox_ready_;
};

}  // namespace

std::unique_ptr<SearchDevice> make_host_device(const BatchNetwork& net, const BatchOptions& options,
                                               bool shared) {
  return std::make_unique<HostDevice>(net, options, shared);
}

BatchResult batch_search_host(const BatchNetwork& net, const std::vector<Subproblem>& items,
                              const BatchOptions& options) {
  for (const Subproblem& it : items)
    if (it.size() != net.state_words())
      throw InputError("batch search: a subproblem of the wrong size");
  const std::vector<DeviceFactory> devices(
      static_cast<std::size_t>(std::max(options.host_devices, 1)),
      [&](bool shared) { return make_host_device(net, options, shared); });
  // LNS on one device (several: the complete search alone).
  if (lns_applies(net, options, devices.size()))
    return search_with_lns(net, items, options, devices.front());
  return search_on_devices(net, items, options, devices);
}

}  // namespace arcwave::batch
