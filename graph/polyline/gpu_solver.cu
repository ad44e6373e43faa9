// The GPU polyline solver of graph/polyline/gpu_solver.hpp: device tables, the rounds of DP
// steps (both chains in one launch), the meet, the backtrack, and the timings.
#include "graph/polyline/gpu_solver.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "core/cuda/device_buffer.cuh"
#include "core/gpu_runtime.hpp"
#include "graph/polyline/chain.hpp"
#include "graph/polyline/gpu_kernels.cuh"
#include "graph/polyline/image_scores.hpp"

namespace arcwave::polyline {

namespace {

using Buffer = cuda::DeviceBuffer<std::int32_t>;
using PointerBuffer = cuda::DeviceBuffer<const std::int32_t*>;

// Entries of chain levels 1..levels (level 0 is the link table itself), and their starts.
std::vector<std::size_t> level_starts(const Chain& chain) {
  std::vector<std::size_t> starts(static_cast<std::size_t>(chain.levels) + 2, 0);
  for (int k = 1; k <= chain.levels; ++k)
    starts[static_cast<std::size_t>(k) + 1] =
        starts[static_cast<std::size_t>(k)] +
        static_cast<std::size_t>(chain.size(k)) * static_cast<std::size_t>(chain.size(k + 1));
  return starts;
}

std::size_t square(int n) {
  return static_cast<std::size_t>(n) * static_cast<std::size_t>(n);
}

std::span<const std::int32_t* const> pointers(const std::vector<const std::int32_t*>& v) {
  return {v.data(), v.size()};
}

double ms(const cuda::EventTimer& timer) {
  return static_cast<double>(timer.milliseconds());
}

// The device tables of one chain.
struct DeviceChain {
  Chain chain;
  std::vector<std::size_t> starts;  // of chain levels in dp / argmax (index k, k >= 1)
  Buffer dp;
  Buffer argmax;                          // kPaper only, allocated on first use
  Buffer owned_links;                     // the reversed chain's transposed N x N link tables
  std::vector<std::size_t> link_starts;   // in owned_links, per level (reversed chain)
  std::vector<const std::int32_t*> link;  // per level, device pointers
  PointerBuffer dp_ptrs, link_ptrs, argmax_ptrs;

  std::int32_t* level(Buffer& b, int k) { return b.data() + starts[static_cast<std::size_t>(k)]; }
};

}  // namespace

struct GpuPolylineSolver::Impl {
  int nodes;
  int points;
  int q_max;
  double max_angle_rad;
  bool unconstrained;
  cuda::Stream stream;
  cuda::DeviceBuffer<QInterval> intervals;
  cuda::DeviceBuffer<double> directions;
  Buffer scores;
  double scale = 1.0;
  DeviceChain fwd;
  DeviceChain rev;
  Buffer scratch;  // kWindow: row-major range maxima, one N x N area per chain
  cuda::DeviceBuffer<long long> partial_value;
  cuda::DeviceBuffer<long long> partial_index;
  Buffer result;
  GpuTimings timings;

  Impl(const AngleLimit& angle, int k)
      : nodes(k),
        points(angle.points()),
        q_max(angle.q_max()),
        max_angle_rad(angle.max_angle_rad()),
        unconstrained(angle.unconstrained()),
        intervals(angle.intervals()),
        directions(angle.directions()),
        scores(table_entries(k, angle.points())),
        partial_value(gpu::kMeetBlocks),
        partial_index(gpu::kMeetBlocks),
        result(static_cast<std::size_t>(gpu::kResultHeader + k + 2)) {
    fwd.chain = forward_chain(k, points);
    rev.chain = reversed_chain(k, points);
    for (DeviceChain* c : {&fwd, &rev}) {
      c->starts = level_starts(c->chain);
      c->dp.allocate(c->starts.back());
    }
    // The reversed chain reads the original tables transposed; tables with one row or column
    // are the same in both layouts and are used in place.
    rev.link_starts.assign(static_cast<std::size_t>(rev.chain.levels) + 2, 0);
    for (int kk = 0; kk <= rev.chain.levels; ++kk) {
      const bool square_table = rev.chain.size(kk) > 1 && rev.chain.size(kk + 1) > 1;
      rev.link_starts[static_cast<std::size_t>(kk) + 1] =
          rev.link_starts[static_cast<std::size_t>(kk)] + (square_table ? square(points) : 0);
    }
    rev.owned_links.allocate(rev.link_starts.back());
    for (DeviceChain* c : {&fwd, &rev}) {
      c->link.clear();
      for (int kk = 0; kk <= c->chain.levels; ++kk) {
        const int level = c->chain.original_level(kk);
        const bool transposed =
            c->chain.reversed && c->chain.size(kk) > 1 && c->chain.size(kk + 1) > 1;
        c->link.push_back(transposed ? rev.owned_links.data() +
                                           rev.link_starts[static_cast<std::size_t>(kk)]
                                     : scores.data() + level_start(level, nodes, points));
      }
    }
    // The angle tables were copied on the default stream, which the solver's non-blocking
    // stream does not wait for.
    ARCWAVE_CUDA_CHECK(cudaDeviceSynchronize());
  }

  gpu::DeviceAngle angle() const {
    return gpu::DeviceAngle{intervals.data(), directions.data(), q_max, max_angle_rad,
                            unconstrained};
  }

  void prepare() {
    for (int kk = 0; kk <= rev.chain.levels; ++kk) {
      if (!(rev.chain.size(kk) > 1 && rev.chain.size(kk + 1) > 1)) continue;
      const int level = rev.chain.original_level(kk);
      gpu::transpose(scores.data() + level_start(level, nodes, points), points, points,
                     rev.owned_links.data() + rev.link_starts[static_cast<std::size_t>(kk)],
                     nullptr, stream.get());
    }
  }

  void upload_pointers(DeviceChain& c, bool with_argmax) {
    std::vector<const std::int32_t*> dp(static_cast<std::size_t>(c.chain.levels) + 1);
    std::vector<const std::int32_t*> argmax(dp.size(), nullptr);
    dp[0] = c.link[0];
    for (int kk = 1; kk <= c.chain.levels; ++kk) {
      dp[static_cast<std::size_t>(kk)] = c.level(c.dp, kk);
      if (with_argmax) argmax[static_cast<std::size_t>(kk)] = c.level(c.argmax, kk);
    }
    // On the solver's stream: it does not synchronise with the legacy default stream.
    for (auto [buffer, host] : {std::pair{&c.dp_ptrs, &dp}, std::pair{&c.link_ptrs, &c.link},
                                std::pair{&c.argmax_ptrs, &argmax}}) {
      if (buffer->size() != host->size()) buffer->allocate(host->size());
      buffer->copy_from(pointers(*host), stream.get());
    }
  }

  gpu::StepHalf half(DeviceChain& c, int k, int slot, bool paper) {
    return gpu::StepHalf{c.chain.step(k),
                         k == 1 ? c.link[0] : c.level(c.dp, k - 1),
                         c.link[static_cast<std::size_t>(k)],
                         c.level(c.dp, k),
                         paper ? c.level(c.argmax, k) : nullptr,
                         scratch.empty()
                             ? nullptr
                             : scratch.data() + static_cast<std::size_t>(slot) * square(points)};
  }

  void run_steps(GpuMethod method) {
    const int rounds = std::max(fwd.chain.levels, rev.chain.levels);
    const bool paper = method == GpuMethod::kPaper;
    for (int k = 1; k <= rounds; ++k) {
      gpu::StepPair step{};
      step.halves = 0;
      for (DeviceChain* c : {&fwd, &rev})
        if (k <= c->chain.levels) {
          step.half[step.halves] = half(*c, k, step.halves, paper);
          ++step.halves;
        }
      switch (method) {
        case GpuMethod::kPaper:
          gpu::step_paper(step, angle(), stream.get());
          break;
        case GpuMethod::kTiled:
          gpu::step_tiled(step, angle(), stream.get());
          break;
        case GpuMethod::kWindow:
          gpu::step_window(step, angle(), stream.get());
          break;
      }
    }
  }

  void finish(bool use_argmax) {
    const int m = fwd.chain.levels;
    const gpu::MeetArgs meet{
        m == 0 ? fwd.link[0] : fwd.level(fwd.dp, m), rev.level(rev.dp, rev.chain.levels),
        fwd.link[static_cast<std::size_t>(m)], fwd.chain.size(m), fwd.chain.size(m + 1)};
    gpu::meet(meet, partial_value.data(), partial_index.data(), stream.get());
    const gpu::ChainTables f{fwd.chain, fwd.dp_ptrs.data(), fwd.link_ptrs.data(),
                             fwd.argmax_ptrs.data()};
    const gpu::ChainTables r{rev.chain, rev.dp_ptrs.data(), rev.link_ptrs.data(),
                             rev.argmax_ptrs.data()};
    gpu::backtrack(f, r, angle(), partial_value.data(), partial_index.data(), use_argmax,
                   result.data(), stream.get());
  }

  Polyline read_result() {
    const std::vector<std::int32_t> host = result.to_host(stream.get());
    Polyline p;
    if (host[0] == 0) return p;
    if (host[0] != 1) throw InternalError("polyline GPU backtrack lost the optimum");
    p.found = true;
    p.score = static_cast<std::int64_t>(
        (static_cast<std::uint64_t>(static_cast<std::uint32_t>(host[2])) << 32) |
        static_cast<std::uint32_t>(host[1]));
    p.indices.assign(host.begin() + gpu::kResultHeader + 1, host.end() - 1);
    return p;
  }
};

GpuPolylineSolver::GpuPolylineSolver(const AngleLimit& angle, int nodes) {
  if (!gpu_available()) throw ResourceError("no usable GPU: " + gpu_info().reason);
  const std::size_t need = device_bytes(nodes, angle.points());
  const std::size_t free_bytes = gpu_free_memory();
  if (need > free_bytes)
    throw ResourceError("polyline GPU solver needs " + std::to_string(need >> 20) +
                        " MiB of device memory for K = " + std::to_string(nodes) +
                        ", N = " + std::to_string(angle.points()) + "; " +
                        std::to_string(free_bytes >> 20) + " MiB free");
  impl_ = std::make_unique<Impl>(angle, nodes);
}

GpuPolylineSolver::~GpuPolylineSolver() = default;

std::size_t GpuPolylineSolver::device_bytes(int nodes, int points) {
  const std::size_t n2 = square(points);
  const std::size_t tables = table_entries(nodes, points);
  // scores + DP of both chains (about one more table set, the meet level twice) + argmax of
  // both chains + transposed links of the reversed half + window scratch.
  const std::size_t entries = tables + (tables + n2) * 2 + tables / 2 + n2 + 2 * n2;
  return entries * sizeof(std::int32_t) + (std::size_t{4} << 20);
}

void GpuPolylineSolver::upload_scores(const LinkScores& scores) {
  Impl& d = *impl_;
  if (scores.nodes() != d.nodes || scores.points() != d.points)
    throw InternalError("polyline GPU solver: score table of another size");
  scores.check_budget();
  cuda::EventTimer timer;
  timer.start(d.stream.get());
  d.scores.copy_from(scores.all(), d.stream.get());
  timer.stop(d.stream.get());
  d.timings.upload_ms = ms(timer);
  d.timings.score_ms = 0.0;
  d.scale = scores.scale();
}

void GpuPolylineSolver::score_image(const Geometry& geometry, const Gradient& gradient,
                                    ScoreMode mode) {
  Impl& d = *impl_;
  if (geometry.nodes() != d.nodes || geometry.points() != d.points)
    throw InternalError("polyline GPU solver: geometry of another size");
  std::vector<double> coordinates;
  coordinates.reserve(2 * geometry.all_points().size());
  for (const Vec2& p : geometry.all_points()) {
    coordinates.push_back(p.x);
    coordinates.push_back(p.y);
  }
  cuda::EventTimer upload;
  cuda::EventTimer compute;
  cuda::DeviceBuffer<float> grad(gradient.xy.size());
  cuda::DeviceBuffer<double> pts(coordinates.size());
  upload.start(d.stream.get());
  grad.copy_from(std::span<const float>(gradient.xy.data(), gradient.xy.size()), d.stream.get());
  pts.copy_from(std::span<const double>(coordinates.data(), coordinates.size()), d.stream.get());
  upload.stop(d.stream.get());
  d.scale = score_scale(geometry, gradient, mode);
  const gpu::ScoreArgs args{grad.data(), gradient.width, gradient.height, pts.data(),
                            d.nodes,     d.points,       d.scale,         mode};
  compute.start(d.stream.get());
  gpu::link_scores(args, d.scores.data(), d.stream.get());
  compute.stop(d.stream.get());
  d.timings.upload_ms = ms(upload);
  d.timings.score_ms = ms(compute);
  d.stream.synchronize();  // grad and pts are freed on return
}

LinkScores GpuPolylineSolver::download_scores() const {
  LinkScores scores(impl_->nodes, impl_->points);
  impl_->scores.copy_to(scores.all(), impl_->stream.get());
  scores.set_scale(impl_->scale);
  return scores;
}

double GpuPolylineSolver::scale() const {
  return impl_->scale;
}

Polyline GpuPolylineSolver::solve(GpuMethod method) {
  Impl& d = *impl_;
  const bool paper = method == GpuMethod::kPaper;
  if (method == GpuMethod::kWindow) {
    int optin = 0;
    ARCWAVE_CUDA_CHECK(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0));
    if (gpu::window_shared_bytes(d.points) > static_cast<std::size_t>(optin))
      throw ResourceError("polyline window scheme: N = " + std::to_string(d.points) + " needs " +
                          std::to_string(gpu::window_shared_bytes(d.points)) +
                          " bytes of shared memory per block, the device has " +
                          std::to_string(optin) + "; use the tiled scheme");
    if (d.scratch.empty()) d.scratch.allocate(2 * square(d.points));
  }
  if (paper)
    for (DeviceChain* c : {&d.fwd, &d.rev})
      if (c->argmax.empty()) c->argmax.allocate(std::max<std::size_t>(c->starts.back(), 1));
  for (DeviceChain* c : {&d.fwd, &d.rev}) d.upload_pointers(*c, paper);

  cuda::EventTimer prepare;
  cuda::EventTimer steps;
  cuda::EventTimer finish;
  cuda::EventTimer download;
  prepare.start(d.stream.get());
  d.prepare();
  prepare.stop(d.stream.get());
  steps.start(d.stream.get());
  d.run_steps(method);
  steps.stop(d.stream.get());
  finish.start(d.stream.get());
  d.finish(paper);
  finish.stop(d.stream.get());
  download.start(d.stream.get());
  Polyline result = d.read_result();
  download.stop(d.stream.get());
  d.timings.prepare_ms = ms(prepare);
  d.timings.dp_ms = ms(steps);
  d.timings.finish_ms = ms(finish);
  d.timings.download_ms = ms(download);
  return result;
}

const GpuTimings& GpuPolylineSolver::timings() const {
  return impl_->timings;
}

}  // namespace arcwave::polyline
