// The fingerprint method on CPU threads (OpenMP): the same steps as the Thrust version
// (fingerprints, sort by fingerprint, exact deduplication, bucket table, probes of the 0-bits
// with both ends marked atomically, CSR) written for caches instead of a GPU.
#include <omp.h>

#include <algorithm>
#include <atomic>
#include <numeric>

#include "arcwave/error.hpp"
#include "core/timer.hpp"
#include "graph/cellgraph/algorithms.hpp"
#include "graph/cellgraph/bits.hpp"
#include "graph/cellgraph/cpu_common.hpp"
#include "graph/cellgraph/cpu_radix_sort.hpp"
#include "graph/cellgraph/fingerprint_table.hpp"

namespace arcwave::cellgraph::detail {

namespace {

/// Sorted fingerprints of the vertices with their bucket index and filter.
struct HostTable {
  std::vector<std::uint64_t> fingerprint;
  std::vector<std::uint32_t> vertex;
  std::vector<std::uint32_t> bucket_start;
  std::vector<std::uint64_t> filter;
  FingerprintTable view;
};

void build_table(HostTable& t, const BitVectors& cells, std::uint32_t width, bool with_filter) {
  const std::uint64_t m = t.fingerprint.size();
  const std::uint32_t b = table_bucket_bits(m, width);
  const std::uint64_t buckets = std::uint64_t{1} << b;
  t.bucket_start.assign(buckets + 1, 0);
  std::uint64_t next = 0;  // first bucket whose start is not set yet
  for (std::uint64_t i = 0; i < m; ++i) {
    const std::uint64_t bucket = bucket_of(t.fingerprint[i], b, width);
    for (; next <= bucket; ++next) t.bucket_start[next] = static_cast<std::uint32_t>(i);
  }
  for (; next <= buckets; ++next) t.bucket_start[next] = static_cast<std::uint32_t>(m);
  t.view = {};
  if (with_filter) {
    const std::uint32_t log_bits = filter_log_bits(m);
    t.filter.assign((std::uint64_t{1} << log_bits) / 64, 0);
    const std::uint64_t mask = (std::uint64_t{1} << log_bits) - 1;
    for (const std::uint64_t f : t.fingerprint) t.filter[(f & mask) >> 6] |= 1ULL << (f & 63);
    t.view.filter = t.filter.data();
    t.view.filter_mask = mask;
  }
  t.view.bucket_start = t.bucket_start.data();
  t.view.fingerprint = t.fingerprint.data();
  t.view.vertex = t.vertex.data();
  t.view.bucket_bits = b;
  t.view.width = width;
  t.view.cells = cells.data.data();
  t.view.words = cells.words;
}

}  // namespace

CellGraph fingerprint_cpu(const BitVectors& input, const Options& options, PhaseTimes* times) {
  const std::uint64_t n = input.count;
  // Small inputs on one thread: starting threads would cost more than the work.
  const int threads = n < 1024 ? 1 : options.threads > 0 ? options.threads : omp_get_max_threads();
  const std::uint32_t words = input.words;
  const std::uint32_t bits = input.bits;
  const std::uint64_t mask = fingerprint_mask(options.fingerprint_bits);
  Stopwatch clock;
  PhaseTimes local;

  // --- sort: fingerprints, sort by fingerprint, exact deduplication ----------------------
  std::vector<std::uint64_t> keys(std::size_t{words} * 64, 0);
  for (std::uint32_t k = 0; k < bits; ++k) keys[k] = fingerprint_key(options.seed, k, mask);
  std::vector<std::uint64_t> fp(n);
#pragma omp parallel for num_threads(threads) schedule(static)
  for (std::uint64_t i = 0; i < n; ++i)
    fp[i] = row_fingerprint(input.data.data() + i * words, words, keys.data());
  std::vector<std::uint64_t> sorted_fp = fp;
  std::vector<std::uint32_t> perm(n);
  std::iota(perm.begin(), perm.end(), 0U);
  radix_sort_pairs_parallel(sorted_fp, perm, std::min<std::uint32_t>(64, options.fingerprint_bits),
                            threads);
  // rep[j]: the first position of j's fingerprint run holding the same row (exact check).
  std::vector<std::uint32_t> run_start(n);
  for (std::uint64_t j = 0; j < n; ++j)
    run_start[j] = (j == 0 || sorted_fp[j] != sorted_fp[j - 1]) ? static_cast<std::uint32_t>(j)
                                                                : run_start[j - 1];
  std::vector<std::uint32_t> rep(n);
#pragma omp parallel for num_threads(threads) schedule(static)
  for (std::uint64_t j = 0; j < n; ++j) {
    const std::uint64_t* row = input.data.data() + std::uint64_t{perm[j]} * words;
    std::uint32_t p = run_start[j];
    while (p < j && !rows_equal(input.data.data() + std::uint64_t{perm[p]} * words, row, words))
      ++p;
    rep[j] = p;
  }
  Numbering numbering = number_by_first_occurrence(perm, rep);
  const std::uint32_t m = numbering.distinct;
  CellGraph out;
  out.cells = BitVectors(m, bits);
#pragma omp parallel for num_threads(threads) schedule(static)
  for (std::uint32_t v = 0; v < m; ++v)
    std::copy_n(input.data.data() + std::uint64_t{numbering.origin[v]} * words, words,
                out.cells.data.data() + std::uint64_t{v} * words);
  std::vector<std::uint64_t> vertex_fp(m);
  for (std::uint32_t v = 0; v < m; ++v) vertex_fp[v] = fp[numbering.origin[v]];
  local.sort_ms = clock.seconds() * 1e3;
  clock.restart();

  // --- build: the vertices' fingerprints in sorted order, buckets, filter ----------------
  HostTable table;
  table.fingerprint.reserve(m);
  table.vertex.reserve(m);
  for (std::uint64_t j = 0; j < n; ++j) {
    if (rep[j] != j) continue;
    table.fingerprint.push_back(sorted_fp[j]);
    table.vertex.push_back(numbering.vertex_of_input[perm[j]]);
  }
  build_table(table, out.cells, options.fingerprint_bits, filter_wanted(options.filter, m));
  const FingerprintTable& find = table.view;
  local.build_ms = clock.seconds() * 1e3;
  clock.restart();

  // --- search: probe, mark both ends, then the CSR ---------------------------------------
  const std::uint64_t* cells = out.cells.data.data();
  std::vector<std::uint64_t> marks(std::uint64_t{m} * words, 0);
  const bool all_bits = options.probe_all_bits;
  const std::uint64_t last_mask = BitVectors::last_word_mask(bits);
#pragma omp parallel for num_threads(threads) schedule(dynamic, 256)
  for (std::uint32_t v = 0; v < m; ++v) {
    const std::uint64_t* row = cells + std::uint64_t{v} * words;
    for (std::uint32_t w = 0; w < words; ++w) {
      const std::uint64_t valid = w + 1 == words ? last_mask : ~std::uint64_t{0};
      std::uint64_t own = 0;
      for (std::uint64_t todo = (all_bits ? ~std::uint64_t{0} : ~row[w]) & valid; todo != 0;
           todo &= todo - 1) {
        const std::uint64_t bit = todo & (~todo + 1);
        const std::uint64_t q =
            vertex_fp[v] ^ keys[w * 64 + static_cast<std::uint32_t>(lowest_bit(todo))];
        const std::uint32_t u = find.find(q, row, w, bit);
        if (u == kNoVertex) continue;
        own |= bit;
        if (!all_bits)
          std::atomic_ref<std::uint64_t>(marks[std::uint64_t{u} * words + w])
              .fetch_or(bit, std::memory_order_relaxed);
      }
      if (all_bits)
        marks[std::uint64_t{v} * words + w] = own;
      else if (own != 0)
        std::atomic_ref<std::uint64_t>(marks[std::uint64_t{v} * words + w])
            .fetch_or(own, std::memory_order_relaxed);
    }
  }
  Csr<>& g = out.graph;
  g.vertex_count = m;
  g.offsets.assign(std::uint64_t{m} + 1, 0);
  for (std::uint32_t v = 0; v < m; ++v) {
    std::uint64_t degree = 0;
    for (std::uint32_t w = 0; w < words; ++w)
      degree += static_cast<std::uint64_t>(popcount64(marks[std::uint64_t{v} * words + w]));
    g.offsets[v + 1] = g.offsets[v] + degree;
  }
  g.targets.resize(g.offsets[m]);
  std::atomic<bool> lost{false};
#pragma omp parallel for num_threads(threads) schedule(dynamic, 256)
  for (std::uint32_t v = 0; v < m; ++v) {
    const std::uint64_t* row = cells + std::uint64_t{v} * words;
    std::uint64_t pos = g.offsets[v];
    for (std::uint32_t w = 0; w < words; ++w) {
      for (std::uint64_t todo = marks[std::uint64_t{v} * words + w]; todo != 0; todo &= todo - 1) {
        const std::uint64_t bit = todo & (~todo + 1);
        const std::uint64_t q =
            vertex_fp[v] ^ keys[w * 64 + static_cast<std::uint32_t>(lowest_bit(todo))];
        const std::uint32_t u = find.find(q, row, w, bit);
        if (u == kNoVertex) lost.store(true, std::memory_order_relaxed);
        g.targets[pos++] = u;
      }
    }
  }
  if (lost.load()) throw InternalError("cell graph: a marked neighbour was not found again");
  out.vertex_of_input = std::move(numbering.vertex_of_input);
  local.search_ms = clock.seconds() * 1e3;
  if (times != nullptr) *times = local;
  return out;
}

}  // namespace arcwave::cellgraph::detail
