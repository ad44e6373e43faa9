// batch_search_device (solver/batch/batch_search.hpp): one thread block per searcher, as many
// blocks as fit the device at once (a persistent kernel: each block takes subproblems until the
// queue is done), the working domains in shared memory when they fit.
#include <algorithm>
#include <chrono>
#include <climits>
#include <string>
#include <thread>

#include "arcwave/error.hpp"
#include "core/cuda/check.cuh"
#include "core/cuda/device_buffer.cuh"
#include "core/gpu_runtime.hpp"
#include "core/timer.hpp"
#include "solver/batch/batch_search.hpp"
#include "solver/batch/network_view.hpp"
#include "solver/batch/searcher.hpp"

namespace arcwave::batch {

namespace {

struct Layout {
  bool dom_shared = true;
  bool blame_shared = true;
  std::size_t shared_bytes = 0;         // dynamic shared memory per block
  std::size_t global_per_searcher = 0;  // bytes: stack, decisions, table scratch (+ dom / blame)
};

constexpr std::size_t kSharedLimit = 160 * 1024;  // of the H100's 227 KB per block

__host__ __device__ std::size_t align8(std::size_t b) {
  return (b + 7) / 8 * 8;
}

Layout layout_for(const BatchNetwork& net, int threads) {
  Layout l;
  const std::size_t state = net.state_words();
  const std::size_t n = static_cast<std::size_t>(net.n);
  const std::size_t bits = (n + 31) / 32;
  const std::size_t table_bits = (static_cast<std::size_t>(net.tables) + 31) / 32 + 1;
  const std::size_t fixed = align8(2 * bits * 4) + align8(kFlagCount * 4) +
                            align8(3 * static_cast<std::size_t>(threads) * 8) +
                            align8(table_bits * 4);
  std::size_t shared = fixed + align8(n * 4) + state * 8;
  if (shared > kSharedLimit) {
    l.dom_shared = false;
    shared = fixed + align8(n * 4);
  }
  if (shared > kSharedLimit) {
    l.blame_shared = false;
    shared = fixed;
  }
  l.shared_bytes = shared;
  l.global_per_searcher = (n + 1) * state * 8 + 3 * (n + 1) * 4 +
                          static_cast<std::size_t>(threads / 32) *
                              static_cast<std::size_t>(std::max(net.max_table_words, 1)) * 8 +
                          (l.dom_shared ? 0 : state * 8) + (l.blame_shared ? 0 : n * 4);
  return l;
}

struct KernelArgs {
  NetworkView net;
  SharedState sh;
  std::uint64_t* stacks;
  int* decisions;
  std::uint64_t* lives;  // per searcher: warps x max_table_words
  std::uint64_t* doms;   // when not in shared memory
  int* blames;           // when not in shared memory
  int dom_shared;
  int blame_shared;
  std::size_t stack_words;  // per searcher
  int depths;
};

__global__ void batch_kernel(KernelArgs a) {
  extern __shared__ __align__(16) unsigned char smem[];
  const std::size_t n = static_cast<std::size_t>(a.net.n);
  const std::size_t state = n * static_cast<std::size_t>(a.net.words);
  const std::size_t bits = (n + 31) / 32;
  unsigned char* p = smem;
  Scratch s;
  s.changed[0] = reinterpret_cast<unsigned*>(p);
  s.changed[1] = s.changed[0] + bits;
  p += align8(2 * bits * 4);
  s.flags = reinterpret_cast<int*>(p);
  p += align8(kFlagCount * 4);
  s.cand = reinterpret_cast<long long*>(p);
  p += align8(3 * static_cast<std::size_t>(blockDim.x) * 8);
  s.tables = reinterpret_cast<unsigned*>(p);
  p += align8(((static_cast<std::size_t>(a.net.tables) + 31) / 32 + 1) * 4);
  const std::size_t b = blockIdx.x;
  if (a.blame_shared != 0) {
    s.blame = reinterpret_cast<int*>(p);
    p += align8(n * 4);
  } else {
    s.blame = a.blames + b * n;
  }
  s.dom = a.dom_shared != 0 ? reinterpret_cast<std::uint64_t*>(p) : a.doms + b * state;
  SearcherMemory mem;
  mem.stack = a.stacks + b * a.stack_words;
  const std::size_t depths = static_cast<std::size_t>(a.depths);
  mem.dec_var = a.decisions + b * 3 * depths;
  mem.dec_val = mem.dec_var + depths;
  mem.dec_donated = mem.dec_val + depths;
  mem.live =
      a.lives + b * (blockDim.x / 32) * static_cast<std::size_t>(max(a.net.max_table_words, 1));
  const DeviceGroup g;
  Searcher<DeviceGroup> searcher(g, a.net, a.sh, mem, s);
  searcher.run();
}

// Threads per searcher: one warp for small networks (more searchers at once), more warps when
// a round has many arcs or long domains to revise (its loads then overlap).
std::size_t state_words_per_row(const BatchNetwork& net) {
  return static_cast<std::size_t>(net.words);
}

int pick_threads(const BatchNetwork& net, int requested) {
  if (requested > 0) return std::clamp(requested / 32 * 32, 32, 1024);
  int largest = 1;
  for (int d : net.sizes) largest = std::max(largest, d);
  const std::size_t arcs = net.arc_x.size() + static_cast<std::size_t>(net.tables) * 8;
  if (arcs > 32768 || largest > 256 || net.n > 400) return 128;
  if (arcs > 4096 || largest > 64 || net.n > 100) return 64;
  return 32;
}

}  // namespace

BatchResult batch_search_device(const BatchNetwork& net, const std::vector<Subproblem>& items,
                                const BatchOptions& options) {
  const GpuInfo& info = gpu_info();
  if (!info.present) throw ResourceError("no usable GPU for the batched search: " + info.reason);
  const std::size_t state = net.state_words();
  for (const Subproblem& it : items)
    if (it.size() != state) throw InputError("batch search: a subproblem of the wrong size");

  const int threads = pick_threads(net, options.threads_per_searcher);
  const Layout layout = layout_for(net, threads);
  ARCWAVE_CUDA_CHECK(cudaFuncSetAttribute(batch_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                          static_cast<int>(layout.shared_bytes)));
  int per_sm = 0;
  ARCWAVE_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, batch_kernel, threads,
                                                                   layout.shared_bytes));
  if (per_sm < 1)
    throw ResourceError("batch search: a block of " + std::to_string(threads) + " threads with " +
                        std::to_string(layout.shared_bytes) +
                        " bytes of shared memory does not fit a multiprocessor");
  long long searchers = static_cast<long long>(per_sm) * info.multiprocessors;
  if (options.searchers > 0) searchers = std::min<long long>(searchers, options.searchers);
  // Device memory: the searchers' stacks and the queue within half of what is free.
  const std::size_t budget = gpu_free_memory() / 2;
  const std::size_t network_bytes = net.relations.size() * 8 + net.arc_x.size() * 24 +
                                    net.watch_arcs.size() * 4 + net.con_id.size() * 8 +
                                    net.table_supports.size() * 8 + net.table_scope.size() * 16;
  auto queue_capacity = [&](long long s) {
    return options.queue_capacity > 0 ? options.queue_capacity
                                      : items.size() + 64 * static_cast<std::size_t>(s);
  };
  auto bytes_for = [&](long long s) {
    return network_bytes + static_cast<std::size_t>(s) * layout.global_per_searcher +
           queue_capacity(s) * (state * 8 + 4);
  };
  while (searchers > 1 && bytes_for(searchers) > budget) searchers /= 2;
  if (bytes_for(searchers) > budget)
    throw ResourceError("batch search: one searcher needs " + std::to_string(bytes_for(1)) +
                        " bytes of device memory, " + std::to_string(budget) + " are usable");
  const std::size_t capacity = queue_capacity(searchers);
  if (capacity < items.size()) throw InputError("batch search: queue capacity below the items");

  // The network.
  cuda::DeviceBuffer<int> d_sizes(std::span<const int>(net.sizes.data(), net.sizes.size()));
  cuda::DeviceBuffer<int> d_arc_x(std::span<const int>(net.arc_x.data(), net.arc_x.size()));
  cuda::DeviceBuffer<int> d_arc_y(std::span<const int>(net.arc_y.data(), net.arc_y.size()));
  cuda::DeviceBuffer<int> d_arc_con(
      std::span<const int>(net.arc_constraint.data(), net.arc_constraint.size()));
  cuda::DeviceBuffer<std::uint64_t> d_arc_rel(
      std::span<const std::uint64_t>(net.arc_rel.data(), net.arc_rel.size()));
  cuda::DeviceBuffer<std::uint64_t> d_rel(
      std::span<const std::uint64_t>(net.relations.data(), net.relations.size()));
  cuda::DeviceBuffer<int> d_watch_off(
      std::span<const int>(net.watch_offset.data(), net.watch_offset.size()));
  cuda::DeviceBuffer<int> d_watch(
      std::span<const int>(net.watch_arcs.data(), net.watch_arcs.size()));
  cuda::DeviceBuffer<int> d_con_off(
      std::span<const int>(net.con_offset.data(), net.con_offset.size()));
  cuda::DeviceBuffer<int> d_con_id(std::span<const int>(net.con_id.data(), net.con_id.size()));
  cuda::DeviceBuffer<int> d_con_other(
      std::span<const int>(net.con_other.data(), net.con_other.size()));
  NetworkView view =
      network_view(net, d_sizes.data(), d_arc_x.data(), d_arc_y.data(), d_arc_con.data(),
                   d_arc_rel.data(), d_rel.data(), d_watch_off.data(), d_watch.data(),
                   d_con_off.data(), d_con_id.data(), d_con_other.data());
  cuda::DeviceBuffer<int> d_t_arity(
      std::span<const int>(net.table_arity.data(), net.table_arity.size()));
  cuda::DeviceBuffer<int> d_t_scope_base(
      std::span<const int>(net.table_scope_base.data(), net.table_scope_base.size()));
  cuda::DeviceBuffer<int> d_t_scope(
      std::span<const int>(net.table_scope.data(), net.table_scope.size()));
  cuda::DeviceBuffer<int> d_t_words(
      std::span<const int>(net.table_words.data(), net.table_words.size()));
  cuda::DeviceBuffer<std::uint64_t> d_t_support_base(
      std::span<const std::uint64_t>(net.table_support_base.data(), net.table_support_base.size()));
  cuda::DeviceBuffer<int> d_t_value_base(
      std::span<const int>(net.table_value_base.data(), net.table_value_base.size()));
  cuda::DeviceBuffer<std::uint64_t> d_t_supports(
      std::span<const std::uint64_t>(net.table_supports.data(), net.table_supports.size()));
  cuda::DeviceBuffer<int> d_t_constraint(
      std::span<const int>(net.table_constraint.data(), net.table_constraint.size()));
  cuda::DeviceBuffer<int> d_t_var_offset(
      std::span<const int>(net.var_table_offset.data(), net.var_table_offset.size()));
  cuda::DeviceBuffer<int> d_t_var_tables(
      std::span<const int>(net.var_tables.data(), net.var_tables.size()));
  set_tables(view, {d_t_arity.data(), d_t_scope_base.data(), d_t_scope.data(), d_t_words.data(),
                    d_t_support_base.data(), d_t_value_base.data(), d_t_supports.data(),
                    d_t_constraint.data(), d_t_var_offset.data(), d_t_var_tables.data()});
  const bool optimise = net.objective >= 0 && !options.all_solutions;
  if (!optimise) view.objective = -1;

  // The queue, with the initial subproblems.
  cuda::DeviceBuffer<std::uint64_t> d_items(capacity * state);
  cuda::DeviceBuffer<int> d_ready(capacity);
  d_ready.fill_bytes(0);
  {
    std::vector<std::uint64_t> packed(items.size() * state);
    for (std::size_t i = 0; i < items.size(); ++i)
      std::copy(items[i].begin(), items[i].end(), packed.begin() + static_cast<long>(i * state));
    if (!packed.empty())
      ARCWAVE_CUDA_CHECK(
          cudaMemcpy(d_items.data(), packed.data(), packed.size() * 8, cudaMemcpyHostToDevice));
    const std::vector<int> ones(items.size(), 1);
    if (!ones.empty())
      ARCWAVE_CUDA_CHECK(
          cudaMemcpy(d_ready.data(), ones.data(), ones.size() * 4, cudaMemcpyHostToDevice));
  }
  // Counters and the solution in one block of words.
  struct Counters {
    unsigned long long head, tail, solutions, nodes, fails, donations;
    long long pending;
    int stop, best, lock, solution_value, solution_written, pad;
  };
  Counters init{};
  init.tail = items.size();
  init.pending = static_cast<long long>(items.size());
  init.best = optimise ? initial_best(net, options) : 0;
  cuda::DeviceBuffer<Counters> d_counters(1);
  d_counters.copy_from(std::span<const Counters>(&init, 1));
  cuda::DeviceBuffer<int> d_solution(static_cast<std::size_t>(std::max(net.n, 1)));
  cuda::PinnedBuffer<int> external(1, /*mapped=*/true);
  external.data()[0] = 0;

  // The searchers' own memory.
  const std::size_t depths = static_cast<std::size_t>(net.n) + 1;
  const auto count = static_cast<std::size_t>(searchers);
  cuda::DeviceBuffer<std::uint64_t> d_stacks(count * depths * state);
  cuda::DeviceBuffer<int> d_decisions(count * 3 * depths);
  // Learnt by all searchers together: dom/wdeg weights and relation-row residues.
  const std::vector<unsigned> weights = initial_weights(net, options);
  cuda::DeviceBuffer<unsigned> d_weights(std::span<const unsigned>(weights.data(), weights.size()));
  cuda::DeviceBuffer<int> d_residues(net.relations.size() / state_words_per_row(net) + 1);
  d_residues.fill_bytes(0);
  cuda::DeviceBuffer<std::uint64_t> d_lives(
      count * static_cast<std::size_t>(threads / 32) *
      static_cast<std::size_t>(std::max(net.max_table_words, 1)));
  cuda::DeviceBuffer<std::uint64_t> d_doms(layout.dom_shared ? 0 : count * state);
  cuda::DeviceBuffer<int> d_blames(layout.blame_shared ? 0
                                                       : count * static_cast<std::size_t>(net.n));

  Counters* c = d_counters.data();
  KernelArgs args;
  args.net = view;
  args.sh.items = d_items.data();
  args.sh.ready = d_ready.data();
  args.sh.head = &c->head;
  args.sh.tail = &c->tail;
  args.sh.capacity = capacity;
  args.sh.pending = &c->pending;
  args.sh.stop = &c->stop;
  args.sh.external_stop = external.device_pointer();
  args.sh.solutions = &c->solutions;
  args.sh.nodes = &c->nodes;
  args.sh.fails = &c->fails;
  args.sh.donations = &c->donations;
  args.sh.best = &c->best;
  args.sh.lock = &c->lock;
  args.sh.solution = d_solution.data();
  args.sh.solution_value = &c->solution_value;
  args.sh.solution_written = &c->solution_written;
  args.sh.all_solutions = options.all_solutions ? 1 : 0;
  args.sh.donate_below = options.donate_below >= 0 ? options.donate_below : searchers;
  args.stacks = d_stacks.data();
  args.decisions = d_decisions.data();
  args.sh.weight = d_weights.data();
  args.sh.residue = d_residues.data();
  args.lives = d_lives.data();
  args.doms = d_doms.data();
  args.blames = d_blames.data();
  args.dom_shared = layout.dom_shared ? 1 : 0;
  args.blame_shared = layout.blame_shared ? 1 : 0;
  args.stack_words = depths * state;
  args.depths = static_cast<int>(depths);

  cuda::Stream stream;
  cuda::EventTimer timer;
  timer.start(stream.get());
  batch_kernel<<<static_cast<unsigned>(searchers), static_cast<unsigned>(threads),
                 layout.shared_bytes, stream.get()>>>(args);
  ARCWAVE_CUDA_CHECK_LAUNCH("batch_kernel");
  timer.stop(stream.get());
  // Wait, raising the mapped stop flag at the deadline or on request.
  const auto start = std::chrono::steady_clock::now();
  for (;;) {
    const cudaError_t q = cudaStreamQuery(stream.get());
    if (q == cudaSuccess) break;
    if (q != cudaErrorNotReady) ARCWAVE_CUDA_CHECK(q);
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if ((options.time_limit_seconds > 0 && elapsed >= options.time_limit_seconds) ||
        (options.stop != nullptr && options.stop->load()))
      __atomic_store_n(external.data(), 1, __ATOMIC_RELAXED);
    std::this_thread::sleep_for(std::chrono::microseconds(500));
  }
  stream.synchronize();

  BatchResult r;
  r.seconds = timer.milliseconds() / 1000.0;
  Counters out{};
  d_counters.copy_to(std::span<Counters>(&out, 1));
  r.complete = out.pending == 0 && out.stop == 0 && external.data()[0] == 0;
  r.solutions = out.solutions;
  r.nodes = out.nodes;
  r.fails = out.fails;
  r.donations = out.donations;
  if (out.solution_written != 0) r.solution = d_solution.to_host();
  if (r.solution) r.solution->resize(static_cast<std::size_t>(net.n));
  r.searchers = static_cast<int>(searchers);
  r.threads_per_searcher = threads;
  r.shared_bytes = layout.shared_bytes;
  r.global_bytes = bytes_for(searchers);
  return r;
}

}  // namespace arcwave::batch
