// graph/cellgraph/sys/common.hpp — the shared pieces of the Thrust implementations of the cell
// graph algorithms. These headers are compiled twice: by nvcc for the GPU (CUDA system, CUB
// radix sort) and by the host compiler with THRUST_DEVICE_SYSTEM=OMP, so that the GPU code
// paths also run, and are tested, on CPU threads. Everything lives in namespace
// arcwave::cellgraph::ARCWAVE_CELL_SYS (cuda_sys or omp_sys), so both can link into one program.
//
// Here: device arrays, the phase clock, radix sort of pairs, exact first-occurrence
// numbering of sorted rows, bucket starts of sorted keys, marks to CSR, and copying out.
#pragma once

#include <thrust/copy.h>
#include <thrust/device_free.h>
#include <thrust/device_malloc.h>
#include <thrust/device_ptr.h>
#include <thrust/execution_policy.h>
#include <thrust/fill.h>
#include <thrust/for_each.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/scan.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/transform.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "arcwave/error.hpp"
#include "graph/cellgraph/bits.hpp"
#include "graph/cellgraph/cell_graph.hpp"

#if THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA
#include <cub/device/device_radix_sort.cuh>

#include "core/cuda/check.cuh"
#include "core/cuda/device_buffer.cuh"
#define ARCWAVE_CELL_SYS cuda_sys
#else
#include "core/timer.hpp"
#define ARCWAVE_CELL_SYS omp_sys
#endif

namespace arcwave::cellgraph::ARCWAVE_CELL_SYS {

/// An array in the memory of Thrust's device system (GPU memory, or host memory for OMP),
/// uninitialised until written.
template <typename T>
class Array {
 public:
  Array() = default;
  explicit Array(std::size_t count) : size_(count) {
    if (count > 0) ptr_ = thrust::device_malloc<T>(count);
  }
  Array(const Array&) = delete;
  Array& operator=(const Array&) = delete;
  Array(Array&& other) noexcept
      : ptr_(std::exchange(other.ptr_, thrust::device_ptr<T>())),
        size_(std::exchange(other.size_, 0)) {}
  Array& operator=(Array&& other) noexcept {
    if (this != &other) {
      release();
      ptr_ = std::exchange(other.ptr_, thrust::device_ptr<T>());
      size_ = std::exchange(other.size_, 0);
    }
    return *this;
  }
  ~Array() { release(); }

  [[nodiscard]] T* get() { return thrust::raw_pointer_cast(ptr_); }
  [[nodiscard]] const T* get() const { return thrust::raw_pointer_cast(ptr_); }
  [[nodiscard]] std::size_t size() const { return size_; }
  [[nodiscard]] thrust::device_ptr<T> begin() const { return ptr_; }
  [[nodiscard]] thrust::device_ptr<T> end() const {
    return ptr_ + static_cast<std::ptrdiff_t>(size_);
  }
  void fill(const T& value) {
    if (size_ > 0) thrust::fill(thrust::device, begin(), end(), value);
  }
  void upload(const T* host, std::size_t count) {
    if (count > 0) thrust::copy(host, host + count, ptr_);
  }
  void download(T* host, std::size_t count) const {
    if (count > 0) thrust::copy(ptr_, ptr_ + static_cast<std::ptrdiff_t>(count), host);
  }
  [[nodiscard]] T read(std::size_t i) const {
    T value{};
    thrust::copy(ptr_ + static_cast<std::ptrdiff_t>(i), ptr_ + static_cast<std::ptrdiff_t>(i + 1),
                 &value);
    return value;
  }

 private:
  void release() noexcept {
    if (ptr_.get() != nullptr) thrust::device_free(ptr_);
    ptr_ = thrust::device_ptr<T>();
    size_ = 0;
  }
  thrust::device_ptr<T> ptr_{};
  std::size_t size_ = 0;
};

/// Milliseconds between successive laps (CUDA events on the default stream, or wall clock).
class PhaseClock {
 public:
#if THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA
  PhaseClock() {
    ARCWAVE_CUDA_CHECK(cudaEventCreate(&last_));
    ARCWAVE_CUDA_CHECK(cudaEventCreate(&now_));
    ARCWAVE_CUDA_CHECK(cudaEventRecord(last_, nullptr));
  }
  PhaseClock(const PhaseClock&) = delete;
  PhaseClock& operator=(const PhaseClock&) = delete;
  ~PhaseClock() {
    cudaEventDestroy(last_);
    cudaEventDestroy(now_);
  }
  double lap_ms() {
    ARCWAVE_CUDA_CHECK(cudaEventRecord(now_, nullptr));
    ARCWAVE_CUDA_CHECK(cudaEventSynchronize(now_));
    float ms = 0;
    ARCWAVE_CUDA_CHECK(cudaEventElapsedTime(&ms, last_, now_));
    std::swap(last_, now_);
    return ms;
  }

 private:
  cudaEvent_t last_{};
  cudaEvent_t now_{};
#else
  double lap_ms() {
    const double ms = clock_.seconds() * 1e3;
    clock_.restart();
    return ms;
  }

 private:
  Stopwatch clock_;
#endif
};

// --- atomics that compile for the device and for OpenMP threads --------------------------

ARCWAVE_CELL_HD inline void atomic_or(std::uint64_t* p, std::uint64_t value) {
#if defined(__CUDA_ARCH__)
  atomicOr(reinterpret_cast<unsigned long long*>(p), static_cast<unsigned long long>(value));
#else
  __atomic_fetch_or(p, value, __ATOMIC_RELAXED);
#endif
}
ARCWAVE_CELL_HD inline std::uint64_t atomic_add(std::uint64_t* p, std::uint64_t value) {
#if defined(__CUDA_ARCH__)
  return atomicAdd(reinterpret_cast<unsigned long long*>(p),
                   static_cast<unsigned long long>(value));
#else
  return __atomic_fetch_add(p, value, __ATOMIC_RELAXED);
#endif
}

struct MaxOp {
  ARCWAVE_CELL_HD std::uint32_t operator()(std::uint32_t a, std::uint32_t b) const {
    return a < b ? b : a;
  }
};

// --- radix sort of (key, value) pairs ---------------------------------------------------

/// Stable sort of pairs by key into the output arrays (no overlap with the inputs). Key bits
/// at and above `end_bit` must be 0 (the GPU sort skips them).
template <typename Key>
void sort_pairs(const Key* keys_in, Key* keys_out, const std::uint32_t* values_in,
                std::uint32_t* values_out, std::uint64_t count, int end_bit) {
  if (count == 0) return;
#if THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA
  auto run = [&](auto items) {
    std::size_t temp_bytes = 0;
    ARCWAVE_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(nullptr, temp_bytes, keys_in, keys_out,
                                                       values_in, values_out, items, 0, end_bit));
    Array<unsigned char> temp(temp_bytes);
    ARCWAVE_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(temp.get(), temp_bytes, keys_in, keys_out,
                                                       values_in, values_out, items, 0, end_bit));
  };
  if (count <= 0xFFFFFFFFULL)
    run(static_cast<std::uint32_t>(count));
  else
    run(count);
#else
  (void)end_bit;
  const auto n = static_cast<std::ptrdiff_t>(count);
  thrust::copy(thrust::device, thrust::device_pointer_cast(keys_in),
               thrust::device_pointer_cast(keys_in) + n, thrust::device_pointer_cast(keys_out));
  thrust::copy(thrust::device, thrust::device_pointer_cast(values_in),
               thrust::device_pointer_cast(values_in) + n, thrust::device_pointer_cast(values_out));
  thrust::stable_sort_by_key(thrust::device, thrust::device_pointer_cast(keys_out),
                             thrust::device_pointer_cast(keys_out) + n,
                             thrust::device_pointer_cast(values_out));
#endif
}

/// Bits needed to write x (0 for 0).
inline int bit_width(std::uint64_t x) {
  int b = 0;
  while (x != 0) {
    ++b;
    x >>= 1;
  }
  return b;
}

template <typename F>
void for_each_index(std::uint64_t count, F f) {
  if (count == 0) return;
  thrust::for_each_n(thrust::device, thrust::counting_iterator<std::uint64_t>(0), count, f);
}

// --- exact deduplication and first-occurrence numbering ----------------------------------

struct FlagFirsts {
  const std::uint32_t* perm;
  const std::uint32_t* rep;
  std::uint32_t* flag;  // by input index
  ARCWAVE_CELL_HD void operator()(std::uint64_t j) const { flag[perm[j]] = rep[j] == j ? 1U : 0U; }
};
struct AssignVertices {
  const std::uint32_t* perm;
  const std::uint32_t* rep;
  const std::uint32_t* first_vertex;  // by input index, valid at first occurrences
  std::uint32_t* vertex_of_input;
  ARCWAVE_CELL_HD void operator()(std::uint64_t j) const {
    vertex_of_input[perm[j]] = first_vertex[perm[rep[j]]];
  }
};
struct RecordOrigins {
  const std::uint32_t* flag;
  const std::uint32_t* first_vertex;
  std::uint32_t* origin;
  ARCWAVE_CELL_HD void operator()(std::uint64_t i) const {
    if (flag[i] != 0) origin[first_vertex[i]] = static_cast<std::uint32_t>(i);
  }
};
/// out row r = in row index[r], word by word.
struct GatherRows {
  const std::uint64_t* in;
  const std::uint32_t* index;
  std::uint64_t* out;
  std::uint32_t words;
  ARCWAVE_CELL_HD void operator()(std::uint64_t i) const {
    const std::uint64_t r = i / words;
    out[i] = in[static_cast<std::uint64_t>(index[r]) * words + i % words];
  }
};

/// The vertices of a sorted input: first-occurrence numbers and each vertex's row.
struct Numbered {
  std::uint32_t distinct = 0;
  Array<std::uint32_t> vertex_of_input;  // n
  Array<std::uint32_t> origin;           // distinct: input index of the first occurrence
  Array<std::uint64_t> cells;            // distinct * words
};

/// `perm`: input indices in an order where equal rows share a run of one fingerprint or key,
/// each in increasing input index; `rep[j]`: the first position of j's run with the same row.
inline Numbered number_rows(const std::uint64_t* rows, std::uint32_t words, std::uint64_t n,
                            const std::uint32_t* perm, const std::uint32_t* rep) {
  Numbered out;
  Array<std::uint32_t> flag(n);
  for_each_index(n, FlagFirsts{perm, rep, flag.get()});
  Array<std::uint32_t> first_vertex(n);
  thrust::exclusive_scan(thrust::device, flag.begin(), flag.end(), first_vertex.begin());
  out.distinct = first_vertex.read(n - 1) + flag.read(n - 1);
  out.vertex_of_input = Array<std::uint32_t>(n);
  for_each_index(n, AssignVertices{perm, rep, first_vertex.get(), out.vertex_of_input.get()});
  out.origin = Array<std::uint32_t>(out.distinct);
  for_each_index(n, RecordOrigins{flag.get(), first_vertex.get(), out.origin.get()});
  out.cells = Array<std::uint64_t>(std::uint64_t{out.distinct} * words);
  for_each_index(std::uint64_t{out.distinct} * words,
                 GatherRows{rows, out.origin.get(), out.cells.get(), words});
  return out;
}

struct IsFirst {
  const std::uint32_t* rep;
  ARCWAVE_CELL_HD bool operator()(std::uint64_t j) const { return rep[j] == j; }
};

/// Positions j (in sorted order) of the first row of each distinct row.
inline Array<std::uint32_t> first_positions(const std::uint32_t* rep, std::uint64_t n,
                                            std::uint32_t distinct) {
  Array<std::uint32_t> out(distinct);
  thrust::copy_if(thrust::device, thrust::counting_iterator<std::uint64_t>(0),
                  thrust::counting_iterator<std::uint64_t>(n), out.begin(), IsFirst{rep});
  return out;
}

// --- sorting whole rows (tree and heuristic) -------------------------------------------

struct GatherWord {
  const std::uint64_t* rows;
  const std::uint32_t* perm;
  std::uint64_t* key;
  std::uint32_t words;
  std::uint32_t word;
  ARCWAVE_CELL_HD void operator()(std::uint64_t i) const {
    key[i] = rows[static_cast<std::uint64_t>(perm[i]) * words + word];
  }
};
struct RowRunStart {
  const std::uint64_t* rows;
  const std::uint32_t* perm;
  std::uint32_t words;
  ARCWAVE_CELL_HD std::uint32_t operator()(std::uint64_t j) const {
    if (j == 0) return 0;
    const bool same = rows_equal(rows + static_cast<std::uint64_t>(perm[j]) * words,
                                 rows + static_cast<std::uint64_t>(perm[j - 1]) * words, words);
    return same ? 0 : static_cast<std::uint32_t>(j);
  }
};

struct SortedRows {
  Array<std::uint32_t> perm;  // input indices in row order (stable)
  Array<std::uint32_t> rep;   // first position of each run of equal rows
};

/// LSD radix sort of whole rows, one stable 64-bit key sort per word (last word first), then
/// the runs of equal rows. The sort of the last word only looks at its ℓ mod 64 bits.
inline SortedRows sort_rows(const std::uint64_t* rows, std::uint64_t n, std::uint32_t words,
                            std::uint32_t bits) {
  SortedRows out;
  out.perm = Array<std::uint32_t>(n);
  thrust::sequence(thrust::device, out.perm.begin(), out.perm.end(), 0U);
  Array<std::uint32_t> perm_out(n);
  Array<std::uint64_t> key(n);
  Array<std::uint64_t> key_out(n);
  for (std::uint32_t w = words; w-- > 0;) {
    for_each_index(n, GatherWord{rows, out.perm.get(), key.get(), words, w});
    const int end_bit = w + 1 == words ? static_cast<int>(bits - 64 * (words - 1)) : 64;
    sort_pairs(key.get(), key_out.get(), out.perm.get(), perm_out.get(), n, end_bit);
    std::swap(out.perm, perm_out);
  }
  out.rep = Array<std::uint32_t>(n);
  thrust::transform(thrust::device, thrust::counting_iterator<std::uint64_t>(0),
                    thrust::counting_iterator<std::uint64_t>(n), out.rep.begin(),
                    RowRunStart{rows, out.perm.get(), words});
  thrust::inclusive_scan(thrust::device, out.rep.begin(), out.rep.end(), out.rep.begin(), MaxOp{});
  return out;
}

// --- bucket starts of sorted keys -------------------------------------------------------

/// start[c] = the first index t with bucket(sorted[t]) >= c, for c in [0, buckets]; run over
/// t in [0, count] (each t writes the starts of the buckets that begin at it).
template <typename Key, typename Start, typename Bucket>
struct BucketStarts {
  const Key* sorted;
  std::uint64_t count;
  std::uint64_t buckets;
  Start* start;
  Bucket bucket;
  ARCWAVE_CELL_HD void operator()(std::uint64_t t) const {
    const std::uint64_t lo = t == 0 ? 0 : bucket(sorted[t - 1]) + 1;
    const std::uint64_t hi = t == count ? buckets : bucket(sorted[t]);
    for (std::uint64_t c = lo; c <= hi; ++c) start[c] = static_cast<Start>(t);
  }
};
template <typename Key, typename Start, typename Bucket>
void bucket_starts(const Key* sorted, std::uint64_t count, std::uint64_t buckets, Start* start,
                   Bucket bucket) {
  for_each_index(count + 1,
                 BucketStarts<Key, Start, Bucket>{sorted, count, buckets, start, bucket});
}

// --- marked bits to the canonical CSR ---------------------------------------------------

struct MarkedDegree {
  const std::uint64_t* marks;
  std::uint32_t words;
  ARCWAVE_CELL_HD std::uint64_t operator()(std::uint64_t v) const {
    std::uint64_t d = 0;
    for (std::uint32_t w = 0; w < words; ++w)
      d += static_cast<std::uint64_t>(popcount64(marks[v * words + w]));
    return d;
  }
};

/// Writes the neighbours of each vertex in increasing bit order; `resolve(v, word, bit)`
/// returns the neighbour of v across that bit (which must exist).
template <typename Resolve>
struct FillTargets {
  const std::uint64_t* marks;
  const std::uint64_t* offsets;
  std::uint32_t* targets;
  std::uint64_t* lost;  // set to 1 when a marked neighbour is not found again
  std::uint32_t words;
  Resolve resolve;
  ARCWAVE_CELL_HD void operator()(std::uint64_t v) const {
    std::uint64_t pos = offsets[v];
    for (std::uint32_t w = 0; w < words; ++w) {
      for (std::uint64_t todo = marks[v * words + w]; todo != 0; todo &= todo - 1) {
        const std::uint32_t u =
            resolve(static_cast<std::uint32_t>(v), w, static_cast<std::uint32_t>(lowest_bit(todo)));
        if (u == kNoVertex) atomic_or(lost, 1);
        targets[pos++] = u;
      }
    }
  }
};

struct DeviceCsr {
  Array<std::uint64_t> offsets;  // vertices + 1
  Array<std::uint32_t> targets;
  std::uint64_t arcs = 0;
};

template <typename Resolve>
DeviceCsr marks_to_csr(const std::uint64_t* marks, std::uint32_t vertices, std::uint32_t words,
                       Resolve resolve) {
  DeviceCsr csr;
  csr.offsets = Array<std::uint64_t>(std::uint64_t{vertices} + 1);
  thrust::fill_n(thrust::device, csr.offsets.begin(), 1, std::uint64_t{0});
  auto degree = thrust::make_transform_iterator(thrust::counting_iterator<std::uint64_t>(0),
                                                MarkedDegree{marks, words});
  thrust::inclusive_scan(thrust::device, degree, degree + vertices, csr.offsets.begin() + 1);
  csr.arcs = csr.offsets.read(vertices);
  csr.targets = Array<std::uint32_t>(csr.arcs);
  Array<std::uint64_t> lost(1);
  lost.fill(0);
  for_each_index(vertices, FillTargets<Resolve>{marks, csr.offsets.get(), csr.targets.get(),
                                                lost.get(), words, resolve});
  if (lost.read(0) != 0) throw InternalError("cell graph: a marked neighbour was not found again");
  return csr;
}

// --- in and out -------------------------------------------------------------------------

inline Array<std::uint64_t> upload_rows(const BitVectors& input) {
  Array<std::uint64_t> rows(input.data.size());
  rows.upload(input.data.data(), input.data.size());
  return rows;
}

inline CellGraph download_graph(const Numbered& numbered, const DeviceCsr& csr, std::uint64_t n,
                                std::uint32_t bits) {
  CellGraph out;
  out.cells = BitVectors(numbered.distinct, bits);
  numbered.cells.download(out.cells.data.data(), out.cells.data.size());
  out.graph.vertex_count = numbered.distinct;
  out.graph.offsets.resize(std::uint64_t{numbered.distinct} + 1);
  csr.offsets.download(out.graph.offsets.data(), out.graph.offsets.size());
  out.graph.targets.resize(csr.arcs);
  csr.targets.download(out.graph.targets.data(), csr.arcs);
  out.vertex_of_input.resize(n);
  numbered.vertex_of_input.download(out.vertex_of_input.data(), n);
  return out;
}

}  // namespace arcwave::cellgraph::ARCWAVE_CELL_SYS
