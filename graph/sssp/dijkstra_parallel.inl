// graph/sssp/dijkstra_parallel.inl — the Thrust code of dijkstra_parallel.hpp, included by
// dijkstra_parallel_gpu.cu (CUDA system, ARCWAVE_DIJKSTRA_NS = gpu) and
// dijkstra_parallel_omp.cpp (OpenMP system, ARCWAVE_DIJKSTRA_NS = omp).
#include <thrust/copy.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/extrema.h>
#include <thrust/fill.h>
#include <thrust/for_each.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include <algorithm>
#include <string>
#include <type_traits>

#include "arcwave/error.hpp"
#include "graph/sssp/checks.hpp"
#include "graph/sssp/dijkstra_parallel.hpp"

#if defined(__CUDACC__)
#define ARCWAVE_HD __host__ __device__
#else
#include <atomic>
#define ARCWAVE_HD
#endif

namespace arcwave::sssp::ARCWAVE_DIJKSTRA_NS {

namespace {

/// *address = min(*address, value), atomically, on either system.
template <typename D>
ARCWAVE_HD void atomic_min_any(D* address, D value) {
#if defined(__CUDA_ARCH__)
  if constexpr (std::is_integral_v<D>) {
    atomicMin(reinterpret_cast<long long*>(address), static_cast<long long>(value));
  } else {
    auto* bits = reinterpret_cast<unsigned long long*>(address);
    unsigned long long old = *bits;
    while (value < __longlong_as_double(static_cast<long long>(old))) {
      const unsigned long long seen =
          atomicCAS(bits, old, static_cast<unsigned long long>(__double_as_longlong(value)));
      if (seen == old) break;
      old = seen;
    }
  }
#elif defined(__CUDACC__)
  (void)address;  // host pass of a CUDA build: never called on the host
  (void)value;
#else
  std::atomic_ref<D> ref(*address);
  D current = ref.load(std::memory_order_relaxed);
  while (value < current && !ref.compare_exchange_weak(current, value, std::memory_order_relaxed)) {
  }
#endif
}

template <typename D>
struct MaskedDistance {
  const D* dist;
  const std::uint8_t* settled;
  ARCWAVE_HD D operator()(std::uint32_t v) const { return settled[v] ? infinity<D>() : dist[v]; }
};

template <typename D>
struct SettleNow {
  const D* dist;
  const std::uint8_t* settled;
  D threshold;
  ARCWAVE_HD bool operator()(std::uint32_t v) const {
    return !settled[v] && dist[v] != infinity<D>() && dist[v] <= threshold;
  }
};

struct MarkSettled {
  std::uint8_t* settled;
  ARCWAVE_HD void operator()(std::uint32_t v) const { settled[v] = 1; }
};

template <typename D, typename Weight>
struct RelaxOutEdges {  // outer loop: one thread per newly settled vertex
  const std::uint64_t* offsets;
  const std::uint32_t* targets;
  const Weight* weights;
  D* dist;
  const std::uint8_t* settled;
  ARCWAVE_HD void operator()(std::uint32_t u) const {
    const D du = dist[u];
    for (std::uint64_t e = offsets[u]; e < offsets[u + 1]; ++e) {
      const std::uint32_t t = targets[e];
      if (!settled[t]) atomic_min_any(&dist[t], du + static_cast<D>(weights[e]));
    }
  }
};

template <typename D, typename Weight>
struct RelaxEdge {  // inner loop: one thread per out-edge of the selected vertex
  D du;
  const std::uint32_t* targets;
  const Weight* weights;
  D* dist;
  const std::uint8_t* settled;
  ARCWAVE_HD void operator()(std::uint64_t e) const {
    const std::uint32_t t = targets[e];
    if (!settled[t]) atomic_min_any(&dist[t], du + static_cast<D>(weights[e]));
  }
};

}  // namespace

template <typename Weight>
void dijkstra_rows(const Csr<Weight>& graph, std::span<const std::uint32_t> sources,
                   DijkstraParallel variant, const DistanceRowFn<Distance<Weight>>& row) {
  using D = Distance<Weight>;
  static_assert(std::is_same_v<Weight, std::int64_t> || std::is_same_v<Weight, double>);
  check_weights(graph);
  check_non_negative(graph, "Dijkstra");
  const std::uint32_t n = graph.vertex_count;
  for (const std::uint32_t s : sources)
    if (s >= n) throw InputError("source " + std::to_string(s) + " is not a vertex");
  const thrust::device_vector<std::uint64_t> offsets(graph.offsets.begin(), graph.offsets.end());
  const thrust::device_vector<std::uint32_t> targets(graph.targets.begin(), graph.targets.end());
  const thrust::device_vector<Weight> weights(graph.weights.begin(), graph.weights.end());
  thrust::device_vector<D> dist(n);
  thrust::device_vector<std::uint8_t> settled(n);
  thrust::device_vector<std::uint32_t> frontier(n);
  const std::uint64_t* off = thrust::raw_pointer_cast(offsets.data());
  const std::uint32_t* tgt = thrust::raw_pointer_cast(targets.data());
  const Weight* wgt = thrust::raw_pointer_cast(weights.data());
  D* d = thrust::raw_pointer_cast(dist.data());
  std::uint8_t* done = thrust::raw_pointer_cast(settled.data());
  // Crauser's delta: no unsettled vertex can get below (minimum + smallest weight).
  const D delta =
      graph.weights.empty()
          ? D{0}
          : static_cast<D>(*std::min_element(graph.weights.begin(), graph.weights.end()));
  const auto masked = thrust::make_transform_iterator(thrust::counting_iterator<std::uint32_t>(0),
                                                      MaskedDistance<D>{d, done});
  std::vector<D> host(n);
  for (std::size_t i = 0; i < sources.size() && n > 0; ++i) {
    thrust::fill(thrust::device, dist.begin(), dist.end(), infinity<D>());
    thrust::fill(thrust::device, settled.begin(), settled.end(), std::uint8_t{0});
    dist[sources[i]] = D{0};
    for (;;) {
      const auto best = thrust::min_element(thrust::device, masked, masked + n);
      const auto v = static_cast<std::uint32_t>(best - masked);
      const D minimum = dist[v];
      if (minimum == infinity<D>() || settled[v]) break;  // masked minimum is infinite
      if (variant == DijkstraParallel::kOuter) {
        const auto end =
            thrust::copy_if(thrust::device, thrust::counting_iterator<std::uint32_t>(0),
                            thrust::counting_iterator<std::uint32_t>(n), frontier.begin(),
                            SettleNow<D>{d, done, minimum + delta});
        thrust::for_each(thrust::device, frontier.begin(), end, MarkSettled{done});
        thrust::for_each(thrust::device, frontier.begin(), end,
                         RelaxOutEdges<D, Weight>{off, tgt, wgt, d, done});
      } else {
        settled[v] = 1;
        thrust::for_each(thrust::device, thrust::counting_iterator<std::uint64_t>(graph.offsets[v]),
                         thrust::counting_iterator<std::uint64_t>(graph.offsets[v + 1]),
                         RelaxEdge<D, Weight>{minimum, tgt, wgt, d, done});
      }
    }
    thrust::copy(dist.begin(), dist.end(), host.begin());
    row(i, std::span<const D>(host));
  }
}

template void dijkstra_rows(const Csr<std::int64_t>&, std::span<const std::uint32_t>,
                            DijkstraParallel, const DistanceRowFn<std::int64_t>&);
template void dijkstra_rows(const Csr<double>&, std::span<const std::uint32_t>, DijkstraParallel,
                            const DistanceRowFn<double>&);

}  // namespace arcwave::sssp::ARCWAVE_DIJKSTRA_NS
