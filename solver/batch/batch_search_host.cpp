// batch_search_host (solver/batch/batch_search.hpp): the searcher of solver/batch/searcher.hpp
// run by one host thread over host arrays.
#include <chrono>
#include <climits>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "arcwave/error.hpp"
#include "core/timer.hpp"
#include "solver/batch/batch_search.hpp"
#include "solver/batch/network_view.hpp"
#include "solver/batch/searcher.hpp"

namespace arcwave::batch {

namespace {

// Raises `flag` at the deadline or when `stop` is raised; joins when destroyed.
class Deadline {
 public:
  Deadline(int& flag, double seconds, const std::atomic<bool>* stop) : flag_(flag), stop_(stop) {
    if (seconds <= 0 && stop == nullptr) return;
    const auto end = std::chrono::steady_clock::now() +
                     std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                         std::chrono::duration<double>(seconds > 0 ? seconds : 1e9));
    thread_ = std::thread([this, end] {
      std::unique_lock lock(mutex_);
      while (!done_) {
        if ((stop_ != nullptr && stop_->load()) || std::chrono::steady_clock::now() >= end) {
          __atomic_store_n(&flag_, 1, __ATOMIC_RELAXED);
          return;
        }
        cv_.wait_for(lock, std::chrono::milliseconds(5));
      }
    });
  }
  ~Deadline() {
    if (!thread_.joinable()) return;
    {
      std::lock_guard lock(mutex_);
      done_ = true;
    }
    cv_.notify_all();
    thread_.join();
  }
  Deadline(const Deadline&) = delete;
  Deadline& operator=(const Deadline&) = delete;

 private:
  int& flag_;
  const std::atomic<bool>* stop_;
  std::mutex mutex_;
  std::condition_variable cv_;
  bool done_ = false;
  std::thread thread_;
};

}  // namespace

BatchResult batch_search_host(const BatchNetwork& net, const std::vector<Subproblem>& items,
                              const BatchOptions& options) {
  const std::size_t state = net.state_words();
  const std::size_t capacity =
      options.queue_capacity > 0 ? options.queue_capacity : items.size() + 4096;
  if (capacity < items.size()) throw InputError("batch search: queue capacity below the items");
  std::vector<std::uint64_t> queue(capacity * state, 0);
  std::vector<int> ready(capacity, 0);
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (items[i].size() != state) throw InputError("batch search: a subproblem of the wrong size");
    std::copy(items[i].begin(), items[i].end(), queue.begin() + static_cast<long>(i * state));
    ready[i] = 1;
  }
  unsigned long long head = 0;
  unsigned long long tail = items.size();
  long long pending = static_cast<long long>(items.size());
  int stop = 0;
  int external = 0;
  unsigned long long solutions = 0;
  unsigned long long nodes = 0;
  unsigned long long fails = 0;
  unsigned long long donations = 0;
  const bool optimise = net.objective >= 0 && !options.all_solutions;
  int best = optimise ? initial_best(net, options) : 0;
  int lock = 0;
  std::vector<int> solution(static_cast<std::size_t>(net.n), -1);
  int solution_value = 0;
  int written = 0;

  SharedState sh;
  sh.items = queue.data();
  sh.ready = ready.data();
  sh.head = &head;
  sh.tail = &tail;
  sh.capacity = capacity;
  sh.pending = &pending;
  sh.stop = &stop;
  sh.external_stop = &external;
  sh.solutions = &solutions;
  sh.nodes = &nodes;
  sh.fails = &fails;
  sh.donations = &donations;
  sh.best = &best;
  sh.lock = &lock;
  sh.solution = solution.data();
  sh.solution_value = &solution_value;
  sh.solution_written = &written;
  sh.all_solutions = options.all_solutions ? 1 : 0;
  sh.donate_below = options.donate_below < 0 ? 0 : options.donate_below;

  const std::size_t depths = static_cast<std::size_t>(net.n) + 1;
  std::vector<std::uint64_t> stack(depths * state);
  std::vector<int> dec(3 * depths);
  std::vector<unsigned> weight = initial_weights(net, options);
  if (weight.empty()) weight.push_back(1);
  std::vector<int> residue(net.relations.size() / static_cast<std::size_t>(net.words) + 1, 0);
  sh.weight = weight.data();
  sh.residue = residue.data();
  std::vector<std::uint64_t> live(static_cast<std::size_t>(std::max(net.max_table_words, 1)));
  SearcherMemory mem{stack.data(), dec.data(), dec.data() + depths, dec.data() + 2 * depths,
                     live.data()};
  std::vector<std::uint64_t> dom(state);
  const std::size_t bit_words = (static_cast<std::size_t>(net.n) + 31) / 32;
  std::vector<unsigned> changed(2 * bit_words);
  std::vector<int> blame(static_cast<std::size_t>(net.n), -1);
  std::vector<long long> cand(3);
  std::vector<int> flags(kFlagCount, 0);
  std::vector<unsigned> table_bits((static_cast<std::size_t>(net.tables) + 31) / 32 + 1);
  Scratch s;
  s.dom = dom.data();
  s.changed[0] = changed.data();
  s.changed[1] = changed.data() + bit_words;
  s.blame = blame.data();
  s.cand = cand.data();
  s.flags = flags.data();
  s.tables = table_bits.data();

  NetworkView view = network_view(
      net, net.sizes.data(), net.arc_x.data(), net.arc_y.data(), net.arc_constraint.data(),
      net.arc_rel.data(), net.relations.data(), net.watch_offset.data(), net.watch_arcs.data(),
      net.con_offset.data(), net.con_id.data(), net.con_other.data());
  set_tables(view,
             {net.table_arity.data(), net.table_scope_base.data(), net.table_scope.data(),
              net.table_words.data(), net.table_support_base.data(), net.table_value_base.data(),
              net.table_supports.data(), net.table_constraint.data(), net.var_table_offset.data(),
              net.var_tables.data()});
  if (!optimise) view.objective = -1;

  BatchResult r;
  Stopwatch clock;
  {
    Deadline deadline(external, options.time_limit_seconds, options.stop);
    const HostGroup g;
    Searcher<HostGroup> searcher(g, view, sh, mem, s);
    searcher.run();
  }
  r.seconds = clock.seconds();
  r.complete = pending == 0 && external == 0 && stop == 0;
  r.solutions = solutions;
  r.nodes = nodes;
  r.fails = fails;
  r.donations = donations;
  if (written != 0) r.solution = solution;
  r.searchers = 1;
  r.threads_per_searcher = 1;
  return r;
}

}  // namespace arcwave::batch
