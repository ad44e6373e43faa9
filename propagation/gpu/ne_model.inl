// propagation/gpu/ne_model.inl — BuildNE, AC4GPU and AC4GPU+ written with Thrust. Included by
// ac_gpu_cuda.cu (CUDA system) and ac_gpu_omp.cpp (OpenMP system), each inside its own
// namespace; `Exec` is the TU's execution-policy factory and `Clock` its timer.
//
// Layout (binary network, m constraints c = (x, y)):
//   nodes       (x,a) -> node_offset[x] + a; exists[node] in {0,1}; node_var[node] = x
//   edges       block (c, x->y): e = edge_base[c] + a*dy + b, then block (c, y->x):
//               e = edge_base[c] + dx*dy + b*dx + a; src, dst (node ids), key (counter id), s
//   counters    counter_base[c] + a for (x,a); counter_base[c] + dx + b for (y,b)
//   supports    CSR over nodes: entries (x,a) supported by (y,b), with the counter they feed
// Edge keys are non-decreasing by construction, as reduce-by-key needs.

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
  dvec<std::uint32_t> tuples;  // (a, b) pairs
  dvec<std::uint32_t> bitmap;
  dvec_nofill<std::uint32_t> edge_src, edge_dst, edge_key;
  dvec_nofill<std::uint8_t> edge_s;
  dvec<std::uint32_t> counter_node;
  dvec<int> counter;
  dvec<std::uint64_t> csr_offset;
  dvec_nofill<std::uint32_t> csr_target, csr_counter;
};

// ---- BuildNE functors ------------------------------------------------------------------

struct ConstraintSizes {
  const std::uint32_t* dom;
  const std::uint32_t* cx;
  const std::uint32_t* cy;
  std::uint32_t m;
  std::uint64_t* edges;
  std::uint64_t* counters;
  std::uint64_t* words;
  __host__ __device__ void operator()(std::uint32_t c) const {
    if (c == m) {  // the extra slot that makes the exclusive scans end with the totals
      edges[c] = counters[c] = words[c] = 0;
      return;
    }
    const std::uint64_t dx = dom[cx[c]];
    const std::uint64_t dy = dom[cy[c]];
    edges[c] = 2 * dx * dy;
    counters[c] = dx + dy;
    words[c] = (dx * dy + 31) / 32;
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

// A value's supports in one constraint are the allowed pairs among its own edges there, a
// contiguous run of the edge array: row a of block (c, x->y) for counter (x,a,c), row b of block
// (c, y->x) for counter (y,b,c); the run's edge count is the counter's value. One thread per
// counter copies its run's allowed pairs into the CSR slots starting at first_slot[k]: the
// supported value (the edge's other end) and the counter that loses a support when this value
// goes (the other end's counter in c).
struct FillSupportRuns {
  const std::uint64_t* edge_base;
  const std::uint64_t* counter_base;
  const std::uint64_t* node_offset;
  const std::uint32_t* dom;
  const std::uint32_t* cx;
  const std::uint32_t* cy;
  const std::uint8_t* s;
  const int* counter;
  const std::uint64_t* first_slot;
  std::uint32_t m;
  std::uint32_t* target;
  std::uint32_t* feeds;
  struct Run {
    std::uint64_t first_edge;
    std::uint64_t length;
    std::uint64_t other_node;     // node id of the other end's value 0
    std::uint64_t other_counter;  // counter id of the other end's value 0 in c
  };
  __host__ __device__ Run run_of(std::uint64_t k) const {
    const std::uint32_t c = block_of(counter_base, m, k);
    const std::uint64_t dx = dom[cx[c]];
    const std::uint64_t dy = dom[cy[c]];
    const std::uint64_t local = k - counter_base[c];
    if (local < dx)  // (x,a): row a of block x->y, other end (y,b), b = 0..dy-1
      return Run{edge_base[c] + local * dy, dy, node_offset[cy[c]], counter_base[c] + dx};
    // (y,b): row b of block y->x, other end (x,a), a = 0..dx-1
    return Run{edge_base[c] + dx * dy + (local - dx) * dx, dx, node_offset[cx[c]], counter_base[c]};
  }
  __host__ __device__ void put(std::uint64_t slot, const Run& r, std::uint64_t v) const {
    target[slot] = static_cast<std::uint32_t>(r.other_node + v);
    feeds[slot] = static_cast<std::uint32_t>(r.other_counter + v);
  }
  // One thread per counter (the OpenMP system).
  __host__ __device__ void operator()(std::uint64_t k) const {
    if (counter[k] <= 0) return;
    const Run r = run_of(k);
    std::uint64_t slot = first_slot[k];
    for (std::uint64_t v = 0; v < r.length; ++v)
      if (s[r.first_edge + v] != 0) put(slot++, r, v);
  }
};

#if defined(__CUDACC__)
// One warp per counter (the CUDA system): the lanes read 32 consecutive flags of the run and
// place its allowed pairs by a ballot and a prefix count, so reads and writes are coalesced.
// Templates, so that every translation unit including this file may define them.
template <int kBlockThreads>
__global__ void __launch_bounds__(kBlockThreads)
    fill_support_runs_by_warp(FillSupportRuns f, std::uint64_t counters) {
  constexpr unsigned kWarp = 32;
  const unsigned lane = threadIdx.x % kWarp;
  const std::uint64_t warps = static_cast<std::uint64_t>(gridDim.x) * (kBlockThreads / kWarp);
  for (std::uint64_t k =
           (static_cast<std::uint64_t>(blockIdx.x) * kBlockThreads + threadIdx.x) / kWarp;
       k < counters; k += warps) {
    if (f.counter[k] <= 0) continue;  // the whole warp skips it
    const FillSupportRuns::Run r = f.run_of(k);
    std::uint64_t slot = f.first_slot[k];
    for (std::uint64_t v0 = 0; v0 < r.length; v0 += kWarp) {
      const std::uint64_t v = v0 + lane;
      const bool on = v < r.length && f.s[r.first_edge + v] != 0;
      const unsigned ballot = __ballot_sync(0xFFFFFFFFU, on);
      if (on) f.put(slot + static_cast<unsigned>(__popc(ballot & ((1U << lane) - 1U))), r, v);
      slot += static_cast<unsigned>(__popc(ballot));
    }
  }
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

// Host -> device copy of the network: domain sizes, binary scopes, allowed pairs, and the
// values left by unary constraints (the "transfer" phase of the paper's tables).
inline void upload_network(const arcwave::TableNetwork& net,
                           const std::vector<std::uint8_t>& initial_alive, NeDevice& ne) {
  std::vector<std::uint32_t> cx;
  std::vector<std::uint32_t> cy;
  std::vector<std::uint64_t> tuple_base{0};
  std::vector<std::uint32_t> tuples;
  for (const arcwave::TableConstraint& t : net.constraints) {
    if (t.arity() != 2) continue;
    cx.push_back(t.scope[0]);
    cy.push_back(t.scope[1]);
    tuples.insert(tuples.end(), t.tuples.begin(), t.tuples.end());
    tuple_base.push_back(tuples.size() / 2);
  }
  ne.n = static_cast<std::uint32_t>(net.variable_count());
  ne.m = static_cast<std::uint32_t>(cx.size());
  ne.domain_size = net.domain_sizes;
  ne.cx = cx;
  ne.cy = cy;
  ne.tuple_base = tuple_base;
  ne.tuples = tuples;
  const std::vector<std::uint32_t> alive32(initial_alive.begin(), initial_alive.end());
  ne.exists = alive32;
  ne.nodes = alive32.size();
}

// BuildNE: sizes per variable / constraint and exclusive scans for the offsets, one thread per
// tuple for the support bitmaps, one thread per edge for ⟨x,a,y,b,s⟩, the counters once by
// reduce-by-key, and (for AC4GPU+) the CSR of supports. `mark(name)` is called as each phase
// starts (the caller's timer; a no-op where phases are not timed).
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
  ne.bitmap_base.resize(ne.m + 1);
  thrust::for_each(exec(), thrust::counting_iterator<std::uint32_t>(0),
                   thrust::counting_iterator<std::uint32_t>(ne.m + 1),
                   ConstraintSizes{raw(ne.domain_size), raw(ne.cx), raw(ne.cy), ne.m,
                                   raw(ne.edge_base), raw(ne.counter_base), raw(ne.bitmap_base)});
  thrust::exclusive_scan(exec(), ne.edge_base.begin(), ne.edge_base.end(), ne.edge_base.begin());
  thrust::exclusive_scan(exec(), ne.counter_base.begin(), ne.counter_base.end(),
                         ne.counter_base.begin());
  thrust::exclusive_scan(exec(), ne.bitmap_base.begin(), ne.bitmap_base.end(),
                         ne.bitmap_base.begin());
  ne.edges = ne.edge_base[ne.m];
  ne.counters = ne.counter_base[ne.m];
  const std::uint64_t words = ne.bitmap_base[ne.m];

  mark("bitmap");
  ne.node_var.resize(ne.nodes);
  thrust::for_each(exec(), thrust::counting_iterator<std::uint64_t>(0),
                   thrust::counting_iterator<std::uint64_t>(ne.nodes),
                   FillNodeVar{raw(ne.node_offset), ne.n, raw(ne.node_var)});
  ne.bitmap.assign(words, 0U);
  thrust::for_each(exec(), thrust::counting_iterator<std::uint64_t>(0),
                   thrust::counting_iterator<std::uint64_t>(tuple_count),
                   SetSupportBits{raw(ne.tuple_base), raw(ne.tuples), raw(ne.bitmap_base),
                                  raw(ne.domain_size), raw(ne.cy), ne.m, raw(ne.bitmap)});
  // One thread per edge fills ⟨x,a,y,b,s⟩.
  mark("edges");
  ne.edge_src.resize(ne.edges);
  ne.edge_dst.resize(ne.edges);
  ne.edge_key.resize(ne.edges);
  ne.edge_s.resize(ne.edges);
  thrust::for_each(
      exec(), thrust::counting_iterator<std::uint64_t>(0),
      thrust::counting_iterator<std::uint64_t>(ne.edges),
      FillEdges{raw(ne.edge_base), raw(ne.counter_base), raw(ne.bitmap_base), raw(ne.node_offset),
                raw(ne.domain_size), raw(ne.cx), raw(ne.cy), raw(ne.bitmap), raw(ne.exists), ne.m,
                raw(ne.edge_src), raw(ne.edge_dst), raw(ne.edge_key), raw(ne.edge_s)});
  ne.counter_node.resize(ne.counters);
  thrust::for_each(exec(), thrust::counting_iterator<std::uint64_t>(0),
                   thrust::counting_iterator<std::uint64_t>(ne.counters),
                   FillCounterNodes{raw(ne.counter_base), raw(ne.node_offset), raw(ne.domain_size),
                                    raw(ne.cx), raw(ne.cy), ne.m, raw(ne.counter_node)});
  // Counters once, by reduce-by-key over the edges keyed by (x,a,c).
  mark("counters");
  ne.counter.resize(ne.counters);
  dvec<std::uint32_t> keys_out(ne.counters);
  thrust::reduce_by_key(exec(), ne.edge_key.begin(), ne.edge_key.end(),
                        thrust::make_transform_iterator(ne.edge_s.begin(), ToInt{}),
                        keys_out.begin(), ne.counter.begin());
  // Current domain sizes (after unary constraints).
  ne.live_size.resize(ne.n);
  dvec<std::uint32_t> vars_out(ne.n);
  thrust::reduce_by_key(exec(), ne.node_var.begin(), ne.node_var.end(),
                        thrust::make_transform_iterator(ne.exists.begin(), ToInt{}),
                        vars_out.begin(), ne.live_size.begin());
  if (!with_csr) return;
  // CSR of supports, without sorting the edges: the counters ordered by value (a small sort:
  // one key per value and constraint), each counter's supports as a block of slots in that
  // order (a scan of the counts), then one thread per counter copies its run (FillSupportRuns).
  mark("csr-order");
  dvec<std::uint32_t> by_node(ne.counters);
  dvec<std::uint32_t> order(ne.counters);
  thrust::copy(exec(), ne.counter_node.begin(), ne.counter_node.end(), by_node.begin());
  thrust::sequence(exec(), order.begin(), order.end());
  thrust::stable_sort_by_key(exec(), by_node.begin(), by_node.end(), order.begin());
  dvec<std::uint64_t> slot(ne.counters + 1);  // slot[i]: first CSR slot of the i-th counter
  slot[0] = 0;
  thrust::inclusive_scan(
      exec(), thrust::make_transform_iterator(order.begin(), CounterSupports{raw(ne.counter)}),
      thrust::make_transform_iterator(order.end(), CounterSupports{raw(ne.counter)}),
      slot.begin() + 1);
  ne.supports = slot[ne.counters];
  dvec<std::uint64_t> first_slot(ne.counters);
  thrust::scatter(exec(), slot.begin(), slot.end() - 1, order.begin(), first_slot.begin());
  ne.csr_offset.resize(ne.nodes + 1);
  dvec<std::uint32_t> first_of_node(ne.nodes + 1);
  thrust::lower_bound(
      exec(), by_node.begin(), by_node.end(), thrust::counting_iterator<std::uint32_t>(0),
      thrust::counting_iterator<std::uint32_t>(static_cast<std::uint32_t>(ne.nodes + 1)),
      first_of_node.begin());
  thrust::gather(exec(), first_of_node.begin(), first_of_node.end(), slot.begin(),
                 ne.csr_offset.begin());
  mark("csr-fill");
  ne.csr_target.resize(ne.supports);
  ne.csr_counter.resize(ne.supports);
  const FillSupportRuns fill{raw(ne.edge_base),   raw(ne.counter_base),
                             raw(ne.node_offset), raw(ne.domain_size),
                             raw(ne.cx),          raw(ne.cy),
                             raw(ne.edge_s),      raw(ne.counter),
                             raw(first_slot),     ne.m,
                             raw(ne.csr_target),  raw(ne.csr_counter)};
#if defined(__CUDACC__)
  constexpr int kFillThreads = 256;
  constexpr std::uint64_t kWarpsPerBlock = kFillThreads / 32;
  const std::uint64_t fill_blocks =
      std::min<std::uint64_t>((ne.counters + kWarpsPerBlock - 1) / kWarpsPerBlock, 65535);
  if (fill_blocks > 0) {
    fill_support_runs_by_warp<kFillThreads>
        <<<static_cast<unsigned>(fill_blocks), kFillThreads, 0, stream_of(exec())>>>(fill,
                                                                                     ne.counters);
    ARCWAVE_CUDA_CHECK_LAUNCH("fill_support_runs_by_warp");
  }
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

struct IsZero {
  __host__ __device__ bool operator()(int v) const { return v == 0; }
};

/// Algorithm 3: counters by reduce-by-key, delete unsupported nodes, mark their edges,
/// recount the domain sizes; until no size changes or one is zero. `Exec2` runs the edge
/// marking concurrently with the size update where the system has streams.
template <typename Exec, typename Exec2, typename Sync>
std::uint32_t ac4gpu(NeDevice& ne, Exec exec, Exec2 exec_second, Sync sync, bool& wiped_out) {
  dvec<std::uint32_t> keys_out(ne.counters);
  dvec<std::uint32_t> vars_out(ne.n);
  dvec<int> new_size(ne.n);
  std::uint32_t iterations = 0;
  wiped_out = thrust::any_of(exec(), ne.live_size.begin(), ne.live_size.end(), IsZero{});
  while (!wiped_out) {
    ++iterations;
    thrust::reduce_by_key(exec(), ne.edge_key.begin(), ne.edge_key.end(),
                          thrust::make_transform_iterator(ne.edge_s.begin(), ToInt{}),
                          keys_out.begin(), ne.counter.begin());
    thrust::for_each(exec(), thrust::counting_iterator<std::uint64_t>(0),
                     thrust::counting_iterator<std::uint64_t>(ne.counters),
                     DeleteUnsupported{raw(ne.counter), raw(ne.counter_node), raw(ne.exists)});
    sync();
    thrust::for_each(exec_second(), thrust::counting_iterator<std::uint64_t>(0),
                     thrust::counting_iterator<std::uint64_t>(ne.edges),
                     MarkEdges{raw(ne.exists), raw(ne.edge_src), raw(ne.edge_dst), raw(ne.edge_s)});
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
                     thrust::counting_iterator<std::uint64_t>(ne.counters),
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
  }
  return rounds;
}
