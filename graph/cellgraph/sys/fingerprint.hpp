// graph/cellgraph/sys/fingerprint.hpp — the O(n·ℓ) fingerprint method in Thrust (GPU, or
// OpenMP threads). See cell_graph.hpp for the idea; the steps:
//  sort:   F(x) for every input row (one pass over the n·ℓ bits), radix sort of (F, index),
//          exact check of equal-F runs, first-occurrence numbering;
//  build:  the vertices' fingerprints in sorted order, the start of every bucket of their top
//          bits, and (optionally) a bitmap filter;
//  search: one thread per (vertex, word) probes F ⊕ key[k] for the bits k of the word (only the
//          0-bits by default: each edge is then found once, from its lower end, and both ends
//          are marked atomically), then the marked bits become the CSR (second look-up of
//          the hits only).
#pragma once

#include "graph/cellgraph/fingerprint_table.hpp"
#include "graph/cellgraph/sys/common.hpp"

namespace arcwave::cellgraph::ARCWAVE_CELL_SYS {

struct RowFingerprint {
  const std::uint64_t* rows;
  const std::uint64_t* keys;
  std::uint32_t words;
  ARCWAVE_CELL_HD std::uint64_t operator()(std::uint64_t i) const {
    return row_fingerprint(rows + i * words, words, keys);
  }
};

struct FingerprintRunStart {
  const std::uint64_t* sorted;
  ARCWAVE_CELL_HD std::uint32_t operator()(std::uint64_t j) const {
    return j == 0 || sorted[j] != sorted[j - 1] ? static_cast<std::uint32_t>(j) : 0U;
  }
};

/// rep[j]: the first position of j's fingerprint run whose row equals row perm[j].
struct FirstEqualInRun {
  const std::uint64_t* rows;
  const std::uint32_t* perm;
  std::uint32_t* rep;  // holds the run start on entry
  std::uint32_t words;
  ARCWAVE_CELL_HD void operator()(std::uint64_t j) const {
    const std::uint64_t* row = rows + static_cast<std::uint64_t>(perm[j]) * words;
    std::uint64_t p = rep[j];
    while (p < j && !rows_equal(rows + static_cast<std::uint64_t>(perm[p]) * words, row, words))
      ++p;
    rep[j] = static_cast<std::uint32_t>(p);
  }
};

struct VertexFingerprint {
  const std::uint64_t* fingerprint;  // by input index
  const std::uint32_t* origin;
  ARCWAVE_CELL_HD std::uint64_t operator()(std::uint64_t v) const { return fingerprint[origin[v]]; }
};

/// Table entry t: the fingerprint and vertex of the t-th distinct row in fingerprint order.
struct TableEntries {
  const std::uint32_t* first;  // sorted positions of the distinct rows
  const std::uint64_t* sorted_fingerprint;
  const std::uint32_t* perm;
  const std::uint32_t* vertex_of_input;
  std::uint64_t* fingerprint;
  std::uint32_t* vertex;
  ARCWAVE_CELL_HD void operator()(std::uint64_t t) const {
    const std::uint32_t j = first[t];
    fingerprint[t] = sorted_fingerprint[j];
    vertex[t] = vertex_of_input[perm[j]];
  }
};

struct TopBits {
  std::uint32_t bucket_bits;
  std::uint32_t width;
  ARCWAVE_CELL_HD std::uint64_t operator()(std::uint64_t f) const {
    return bucket_of(f, bucket_bits, width);
  }
};

struct SetFilterBits {
  const std::uint64_t* fingerprint;
  std::uint64_t* filter;
  std::uint64_t mask;
  ARCWAVE_CELL_HD void operator()(std::uint64_t t) const {
    const std::uint64_t f = fingerprint[t] & mask;
    atomic_or(filter + (f >> 6), std::uint64_t{1} << (f & 63));
  }
};

/// One (vertex, word): probes the word's bits and marks the neighbours found.
struct ProbeWord {
  FingerprintTable table;
  const std::uint64_t* vertex_fingerprint;
  const std::uint64_t* keys;
  std::uint64_t* marks;
  std::uint64_t last_mask;
  bool all_bits;
  ARCWAVE_CELL_HD void operator()(std::uint64_t i) const {
    const std::uint32_t words = table.words;
    const std::uint64_t v = i / words;
    const auto w = static_cast<std::uint32_t>(i % words);
    const std::uint64_t* row = table.cells + v * words;
    const std::uint64_t valid = w + 1 == words ? last_mask : ~std::uint64_t{0};
    const std::uint64_t f = vertex_fingerprint[v];
    std::uint64_t own = 0;
    for (std::uint64_t todo = (all_bits ? ~std::uint64_t{0} : ~row[w]) & valid; todo != 0;
         todo &= todo - 1) {
      const std::uint32_t b = static_cast<std::uint32_t>(lowest_bit(todo));
      const std::uint64_t bit = std::uint64_t{1} << b;
      const std::uint32_t u = table.find(f ^ keys[w * 64 + b], row, w, bit);
      if (u == kNoVertex) continue;
      own |= bit;
      if (!all_bits) atomic_or(marks + static_cast<std::uint64_t>(u) * words + w, bit);
    }
    if (all_bits)
      marks[i] = own;
    else if (own != 0)
      atomic_or(marks + i, own);
  }
};

struct FingerprintResolve {
  FingerprintTable table;
  const std::uint64_t* vertex_fingerprint;
  const std::uint64_t* keys;
  ARCWAVE_CELL_HD std::uint32_t operator()(std::uint32_t v, std::uint32_t w,
                                           std::uint32_t b) const {
    const std::uint64_t* row = table.cells + static_cast<std::uint64_t>(v) * table.words;
    return table.find(vertex_fingerprint[v] ^ keys[w * 64 + b], row, w, std::uint64_t{1} << b);
  }
};

inline CellGraph fingerprint_graph(const BitVectors& input, const Options& options,
                                   PhaseTimes* times) {
  PhaseClock clock;
  PhaseTimes local;
  const std::uint64_t n = input.count;
  const std::uint32_t words = input.words;
  const std::uint32_t bits = input.bits;
  const Array<std::uint64_t> rows = upload_rows(input);
  std::vector<std::uint64_t> host_keys(std::size_t{words} * 64, 0);
  const std::uint64_t key_mask = fingerprint_mask(options.fingerprint_bits);
  for (std::uint32_t k = 0; k < bits; ++k)
    host_keys[k] = fingerprint_key(options.seed, k, key_mask);
  Array<std::uint64_t> keys(host_keys.size());
  keys.upload(host_keys.data(), host_keys.size());
  local.upload_ms = clock.lap_ms();

  // sort
  Array<std::uint64_t> fingerprint(n);
  thrust::transform(thrust::device, thrust::counting_iterator<std::uint64_t>(0),
                    thrust::counting_iterator<std::uint64_t>(n), fingerprint.begin(),
                    RowFingerprint{rows.get(), keys.get(), words});
  Array<std::uint64_t> sorted(n);
  Array<std::uint32_t> perm(n);
  {
    Array<std::uint32_t> identity(n);
    thrust::sequence(thrust::device, identity.begin(), identity.end(), 0U);
    sort_pairs(fingerprint.get(), sorted.get(), identity.get(), perm.get(), n,
               static_cast<int>(options.fingerprint_bits < 64 ? options.fingerprint_bits : 64));
  }
  Array<std::uint32_t> rep(n);
  thrust::transform(thrust::device, thrust::counting_iterator<std::uint64_t>(0),
                    thrust::counting_iterator<std::uint64_t>(n), rep.begin(),
                    FingerprintRunStart{sorted.get()});
  thrust::inclusive_scan(thrust::device, rep.begin(), rep.end(), rep.begin(), MaxOp{});
  for_each_index(n, FirstEqualInRun{rows.get(), perm.get(), rep.get(), words});
  Numbered numbered = number_rows(rows.get(), words, n, perm.get(), rep.get());
  const std::uint32_t m = numbered.distinct;
  Array<std::uint64_t> vertex_fingerprint(m);
  thrust::transform(thrust::device, thrust::counting_iterator<std::uint64_t>(0),
                    thrust::counting_iterator<std::uint64_t>(m), vertex_fingerprint.begin(),
                    VertexFingerprint{fingerprint.get(), numbered.origin.get()});
  local.sort_ms = clock.lap_ms();

  // build
  Array<std::uint64_t> table_fingerprint(m);
  Array<std::uint32_t> table_vertex(m);
  {
    const Array<std::uint32_t> first = first_positions(rep.get(), n, m);
    for_each_index(
        m, TableEntries{first.get(), sorted.get(), perm.get(), numbered.vertex_of_input.get(),
                        table_fingerprint.get(), table_vertex.get()});
  }
  const std::uint32_t width = options.fingerprint_bits;
  const std::uint32_t bucket_bits = table_bucket_bits(m, width);
  const std::uint64_t buckets = std::uint64_t{1} << bucket_bits;
  Array<std::uint32_t> bucket_start(buckets + 1);
  bucket_starts(table_fingerprint.get(), m, buckets, bucket_start.get(),
                TopBits{bucket_bits, width});
  FingerprintTable table;
  Array<std::uint64_t> filter;
  if (filter_wanted(options.filter, m)) {
    const std::uint32_t log_bits = filter_log_bits(m);
    filter = Array<std::uint64_t>((std::uint64_t{1} << log_bits) / 64);
    filter.fill(0);
    table.filter_mask = (std::uint64_t{1} << log_bits) - 1;
    for_each_index(m, SetFilterBits{table_fingerprint.get(), filter.get(), table.filter_mask});
    table.filter = filter.get();
  }
  table.bucket_start = bucket_start.get();
  table.fingerprint = table_fingerprint.get();
  table.vertex = table_vertex.get();
  table.bucket_bits = bucket_bits;
  table.width = width;
  table.cells = numbered.cells.get();
  table.words = words;
  local.build_ms = clock.lap_ms();

  // search
  DeviceCsr csr;
  {
    Array<std::uint64_t> marks(std::uint64_t{m} * words);
    marks.fill(0);
    for_each_index(std::uint64_t{m} * words,
                   ProbeWord{table, vertex_fingerprint.get(), keys.get(), marks.get(),
                             BitVectors::last_word_mask(bits), options.probe_all_bits});
    csr = marks_to_csr(marks.get(), m, words,
                       FingerprintResolve{table, vertex_fingerprint.get(), keys.get()});
  }
  local.search_ms = clock.lap_ms();

  CellGraph out = download_graph(numbered, csr, n, bits);
  local.download_ms = clock.lap_ms();
  if (times != nullptr) *times = local;
  return out;
}

}  // namespace arcwave::cellgraph::ARCWAVE_CELL_SYS
