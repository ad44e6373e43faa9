// [gpu] One DP step of each GPU scheme (paper, tiled, window) against the range maximum the CPU
// takes over layout.hpp's allowed predecessors, state by state, on every step shape of both
// chains: random previous tables with unreachable entries, sizes across the tile and chunk
// widths, constrained and unconstrained angles. test_dp_gpu checks whole solves; this one says
// which state of which step is wrong when they fail.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "core/cuda/check.cuh"
#include "core/cuda/device_buffer.cuh"
#include "graph/polyline/angle_limit.hpp"
#include "graph/polyline/chain.hpp"
#include "graph/polyline/gpu_kernels.cuh"
#include "tests/support/gpu.hpp"

namespace pl = arcwave::polyline;
using arcwave::cuda::DeviceBuffer;

namespace {

enum class Scheme { kPaper, kTiled, kWindow };

struct Reference {
  std::vector<std::int32_t> out;     // (i, j) at j * n_cur + i
  std::vector<std::int32_t> argmax;  // smallest best h, -1 when the range is empty
};

Reference reference_step(const pl::StepShape& s, const pl::AngleLimit& angle,
                         const std::vector<std::int32_t>& prev,
                         const std::vector<std::int32_t>& link) {
  Reference r;
  const std::size_t states = static_cast<std::size_t>(s.n_cur) * s.n_next;
  r.out.resize(states);
  r.argmax.resize(states);
  for (int j = 0; j < s.n_next; ++j) {
    for (int i = 0; i < s.n_cur; ++i) {
      const pl::IndexRange range =
          pl::allowed_prev_range(s, angle.intervals().data(), angle.q_max(), i, j);
      std::int32_t best = pl::kUnreachable;
      int arg = -1;
      for (int h = range.lo; h <= range.hi; ++h) {
        const std::int32_t v = prev[static_cast<std::size_t>(i) * s.n_prev + h];
        if (arg < 0 || v > best) {
          best = v;
          arg = h;
        }
      }
      const std::size_t e = static_cast<std::size_t>(j) * s.n_cur + i;
      r.out[e] = best + link[e];
      r.argmax[e] = arg;
    }
  }
  return r;
}

// Previous tables as a chain has them: reachable sums, and unreachable ones (kUnreachable plus
// a little, as sums grow from it) on about a fifth of the states.
std::vector<std::int32_t> random_prev(std::size_t n, std::mt19937_64& rng) {
  std::uniform_int_distribution<std::int32_t> value(0, 5000);
  std::uniform_int_distribution<int> pick(0, 4);
  std::vector<std::int32_t> v(n);
  for (std::int32_t& x : v) x = pick(rng) == 0 ? pl::kUnreachable + value(rng) : value(rng);
  return v;
}

struct Outcome {
  std::size_t states = 0;
  std::size_t wrong_value = 0;
  std::size_t wrong_argmax = 0;
  std::string first_wrong;  // the first few wrong states, for the failure message
};

Outcome run_step(Scheme scheme, const pl::StepShape& s, const pl::AngleLimit& angle,
                 std::mt19937_64& rng) {
  const std::size_t states = static_cast<std::size_t>(s.n_cur) * s.n_next;
  const std::vector<std::int32_t> prev =
      random_prev(static_cast<std::size_t>(s.n_prev) * s.n_cur, rng);
  std::vector<std::int32_t> link(states);
  std::uniform_int_distribution<std::int32_t> score(0, 300);
  for (std::int32_t& x : link) x = score(rng);
  const Reference want = reference_step(s, angle, prev, link);

  const DeviceBuffer<pl::QInterval> intervals(angle.intervals());
  const DeviceBuffer<double> directions(angle.directions());
  const DeviceBuffer<std::int32_t> d_prev{std::span<const std::int32_t>(prev)};
  const DeviceBuffer<std::int32_t> d_link{std::span<const std::int32_t>(link)};
  DeviceBuffer<std::int32_t> d_out(states);
  DeviceBuffer<std::int32_t> d_argmax(states);
  DeviceBuffer<std::int32_t> d_scratch(states);
  ARCWAVE_CUDA_CHECK(cudaDeviceSynchronize());

  pl::gpu::StepPair pair{};
  pair.halves = 1;
  pair.half[0] = pl::gpu::StepHalf{
      s, d_prev.data(), d_link.data(), d_out.data(), d_argmax.data(), d_scratch.data()};
  const pl::gpu::DeviceAngle dev_angle{intervals.data(), directions.data(), angle.q_max(),
                                       angle.max_angle_rad(), angle.unconstrained()};
  switch (scheme) {
    case Scheme::kPaper:
      pl::gpu::step_paper(pair, dev_angle, nullptr);
      break;
    case Scheme::kTiled:
      pl::gpu::step_tiled(pair, dev_angle, nullptr);
      break;
    case Scheme::kWindow:
      pl::gpu::step_window(pair, dev_angle, nullptr);
      break;
  }
  ARCWAVE_CUDA_CHECK(cudaDeviceSynchronize());
  const std::vector<std::int32_t> got = d_out.to_host();
  const std::vector<std::int32_t> got_arg =
      scheme == Scheme::kPaper ? d_argmax.to_host() : std::vector<std::int32_t>{};

  Outcome o;
  o.states = states;
  for (std::size_t e = 0; e < states; ++e) {
    // Unreachable states only need to stay unreachable (each scheme adds the link to its own
    // "nothing allowed" value).
    const bool same = want.out[e] < 0 ? got[e] < 0 : got[e] == want.out[e];
    if (!same) {
      if (o.wrong_value < 3) {
        const int i = static_cast<int>(e % static_cast<std::size_t>(s.n_cur));
        const int j = static_cast<int>(e / static_cast<std::size_t>(s.n_cur));
        const pl::IndexRange r =
            pl::allowed_prev_range(s, angle.intervals().data(), angle.q_max(), i, j);
        std::ostringstream line;
        line << "[i " << i << " j " << j << " allowed h " << r.lo << ".." << r.hi << " got "
             << got[e] << " want " << want.out[e] << " got = prev[h] + link for h:";
        for (int h = 0; h < s.n_prev; ++h)
          if (prev[static_cast<std::size_t>(i) * s.n_prev + h] + link[e] == got[e])
            line << ' ' << h;
        line << "] ";
        o.first_wrong += line.str();
      }
      ++o.wrong_value;
    }
    if (scheme == Scheme::kPaper && want.out[e] >= 0 && got_arg[e] != want.argmax[e])
      ++o.wrong_argmax;
  }
  return o;
}

}  // namespace

TEST_CASE("each GPU DP step equals the CPU range maximum state by state", "[gpu][polyline]") {
  ARCWAVE_REQUIRE_GPU();
  std::mt19937_64 rng(20261123);
  struct Case {
    int nodes, points;
    double limit;
  };
  // Sizes around the tiled step's 32 x 64 tile and 128-wide h chunks and the window step's
  // 32-blocks; limits from none to very tight.
  const Case cases[] = {{3, 6, 50.0},   {3, 6, 180.0},  {2, 2, 4.0},    {4, 31, 20.0},
                        {3, 33, 50.0},  {5, 64, 10.0},  {3, 127, 30.0}, {3, 129, 45.0},
                        {3, 257, 35.0}, {4, 300, 40.0}, {2, 300, 180.0}};
  const Scheme schemes[] = {Scheme::kPaper, Scheme::kTiled, Scheme::kWindow};
  for (const Case& c : cases) {
    for (const double half_step : {0.9, 0.6}) {
      const double spacing = half_step == 0.9 ? 2.0 : 40.0;  // the two test geometries
      const pl::AngleLimit angle(c.points, half_step, spacing, c.limit);
      for (const bool reversed : {false, true}) {
        const pl::Chain chain =
            reversed ? pl::reversed_chain(c.nodes, c.points) : pl::forward_chain(c.nodes, c.points);
        for (int k = 1; k <= chain.levels; ++k) {
          for (const Scheme scheme : schemes) {
            INFO("K " << c.nodes << " N " << c.points << " limit " << c.limit << " spacing "
                      << spacing << (reversed ? " reversed" : " forward") << " level " << k
                      << " scheme " << static_cast<int>(scheme));
            const Outcome o = run_step(scheme, chain.step(k), angle, rng);
            INFO(o.first_wrong);
            CHECK(o.states > 0);
            CHECK(o.wrong_value == 0);
            CHECK(o.wrong_argmax == 0);
          }
        }
      }
    }
  }
}
