// The meet-in-the-middle DP of graph/polyline/dp_cpu.hpp.
#include "graph/polyline/dp_cpu.hpp"

#include <omp.h>
#if __has_include(<sys/mman.h>)
#include <sys/mman.h>
#endif

#include <algorithm>
#include <cstddef>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

#include "arcwave/error.hpp"
#include "graph/polyline/chain.hpp"

namespace arcwave::polyline {

namespace {

constexpr std::size_t kLineBytes = 64;
constexpr int kLine = static_cast<int>(kLineBytes / sizeof(std::int32_t));  // int32 per line
constexpr int kAhead = 8;  // rows prefetched ahead in the window step
constexpr std::size_t kHugePage = std::size_t{2} << 20;
constexpr std::size_t kHugeMin = kHugePage;  // tables from here on: huge pages

// DP and scratch tables: cache-line aligned (a block of kLine outputs of a row is one line,
// written by one thread) and left uninitialised on resize (every entry is written before it
// is read; zero-filling would only add a pass over memory).
template <typename T>
struct TableAllocator {
  using value_type = T;
  TableAllocator() = default;
  template <typename U>
  explicit TableAllocator(const TableAllocator<U>& /*other*/) noexcept {}
  T* allocate(std::size_t n) {
    const std::size_t bytes = n * sizeof(T);
    void* p = ::operator new(bytes, alignment(bytes));
#ifdef MADV_HUGEPAGE
    // Advice only (a failure costs nothing): first touches of the tables, one fault per 4 KiB
    // page otherwise, cost about as much as a whole window step.
    if (bytes >= kHugeMin) (void)madvise(p, bytes - bytes % kHugePage, MADV_HUGEPAGE);
#endif
    return static_cast<T*>(p);
  }
  void deallocate(T* p, std::size_t n) noexcept {
    ::operator delete(p, alignment(n * sizeof(T)));
  }
  static std::align_val_t alignment(std::size_t bytes) {
    return std::align_val_t{bytes >= kHugeMin ? kHugePage : kLineBytes};
  }
  template <typename U>
  void construct(U* p) noexcept(std::is_nothrow_default_constructible_v<U>) {
    ::new (static_cast<void*>(p)) U;
  }
  template <typename U, typename... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
  friend bool operator==(const TableAllocator& /*a*/, const TableAllocator& /*b*/) {
    return true;
  }
};

using Table = std::vector<std::int32_t, TableAllocator<std::int32_t>>;

// One scratch table per OpenMP thread, kept for a whole solve.
class Scratch {
 public:
  Scratch() : tables_(static_cast<std::size_t>(omp_get_max_threads())) {}
  // The calling thread's table, with at least `size` entries.
  std::int32_t* get(std::size_t size) {
    Table& t = tables_[static_cast<std::size_t>(omp_get_thread_num())];
    if (t.size() < size) t.resize(size);
    return t.data();
  }

 private:
  std::vector<Table> tables_;
};

// Maximum of p[lo..hi] (kUnreachable when empty). Cloned for AVX2 so that the binary built
// for any x86-64 uses the wider integer max where the machine has it.
[[gnu::target_clones("avx2", "default")]] std::int32_t range_max(const std::int32_t* p, int lo,
                                                                 int hi) {
  std::int32_t acc = kUnreachable;
  for (int h = lo; h <= hi; ++h) acc = std::max(acc, p[h]);
  return acc;
}

// A chain level's link scores: (i, j) at i * stride_i + j * stride_j. The forward chain reads
// the original tables as they are (stride_i 1); the reversed chain reads them transposed
// (stride_j 1) instead of copying them.
struct LinkTable {
  const std::int32_t* data;
  std::size_t stride_i;
  std::size_t stride_j;
  [[nodiscard]] std::int32_t at(int i, int j) const {
    return data[static_cast<std::size_t>(i) * stride_i + static_cast<std::size_t>(j) * stride_j];
  }
};

struct StepTables {
  const std::int32_t* prev;  // chain level k-1: (h, i) at i * n_prev + h
  LinkTable link;            // chain level k links
  std::int32_t* out;         // chain level k: (i, j) at j * n_cur + i
};

// Writes out(i, j) = best[j - j0][i - i0] + link(i, j) for i in [i0, i0 + width), j in
// [j0, j0 + count): whole cache lines of output rows, and the link scores by rows, or for the
// reversed chain by columns of `count` entries (so that kLine columns are not read in lock
// step: their entries are a multiple of 4 KiB apart in the large cases).
void store_tile(const StepTables& t, std::size_t n_cur, int i0, int width, int j0, int count,
                std::int32_t (*best)[kLine]) {
  if (t.link.stride_i != 1) {
    for (int l = 0; l < width; ++l) {
      const std::int32_t* src = t.link.data + static_cast<std::size_t>(i0 + l) * t.link.stride_i +
                                static_cast<std::size_t>(j0);
      for (int dj = 0; dj < count; ++dj) best[dj][l] += src[dj];
    }
  }
  for (int dj = 0; dj < count; ++dj) {
    const auto j = static_cast<std::size_t>(j0 + dj);
    std::int32_t* out = t.out + j * n_cur + static_cast<std::size_t>(i0);
    if (t.link.stride_i == 1) {
      const std::int32_t* link = t.link.data + j * t.link.stride_j + static_cast<std::size_t>(i0);
      for (int l = 0; l < width; ++l) out[l] = best[dj][l] + link[l];
    } else {
      for (int l = 0; l < width; ++l) out[l] = best[dj][l];
    }
  }
}

// kLine consecutive i from i0 (one cache line of each output row), j in tiles of kLine. The
// shape and tables by value: the output stores cannot alias them. kEnds >= 0 fixes the
// shape's endpoint flags at compile time (bit 0: end_prev, bit 1: end_next; end_cur false).
template <int kEnds>
void cubic_block(StepShape s, const StepTables t, const QInterval* intervals, int q_max, int i0) {
  if constexpr (kEnds >= 0) {
    s.end_prev = (kEnds & 1) != 0;
    s.end_cur = false;
    s.end_next = (kEnds & 2) != 0;
  }
  constexpr int kShortRange = 8;  // shorter ranges are scanned inline, not through a call
  const int width = std::min(kLine, s.n_cur - i0);
  alignas(kLineBytes) std::int32_t best[kLine][kLine];
  for (int j0 = 0; j0 < s.n_next; j0 += kLine) {
    const int count = std::min(kLine, s.n_next - j0);
    for (int dj = 0; dj < count; ++dj) {
      for (int l = 0; l < width; ++l) {
        const int i = i0 + l;
        const IndexRange r = allowed_prev_range(s, intervals, q_max, i, j0 + dj);
        const std::int32_t* col =
            t.prev + static_cast<std::size_t>(i) * static_cast<std::size_t>(s.n_prev);
        if (s.end_prev) {  // the step from a (or b): one predecessor or none
          best[dj][l] = r.lo <= r.hi ? col[0] : kUnreachable;
        } else if (r.hi - r.lo < kShortRange) {
          std::int32_t m = kUnreachable;
          for (int h = r.lo; h <= r.hi; ++h) m = std::max(m, col[h]);
          best[dj][l] = m;
        } else {
          best[dj][l] = range_max(col, r.lo, r.hi);
        }
      }
    }
    store_tile(t, static_cast<std::size_t>(s.n_cur), i0, width, j0, count, best);
  }
}

void step_cubic(const StepShape& s, const StepTables& t, const AngleLimit& angle) {
  const QInterval* intervals = angle.intervals().data();
  const int q_max = angle.q_max();
  const int blocks = (s.n_cur + kLine - 1) / kLine;
  // The block specialised for the step's ends (a guide's end has one predecessor or successor).
  using Block = void (*)(StepShape, StepTables, const QInterval*, int, int);
  constexpr Block kByEnds[] = {cubic_block<0>, cubic_block<1>, cubic_block<2>, cubic_block<3>};
  const Block block =
      s.end_cur ? cubic_block<-1> : kByEnds[(s.end_prev ? 1 : 0) | (s.end_next ? 2 : 0)];
#pragma omp parallel for schedule(dynamic, 1)
  for (int b = 0; b < blocks; ++b) block(s, t, intervals, q_max, b * kLine);
}

// The window step. For inner guides the allowed range of h for (i, j) depends on i and j only
// through d = j - i: with q the interval of q2 = 2d, allowed_prev_range's ends are
// i - floor_half(q.hi) and i - ceil_half(q.lo) (then cut to the guide), so in u = h - i the
// window is the same for every i, and both its ends are non-decreasing as d decreases (the
// intervals are monotone in q2).
//
// A task takes kLine consecutive i (one cache line of each output row) as lanes and walks d
// down once. In the skewed coordinates (x = u - u_min, lane) every lane sees the same window
// sequence, so one sliding-window maximum with a data-independent control flow serves all
// lanes, lane-wise (vectorised): a two-stack queue. `diag` holds the entries, rows of kLine
// lanes (kUnreachable where h is off the guide: below every prefix score, it changes no
// maximum, and an empty range gives kUnreachable as in the cubic step); the entries from the
// window's start to `split` hold their suffix maxima up to `split`, rebuilt when the start
// passes `split`, and `back` is the maximum of the entries from `split` to the window's end.
// Every entry is loaded and pushed once and rebuilt at most once: O(N) per lane, O(N^2) per
// step, whatever the angle. The lanes of one d belong to kLine different output rows
// j = i + d: they go lane by lane into a ring of rows, and a row is written out
// (contiguously, with its link scores) once complete.

// Entries x in [x0, x0 + kLine) of `diag`: lane l, h = x + l - (kLine - 1), from the rows of
// prev (kUnreachable off the guide and in lanes past `width`). Row by row, so that each row's
// entries come from one or two cache lines (rows of prev are a multiple of 4 KiB apart in
// the large cases: kLine streams at once would fight over the same L1 sets).
inline void fill_diag(const std::int32_t* const* rows, int width, int n_prev, int x0,
                      std::int32_t* diag) {
  std::int32_t* chunk = diag + static_cast<std::size_t>(x0) * kLine;
  const int h0 = x0 - (kLine - 1);  // lane 0, x0
  if (width == kLine && h0 >= 0 && h0 + 2 * (kLine - 1) < n_prev) {
    for (int l = 0; l < kLine; ++l) {
      const std::int32_t* src = rows[l] + h0 + l;
      if (h0 + l + 2 * kLine < n_prev) __builtin_prefetch(src + 2 * kLine);  // a later chunk
      for (int dx = 0; dx < kLine; ++dx) chunk[dx * kLine + l] = src[dx];
    }
    return;
  }
  for (int l = 0; l < kLine; ++l) {
    for (int dx = 0; dx < kLine; ++dx) {
      const int h = h0 + l + dx;
      chunk[dx * kLine + l] = (l < width && h >= 0 && h < n_prev) ? rows[l][h] : kUnreachable;
    }
  }
}

[[gnu::target_clones("avx2", "default")]] void window_block(const StepShape s, const StepTables t,
                                                            const QInterval* intervals, int q_max,
                                                            int i0, std::int32_t* diag) {
  const int width = std::min(kLine, s.n_cur - i0);
  const int n_prev = s.n_prev;
  const auto n_cur = static_cast<std::size_t>(s.n_cur);
  const int u_min = -(i0 + kLine - 1);    // lane l, entry x: h = x + l - (kLine - 1)
  const int x_last = n_prev + kLine - 2;  // beyond it, h is past the guide for every lane
  const std::int32_t* rows[kLine];
  for (int l = 0; l < kLine; ++l)
    rows[l] = t.prev + static_cast<std::size_t>(i0 + std::min(l, width - 1)) *
                           static_cast<std::size_t>(n_prev);
  const bool link_rows = t.link.stride_i == 1;  // else read kLine columns through link_tile
  // rows_out[e % kRing]: the maxima of output row j = i0 + e, lane by lane; lane l of d
  // belongs to e = d + l. Row e is complete once d = e - (width - 1) is done, and it is
  // written kLag steps of d later, when the single-lane stores into it have retired (a
  // full-row load right behind them stalls on store forwarding).
  constexpr int kRing = 2 * kLine;
  constexpr int kLag = 4;
  alignas(kLineBytes) std::int32_t back[kLine];
  alignas(kLineBytes) std::int32_t rows_out[kRing][kLine];
  alignas(kLineBytes) std::int32_t link_tile[kLine][kLine];
  std::fill(back, back + kLine, kUnreachable);
  const auto emit = [&](int j) {
    const std::int32_t* best = rows_out[static_cast<unsigned>(j - i0) % kRing];
    std::int32_t* out = t.out + static_cast<std::size_t>(j) * n_cur + static_cast<std::size_t>(i0);
    // Rows j are a page or more apart in the large cases, where hardware prefetchers stop.
    if (j >= kAhead) __builtin_prefetch(out - kAhead * n_cur, 1);
    if (link_rows) {
      const std::int32_t* link = t.link.data + static_cast<std::size_t>(j) * t.link.stride_j +
                                 static_cast<std::size_t>(i0);
      if (j >= kAhead) __builtin_prefetch(link - kAhead * t.link.stride_j);
      for (int l = 0; l < width; ++l) out[l] = best[l] + link[l];
      return;
    }
    // Rows j go down: load the columns of i for j in [j0, j0 + kLine) at the chunk's top.
    const int j0 = j - j % kLine;
    if (j == s.n_next - 1 || j % kLine == kLine - 1) {
      const int count = std::min(kLine, s.n_next - j0);
      for (int l = 0; l < width; ++l) {
        const std::int32_t* src = t.link.data + static_cast<std::size_t>(i0 + l) * t.link.stride_i +
                                  static_cast<std::size_t>(j0);
        for (int dj = 0; dj < count; ++dj) link_tile[dj][l] = src[dj];
        if (j0 >= kLine) __builtin_prefetch(src - kLine);  // the next chunk
      }
    }
    for (int l = 0; l < width; ++l) out[l] = best[l] + link_tile[j - j0][l];
  };
  int filled = 0;   // entries [0, filled) of diag are loaded
  int split = 0;    // entries [window start, split) hold suffix maxima up to split
  int pushed = -1;  // last entry pushed
  const int d_hi = s.n_next - 1 - i0;
  const int d_lo = -(i0 + width - 1);
  for (int d = d_hi; d >= d_lo; --d) {
    const QInterval q = intervals[2 * d + q_max];
    const int a = std::max(0, ceil_half(-q.hi) - u_min);
    const int b = std::min(x_last, floor_half(-q.lo) - u_min);
    alignas(kLineBytes) std::int32_t result[kLine];
    if (a > b) {
      std::fill(result, result + kLine, kUnreachable);
    } else {
      for (; filled <= b; filled += kLine) fill_diag(rows, width, n_prev, filled, diag);
      for (; pushed < b; ++pushed) {
        const std::int32_t* e = diag + static_cast<std::size_t>(pushed + 1) * kLine;
        for (int l = 0; l < kLine; ++l) back[l] = std::max(back[l], e[l]);
      }
      if (a >= split) {
        alignas(kLineBytes) std::int32_t acc[kLine];
        std::copy_n(diag + static_cast<std::size_t>(pushed) * kLine, kLine, acc);
        for (int x = pushed - 1; x >= a; --x) {
          std::int32_t* e = diag + static_cast<std::size_t>(x) * kLine;
          for (int l = 0; l < kLine; ++l) {
            acc[l] = std::max(acc[l], e[l]);
            e[l] = acc[l];
          }
        }
        split = pushed + 1;
        std::fill(back, back + kLine, kUnreachable);
      }
      const std::int32_t* e = diag + static_cast<std::size_t>(a) * kLine;
      for (int l = 0; l < kLine; ++l) result[l] = std::max(e[l], back[l]);
    }
    for (int l = 0; l < kLine; ++l) rows_out[static_cast<unsigned>(d + l) % kRing][l] = result[l];
    const int j = d + i0 + width - 1 + kLag;
    if (j < s.n_next) emit(j);
  }
  for (int j = std::min(s.n_next, kLag) - 1; j >= 0; --j) emit(j);  // rows of d < d_lo
}

void step_window(const StepShape& s, const StepTables& t, const AngleLimit& angle,
                 Scratch& scratch) {
  if (s.end_prev || s.end_cur || s.end_next) {  // steps touching a or b are O(N^2) anyway
    step_cubic(s, t, angle);
    return;
  }
  const QInterval* intervals = angle.intervals().data();
  const int q_max = angle.q_max();
  const int blocks = (s.n_cur + kLine - 1) / kLine;
  // Entries x in [0, n_prev + kLine - 1), loaded kLine at a time.
  const std::size_t diag_size =
      static_cast<std::size_t>((s.n_prev + 2 * kLine - 2) / kLine * kLine) *
      static_cast<std::size_t>(kLine);
#pragma omp parallel
  {
    std::int32_t* diag = scratch.get(diag_size);
#pragma omp for schedule(dynamic, 1)
    for (int b = 0; b < blocks; ++b) window_block(s, t, intervals, q_max, b * kLine, diag);
  }
}

// Sets OpenMP's thread count for the solver's lifetime (0 keeps the default).
class ThreadCount {
 public:
  explicit ThreadCount(int threads) : saved_(omp_get_max_threads()), set_(threads > 0) {
    if (set_) omp_set_num_threads(threads);
  }
  ThreadCount(const ThreadCount&) = delete;
  ThreadCount& operator=(const ThreadCount&) = delete;
  ~ThreadCount() {
    if (set_) omp_set_num_threads(saved_);
  }

 private:
  int saved_;
  bool set_;
};

// Link tables and DP tables of one chain, levels 0..levels.
struct ChainTables {
  Chain chain;
  std::vector<LinkTable> link;
  std::vector<Table> dp;
};

ChainTables make_chain(const LinkScores& scores, const Chain& chain) {
  ChainTables c{chain, {}, {}};
  for (int k = 0; k <= chain.levels; ++k) {
    const int level = chain.original_level(k);
    const auto rows = static_cast<std::size_t>(scores.rows(level));
    // Original (x on guide level, y on guide level + 1) at y * rows + x; the reversed chain's
    // (i, j) is the original (j, i).
    c.link.push_back(chain.reversed ? LinkTable{scores.level(level).data(), rows, 1}
                                    : LinkTable{scores.level(level).data(), 1, rows});
  }
  return c;
}

void run_chain(ChainTables& c, const AngleLimit& angle, CpuMethod method, Scratch& scratch) {
  const Chain& chain = c.chain;
  c.dp.resize(static_cast<std::size_t>(chain.levels) + 1);
  // Level 0 has one row or one column: the same entries in either order.
  const auto size0 = static_cast<std::size_t>(chain.size(0) * chain.size(1));
  c.dp[0].assign(c.link[0].data, c.link[0].data + size0);
  for (int k = 1; k <= chain.levels; ++k) {
    const StepShape s = chain.step(k);
    auto& out = c.dp[static_cast<std::size_t>(k)];
    out.resize(static_cast<std::size_t>(s.n_cur) * static_cast<std::size_t>(s.n_next));
    const StepTables t{c.dp[static_cast<std::size_t>(k) - 1].data(),
                       c.link[static_cast<std::size_t>(k)], out.data()};
    if (method == CpuMethod::kWindow)
      step_window(s, t, angle, scratch);
    else
      step_cubic(s, t, angle);
  }
}

// From the chain's pair (x on guide k, y on guide k+1) at level k down to level 1: the smallest
// predecessor reaching each optimum. Writes the chain guides' indices k-1, ..., 0 via `put`.
template <typename Put>
void backtrack(const ChainTables& c, const AngleLimit& angle, int x, int y, Put put) {
  const Chain& chain = c.chain;
  for (int k = chain.levels; k >= 1; --k) {
    const StepShape s = chain.step(k);
    const std::size_t e = static_cast<std::size_t>(y) * static_cast<std::size_t>(s.n_cur) +
                          static_cast<std::size_t>(x);
    const std::int32_t target =
        c.dp[static_cast<std::size_t>(k)][e] - c.link[static_cast<std::size_t>(k)].at(x, y);
    const IndexRange r = allowed_prev_range(s, angle.intervals().data(), angle.q_max(), x, y);
    const std::int32_t* col =
        c.dp[static_cast<std::size_t>(k) - 1].data() + static_cast<std::size_t>(x) * s.n_prev;
    int h = r.lo;
    while (h <= r.hi && col[h] != target) ++h;
    if (h > r.hi) throw InternalError("polyline DP: backtrack found no predecessor");
    put(k - 1, h);
    y = x;
    x = h;
  }
}

struct Meet {
  std::int64_t value = -1;  // below 0: no polyline (unreachable halves make it negative)
  int i = 0;
  int j = 0;
};

// The best pair with i in [i0, i0 + kLine): each lane keeps its first maximum over j, and the
// lanes are combined in increasing i. r is read in tiles of kLine j (rows of r are a multiple
// of 4 KiB apart in the large cases).
Meet meet_block(const std::int32_t* f, const std::int32_t* r, const std::int32_t* w, int n_m,
                int n_m1, int i0) {
  const int width = std::min(kLine, n_m - i0);
  const auto n = static_cast<std::size_t>(n_m);
  const auto n1 = static_cast<std::size_t>(n_m1);
  std::int64_t value[kLine];
  int arg[kLine];
  std::fill(value, value + kLine, std::int64_t{-1});
  std::fill(arg, arg + kLine, 0);
  alignas(kLineBytes) std::int32_t r_tile[kLine][kLine];
  for (int j0 = 0; j0 < n_m1; j0 += kLine) {
    const int count = std::min(kLine, n_m1 - j0);
    for (int l = 0; l < width; ++l) {
      const std::int32_t* src =
          r + static_cast<std::size_t>(i0 + l) * n1 + static_cast<std::size_t>(j0);
      for (int dj = 0; dj < count; ++dj) r_tile[dj][l] = src[dj];
    }
    for (int dj = 0; dj < count; ++dj) {
      const std::size_t row = static_cast<std::size_t>(j0 + dj) * n + static_cast<std::size_t>(i0);
      for (int l = 0; l < width; ++l) {
        const std::int64_t through = std::int64_t{f[row + static_cast<std::size_t>(l)]} +
                                     r_tile[dj][l] - w[row + static_cast<std::size_t>(l)];
        if (through > value[l]) {
          value[l] = through;
          arg[l] = j0 + dj;
        }
      }
    }
  }
  Meet best;
  for (int l = 0; l < width; ++l)
    if (value[l] > best.value) best = Meet{value[l], i0 + l, arg[l]};
  return best;
}

// The best (i, j) of f(i, j) + r(j, i) - w(i, j), f and w at j * n_m + i, r at i * n_m1 + j;
// among equal values the smallest (i, j) in i-major order (solution.hpp). Blocks of kLine i
// in parallel, combined in increasing i: the pair a scan in i-major order finds.
Meet meet(const std::int32_t* f, const std::int32_t* r, const std::int32_t* w, int n_m, int n_m1) {
  const int blocks = (n_m + kLine - 1) / kLine;
  std::vector<Meet> block_best(static_cast<std::size_t>(blocks));
#pragma omp parallel for schedule(dynamic, 1)
  for (int b = 0; b < blocks; ++b)
    block_best[static_cast<std::size_t>(b)] = meet_block(f, r, w, n_m, n_m1, b * kLine);
  Meet best;
  for (const Meet& m : block_best)
    if (m.value > best.value) best = m;
  return best;
}

}  // namespace

Polyline solve_dp_cpu(const LinkScores& scores, const AngleLimit& angle,
                      const CpuDpOptions& options) {
  const ThreadCount threads(options.threads);
  scores.check_budget();
  if (angle.points() != scores.points())
    throw InternalError("polyline DP: angle table and scores disagree on N");
  const int nodes = scores.nodes();
  const int points = scores.points();
  ChainTables fwd = make_chain(scores, forward_chain(nodes, points));
  ChainTables rev = make_chain(scores, reversed_chain(nodes, points));
  Scratch scratch;
  run_chain(fwd, angle, options.method, scratch);
  run_chain(rev, angle, options.method, scratch);

  // Meet at original level m: pair (i on guide m, j on guide m+1).
  const int m = fwd.chain.levels;
  const int n_m = fwd.chain.size(m);
  const int n_m1 = fwd.chain.size(m + 1);
  const Meet best = meet(fwd.dp[static_cast<std::size_t>(m)].data(),
                         rev.dp[static_cast<std::size_t>(rev.chain.levels)].data(),
                         fwd.link[static_cast<std::size_t>(m)].data, n_m, n_m1);
  Polyline result;
  if (best.value < 0) return result;  // no polyline satisfies the angle limit
  result.found = true;
  result.score = best.value;
  std::vector<int> guide_index(static_cast<std::size_t>(nodes) + 2, 0);
  guide_index[static_cast<std::size_t>(m)] = best.i;
  guide_index[static_cast<std::size_t>(m) + 1] = best.j;
  backtrack(fwd, angle, best.i, best.j,
            [&](int g, int idx) { guide_index[static_cast<std::size_t>(g)] = idx; });
  backtrack(rev, angle, best.j, best.i, [&](int g, int idx) {
    guide_index[static_cast<std::size_t>(rev.chain.original_guide(g))] = idx;
  });
  result.indices.assign(guide_index.begin() + 1, guide_index.end() - 1);
  return result;
}

}  // namespace arcwave::polyline
