// batch_search_device (solver/batch/batch_search.hpp): one thread block per searcher, as many
// blocks as fit the device at once (a persistent kernel: each block takes subproblems until the
// queue is done), the working domains in shared memory when they fit. Each GPU of the device
// list is one SearchDevice (solver/batch/search_device.hpp) driven by its own host thread: the
// network goes up once, and each round of the coordinator (solver/batch/multi_device.hpp) is one
// kernel launch on the device's own stream; the exchange with the other devices is mapped
// page-locked host memory.
#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdlib>
#include <string>
#include <string_view>
#include <thread>

#include "arcwave/error.hpp"
#include "core/cuda/check.cuh"
#include "core/cuda/device_buffer.cuh"
#include "core/device_set.hpp"
#include "core/gpu_runtime.hpp"
#include "core/timer.hpp"
#include "solver/batch/batch_search.hpp"
#include "solver/batch/lns_search.hpp"
#include "solver/batch/multi_device.hpp"
#include "solver/batch/network_view.hpp"
#include "solver/batch/search_device.hpp"
#include "solver/batch/searcher.hpp"

namespace arcwave::batch {

namespace {

struct Layout {
  bool dom_shared = true;
  bool blame_shared = true;
  bool weight_shared = false;           // a copy of the dom/wdeg weights per searcher
  std::size_t shared_bytes = 0;         // dynamic shared memory per block
  std::size_t global_per_searcher = 0;  // bytes: stack, decisions, table scratch (+ dom / blame)
};

constexpr std::size_t kSharedLimit = 160 * 1024;  // of the H100's 227 KB per block
constexpr int kMaxSearchersPerSm = 8;
constexpr std::size_t kSmSharedBudget = 200 * 1024;  // of the H100's 228 KB per SM

__host__ __device__ std::size_t align8(std::size_t b) {
  return (b + 7) / 8 * 8;
}

Layout layout_for(const BatchNetwork& net, int threads) {
  Layout l;
  const std::size_t state = net.state_words();
  const std::size_t n = static_cast<std::size_t>(net.n);
  const std::size_t bits = (n + 31) / 32;
  const std::size_t table_bits = (static_cast<std::size_t>(net.tables + net.props) + 31) / 32 + 1;
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
  // The weights' copy where it is small (a few KB) and fits.
  const std::size_t weights = align8(static_cast<std::size_t>(net.constraints) * 4);
  // (ARCWAVE_BATCH_WEIGHT_COPY=0, a measurement switch, leaves it out.)
  const char* copy = std::getenv("ARCWAVE_BATCH_WEIGHT_COPY");
  const bool allowed = copy == nullptr || std::string_view(copy) != "0";
  // Only where it costs no searchers: eight blocks per SM must still fit beside it.
  if (allowed && l.dom_shared && net.constraints <= 4096 &&
      (shared + weights) * kMaxSearchersPerSm <= kSmSharedBudget) {
    l.weight_shared = true;
    shared += weights;
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
  int weight_shared;
  std::size_t stack_words;  // per searcher
  int depths;
};

template <bool Props>
__device__ void run_searcher(const KernelArgs& a) {
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
  p += align8(((static_cast<std::size_t>(a.net.tables + a.net.props) + 31) / 32 + 1) * 4);
  const std::size_t b = blockIdx.x;
  if (a.blame_shared != 0) {
    s.blame = reinterpret_cast<int*>(p);
    p += align8(n * 4);
  } else {
    s.blame = a.blames + b * n;
  }
  if (a.weight_shared != 0) {
    s.weight = reinterpret_cast<unsigned*>(p);
    p += align8(static_cast<std::size_t>(a.net.constraints) * 4);
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
  Searcher<DeviceGroup, Props> searcher(g, a.net, a.sh, mem, s);
  searcher.run();
}

// The searcher as the compiler likes it (about 120 registers: 16 blocks of 32 threads per
// multiprocessor) and held to 64 registers (32 blocks of up to 128 threads' worth of registers
// each, some spilled to L1): more searchers hide more memory latency when blocks are one warp.
// Props: with the device propagators of global constraints (solver/batch/props/); networks of
// relations and tables alone run the kernel without them, which needs no registers for them.
template <bool Props>
__global__ void batch_kernel(KernelArgs a) {
  run_searcher<Props>(a);
}
template <bool Props>
__global__ void __launch_bounds__(128, 8) batch_kernel_64(KernelArgs a) {
  run_searcher<Props>(a);
}

using BatchKernel = void (*)(KernelArgs);

// ARCWAVE_BATCH_REGISTERS=64 picks the register-capped kernel for blocks of at most 128 threads
// (a measurement switch, see bench/device/batch.sh).
BatchKernel pick_kernel(const BatchNetwork& net, int threads) {
  const char* regs = std::getenv("ARCWAVE_BATCH_REGISTERS");
  const bool capped = threads <= 128 && regs != nullptr && std::string_view(regs) == "64";
  if (net.props > 0) return capped ? batch_kernel_64<true> : batch_kernel<true>;
  return capped ? batch_kernel_64<false> : batch_kernel<false>;
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

// Counters and the recorded solution's value. The words every searcher reads or updates often
// (the queue's ends, pending, the stop flag, the bound) have a 128-byte line each: on one line,
// a thousand waiting searchers' reads queue at one L2 slice, and so do the busy ones' updates.
struct Counters {
  alignas(128) unsigned long long head;
  alignas(128) unsigned long long tail;
  alignas(128) long long pending;
  alignas(128) int stop;
  alignas(128) long long best;
  alignas(128) unsigned long long solutions, nodes, fails, donations, exported, busy_cycles,
      idle_cycles, limited;
  long long solution_value;
  int lock, solution_written;
};

template <typename T>
cuda::DeviceBuffer<T> upload(const std::vector<T>& v) {
  return cuda::DeviceBuffer<T>(std::span<const T>(v.data(), v.size()));
}

// Makes `device` current on this thread before any member (the stream first) is created: a
// stream belongs to the device that was current when it was made.
int made_current(int device) {
  use_gpu(device);
  return device;
}

class CudaDevice final : public SearchDevice {
 public:
  // `share`: how many workers of this search use the same GPU (each takes 1/share of it).
  CudaDevice(const BatchNetwork& net, const BatchOptions& options, int device, int share,
             bool shared, std::size_t items)
      : net_(net),
        device_(made_current(device)),
        optimise_(net.has_objective() && !options.all_solutions),
        threads_(pick_threads(net, options.threads_per_searcher)),
        kernel_(pick_kernel(net, threads_)),
        layout_(layout_for(net, threads_)) {
    use_gpu(device_);
    const std::size_t state = net.state_words();
    ARCWAVE_CUDA_CHECK(cudaFuncSetAttribute(kernel_, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                            static_cast<int>(layout_.shared_bytes)));
    // A measurement switch: the preferred shared-memory carve-out (percent of the unified L1).
    if (const char* e = std::getenv("ARCWAVE_BATCH_CARVEOUT"))
      ARCWAVE_CUDA_CHECK(cudaFuncSetAttribute(
          kernel_, cudaFuncAttributePreferredSharedMemoryCarveout, std::atoi(e)));
    int per_sm = 0;
    ARCWAVE_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel_, threads_,
                                                                     layout_.shared_bytes));
    if (per_sm < 1)
      throw ResourceError("batch search: a block of " + std::to_string(threads_) +
                          " threads with " + std::to_string(layout_.shared_bytes) +
                          " bytes of shared memory does not fit a multiprocessor");
    // At most eight searchers per multiprocessor. Measured on the H100 (RB networks of 60 to 80
    // variables, queens 13): 16 one-warp searchers per SM searched 3 to 25 times slower than 8
    // (docs/results/h100x2-2026-11-27-s8.md): most of them wait for work, and waiting searchers
    // hold items back (tickets are served in order) and load the memory system the busy ones use.
    per_sm = std::min(per_sm, kMaxSearchersPerSm);
    long long searchers = std::max<long long>(
        1, static_cast<long long>(per_sm) * gpu_multiprocessors(device_) / std::max(share, 1));
    if (options.searchers > 0) searchers = std::min<long long>(searchers, options.searchers);
    // A measurement switch (bench/device): at most this many searchers.
    if (const char* e = std::getenv("ARCWAVE_BATCH_SEARCHERS"))
      searchers = std::clamp<long long>(std::atoll(e), 1, searchers);
    // Device memory: the searchers' stacks and the queue within half of what is free (this
    // worker's share of it).
    const std::size_t budget = gpu_free_memory() / 2 / static_cast<std::size_t>(std::max(share, 1));
    const std::size_t network_bytes = net.relations.size() * 8 + net.arc_x.size() * 24 +
                                      net.watch_arcs.size() * 4 + net.con_id.size() * 8 +
                                      net.table_supports.size() * 8 + net.table_scope.size() * 16 +
                                      net.values.size() * 8 + net.prop_data.size() * 8 +
                                      net.var_props.size() * 4 + net.prop_kind.size() * 16;
    auto round_items = [&](long long s) {
      return std::max<std::size_t>({items, 4 * static_cast<std::size_t>(s), 64});
    };
    // A ring (searcher.hpp): a round's items and room for what the searchers give each other
    // while fewer than one per searcher is queued.
    auto queue_capacity = [&](long long s) {
      return options.queue_capacity > 0 ? options.queue_capacity
                                        : round_items(s) + 4 * static_cast<std::size_t>(s);
    };
    auto bytes_for = [&](long long s) {
      return network_bytes + static_cast<std::size_t>(s) * layout_.global_per_searcher +
             queue_capacity(s) * (state * 8 + 4);
    };
    while (searchers > 1 && bytes_for(searchers) > budget) searchers /= 2;
    if (bytes_for(searchers) > budget)
      throw ResourceError("batch search: one searcher needs " + std::to_string(bytes_for(1)) +
                          " bytes of device memory, " + std::to_string(budget) + " are usable");
    searchers_ = static_cast<int>(searchers);
    capacity_ = queue_capacity(searchers);
    round_items_ = std::min(round_items(searchers), capacity_);
    global_bytes_ = bytes_for(searchers);
    // The outbox (host memory): what the host may ask of this device at once for the others; one
    // item per searcher by default, within 64 MiB. ARCWAVE_BATCH_OUTBOX: a measurement switch.
    // One slot when the device works alone (nobody asks it for work).
    int outbox = shared ? options.outbox_capacity : 1;
    if (const char* e = std::getenv("ARCWAVE_BATCH_OUTBOX"); e != nullptr && shared)
      outbox = std::atoi(e);
    if (outbox <= 0)
      outbox = static_cast<int>(std::clamp<long long>(
          std::min<long long>(searchers, (64LL << 20) / static_cast<long long>(state * 8)), 1,
          1 << 20));

    // The network.
    d_sizes_ = upload(net.sizes);
    d_arc_x_ = upload(net.arc_x);
    d_arc_y_ = upload(net.arc_y);
    d_arc_con_ = upload(net.arc_constraint);
    d_arc_rel_ = upload(net.arc_rel);
    d_rel_ = upload(net.relations);
    d_watch_off_ = upload(net.watch_offset);
    d_watch_ = upload(net.watch_arcs);
    d_con_off_ = upload(net.con_offset);
    d_con_id_ = upload(net.con_id);
    d_con_other_ = upload(net.con_other);
    view_ = network_view(net, d_sizes_.data(), d_arc_x_.data(), d_arc_y_.data(), d_arc_con_.data(),
                         d_arc_rel_.data(), d_rel_.data(), d_watch_off_.data(), d_watch_.data(),
                         d_con_off_.data(), d_con_id_.data(), d_con_other_.data());
    d_t_arity_ = upload(net.table_arity);
    d_t_scope_base_ = upload(net.table_scope_base);
    d_t_scope_ = upload(net.table_scope);
    d_t_words_ = upload(net.table_words);
    d_t_support_base_ = upload(net.table_support_base);
    d_t_value_base_ = upload(net.table_value_base);
    d_t_supports_ = upload(net.table_supports);
    d_t_constraint_ = upload(net.table_constraint);
    d_t_var_offset_ = upload(net.var_table_offset);
    d_t_var_tables_ = upload(net.var_tables);
    set_tables(view_,
               {d_t_arity_.data(), d_t_scope_base_.data(), d_t_scope_.data(), d_t_words_.data(),
                d_t_support_base_.data(), d_t_value_base_.data(), d_t_supports_.data(),
                d_t_constraint_.data(), d_t_var_offset_.data(), d_t_var_tables_.data()});
    d_values_ = upload(net.values);
    d_value_base_ = upload(net.value_base);
    d_p_kind_ = upload(net.prop_kind);
    d_p_constraint_ = upload(net.prop_constraint);
    d_p_base_ = upload(net.prop_base);
    d_p_data_ = upload(net.prop_data);
    d_p_var_offset_ = upload(net.var_prop_offset);
    d_p_var_props_ = upload(net.var_props);
    d_objective_ = upload(net.objective_data);
    set_props(view_, net,
              {d_values_.data(), d_value_base_.data(), d_p_kind_.data(), d_p_constraint_.data(),
               d_p_base_.data(), d_p_data_.data(), d_p_var_offset_.data(), d_p_var_props_.data(),
               d_objective_.data()});
    if (!optimise_) view_.objective_kind = kObjectiveNone;

    // The queue, the counters, the searchers' own memory.
    d_items_.allocate(capacity_ * state);
    d_ready_.allocate(capacity_);
    d_counters_.allocate(1);
    d_solution_.allocate(static_cast<std::size_t>(std::max(net.n, 1)));
    const std::size_t depths = static_cast<std::size_t>(net.n) + 1;
    const auto count = static_cast<std::size_t>(searchers_);
    d_stacks_.allocate(count * depths * state);
    d_decisions_.allocate(count * 3 * depths);
    // Learnt by all searchers together, kept over rounds: dom/wdeg weights and residues.
    d_weights_ = upload(initial_weights(net, options));
    d_residues_.allocate(net.relations.size() / state_words_per_row(net) + 1);
    d_residues_.fill_bytes(0);
    d_lives_.allocate(count * static_cast<std::size_t>(threads_ / 32) *
                      static_cast<std::size_t>(std::max(net.max_table_words, 1)));
    if (!layout_.dom_shared) d_doms_.allocate(count * state);
    if (!layout_.blame_shared) d_blames_.allocate(count * static_cast<std::size_t>(net.n));
    d_claimed_.allocate(1);
    d_claimed_.fill_bytes(0);
    // LNS rounds: how each item ended, and the incumbent's values to try first.
    d_outcomes_.allocate(capacity_);
    d_prefer_.allocate(static_cast<std::size_t>(std::max(net.n, 1)));

    // The exchange: mapped page-locked host memory the host reads while the kernel runs.
    flags_ = std::make_unique<cuda::PinnedBuffer<int>>(4 + static_cast<std::size_t>(outbox), true);
    std::fill(flags_->data(), flags_->data() + flags_->size(), 0);
    // The incumbent in and out (64-bit objective values).
    bounds_ = std::make_unique<cuda::PinnedBuffer<long long>>(2, true);
    std::fill(bounds_->data(), bounds_->data() + 2, 0LL);
    outbox_ = std::make_unique<cuda::PinnedBuffer<std::uint64_t>>(
        static_cast<std::size_t>(outbox) * state, true);
    outbox_capacity_ = outbox;

    KernelArgs& a = args_;
    a.net = view_;
    Counters* c = d_counters_.data();
    a.sh.items = d_items_.data();
    a.sh.ready = d_ready_.data();
    a.sh.head = &c->head;
    a.sh.tail = &c->tail;
    a.sh.capacity = capacity_;
    a.sh.pending = &c->pending;
    a.sh.stop = &c->stop;
    // The host's flags reach the searchers through device memory (mirror_flags): a thousand
    // searchers reading mapped host memory queue their reads on PCIe, which slowed the whole
    // search threefold on two H100s (2026-11-27) and delayed stops by seconds.
    d_mirror_.allocate(kMirrorWords);
    d_mirror_.fill_bytes(0);
    staged_ = std::make_unique<cuda::PinnedBuffer<int>>(kMirrorWords, false);
    a.sh.external_stop = d_mirror_.data() + kExternal * kMirrorStride;
    a.sh.solutions = &c->solutions;
    a.sh.nodes = &c->nodes;
    a.sh.fails = &c->fails;
    a.sh.donations = &c->donations;
    a.sh.exported = &c->exported;
    a.sh.busy_cycles = &c->busy_cycles;
    a.sh.idle_cycles = &c->idle_cycles;
    a.sh.limited = &c->limited;
    a.sh.best = &c->best;
    a.sh.lock = &c->lock;
    a.sh.solution = d_solution_.data();
    a.sh.solution_value = &c->solution_value;
    a.sh.solution_written = &c->solution_written;
    a.sh.all_solutions = options.all_solutions ? 1 : 0;
    a.sh.donate_below = options.donate_below >= 0 ? options.donate_below : searchers_;
    a.sh.weight = d_weights_.data();
    a.sh.learn_weights = options.learn_weights ? 1 : 0;
    // Measurement switches (bench/device): ARCWAVE_BATCH_SMALL=0, ARCWAVE_BATCH_POLL=MASK,
    // ARCWAVE_BATCH_DONATE=N (give work away while fewer than N items are queued).
    if (const char* e = std::getenv("ARCWAVE_BATCH_DONATE")) a.sh.donate_below = std::atoll(e);
    if (const char* e = std::getenv("ARCWAVE_BATCH_BACKOFF"))
      a.sh.backoff_ns = static_cast<unsigned>(std::atoll(e));
    if (const char* e = std::getenv("ARCWAVE_BATCH_SMALL")) a.sh.small_arcs = std::atoi(e);
    if (const char* e = std::getenv("ARCWAVE_BATCH_POLL"))
      a.sh.poll_mask = static_cast<unsigned>(std::atoi(e));
    a.sh.residue = d_residues_.data();
    donate_below_ = a.sh.donate_below;
    // The incumbent through the host relay: from other devices or from a search outside.
    if (optimise_ && (shared || options.link != nullptr)) {
      a.sh.bound_in = mirrored_bound();
      a.sh.bound_out = bounds_->device_pointer() + 1;
    }
    if (shared) {
      a.sh.outbox = outbox_->device_pointer();
      a.sh.outbox_ready = flags_->device_pointer() + kReady;
      a.sh.outbox_requested = d_mirror_.data() + kRequested * kMirrorStride;
      a.sh.outbox_claimed = d_claimed_.data();
      a.sh.outbox_capacity = outbox_capacity_;
    }
    a.stacks = d_stacks_.data();
    a.decisions = d_decisions_.data();
    a.lives = d_lives_.data();
    a.doms = d_doms_.data();
    a.blames = d_blames_.data();
    a.dom_shared = layout_.dom_shared ? 1 : 0;
    a.blame_shared = layout_.blame_shared ? 1 : 0;
    a.weight_shared = layout_.weight_shared ? 1 : 0;
    a.stack_words = depths * state;
    a.depths = static_cast<int>(depths);
    // The uploads above ran on the legacy default stream; the kernels run on stream_.
    ARCWAVE_CUDA_CHECK(cudaDeviceSynchronize());
  }

  Exchange exchange() override {
    int* f = flags_->data();
    long long* b = bounds_->data();
    return {f + kExternal, b, b + 1, f + kRequested, f + kReady, outbox_->data(), outbox_capacity_};
  }
  [[nodiscard]] std::size_t round_capacity() const override { return round_items_; }
  [[nodiscard]] int searchers() const override { return searchers_; }
  void set_limits(const RoundLimits& limits) override {
    if (!limits.prefer.empty() && limits.prefer.size() != static_cast<std::size_t>(net_.n))
      throw InputError("batch search: preferred values of the wrong size");
    limits_ = limits;
  }
  void describe(BatchResult& r) const override {
    r.searchers += searchers_;
    r.threads_per_searcher = threads_;
    r.shared_bytes = layout_.shared_bytes;
    r.global_bytes += global_bytes_;
  }

  RoundResult round(const std::vector<Subproblem>& items, long long best) override {
    use_gpu(device_);  // this thread's current device (the coordinator's threads are its own)
    const std::size_t state = net_.state_words();
    if (items.size() > capacity_) throw InputError("batch search: queue capacity below the items");
    cudaStream_t stream = stream_.get();
    d_ready_.fill_bytes(0, stream);
    packed_.resize(items.size() * state);
    for (std::size_t i = 0; i < items.size(); ++i)
      std::copy(items[i].begin(), items[i].end(), packed_.begin() + static_cast<long>(i * state));
    ones_.assign(items.size(), 1);
    if (!packed_.empty()) {
      ARCWAVE_CUDA_CHECK(cudaMemcpyAsync(d_items_.data(), packed_.data(), packed_.size() * 8,
                                         cudaMemcpyHostToDevice, stream));
      ARCWAVE_CUDA_CHECK(cudaMemcpyAsync(d_ready_.data(), ones_.data(), ones_.size() * 4,
                                         cudaMemcpyHostToDevice, stream));
    }
    // An LNS round (limits_.fail_limit): each item alone under its limit, outcomes per item.
    const bool lns = limits_.fail_limit != 0;
    args_.sh.fail_limit = limits_.fail_limit;
    args_.sh.item_outcome = lns ? d_outcomes_.data() : nullptr;
    args_.sh.outcome_count = lns ? items.size() : 0;
    args_.sh.prefer = lns && !limits_.prefer.empty() ? d_prefer_.data() : nullptr;
    args_.sh.donate_below = lns ? 0 : donate_below_;
    if (lns) {
      d_outcomes_.fill_bytes(0, stream);  // kItemUnsearched
      if (!limits_.prefer.empty())
        d_prefer_.copy_from(std::span<const int>(limits_.prefer.data(), limits_.prefer.size()),
                            stream);
    }
    Counters init{};
    init.tail = items.size();
    init.pending = static_cast<long long>(items.size());
    init.best = optimise_ ? best : 0;
    ARCWAVE_CUDA_CHECK(cudaMemcpyAsync(d_counters_.data(), &init, sizeof(Counters),
                                       cudaMemcpyHostToDevice, stream));
    mirror_flags(stream, true);
    cuda::EventTimer timer;
    timer.start(stream);
    kernel_<<<static_cast<unsigned>(searchers_), static_cast<unsigned>(threads_),
              layout_.shared_bytes, stream>>>(args_);
    try {
      ARCWAVE_CUDA_CHECK_LAUNCH("batch_kernel");
      timer.stop(stream);
      // Polled rather than synchronised: a blocking wait would spin a core per device, and the
      // stop arrives through the mapped flag the coordinator raises.
      for (;;) {
        const cudaError_t q = cudaStreamQuery(stream);
        if (q == cudaSuccess) break;
        if (q != cudaErrorNotReady) ARCWAVE_CUDA_CHECK(q);
        mirror_flags(side_.get(), false);
        std::this_thread::sleep_for(std::chrono::microseconds(50));
      }
      stream_.synchronize();
    } catch (...) {
      abandon_round(stream);
      throw;
    }

    RoundResult r;
    r.seconds = timer.milliseconds() / 1000.0;
    Counters out{};
    d_counters_.copy_to(std::span<Counters>(&out, 1), stream);
    const bool external = __atomic_load_n(flags_->data() + kExternal, __ATOMIC_ACQUIRE) != 0;
    r.exhausted = out.pending == 0 && out.stop == 0 && !external && out.limited == 0;
    r.limited = out.limited;
    if (lns) {
      r.outcomes.assign(items.size(), 0);
      d_outcomes_.copy_to(std::span<int>(r.outcomes.data(), r.outcomes.size()), stream);
    }
    r.stopped = out.stop != 0;
    r.solutions = out.solutions;
    r.nodes = out.nodes;
    r.fails = out.fails;
    r.donations = out.donations;
    r.exported = out.exported;
    r.busy_cycles = out.busy_cycles;
    r.idle_cycles = out.idle_cycles;
    if (out.solution_written != 0) {
      std::vector<int> solution = d_solution_.to_host(stream);
      solution.resize(static_cast<std::size_t>(net_.n));
      r.solution = std::move(solution);
      r.solution_value = out.solution_value;
    }
    return r;
  }

 private:
  // Words of the mapped flags block (then one ready flag per outbox slot); the bounds are
  // bounds_ (64 bits), mirrored at line kBoundIn.
  static constexpr int kExternal = 0, kBoundIn = 1, kRequested = 3, kReady = 4;
  // The device's copy of the flags the host writes: one 128-byte line each.
  static constexpr int kMirrorStride = 32;
  static constexpr std::size_t kMirrorWords = 4 * kMirrorStride;

  // A failure while the kernel may still run (a launch error reported late, a failed flag copy):
  // the kernel is told to stop through its mirror and waited for before the error unwinds —
  // unwinding frees its memory, and a search nobody stops would hold the process (measured on
  // the H200 with an injected launch failure: all solutions of 17-queens ran on for seconds).
  void abandon_round(cudaStream_t stream) noexcept {
    staged_->data()[kExternal * kMirrorStride] = 1;
    if (cudaMemcpyAsync(d_mirror_.data() + kExternal * kMirrorStride,
                        staged_->data() + kExternal * kMirrorStride, sizeof(int),
                        cudaMemcpyHostToDevice, side_.get()) == cudaSuccess)
      cudaStreamSynchronize(side_.get());
    cudaStreamSynchronize(stream);
    cudaGetLastError();  // a broken context reports its error above; the caller's error stands
    mirrored_[kExternal] = 1;
  }

  // Copies the host-written flags (stop, incumbent, outbox requests) that changed, or all of
  // them (`all`, before a launch on the kernel's stream), into the device's mirror. While the
  // kernel runs, the copies go on the side stream (another engine runs them at once).
  void mirror_flags(cudaStream_t stream, bool all) {
    for (int k : {kExternal, kBoundIn, kRequested}) {
      const long long v = k == kBoundIn ? __atomic_load_n(bounds_->data(), __ATOMIC_ACQUIRE)
                                        : __atomic_load_n(flags_->data() + k, __ATOMIC_ACQUIRE);
      if (!all && v == mirrored_[k]) continue;
      int* staged = staged_->data() + k * kMirrorStride;  // 128-byte aligned
      std::size_t bytes = sizeof(int);
      if (k == kBoundIn) {
        *reinterpret_cast<long long*>(staged) = v;
        bytes = sizeof(long long);
      } else {
        *staged = static_cast<int>(v);
      }
      ARCWAVE_CUDA_CHECK(cudaMemcpyAsync(d_mirror_.data() + k * kMirrorStride, staged, bytes,
                                         cudaMemcpyHostToDevice, stream));
      // The staged word must outlive the copy: wait for it (a few microseconds).
      ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(stream));
      mirrored_[k] = v;
    }
  }

  const BatchNetwork& net_;
  int device_;
  bool optimise_;
  int threads_;
  BatchKernel kernel_;
  Layout layout_;
  int searchers_ = 1;
  std::size_t capacity_ = 0;
  std::size_t round_items_ = 0;
  std::size_t global_bytes_ = 0;
  int outbox_capacity_ = 1;
  NetworkView view_;
  KernelArgs args_{};
  cuda::Stream stream_;
  cuda::Stream side_;  // the flags' copies while a kernel runs
  cuda::DeviceBuffer<int> d_mirror_;
  std::unique_ptr<cuda::PinnedBuffer<int>> staged_;
  long long mirrored_[4] = {0, 0, 0, 0};
  // The bound's line of the mirror (128-byte aligned) as a 64-bit word.
  long long* mirrored_bound() {
    return reinterpret_cast<long long*>(d_mirror_.data() + kBoundIn * kMirrorStride);
  }
  cuda::DeviceBuffer<int> d_sizes_, d_arc_x_, d_arc_y_, d_arc_con_, d_watch_off_, d_watch_,
      d_con_off_, d_con_id_, d_con_other_;
  cuda::DeviceBuffer<std::uint64_t> d_arc_rel_, d_rel_;
  cuda::DeviceBuffer<int> d_t_arity_, d_t_scope_base_, d_t_scope_, d_t_words_, d_t_value_base_,
      d_t_constraint_, d_t_var_offset_, d_t_var_tables_;
  cuda::DeviceBuffer<std::uint64_t> d_t_support_base_, d_t_supports_;
  cuda::DeviceBuffer<long long> d_values_, d_p_data_, d_objective_;
  cuda::DeviceBuffer<int> d_value_base_, d_p_kind_, d_p_constraint_, d_p_var_offset_,
      d_p_var_props_;
  cuda::DeviceBuffer<std::uint64_t> d_p_base_;
  cuda::DeviceBuffer<std::uint64_t> d_items_;
  cuda::DeviceBuffer<int> d_ready_;
  cuda::DeviceBuffer<Counters> d_counters_;
  cuda::DeviceBuffer<int> d_solution_;
  cuda::DeviceBuffer<std::uint64_t> d_stacks_;
  cuda::DeviceBuffer<int> d_decisions_;
  cuda::DeviceBuffer<unsigned> d_weights_;
  cuda::DeviceBuffer<int> d_residues_;
  cuda::DeviceBuffer<std::uint64_t> d_lives_, d_doms_;
  cuda::DeviceBuffer<int> d_blames_;
  cuda::DeviceBuffer<int> d_claimed_;   // outbox slots claimed, over all rounds
  cuda::DeviceBuffer<int> d_outcomes_;  // per item of an LNS round
  cuda::DeviceBuffer<int> d_prefer_;    // per variable: the value tried first (LNS)
  RoundLimits limits_;
  long long donate_below_ = 0;  // the complete search's
  std::unique_ptr<cuda::PinnedBuffer<int>> flags_;
  std::unique_ptr<cuda::PinnedBuffer<long long>> bounds_;
  std::unique_ptr<cuda::PinnedBuffer<std::uint64_t>> outbox_;
  std::vector<std::uint64_t> packed_;
  std::vector<int> ones_;
};

}  // namespace

std::unique_ptr<SearchDevice> make_cuda_device(const BatchNetwork& net, const BatchOptions& options,
                                               int device, bool shared) {
  const GpuInfo& info = gpu_info();
  if (!info.present) throw ResourceError("no usable GPU for the batched search: " + info.reason);
  return std::make_unique<CudaDevice>(net, options, device, 1, shared, std::size_t{0});
}

BatchResult batch_search_device(const BatchNetwork& net, const std::vector<Subproblem>& items,
                                const BatchOptions& options) {
  const GpuInfo& info = gpu_info();
  if (!info.present) throw ResourceError("no usable GPU for the batched search: " + info.reason);
  const std::size_t state = net.state_words();
  for (const Subproblem& it : items)
    if (it.size() != state) throw InputError("batch search: a subproblem of the wrong size");
  const std::vector<int> devices = resolve_gpus(options.devices, gpu_count());
  const std::vector<int> share = workers_per_device(devices);
  // The decomposition with several devices gives each at least items_per_device items.
  const std::size_t expected =
      std::max(items.size(), devices.size() * static_cast<std::size_t>(options.items_per_device));
  std::vector<DeviceFactory> factories;
  for (std::size_t i = 0; i < devices.size(); ++i)
    factories.emplace_back([&, device = devices[i], k = share[i]](bool shared) {
      return std::make_unique<CudaDevice>(net, options, device, k, shared, expected);
    });
  // LNS on one device (several: the complete search alone).
  if (lns_applies(net, options, factories.size()))
    return search_with_lns(net, items, options, factories.front());
  return search_on_devices(net, items, options, factories);
}

}  // namespace arcwave::batch
