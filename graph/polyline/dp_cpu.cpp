// The meet-in-the-middle DP of graph/polyline/dp_cpu.hpp.
#include "graph/polyline/dp_cpu.hpp"

#include <omp.h>

#include <algorithm>
#include <vector>

#include "arcwave/error.hpp"
#include "graph/polyline/chain.hpp"

namespace arcwave::polyline {

namespace {

using Table = std::vector<std::int32_t>;

// Maximum of p[lo..hi] (kUnreachable when empty). Cloned for AVX2 so that the binary built
// for any x86-64 uses the wider integer max where the machine has it.
[[gnu::target_clones("avx2", "default")]] std::int32_t range_max(const std::int32_t* p, int lo,
                                                                 int hi) {
  std::int32_t acc = kUnreachable;
  for (int h = lo; h <= hi; ++h) acc = std::max(acc, p[h]);
  return acc;
}

// dst[y * cols + x] = src[x * rows + y]: a chain level of the reversed chain from the original.
void transpose(const std::int32_t* src, int rows, int cols, std::int32_t* dst) {
  constexpr int kTile = 64;
  const auto r = static_cast<std::size_t>(rows);
  const auto c = static_cast<std::size_t>(cols);
#pragma omp parallel for schedule(static) collapse(2)
  for (int x0 = 0; x0 < cols; x0 += kTile)
    for (int y0 = 0; y0 < rows; y0 += kTile)
      for (int x = x0; x < std::min(cols, x0 + kTile); ++x)
        for (int y = y0; y < std::min(rows, y0 + kTile); ++y)
          dst[static_cast<std::size_t>(y) * c + static_cast<std::size_t>(x)] =
              src[static_cast<std::size_t>(x) * r + static_cast<std::size_t>(y)];
}

struct StepTables {
  const std::int32_t* prev;  // chain level k-1: (h, i) at i * n_prev + h
  const std::int32_t* link;  // chain level k links: (i, j) at j * n_cur + i
  std::int32_t* out;         // chain level k: (i, j) at j * n_cur + i
};

void step_cubic(const StepShape& s, const StepTables& t, const AngleLimit& angle) {
  const QInterval* intervals = angle.intervals().data();
  const int q_max = angle.q_max();
  constexpr int kBlock = 16;  // i per task: writes of one j land in one cache line
  const auto n_cur = static_cast<std::size_t>(s.n_cur);
#pragma omp parallel for schedule(dynamic, 1)
  for (int i0 = 0; i0 < s.n_cur; i0 += kBlock) {
    const int i1 = std::min(s.n_cur, i0 + kBlock);
    for (int j = 0; j < s.n_next; ++j) {
      for (int i = i0; i < i1; ++i) {
        const IndexRange r = allowed_prev_range(s, intervals, q_max, i, j);
        const std::int32_t best = range_max(
            t.prev + static_cast<std::size_t>(i) * static_cast<std::size_t>(s.n_prev), r.lo, r.hi);
        const std::size_t e = static_cast<std::size_t>(j) * n_cur + static_cast<std::size_t>(i);
        t.out[e] = best + t.link[e];
      }
    }
  }
}

// For a fixed i, as j decreases both ends of the allowed range of h are non-decreasing
// (inner guides only: offsets 2 idx - (N-1) everywhere), so a monotone deque gives every
// range maximum in O(N) per i.
void step_window(const StepShape& s, const StepTables& t, const AngleLimit& angle) {
  if (s.end_prev || s.end_cur || s.end_next) {  // steps touching a or b are O(N^2) anyway
    step_cubic(s, t, angle);
    return;
  }
  const QInterval* intervals = angle.intervals().data();
  const int q_max = angle.q_max();
  const auto n_cur = static_cast<std::size_t>(s.n_cur);
#pragma omp parallel
  {
    std::vector<int> deque(static_cast<std::size_t>(s.n_prev));
#pragma omp for schedule(static)
    for (int i = 0; i < s.n_cur; ++i) {
      const std::int32_t* col =
          t.prev + static_cast<std::size_t>(i) * static_cast<std::size_t>(s.n_prev);
      int head = 0;
      int tail = 0;
      int pushed = -1;
      for (int j = s.n_next - 1; j >= 0; --j) {
        const IndexRange r = allowed_prev_range(s, intervals, q_max, i, j);
        std::int32_t best = kUnreachable;
        if (r.lo <= r.hi) {
          while (pushed < r.hi) {
            ++pushed;
            while (tail > head && col[deque[static_cast<std::size_t>(tail - 1)]] <= col[pushed])
              --tail;
            deque[static_cast<std::size_t>(tail++)] = pushed;
          }
          while (head < tail && deque[static_cast<std::size_t>(head)] < r.lo) ++head;
          if (head < tail) best = col[deque[static_cast<std::size_t>(head)]];
        }
        const std::size_t e = static_cast<std::size_t>(j) * n_cur + static_cast<std::size_t>(i);
        t.out[e] = best + t.link[e];
      }
    }
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
  std::vector<const std::int32_t*> link;
  std::vector<Table> owned_links;  // transposed tables of the reversed chain
  std::vector<Table> dp;
};

ChainTables make_chain(const LinkScores& scores, const Chain& chain) {
  ChainTables c{chain, {}, {}, {}};
  for (int k = 0; k <= chain.levels; ++k) {
    const int level = chain.original_level(k);
    const auto table = scores.level(level);
    if (!chain.reversed) {
      c.link.push_back(table.data());
    } else {
      Table t(table.size());
      transpose(table.data(), scores.rows(level), scores.cols(level), t.data());
      c.owned_links.push_back(std::move(t));
      c.link.push_back(c.owned_links.back().data());
    }
  }
  return c;
}

void run_chain(ChainTables& c, const AngleLimit& angle, CpuMethod method) {
  const Chain& chain = c.chain;
  c.dp.resize(static_cast<std::size_t>(chain.levels) + 1);
  const auto size0 = static_cast<std::size_t>(chain.size(0) * chain.size(1));
  c.dp[0].assign(c.link[0], c.link[0] + size0);
  for (int k = 1; k <= chain.levels; ++k) {
    const StepShape s = chain.step(k);
    auto& out = c.dp[static_cast<std::size_t>(k)];
    out.resize(static_cast<std::size_t>(s.n_cur) * static_cast<std::size_t>(s.n_next));
    const StepTables t{c.dp[static_cast<std::size_t>(k) - 1].data(),
                       c.link[static_cast<std::size_t>(k)], out.data()};
    if (method == CpuMethod::kWindow)
      step_window(s, t, angle);
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
        c.dp[static_cast<std::size_t>(k)][e] - c.link[static_cast<std::size_t>(k)][e];
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

}  // namespace

Polyline solve_dp_cpu(const LinkScores& scores, const AngleLimit& angle,
                      const CpuDpOptions& options) {
  scores.check_budget();
  if (angle.points() != scores.points())
    throw InternalError("polyline DP: angle table and scores disagree on N");
  const ThreadCount threads(options.threads);
  const int nodes = scores.nodes();
  const int points = scores.points();
  ChainTables fwd = make_chain(scores, forward_chain(nodes, points));
  ChainTables rev = make_chain(scores, reversed_chain(nodes, points));
  run_chain(fwd, angle, options.method);
  run_chain(rev, angle, options.method);

  // Meet at original level m: pair (i on guide m, j on guide m+1).
  const int m = fwd.chain.levels;
  const int n_m = fwd.chain.size(m);
  const int n_m1 = fwd.chain.size(m + 1);
  const Table& f = fwd.dp[static_cast<std::size_t>(m)];
  const Table& r = rev.dp[static_cast<std::size_t>(rev.chain.levels)];
  const std::int32_t* w = fwd.link[static_cast<std::size_t>(m)];
  std::int64_t best = -1;
  int best_i = 0;
  int best_j = 0;
  for (int i = 0; i < n_m; ++i) {
    for (int j = 0; j < n_m1; ++j) {
      const std::size_t e =
          static_cast<std::size_t>(j) * static_cast<std::size_t>(n_m) + static_cast<std::size_t>(i);
      const std::int64_t through = static_cast<std::int64_t>(f[e]) +
                                   r[static_cast<std::size_t>(i) * static_cast<std::size_t>(n_m1) +
                                     static_cast<std::size_t>(j)] -
                                   w[e];
      if (through > best) {  // unreachable halves make `through` negative (layout.hpp)
        best = through;
        best_i = i;
        best_j = j;
      }
    }
  }
  Polyline result;
  if (best < 0) return result;  // no polyline satisfies the angle limit
  result.found = true;
  result.score = best;
  std::vector<int> guide_index(static_cast<std::size_t>(nodes) + 2, 0);
  guide_index[static_cast<std::size_t>(m)] = best_i;
  guide_index[static_cast<std::size_t>(m) + 1] = best_j;
  backtrack(fwd, angle, best_i, best_j,
            [&](int g, int idx) { guide_index[static_cast<std::size_t>(g)] = idx; });
  backtrack(rev, angle, best_j, best_i, [&](int g, int idx) {
    guide_index[static_cast<std::size_t>(rev.chain.original_guide(g))] = idx;
  });
  result.indices.assign(guide_index.begin() + 1, guide_index.end() - 1);
  return result;
}

}  // namespace arcwave::polyline
