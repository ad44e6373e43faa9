// propagation/gpu/ne_model.inl — BuildNE, AC4GPU and AC4GPU+ written with Thrust. Included by
// ac_gpu_cuda.cu (CUDA system) and ac_gpu_omp.cpp (OpenMP system), each inside its own
// namespace; `Exec` is the TU's execution-policy factory and `Clock` its timer.
//
// Layout (binary network, m constraints c = (x, y)):
//   nodes       (x,a) -> node_offset[x] + a; exists[node] in {0,1}; node_var[node] = x
//   edges       block (c, x->y): e = edge_base[c] + a*dy + b, then block (c, y->x):
//               e = edge_base[c] + dx*dy + b*dx + a; s, and for Algorithm 3 (which reads them)
//               src, dst (node ids) and key (counter id); AC4GPU+ derives them from e
//   counters    counter_base[c] + a for (x,a); counter_base[c] + dx + b for (y,b)
//   supports    CSR over nodes: entries (x,a) supported by (y,b), with the counter they feed
// Edge keys are non-decreasing by construction, as reduce-by-key needs.
//
// n-ary constraints (arity r >= 3, generalised arc consistency: GAC4's semantics), alongside
// the binary part, which is laid out, built and run exactly as above (a network without n-ary
// constraints runs none of the n-ary code). Scopes are distinct variables (TableNetwork's
// invariant) and tables hold allowed tuples only (TableNetwork has already turned conflict
// tables into support tables). For the q n-ary constraints c:
//   sizes       nary_scope_base[c], nary_tuple_base[c], nary_entry_base[c]: exclusive scans of
//               r, the tuple count and r * tuple count (one thread per constraint)
//   rank        nary_rank[p] for scope position p = (c, i): the rank of c among the n-ary
//               constraints on x_i (positions stably sorted by variable, a scan by key)
//   counters    (x,a,c) for every value of every scope variable, numbered after the binary
//               ones and grouped by value: counters + nary_node_counter[(x,a)] + rank(c on x);
//               nary_node_counter is the exclusive scan over the nodes of x's n-ary degree
//   edges       one per allowed tuple t (global id: nary_tuple_base[c] + row): its r values as
//               node ids nary_node[nary_entry_base[c] + row * r + i] and nary_s[t] = 1 while
//               all of them exist (0 from the start when one was removed by a unary constraint)
//   entries     each (tuple, position) once: nary_key = its counter, nary_member = the tuple,
//               sorted by key (one sort of 32-bit keys), so each counter's tuples are one run
//               and each node's runs are adjacent: the counters are a reduce-by-key of s over
//               the runs, scattered to their ids (a value in no tuple of c has no run and keeps
//               its 0), and nary_csr_offset (a lower bound per node, AC4GPU+ only) is the CSR
//               from (x,a) to the tuples holding it; the counter that each position of a tuple
//               feeds is recomputed from the tuple (no per-entry counter array).
//   phases      nary-sizes, nary-edges, nary-counters, nary-csr (after the binary ones)
// AC4GPU recounts the n-ary counters with the binary ones every iteration and invalidates the
// tuples holding a deleted value (one thread per tuple). AC4GPU+ invalidates, for each deleted
// value, every still-valid tuple of its CSR exactly once (atomic exchange of s: two values of
// one tuple may go in the same round) and takes one support from the counter of each of the
// tuple's values that still exists.

template <typename T>
using dvec = thrust::device_vector<T>;

// An allocator whose construct() leaves elements as they are: resizing a vector with it skips
// Thrust's fill, for the large arrays whose every element is written right after (the edges,
// the CSR) — at 10^8 edges that fill alone writes 1.3 GB.
template <typename T>
struct NoFillAllocator : thrust::device_allocator<T> {
  NoFillAllocator() = default;
  template <typename U>
  struct rebind {
    using other = NoFillAllocator<U>;
  };
  __host__ __device__ void construct(T*) {}
};
template <typename T>
using dvec_nofill = thrust::device_vector<T, NoFillAllocator<T>>;

template <typename V>
auto raw(V& v) {
  return thrust::raw_pointer_cast(v.data());
}

// A build step's temporary array from the execution policy's allocator: on CUDA the caching
// allocator (a cudaMalloc per temporary, and the cudaFree that synchronises the device, cost
// more than the small steps using them); elements are left uninitialised.
template <typename T, typename Policy>
class Scratch {
 public:
  Scratch(Policy policy, std::uint64_t n)
      : policy_(policy),
        buffer_(thrust::get_temporary_buffer<T>(policy_, static_cast<std::ptrdiff_t>(n))) {
    if (static_cast<std::uint64_t>(buffer_.second) < n)
      throw std::bad_alloc();  // Thrust's allocators throw first; this is the contract's check
  }
  ~Scratch() { thrust::return_temporary_buffer(policy_, buffer_.first, buffer_.second); }
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;
  auto begin() { return buffer_.first; }
  auto end() { return buffer_.first + buffer_.second; }
  T* data() { return thrust::raw_pointer_cast(buffer_.first); }

 private:
  Policy policy_;
  decltype(thrust::get_temporary_buffer<T>(std::declval<Policy&>(), std::ptrdiff_t{0})) buffer_;
};

template <typename T, typename Exec>
auto scratch(Exec exec, std::uint64_t n) {
  return Scratch<T, decltype(exec())>(exec(), n);
}

// Index of the block containing `i` in an exclusive-scan array of `count + 1` bases.
__host__ __device__ inline std::uint32_t block_of(const std::uint64_t* base, std::uint32_t count,
                                                  std::uint64_t i) {
  std::uint32_t lo = 0;
  std::uint32_t hi = count;  // base[lo] <= i < base[hi]
  while (hi - lo > 1) {
    const std::uint32_t mid = lo + (hi - lo) / 2;
    if (base[mid] <= i)
      lo = mid;
    else
      hi = mid;
  }
  return lo;
}

struct NeDevice {
  std::uint32_t n = 0;  // variables
  std::uint32_t m = 0;  // binary constraints
  std::uint64_t nodes = 0, edges = 0, counters = 0, supports = 0;
  dvec<std::uint32_t> domain_size;  // input sizes
  dvec<int> live_size;              // current sizes (AC4GPU+: atomically decremented)
  dvec<std::uint64_t> node_offset;
  dvec<std::uint32_t> node_var;
  dvec<std::uint32_t> exists;
  dvec<std::uint32_t> cx, cy;
  dvec<std::uint64_t> edge_base, counter_base, bitmap_base, tuple_base;
  dvec_nofill<std::uint32_t> tuples;  // (a, b) pairs
  dvec<std::uint32_t> bitmap;
  dvec_nofill<std::uint32_t> edge_src, edge_dst, edge_key;
  dvec_nofill<std::uint8_t> edge_s;
  dvec<std::uint32_t> counter_node;
  dvec<int> counter;
  dvec<std::uint64_t> csr_offset;
  dvec_nofill<std::uint32_t> csr_target, csr_counter;
  // n-ary part (see the file comment); empty for binary networks.
  std::uint32_t q = 0;  // n-ary constraints
  std::uint64_t nary_tuples = 0, nary_entries = 0, nary_counters = 0;
  dvec<std::uint32_t> nary_arity, nary_count;  // per n-ary constraint (input)
  dvec<std::uint32_t> nary_scope;              // scope variables, constraint-major (input)
  dvec<std::uint64_t> nary_scope_base, nary_tuple_base, nary_entry_base;
  dvec<std::uint32_t> nary_rank;           // per scope position
  dvec<std::uint64_t> nary_node_counter;   // per node (+1): first n-ary counter, relative
  dvec<std::uint32_t> nary_node;           // per entry: value index (input), then node id
  dvec<std::uint32_t> nary_s;              // per tuple: 1 while every value of it exists
  dvec_nofill<std::uint32_t> nary_key;     // per entry, sorted: counter id
  dvec_nofill<std::uint32_t> nary_member;  // per entry, in key order: tuple id
  dvec<std::uint64_t> nary_csr_offset;     // per node (+1): its run of entries (AC4GPU+)
  // Input from a CompactNetwork (compact_input.inl): the binary bitmaps themselves (bitmap,
  // bitmap_base given, no pairs), and the n-ary tuples as bits over each product or as lists,
  // expanded into nary_node by build_nary.
  bool bitmap_uploaded = false;
  bool nary_compact = false;
  dvec<std::uint64_t> nary_bits_offset, nary_listed_offset;  // per n-ary constraint, or kNone
  dvec<std::uint64_t> nary_word_base;  // per n-ary constraint (+1): scan of its bit words
  dvec<std::uint32_t> nary_bits, nary_listed;
};

// ---- BuildNE functors ------------------------------------------------------------------

struct ConstraintSizes {
  const std::uint32_t* dom;
  const std::uint32_t* cx;
  const std::uint32_t* cy;
  std::uint32_t m;
  std::uint64_t* edges;
  std::uint64_t* counters;
  std::uint64_t* words;  // nullptr: the bitmaps' offsets came from the host
  __host__ __device__ void operator()(std::uint32_t c) const {
    if (c == m) {  // the extra slot that makes the exclusive scans end with the totals
      edges[c] = counters[c] = 0;
      if (words != nullptr) words[c] = 0;
      return;
    }
    const std::uint64_t dx = dom[cx[c]];
    const std::uint64_t dy = dom[cy[c]];
    edges[c] = 2 * dx * dy;
    counters[c] = dx + dy;
    if (words != nullptr) words[c] = (dx * dy + 31) / 32;
  }
};

struct FillNodeVar {
  const std::uint64_t* node_offset;
  std::uint32_t n;
  std::uint32_t* node_var;
  __host__ __device__ void operator()(std::uint64_t node) const {
    node_var[node] = block_of(node_offset, n, node);
  }
};

struct SetSupportBits {
  const std::uint64_t* tuple_base;
  const std::uint32_t* tuples;
  const std::uint64_t* bitmap_base;
  const std::uint32_t* dom;
  const std::uint32_t* cy;
  std::uint32_t m;
  std::uint32_t* bitmap;
  __host__ __device__ void operator()(std::uint64_t t) const {
    const std::uint32_t c = block_of(tuple_base, m, t);
    const std::uint64_t bit = std::uint64_t{tuples[2 * t]} * dom[cy[c]] + tuples[2 * t + 1];
    arcwave::atomics::fetch_or(&bitmap[bitmap_base[c] + bit / 32], 1U << (bit % 32));
  }
};

struct FillEdges {
  const std::uint64_t* edge_base;
  const std::uint64_t* counter_base;
  const std::uint64_t* bitmap_base;
  const std::uint64_t* node_offset;
  const std::uint32_t* dom;
  const std::uint32_t* cx;
  const std::uint32_t* cy;
  const std::uint32_t* bitmap;
  const std::uint32_t* exists;
  std::uint32_t m;
  std::uint32_t* src;
  std::uint32_t* dst;
  std::uint32_t* key;
  std::uint8_t* s;
  __host__ __device__ void operator()(std::uint64_t e) const {
    const std::uint32_t c = block_of(edge_base, m, e);
    const std::uint64_t dx = dom[cx[c]];
    const std::uint64_t dy = dom[cy[c]];
    std::uint64_t r = e - edge_base[c];
    std::uint64_t a = 0;
    std::uint64_t b = 0;
    const std::uint64_t nx = node_offset[cx[c]];
    const std::uint64_t ny = node_offset[cy[c]];
    const bool narrow = 2 * dx * dy <= 0xFFFFFFFFULL;  // 32-bit division is far cheaper
    if (r < dx * dy) {
      if (narrow) {
        a = static_cast<std::uint32_t>(r) / static_cast<std::uint32_t>(dy);
        b = static_cast<std::uint32_t>(r) % static_cast<std::uint32_t>(dy);
      } else {
        a = r / dy;
        b = r % dy;
      }
      src[e] = static_cast<std::uint32_t>(nx + a);
      dst[e] = static_cast<std::uint32_t>(ny + b);
      key[e] = static_cast<std::uint32_t>(counter_base[c] + a);
    } else {
      r -= dx * dy;
      if (narrow) {
        b = static_cast<std::uint32_t>(r) / static_cast<std::uint32_t>(dx);
        a = static_cast<std::uint32_t>(r) % static_cast<std::uint32_t>(dx);
      } else {
        b = r / dx;
        a = r % dx;
      }
      src[e] = static_cast<std::uint32_t>(ny + b);
      dst[e] = static_cast<std::uint32_t>(nx + a);
      key[e] = static_cast<std::uint32_t>(counter_base[c] + dx + b);
    }
    const std::uint64_t bit = a * dy + b;
    const bool allowed = ((bitmap[bitmap_base[c] + bit / 32] >> (bit % 32)) & 1U) != 0;
    s[e] = static_cast<std::uint8_t>(allowed && exists[nx + a] != 0 && exists[ny + b] != 0);
  }
};

struct FillCounterNodes {
  const std::uint64_t* counter_base;
  const std::uint64_t* node_offset;
  const std::uint32_t* dom;
  const std::uint32_t* cx;
  const std::uint32_t* cy;
  std::uint32_t m;
  std::uint32_t* counter_node;
  __host__ __device__ void operator()(std::uint64_t k) const {
    const std::uint32_t c = block_of(counter_base, m, k);
    const std::uint64_t local = k - counter_base[c];
    const std::uint64_t dx = dom[cx[c]];
    counter_node[k] = static_cast<std::uint32_t>(local < dx ? node_offset[cx[c]] + local
                                                            : node_offset[cy[c]] + (local - dx));
  }
};

struct IsSet {
  __host__ __device__ bool operator()(std::uint8_t v) const { return v != 0; }
};

struct ToInt {
  __host__ __device__ int operator()(std::uint8_t v) const { return v; }
  __host__ __device__ int operator()(std::uint32_t v) const { return static_cast<int>(v); }
};

// A value's edges in one constraint are a contiguous run of the edge array: row a of block
// (c, x->y) for counter (x,a,c), row b of block (c, y->x) for counter (y,b,c); its supports there
// are the run's allowed pairs, and their count is the counter's value.
struct RunLayout {
  const std::uint64_t* edge_base;
  const std::uint64_t* counter_base;
  const std::uint64_t* node_offset;
  const std::uint32_t* dom;
  const std::uint32_t* cx;
  const std::uint32_t* cy;
  std::uint32_t m;
  struct Run {
    std::uint64_t first_edge;
    std::uint64_t length;
    std::uint64_t own_node;       // node id of the counter's value
    std::uint64_t other_node;     // node id of the other end's value 0
    std::uint64_t other_counter;  // counter id of the other end's value 0 in c
    std::uint64_t bit0;           // bit of the constraint's bitmap for the run's first pair
    std::uint64_t bit_step;       // and its step along the run
    std::uint32_t constraint;
  };
  __host__ __device__ Run run_of(std::uint64_t k) const {
    const std::uint32_t c = block_of(counter_base, m, k);
    const std::uint64_t dx = dom[cx[c]];
    const std::uint64_t dy = dom[cy[c]];
    const std::uint64_t local = k - counter_base[c];
    if (local < dx)  // (x,a): row a of block x->y, other end (y,b), b = 0..dy-1, bit a*dy + b
      return Run{edge_base[c] + local * dy,
                 dy,
                 node_offset[cx[c]] + local,
                 node_offset[cy[c]],
                 counter_base[c] + dx,
                 local * dy,
                 1,
                 c};
    // (y,b): row b of block y->x, other end (x,a), a = 0..dx-1, bit a*dy + b
    const std::uint64_t b = local - dx;
    return Run{edge_base[c] + dx * dy + b * dx,
               dx,
               node_offset[cy[c]] + b,
               node_offset[cx[c]],
               counter_base[c],
               b,
               dy,
               c};
  }
};

// AC4GPU+'s edges and counters in one pass (its edges need no stored ends or keys: nothing
// reads them, see build_ne): each counter's run gets its flags s — the pair is allowed and both
// values exist — and the counter their sum. One thread per counter (the OpenMP system); one
// warp per counter on CUDA (fill_run_flags_by_warp).
struct FillRunFlags {
  RunLayout layout;
  const std::uint64_t* bitmap_base;
  const std::uint32_t* bitmap;
  const std::uint32_t* exists;
  std::uint8_t* s;
  int* counter;
  __host__ __device__ bool flag(const RunLayout::Run& r, std::uint64_t words,
                                std::uint64_t v) const {
    const std::uint64_t bit = r.bit0 + v * r.bit_step;
    return ((bitmap[words + bit / 32] >> (bit % 32)) & 1U) != 0 && exists[r.other_node + v] != 0;
  }
  __host__ __device__ void operator()(std::uint64_t k) const {
    const RunLayout::Run r = layout.run_of(k);
    const std::uint64_t words = bitmap_base[r.constraint];
    const bool own = exists[r.own_node] != 0;
    int count = 0;
    for (std::uint64_t v = 0; v < r.length; ++v) {
      const bool on = own && flag(r, words, v);
      s[r.first_edge + v] = static_cast<std::uint8_t>(on);
      count += on ? 1 : 0;
    }
    counter[k] = count;
  }
};

// One thread per counter copies its run's allowed pairs into the CSR slots starting at
// first_slot[k]: the supported value (the edge's other end) and the counter that loses a
// support when this value goes (the other end's counter in c).
struct FillSupportRuns {
  RunLayout layout;
  const std::uint8_t* s;
  const int* counter;
  const std::uint64_t* first_slot;
  std::uint32_t* target;
  std::uint32_t* feeds;
  __host__ __device__ void put(std::uint64_t slot, const RunLayout::Run& r, std::uint64_t v) const {
    target[slot] = static_cast<std::uint32_t>(r.other_node + v);
    feeds[slot] = static_cast<std::uint32_t>(r.other_counter + v);
  }
  // One thread per counter (the OpenMP system).
  __host__ __device__ void operator()(std::uint64_t k) const {
    if (counter[k] <= 0) return;
    const RunLayout::Run r = layout.run_of(k);
    std::uint64_t slot = first_slot[k];
    for (std::uint64_t v = 0; v < r.length; ++v)
      if (s[r.first_edge + v] != 0) put(slot++, r, v);
  }
};

#if defined(__CUDACC__)
// The CUDA versions: one warp per counter, lanes over 32 consecutive pairs of the run, each lane
// loading kChunks pairs before using any (independent loads in flight: a warp walking a run
// one load at a time is bound by latency, not bandwidth). Templates, so that every translation
// unit including this file may define them.
constexpr unsigned kRunWarp = 32;
constexpr unsigned kRunChunks = 4;

__device__ inline std::uint64_t first_warp_of_thread(unsigned block_threads) {
  return (static_cast<std::uint64_t>(blockIdx.x) * block_threads + threadIdx.x) / kRunWarp;
}

__device__ inline unsigned warp_sum(unsigned v) {
#if __CUDA_ARCH__ >= 800
  return __reduce_add_sync(0xFFFFFFFFU, v);
#else
  for (unsigned d = kRunWarp / 2; d > 0; d /= 2) v += __shfl_xor_sync(0xFFFFFFFFU, v, d);
  return v;
#endif
}

template <int kBlockThreads>
__global__ void __launch_bounds__(kBlockThreads)
    fill_run_flags_by_warp(FillRunFlags f, std::uint64_t counters) {
  const unsigned lane = threadIdx.x % kRunWarp;
  const std::uint64_t warps = static_cast<std::uint64_t>(gridDim.x) * (kBlockThreads / kRunWarp);
  for (std::uint64_t k = first_warp_of_thread(kBlockThreads); k < counters; k += warps) {
    const RunLayout::Run r = f.layout.run_of(k);
    const std::uint64_t words = f.bitmap_base[r.constraint];
    const bool own = f.exists[r.own_node] != 0;
    unsigned count = 0;
    for (std::uint64_t v0 = 0; v0 < r.length; v0 += kRunWarp * kRunChunks) {
      bool on[kRunChunks];
#pragma unroll
      for (unsigned i = 0; i < kRunChunks; ++i) {
        const std::uint64_t v = v0 + i * kRunWarp + lane;
        on[i] = own && v < r.length && f.flag(r, words, v);
      }
#pragma unroll
      for (unsigned i = 0; i < kRunChunks; ++i) {
        const std::uint64_t v = v0 + i * kRunWarp + lane;
        if (v < r.length) f.s[r.first_edge + v] = static_cast<std::uint8_t>(on[i]);
        count += on[i] ? 1U : 0U;
      }
    }
    count = warp_sum(count);
    if (lane == 0) f.counter[k] = static_cast<int>(count);
  }
}

// The lanes place the run's allowed pairs by a ballot and a prefix count, so reads and writes
// are coalesced.
template <int kBlockThreads>
__global__ void __launch_bounds__(kBlockThreads)
    fill_support_runs_by_warp(FillSupportRuns f, std::uint64_t counters) {
  const unsigned lane = threadIdx.x % kRunWarp;
  const std::uint64_t warps = static_cast<std::uint64_t>(gridDim.x) * (kBlockThreads / kRunWarp);
  for (std::uint64_t k = first_warp_of_thread(kBlockThreads); k < counters; k += warps) {
    if (f.counter[k] <= 0) continue;  // the whole warp skips it
    const RunLayout::Run r = f.layout.run_of(k);
    std::uint64_t slot = f.first_slot[k];
    for (std::uint64_t v0 = 0; v0 < r.length; v0 += kRunWarp * kRunChunks) {
      bool on[kRunChunks];
#pragma unroll
      for (unsigned i = 0; i < kRunChunks; ++i) {
        const std::uint64_t v = v0 + i * kRunWarp + lane;
        on[i] = v < r.length && f.s[r.first_edge + v] != 0;
      }
#pragma unroll
      for (unsigned i = 0; i < kRunChunks; ++i) {
        const unsigned ballot = __ballot_sync(0xFFFFFFFFU, on[i]);
        if (on[i])
          f.put(slot + static_cast<unsigned>(__popc(ballot & ((1U << lane) - 1U))), r,
                v0 + i * kRunWarp + lane);
        slot += static_cast<unsigned>(__popc(ballot));
      }
    }
  }
}

// Blocks for one warp per counter (grid-stride beyond the cap).
inline unsigned run_blocks(std::uint64_t counters, int block_threads) {
  const std::uint64_t per_block = static_cast<std::uint64_t>(block_threads) / kRunWarp;
  return static_cast<unsigned>(std::min<std::uint64_t>(
      std::max<std::uint64_t>((counters + per_block - 1) / per_block, 1), 65535));
}

template <typename Policy>
cudaStream_t stream_of(Policy policy) {
  return thrust::cuda_cub::stream(policy);
}
#endif

struct CounterSupports {
  const int* counter;
  __host__ __device__ std::uint64_t operator()(std::uint32_t k) const {
    return counter[k] > 0 ? static_cast<std::uint64_t>(counter[k]) : 0;
  }
};

// ---- n-ary functors ----------------------------------------------------------------------

// One thread per n-ary constraint (and the extra slot that makes the scans end with totals).
struct NarySizes {
  const std::uint32_t* arity;
  const std::uint32_t* count;
  std::uint32_t q;
  std::uint64_t* scope_len;
  std::uint64_t* tuple_len;
  std::uint64_t* entry_len;
  __host__ __device__ void operator()(std::uint32_t c) const {
    if (c == q) {
      scope_len[c] = tuple_len[c] = entry_len[c] = 0;
      return;
    }
    scope_len[c] = arity[c];
    tuple_len[c] = count[c];
    entry_len[c] = std::uint64_t{arity[c]} * count[c];
  }
};

// A node's number of n-ary counters: its variable's n-ary degree (0 for the extra slot).
struct NaryNodeDegree {
  const std::uint32_t* node_var;
  const std::uint32_t* degree;
  std::uint64_t nodes;
  __host__ __device__ std::uint64_t operator()(std::uint64_t node) const {
    return node < nodes ? degree[node_var[node]] : 0;
  }
};

// One thread per node: its n-ary counters belong to it.
struct FillNaryCounterNodes {
  const std::uint64_t* node_counter;
  std::uint64_t first;  // id of the first n-ary counter (the binary counters' count)
  std::uint32_t* counter_node;
  __host__ __device__ void operator()(std::uint64_t node) const {
    for (std::uint64_t k = node_counter[node]; k < node_counter[node + 1]; ++k)
      counter_node[first + k] = static_cast<std::uint32_t>(node);
  }
};

// Where a tuple's values are, and the counter its position i feeds.
struct NaryTupleView {
  const std::uint64_t* tuple_base;
  const std::uint64_t* entry_base;
  const std::uint64_t* scope_base;
  const std::uint32_t* arity;
  const std::uint32_t* rank;
  const std::uint64_t* node_counter;
  std::uint32_t q;
  std::uint64_t first_counter;  // the binary counters' count
  struct Tuple {
    std::uint64_t first_entry;
    std::uint64_t first_position;  // scope position of i = 0
    std::uint32_t arity;
  };
  __host__ __device__ Tuple tuple(std::uint64_t t) const {
    const std::uint32_t c = block_of(tuple_base, q, t);
    const std::uint32_t r = arity[c];
    return Tuple{entry_base[c] + (t - tuple_base[c]) * r, scope_base[c], r};
  }
  __host__ __device__ std::uint32_t counter_of(const Tuple& tu, std::uint32_t i,
                                               std::uint32_t node) const {
    return static_cast<std::uint32_t>(first_counter + node_counter[node] +
                                      rank[tu.first_position + i]);
  }
};

inline NaryTupleView nary_view(NeDevice& ne) {
  return NaryTupleView{raw(ne.nary_tuple_base),
                       raw(ne.nary_entry_base),
                       raw(ne.nary_scope_base),
                       raw(ne.nary_arity),
                       raw(ne.nary_rank),
                       raw(ne.nary_node_counter),
                       ne.q,
                       ne.counters};
}

// One thread per allowed tuple: its values become node ids, its entries get their counter and
// tuple, and s says whether all its values exist.
struct FillNaryTuples {
  NaryTupleView view;
  const std::uint32_t* scope;
  const std::uint64_t* node_offset;
  const std::uint32_t* exists;
  std::uint32_t* node;  // in: value indices; out: node ids
  std::uint32_t* key;
  std::uint32_t* member;
  std::uint32_t* s;
  __host__ __device__ void operator()(std::uint64_t t) const {
    const NaryTupleView::Tuple tu = view.tuple(t);
    std::uint32_t valid = 1;
    for (std::uint32_t i = 0; i < tu.arity; ++i) {
      const std::uint64_t e = tu.first_entry + i;
      const auto v =
          static_cast<std::uint32_t>(node_offset[scope[tu.first_position + i]] + node[e]);
      node[e] = v;
      key[e] = view.counter_of(tu, i, v);
      member[e] = static_cast<std::uint32_t>(t);
      valid &= exists[v] != 0 ? 1U : 0U;
    }
    s[t] = valid;
  }
};

struct PlusConstant {
  std::uint64_t base;
  __host__ __device__ std::uint32_t operator()(std::uint64_t v) const {
    return static_cast<std::uint32_t>(base + v);
  }
};

// Scratch for recounting the n-ary counters (one slot per counter at most).
struct NaryRecount {
  dvec<std::uint32_t> keys;
  dvec<int> sums;
};

// counter[(x,a),c] = valid tuples of c holding (x,a), for every n-ary counter: reduce-by-key of
// the validity flags over the sorted entries, the sums scattered to their counters. A counter
// whose value is in no tuple of c has no run: it keeps the 0 it was created with.
template <typename Exec>
void recount_nary(NeDevice& ne, Exec exec, NaryRecount& scratch) {
  const auto valid = thrust::make_transform_iterator(
      thrust::make_permutation_iterator(ne.nary_s.begin(), ne.nary_member.begin()), ToInt{});
  const auto end = thrust::reduce_by_key(exec(), ne.nary_key.begin(), ne.nary_key.end(), valid,
                                         scratch.keys.begin(), scratch.sums.begin());
  thrust::scatter(exec(), scratch.sums.begin(), end.second, scratch.keys.begin(),
                  ne.counter.begin());
}

#if defined(__CUDACC__)
// Host spans (for_each_span(put) calls put(data, count) for each), one after the other, into
// `device` (`words` of them in all). A copy from pageable memory goes through the driver's own
// staging at a fraction of the link's rate (1.5–2 GB/s measured for 400 MB): large tables are
// packed into two pinned buffers in turn, each copied while the other is filled. Small ones are
// copied directly.
template <typename ForEachSpan>
void upload_staged(ForEachSpan&& for_each_span, std::uint32_t* device, std::uint64_t words) {
  // Pinning costs time per byte too: buffers of 4 MB, and none below 16 MB (H100 machine: 400 MB
  // of pairs 25.6 ms staged against 234–276 ms pageable; 40 MB 7.9 ms against 6–9 ms; 2 MB
  // 2.4 ms against 0.9 ms).
  constexpr std::uint64_t kDirectWords = std::uint64_t{4} << 20;  // 16 MB
  constexpr std::uint64_t kStageWords = std::uint64_t{1} << 20;   // 4 MB per buffer
  if (words <= kDirectWords) {
    std::uint64_t at = 0;
    std::vector<std::uint32_t> packed(words);
    for_each_span([&](const std::uint32_t* data, std::uint64_t n) {
      std::copy_n(data, n, packed.begin() + static_cast<std::ptrdiff_t>(at));
      at += n;
    });
    ARCWAVE_CUDA_CHECK(
        cudaMemcpy(device, packed.data(), words * sizeof(std::uint32_t), cudaMemcpyHostToDevice));
    return;
  }
  const std::uint64_t stage_words = std::min(kStageWords, words);
  arcwave::cuda::PinnedBuffer<std::uint32_t> stage[2] = {
      arcwave::cuda::PinnedBuffer<std::uint32_t>(stage_words),
      arcwave::cuda::PinnedBuffer<std::uint32_t>(stage_words)};
  const arcwave::cuda::Stream stream;
  int current = 0;
  std::uint64_t filled = 0;
  std::uint64_t sent = 0;
  // One copy in flight: the previous one (from the other buffer) ends before this one starts,
  // so the buffer filled next is free, and its filling overlaps this copy.
  auto send = [&] {
    stream.synchronize();
    ARCWAVE_CUDA_CHECK(cudaMemcpyAsync(device + sent, stage[current].data(),
                                       filled * sizeof(std::uint32_t), cudaMemcpyHostToDevice,
                                       stream.get()));
    sent += filled;
    filled = 0;
    current ^= 1;
  };
  for_each_span([&](const std::uint32_t* data, std::uint64_t count) {
    for (std::uint64_t at = 0; at < count;) {
      const std::uint64_t n = std::min<std::uint64_t>(stage_words - filled, count - at);
      std::copy_n(data + at, n, stage[current].data() + filled);
      filled += n;
      at += n;
      if (filled == stage_words) send();
    }
  });
  if (filled > 0) send();
  stream.synchronize();
}

inline void upload_pairs(const arcwave::TableNetwork& net, std::uint32_t* device,
                         std::uint64_t words) {
  upload_staged(
      [&net](auto&& put) {
        for (const arcwave::TableConstraint& t : net.constraints)
          if (t.arity() == 2) put(t.tuples.data(), t.tuples.size());
      },
      device, words);
}
#endif

// Host -> device copy of the network: domain sizes, binary scopes, allowed pairs, n-ary
// arities, tuple counts, scopes and tuples, and the values left by unary constraints (the
// "transfer" phase of the paper's tables).
inline void upload_network(const arcwave::TableNetwork& net,
                           const std::vector<std::uint8_t>& initial_alive, NeDevice& ne) {
  std::vector<std::uint32_t> cx;
  std::vector<std::uint32_t> cy;
  std::vector<std::uint64_t> tuple_base{0};
  std::vector<std::uint32_t> nary_arity;
  std::vector<std::uint32_t> nary_count;
  std::vector<std::uint32_t> nary_scope;
  std::vector<std::uint32_t> nary_values;
  std::uint64_t pair_words = 0;
  for (const arcwave::TableConstraint& t : net.constraints) {
    if (t.arity() > 2) {
      nary_arity.push_back(static_cast<std::uint32_t>(t.arity()));
      nary_count.push_back(static_cast<std::uint32_t>(t.size()));
      nary_scope.insert(nary_scope.end(), t.scope.begin(), t.scope.end());
      nary_values.insert(nary_values.end(), t.tuples.begin(), t.tuples.end());
      continue;
    }
    if (t.arity() != 2) continue;
    cx.push_back(t.scope[0]);
    cy.push_back(t.scope[1]);
    pair_words += t.tuples.size();
    tuple_base.push_back(pair_words / 2);
  }
  ne.q = static_cast<std::uint32_t>(nary_arity.size());
  if (ne.q > 0) {
    ne.nary_arity = nary_arity;
    ne.nary_count = nary_count;
    ne.nary_scope = nary_scope;
    ne.nary_node = nary_values;
  }
  ne.n = static_cast<std::uint32_t>(net.variable_count());
  ne.m = static_cast<std::uint32_t>(cx.size());
  ne.domain_size = net.domain_sizes;
  ne.cx = cx;
  ne.cy = cy;
  ne.tuple_base = tuple_base;
  ne.tuples.resize(pair_words);
#if defined(__CUDACC__)
  upload_pairs(net, raw(ne.tuples), pair_words);
#else
  std::uint64_t at = 0;
  for (const arcwave::TableConstraint& t : net.constraints)
    if (t.arity() == 2) {
      thrust::copy(t.tuples.begin(), t.tuples.end(),
                   ne.tuples.begin() + static_cast<std::ptrdiff_t>(at));
      at += t.tuples.size();
    }
#endif
  const std::vector<std::uint32_t> alive32(initial_alive.begin(), initial_alive.end());
  ne.exists = alive32;
  ne.nodes = alive32.size();
}

#include "propagation/gpu/ne_compact_input.inl"

struct IsOne {
  __host__ __device__ std::uint32_t operator()(std::uint32_t) const { return 1; }
};

// BuildNE's n-ary part (after the binary one, which it extends: counter and counter_node grow
// by the n-ary counters). Sizes by one thread per constraint and exclusive scans, one thread per
// tuple to fill the edges, one sort of the entries by counter, the counters by reduce-by-key,
// and (AC4GPU+) the CSR from each value to the tuples holding it.
template <typename Exec, typename Mark>
void build_nary(NeDevice& ne, Exec exec, bool with_csr, Mark mark) {
  mark("nary-sizes");
  const std::uint32_t q = ne.q;
  ne.nary_scope_base.resize(q + 1);
  ne.nary_tuple_base.resize(q + 1);
  ne.nary_entry_base.resize(q + 1);
  thrust::for_each(exec(), thrust::counting_iterator<std::uint32_t>(0),
                   thrust::counting_iterator<std::uint32_t>(q + 1),
                   NarySizes{raw(ne.nary_arity), raw(ne.nary_count), q, raw(ne.nary_scope_base),
                             raw(ne.nary_tuple_base), raw(ne.nary_entry_base)});
  thrust::exclusive_scan(exec(), ne.nary_scope_base.begin(), ne.nary_scope_base.end(),
                         ne.nary_scope_base.begin());
  thrust::exclusive_scan(exec(), ne.nary_tuple_base.begin(), ne.nary_tuple_base.end(),
                         ne.nary_tuple_base.begin());
  thrust::exclusive_scan(exec(), ne.nary_entry_base.begin(), ne.nary_entry_base.end(),
                         ne.nary_entry_base.begin());
  const std::uint64_t positions = ne.nary_scope_base[q];
  ne.nary_tuples = ne.nary_tuple_base[q];
  ne.nary_entries = ne.nary_entry_base[q];
  // Rank of each constraint among the n-ary constraints of each of its variables, and each
  // variable's n-ary degree: the scope positions stably sorted by variable, then a scan and a
  // reduction by key.
  {
    dvec<std::uint32_t> by_var(ne.nary_scope);
    dvec<std::uint32_t> position(positions);
    dvec<std::uint32_t> rank_sorted(positions);
    thrust::sequence(exec(), position.begin(), position.end());
    thrust::stable_sort_by_key(exec(), by_var.begin(), by_var.end(), position.begin());
    const auto ones = thrust::make_transform_iterator(by_var.begin(), IsOne{});
    thrust::exclusive_scan_by_key(exec(), by_var.begin(), by_var.end(), ones, rank_sorted.begin());
    ne.nary_rank.resize(positions);
    thrust::scatter(exec(), rank_sorted.begin(), rank_sorted.end(), position.begin(),
                    ne.nary_rank.begin());
    dvec<std::uint32_t> vars(positions);
    dvec<std::uint32_t> degrees(positions);
    const auto runs = thrust::reduce_by_key(exec(), by_var.begin(), by_var.end(), ones,
                                            vars.begin(), degrees.begin());
    dvec<std::uint32_t> degree(ne.n, 0U);
    thrust::scatter(exec(), degrees.begin(), runs.second, vars.begin(), degree.begin());
    // Per node: its first n-ary counter (exclusive scan of the degrees of the nodes' variables).
    ne.nary_node_counter.resize(ne.nodes + 1);
    const auto node_degree =
        thrust::make_transform_iterator(thrust::counting_iterator<std::uint64_t>(0),
                                        NaryNodeDegree{raw(ne.node_var), raw(degree), ne.nodes});
    thrust::exclusive_scan(exec(), node_degree, node_degree + (ne.nodes + 1),
                           ne.nary_node_counter.begin());
  }
  ne.nary_counters = ne.nary_node_counter[ne.nodes];
  ne.counter.resize(ne.counters + ne.nary_counters);
  ne.counter_node.resize(ne.counters + ne.nary_counters);
  thrust::for_each(
      exec(), thrust::counting_iterator<std::uint64_t>(0),
      thrust::counting_iterator<std::uint64_t>(ne.nodes),
      FillNaryCounterNodes{raw(ne.nary_node_counter), ne.counters, raw(ne.counter_node)});
  if (ne.nary_compact) expand_compact_nary(ne, exec, mark);
  // One thread per tuple: node ids, entries and s.
  mark("nary-edges");
  ne.nary_s.resize(ne.nary_tuples);
  ne.nary_key.resize(ne.nary_entries);
  ne.nary_member.resize(ne.nary_entries);
  thrust::for_each(
      exec(), thrust::counting_iterator<std::uint64_t>(0),
      thrust::counting_iterator<std::uint64_t>(ne.nary_tuples),
      FillNaryTuples{nary_view(ne), raw(ne.nary_scope), raw(ne.node_offset), raw(ne.exists),
                     raw(ne.nary_node), raw(ne.nary_key), raw(ne.nary_member), raw(ne.nary_s)});
  // The entries by counter (so by value too), then the counters by reduce-by-key.
  mark("nary-counters");
  thrust::sort_by_key(exec(), ne.nary_key.begin(), ne.nary_key.end(), ne.nary_member.begin());
  {
    NaryRecount scratch{dvec<std::uint32_t>(ne.nary_counters), dvec<int>(ne.nary_counters)};
    recount_nary(ne, exec, scratch);
  }
  if (!with_csr) return;
  // CSR from each value to its entries: the first entry whose counter is the value's first.
  mark("nary-csr");
  ne.nary_csr_offset.resize(ne.nodes + 1);
  const auto first_key =
      thrust::make_transform_iterator(ne.nary_node_counter.begin(), PlusConstant{ne.counters});
  thrust::lower_bound(exec(), ne.nary_key.begin(), ne.nary_key.end(), first_key,
                      first_key + static_cast<std::ptrdiff_t>(ne.nodes + 1),
                      ne.nary_csr_offset.begin());
}

template <typename Exec, typename Mark>
void build_support_csr(NeDevice& ne, Exec exec, Mark mark);

// BuildNE: sizes per variable / constraint and exclusive scans for the offsets, one thread per
// tuple for the support bitmaps, one thread per edge for ⟨x,a,y,b,s⟩, the counters once by
// reduce-by-key, and (for AC4GPU+) the CSR of supports; then the n-ary part, if any
// (build_nary). `mark(name)` is called as each phase starts (the caller's timer; a no-op where
// phases are not timed).
template <typename Exec, typename Mark>
void build_ne(NeDevice& ne, Exec exec, bool with_csr, Mark mark) {
  mark("sizes");
  const std::uint64_t tuple_count = ne.tuples.size() / 2;
  // Sizes: one thread per variable / constraint, exclusive scans for the offsets.
  ne.node_offset.resize(ne.n + 1);
  thrust::copy(exec(), ne.domain_size.begin(), ne.domain_size.end(), ne.node_offset.begin());
  ne.node_offset[ne.n] = 0;
  thrust::exclusive_scan(exec(), ne.node_offset.begin(), ne.node_offset.end(),
                         ne.node_offset.begin());
  ne.edge_base.resize(ne.m + 1);
  ne.counter_base.resize(ne.m + 1);
  // Bitmaps sent by the host (a CompactNetwork) keep the host's offsets (shared words).
  if (!ne.bitmap_uploaded) ne.bitmap_base.resize(ne.m + 1);
  thrust::for_each(
      exec(), thrust::counting_iterator<std::uint32_t>(0),
      thrust::counting_iterator<std::uint32_t>(ne.m + 1),
      ConstraintSizes{raw(ne.domain_size), raw(ne.cx), raw(ne.cy), ne.m, raw(ne.edge_base),
                      raw(ne.counter_base), ne.bitmap_uploaded ? nullptr : raw(ne.bitmap_base)});
  thrust::exclusive_scan(exec(), ne.edge_base.begin(), ne.edge_base.end(), ne.edge_base.begin());
  thrust::exclusive_scan(exec(), ne.counter_base.begin(), ne.counter_base.end(),
                         ne.counter_base.begin());
  if (!ne.bitmap_uploaded)
    thrust::exclusive_scan(exec(), ne.bitmap_base.begin(), ne.bitmap_base.end(),
                           ne.bitmap_base.begin());
  ne.edges = ne.edge_base[ne.m];
  ne.counters = ne.counter_base[ne.m];

  mark("bitmap");
  ne.node_var.resize(ne.nodes);
  thrust::for_each(exec(), thrust::counting_iterator<std::uint64_t>(0),
                   thrust::counting_iterator<std::uint64_t>(ne.nodes),
                   FillNodeVar{raw(ne.node_offset), ne.n, raw(ne.node_var)});
  if (!ne.bitmap_uploaded) {
    ne.bitmap.assign(ne.bitmap_base[ne.m], 0U);
    thrust::for_each(exec(), thrust::counting_iterator<std::uint64_t>(0),
                     thrust::counting_iterator<std::uint64_t>(tuple_count),
                     SetSupportBits{raw(ne.tuple_base), raw(ne.tuples), raw(ne.bitmap_base),
                                    raw(ne.domain_size), raw(ne.cy), ne.m, raw(ne.bitmap)});
  }
  mark("edges");
  const RunLayout layout{raw(ne.edge_base),
                         raw(ne.counter_base),
                         raw(ne.node_offset),
                         raw(ne.domain_size),
                         raw(ne.cx),
                         raw(ne.cy),
                         ne.m};
  ne.edge_s.resize(ne.edges);
  ne.counter.resize(ne.counters);
  if (with_csr) {
    // AC4GPU+ reads an edge only through its run (the counter it feeds, the CSR fill), and a
    // run's position gives the edge's ends and key: only s is stored, written with the
    // counters in one pass over the runs instead of a reduce-by-key over keys.
    const FillRunFlags fill{layout,         raw(ne.bitmap_base), raw(ne.bitmap),
                            raw(ne.exists), raw(ne.edge_s),      raw(ne.counter)};
#if defined(__CUDACC__)
    constexpr int kThreads = 256;
    fill_run_flags_by_warp<kThreads>
        <<<run_blocks(ne.counters, kThreads), kThreads, 0, stream_of(exec())>>>(fill, ne.counters);
    ARCWAVE_CUDA_CHECK_LAUNCH("fill_run_flags_by_warp");
#else
    thrust::for_each(exec(), thrust::counting_iterator<std::uint64_t>(0),
                     thrust::counting_iterator<std::uint64_t>(ne.counters), fill);
#endif
  } else {
    // Algorithm 3 as the paper builds it: one thread per edge fills ⟨x,a,y,b,s⟩ and its key,
    // then the counters once by reduce-by-key over the edges keyed by (x,a,c).
    ne.edge_src.resize(ne.edges);
    ne.edge_dst.resize(ne.edges);
    ne.edge_key.resize(ne.edges);
    thrust::for_each(
        exec(), thrust::counting_iterator<std::uint64_t>(0),
        thrust::counting_iterator<std::uint64_t>(ne.edges),
        FillEdges{raw(ne.edge_base), raw(ne.counter_base), raw(ne.bitmap_base), raw(ne.node_offset),
                  raw(ne.domain_size), raw(ne.cx), raw(ne.cy), raw(ne.bitmap), raw(ne.exists), ne.m,
                  raw(ne.edge_src), raw(ne.edge_dst), raw(ne.edge_key), raw(ne.edge_s)});
    mark("counters");
    auto keys_out = scratch<std::uint32_t>(exec, ne.counters);
    thrust::reduce_by_key(exec(), ne.edge_key.begin(), ne.edge_key.end(),
                          thrust::make_transform_iterator(ne.edge_s.begin(), ToInt{}),
                          keys_out.begin(), ne.counter.begin());
  }
  ne.counter_node.resize(ne.counters);
  thrust::for_each(exec(), thrust::counting_iterator<std::uint64_t>(0),
                   thrust::counting_iterator<std::uint64_t>(ne.counters),
                   FillCounterNodes{raw(ne.counter_base), raw(ne.node_offset), raw(ne.domain_size),
                                    raw(ne.cx), raw(ne.cy), ne.m, raw(ne.counter_node)});
  // Current domain sizes (after unary constraints).
  ne.live_size.resize(ne.n);
  dvec<std::uint32_t> vars_out(ne.n);
  thrust::reduce_by_key(exec(), ne.node_var.begin(), ne.node_var.end(),
                        thrust::make_transform_iterator(ne.exists.begin(), ToInt{}),
                        vars_out.begin(), ne.live_size.begin());
  if (with_csr) build_support_csr(ne, exec, mark);
  if (ne.q > 0) build_nary(ne, exec, with_csr, mark);
}

// AC4GPU+'s CSR of binary supports (BuildNE's last phases).
template <typename Exec, typename Mark>
void build_support_csr(NeDevice& ne, Exec exec, Mark mark) {
  // CSR of supports, without sorting the edges: the counters ordered by value (a small sort:
  // one key per value and constraint), each counter's supports as a block of slots in that
  // order (a scan of the counts), then one thread per counter copies its run (FillSupportRuns).
  mark("csr-order");
  auto by_node = scratch<std::uint32_t>(exec, ne.counters);
  auto order = scratch<std::uint32_t>(exec, ne.counters);
  thrust::copy(exec(), ne.counter_node.begin(), ne.counter_node.end(), by_node.begin());
  thrust::sequence(exec(), order.begin(), order.end());
  thrust::stable_sort_by_key(exec(), by_node.begin(), by_node.end(), order.begin());
  // slot[i]: first CSR slot of the i-th counter in value order
  auto slot = scratch<std::uint64_t>(exec, ne.counters + 1);
  thrust::fill_n(exec(), slot.begin(), 1, std::uint64_t{0});
  thrust::inclusive_scan(
      exec(), thrust::make_transform_iterator(order.begin(), CounterSupports{raw(ne.counter)}),
      thrust::make_transform_iterator(order.end(), CounterSupports{raw(ne.counter)}),
      slot.begin() + 1);
  auto first_slot = scratch<std::uint64_t>(exec, ne.counters);
  thrust::scatter(exec(), slot.begin(), slot.end() - 1, order.begin(), first_slot.begin());
  ne.csr_offset.resize(ne.nodes + 1);
  auto first_of_node = scratch<std::uint32_t>(exec, ne.nodes + 1);
  thrust::lower_bound(
      exec(), by_node.begin(), by_node.end(), thrust::counting_iterator<std::uint32_t>(0),
      thrust::counting_iterator<std::uint32_t>(static_cast<std::uint32_t>(ne.nodes + 1)),
      first_of_node.begin());
  thrust::gather(exec(), first_of_node.begin(), first_of_node.end(), slot.begin(),
                 ne.csr_offset.begin());
  ne.supports = ne.csr_offset[ne.nodes];  // the one read back: the CSR's size
  mark("csr-fill");
  ne.csr_target.resize(ne.supports);
  ne.csr_counter.resize(ne.supports);
  const FillSupportRuns fill{RunLayout{raw(ne.edge_base), raw(ne.counter_base), raw(ne.node_offset),
                                       raw(ne.domain_size), raw(ne.cx), raw(ne.cy), ne.m},
                             raw(ne.edge_s),
                             raw(ne.counter),
                             first_slot.data(),
                             raw(ne.csr_target),
                             raw(ne.csr_counter)};
#if defined(__CUDACC__)
  constexpr int kThreads = 256;
  fill_support_runs_by_warp<kThreads>
      <<<run_blocks(ne.counters, kThreads), kThreads, 0, stream_of(exec())>>>(fill, ne.counters);
  ARCWAVE_CUDA_CHECK_LAUNCH("fill_support_runs_by_warp");
#else
  thrust::for_each(exec(), thrust::counting_iterator<std::uint64_t>(0),
                   thrust::counting_iterator<std::uint64_t>(ne.counters), fill);
#endif
}

// ---- AC4GPU (Algorithm 3) --------------------------------------------------------------

struct DeleteUnsupported {
  const int* counter;
  const std::uint32_t* counter_node;
  std::uint32_t* exists;
  __host__ __device__ void operator()(std::uint64_t k) const {
    if (counter[k] == 0) arcwave::atomics::store(&exists[counter_node[k]], 0U);
  }
};

struct MarkEdges {
  const std::uint32_t* exists;
  const std::uint32_t* src;
  const std::uint32_t* dst;
  std::uint8_t* s;
  __host__ __device__ void operator()(std::uint64_t e) const {
    if (s[e] != 0 && (exists[src[e]] == 0 || exists[dst[e]] == 0)) s[e] = 0;
  }
};

// An n-ary tuple holding a deleted value is no longer valid (one thread per tuple).
struct MarkTuples {
  NaryTupleView view;
  const std::uint32_t* node;
  const std::uint32_t* exists;
  std::uint32_t* s;
  __host__ __device__ void operator()(std::uint64_t t) const {
    if (s[t] == 0) return;
    const NaryTupleView::Tuple tu = view.tuple(t);
    for (std::uint32_t i = 0; i < tu.arity; ++i)
      if (exists[node[tu.first_entry + i]] == 0) {
        s[t] = 0;
        return;
      }
  }
};

struct IsZero {
  __host__ __device__ bool operator()(int v) const { return v == 0; }
};

/// Algorithm 3: counters by reduce-by-key, delete unsupported nodes, mark their edges (and
/// n-ary tuples), recount the domain sizes; until no size changes or one is zero. `Exec2` runs
/// the edge marking concurrently with the size update where the system has streams.
template <typename Exec, typename Exec2, typename Sync>
std::uint32_t ac4gpu(NeDevice& ne, Exec exec, Exec2 exec_second, Sync sync, bool& wiped_out) {
  dvec<std::uint32_t> keys_out(ne.counters);
  dvec<std::uint32_t> vars_out(ne.n);
  dvec<int> new_size(ne.n);
  NaryRecount nary_scratch;
  if (ne.q > 0) {
    nary_scratch.keys.resize(ne.nary_counters);
    nary_scratch.sums.resize(ne.nary_counters);
  }
  std::uint32_t iterations = 0;
  wiped_out = thrust::any_of(exec(), ne.live_size.begin(), ne.live_size.end(), IsZero{});
  while (!wiped_out) {
    ++iterations;
    thrust::reduce_by_key(exec(), ne.edge_key.begin(), ne.edge_key.end(),
                          thrust::make_transform_iterator(ne.edge_s.begin(), ToInt{}),
                          keys_out.begin(), ne.counter.begin());
    if (ne.q > 0) recount_nary(ne, exec, nary_scratch);
    thrust::for_each(exec(), thrust::counting_iterator<std::uint64_t>(0),
                     thrust::counting_iterator<std::uint64_t>(ne.counters + ne.nary_counters),
                     DeleteUnsupported{raw(ne.counter), raw(ne.counter_node), raw(ne.exists)});
    sync();
    thrust::for_each(exec_second(), thrust::counting_iterator<std::uint64_t>(0),
                     thrust::counting_iterator<std::uint64_t>(ne.edges),
                     MarkEdges{raw(ne.exists), raw(ne.edge_src), raw(ne.edge_dst), raw(ne.edge_s)});
    if (ne.q > 0)
      thrust::for_each(
          exec(), thrust::counting_iterator<std::uint64_t>(0),
          thrust::counting_iterator<std::uint64_t>(ne.nary_tuples),
          MarkTuples{nary_view(ne), raw(ne.nary_node), raw(ne.exists), raw(ne.nary_s)});
    thrust::reduce_by_key(exec(), ne.node_var.begin(), ne.node_var.end(),
                          thrust::make_transform_iterator(ne.exists.begin(), ToInt{}),
                          vars_out.begin(), new_size.begin());
    sync();
    wiped_out = thrust::any_of(exec(), new_size.begin(), new_size.end(), IsZero{});
    const bool unchanged =
        thrust::equal(exec(), new_size.begin(), new_size.end(), ne.live_size.begin());
    ne.live_size.swap(new_size);
    if (unchanged) break;
  }
  return iterations;
}

// ---- AC4GPU+ (Algorithm 4) -------------------------------------------------------------

// Finds the nodes that lost their last support in some constraint: flags them and decrements
// their variable's size once per zero counter (so twice when two counters of one value reach
// zero together: the double deletion of the paper's Fig. 3, repaired by a recount).
struct FindUnsupported {
  const int* counter;
  const std::uint32_t* counter_node;
  const std::uint32_t* exists;
  const std::uint32_t* node_var;
  std::uint8_t* deleted;
  int* live_size;
  __host__ __device__ void operator()(std::uint64_t k) const {
    if (counter[k] != 0) return;
    const std::uint32_t node = counter_node[k];
    if (exists[node] == 0) return;
    deleted[node] = 1;
    arcwave::atomics::fetch_sub(&live_size[node_var[node]], 1);
  }
};

struct ApplyDeletion {
  std::uint32_t* exists;
  std::uint8_t* deleted;
  __host__ __device__ void operator()(std::uint32_t node) const {
    exists[node] = 0;
    deleted[node] = 0;
  }
};

// For a deleted value (y,b): each value it supported loses one support.
struct DecrementSupported {
  const std::uint64_t* csr_offset;
  const std::uint32_t* csr_target;
  const std::uint32_t* csr_counter;
  const std::uint32_t* exists;
  int* counter;
  __host__ __device__ void operator()(std::uint32_t node) const {
    for (std::uint64_t e = csr_offset[node]; e < csr_offset[node + 1]; ++e)
      if (exists[csr_target[e]] != 0) arcwave::atomics::fetch_sub(&counter[csr_counter[e]], 1);
  }
};

// For a deleted value: each still-valid n-ary tuple holding it becomes invalid (once: the flag
// is exchanged, as two values of one tuple may go in the same round) and the counter of each of
// the tuple's values that still exists loses one support.
struct InvalidateTuples {
  NaryTupleView view;
  const std::uint64_t* csr_offset;
  const std::uint32_t* member;
  const std::uint32_t* node;
  const std::uint32_t* exists;
  std::uint32_t* s;
  int* counter;
  __host__ __device__ void operator()(std::uint32_t v) const {
    for (std::uint64_t e = csr_offset[v]; e < csr_offset[v + 1]; ++e) {
      const std::uint32_t t = member[e];
      if (arcwave::atomics::load(&s[t]) == 0U) continue;
      if (arcwave::atomics::exchange(&s[t], 0U) == 0U) continue;
      const NaryTupleView::Tuple tu = view.tuple(t);
      for (std::uint32_t i = 0; i < tu.arity; ++i) {
        const std::uint32_t u = node[tu.first_entry + i];
        if (exists[u] != 0) arcwave::atomics::fetch_sub(&counter[view.counter_of(tu, i, u)], 1);
      }
    }
  }
};

struct NotPositive {
  __host__ __device__ bool operator()(int v) const { return v <= 0; }
};

template <typename Exec>
std::uint32_t ac4gpu_plus(NeDevice& ne, Exec exec, bool& wiped_out) {
  dvec<std::uint8_t> deleted(ne.nodes, 0);
  dvec<std::uint32_t> queue(ne.nodes);
  dvec<std::uint32_t> vars_out(ne.n);
  std::uint32_t rounds = 0;
  wiped_out = thrust::any_of(exec(), ne.live_size.begin(), ne.live_size.end(), IsZero{});
  while (!wiped_out) {
    thrust::for_each(exec(), thrust::counting_iterator<std::uint64_t>(0),
                     thrust::counting_iterator<std::uint64_t>(ne.counters + ne.nary_counters),
                     FindUnsupported{raw(ne.counter), raw(ne.counter_node), raw(ne.exists),
                                     raw(ne.node_var), raw(deleted), raw(ne.live_size)});
    const auto end = thrust::copy_if(
        exec(), thrust::counting_iterator<std::uint32_t>(0),
        thrust::counting_iterator<std::uint32_t>(static_cast<std::uint32_t>(ne.nodes)),
        deleted.begin(), queue.begin(), IsSet{});
    const auto count = static_cast<std::uint64_t>(end - queue.begin());
    if (count == 0) break;
    ++rounds;
    thrust::for_each(exec(), queue.begin(), end, ApplyDeletion{raw(ne.exists), raw(deleted)});
    if (thrust::any_of(exec(), ne.live_size.begin(), ne.live_size.end(), NotPositive{})) {
      // A size reached zero, maybe by double counting: recount it from the existence flags.
      thrust::reduce_by_key(exec(), ne.node_var.begin(), ne.node_var.end(),
                            thrust::make_transform_iterator(ne.exists.begin(), ToInt{}),
                            vars_out.begin(), ne.live_size.begin());
      wiped_out = thrust::any_of(exec(), ne.live_size.begin(), ne.live_size.end(), IsZero{});
      if (wiped_out) break;
    }
    thrust::for_each(exec(), queue.begin(), end,
                     DecrementSupported{raw(ne.csr_offset), raw(ne.csr_target), raw(ne.csr_counter),
                                        raw(ne.exists), raw(ne.counter)});
    if (ne.q > 0)
      thrust::for_each(
          exec(), queue.begin(), end,
          InvalidateTuples{nary_view(ne), raw(ne.nary_csr_offset), raw(ne.nary_member),
                           raw(ne.nary_node), raw(ne.exists), raw(ne.nary_s), raw(ne.counter)});
  }
  return rounds;
}
