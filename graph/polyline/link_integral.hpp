// graph/polyline/link_integral.hpp — the real-valued score of one link, summed along the
// pixels it crosses, shared verbatim by the CPU scorer and the GPU kernel (host and device).
//
// Sampling: for a link from P to Q, M = max(1, ceil(max(|dx|, |dy|))) samples (one per pixel
// step along the major axis) at t = (m + 1/2) / M, m = 0..M-1, so that the end points, shared
// with the neighbouring links, are not counted twice. Each sample reads the pixel that
// contains it (nearest centre: floor(x + 1/2), floor(y + 1/2)); samples outside the image
// add nothing.
//
// Value of a sample, with g the gradient there and d = Q - P:
//   kEdge (default): |g x d| / |d| = |g| |sin(angle(g, d))|: the |sin| of the angle between
//     the gradient and the link, weighted by the gradient's magnitude. A link along an edge
//     (gradient across it) gets the edge's contrast, flat and noisy areas little.
//   kSin: |sin(angle(g, d))| itself, 0 where g = 0 (the objective in its literal form; every
//     textured pixel then counts about 2/pi, so it follows edges only on clean images).
// Every operation is an IEEE double operation in a fixed order (no fused multiply-adds: the
// device path uses the _rn intrinsics, the host path is compiled with -ffp-contract=off), so
// the CPU and the GPU produce bit-identical values and hence identical integer scores.
#pragma once

#include <cmath>

#include "graph/polyline/layout.hpp"

namespace arcwave::polyline {

enum class ScoreMode : int { kEdge = 0, kSin = 1 };

namespace exact {
#if defined(__CUDA_ARCH__)
__device__ inline double mul(double a, double b) {
  return __dmul_rn(a, b);
}
__device__ inline double add(double a, double b) {
  return __dadd_rn(a, b);
}
__device__ inline double sub(double a, double b) {
  return __dsub_rn(a, b);
}
__device__ inline double div(double a, double b) {
  return __ddiv_rn(a, b);
}
__device__ inline double root(double a) {
  return __dsqrt_rn(a);
}
#else
inline double mul(double a, double b) {
  return a * b;
}
inline double add(double a, double b) {
  return a + b;
}
inline double sub(double a, double b) {
  return a - b;
}
inline double div(double a, double b) {
  return a / b;
}
inline double root(double a) {
  return std::sqrt(a);
}
#endif
}  // namespace exact

/// The link integral from (px, py) to (qx, qy) over an interleaved gradient (gradient.hpp).
ARCWAVE_PL_HD inline double link_integral(const float* gradient_xy, int width, int height,
                                          double px, double py, double qx, double qy,
                                          ScoreMode mode) {
  const double dx = exact::sub(qx, px);
  const double dy = exact::sub(qy, py);
  const double extent = fmax(fabs(dx), fabs(dy));
  const int samples = extent > 1.0 ? static_cast<int>(ceil(extent)) : 1;
  const double count = static_cast<double>(samples);
  double sum = 0.0;
  for (int m = 0; m < samples; ++m) {
    const double t = exact::div(exact::add(static_cast<double>(m), 0.5), count);
    const double xr = floor(exact::add(exact::add(px, exact::mul(t, dx)), 0.5));
    const double yr = floor(exact::add(exact::add(py, exact::mul(t, dy)), 0.5));
    if (xr < 0.0 || yr < 0.0 || xr >= static_cast<double>(width) ||
        yr >= static_cast<double>(height))
      continue;
    const std::size_t e = 2 * (static_cast<std::size_t>(yr) * static_cast<std::size_t>(width) +
                               static_cast<std::size_t>(xr));
    const double gx = gradient_xy[e];
    const double gy = gradient_xy[e + 1];
    double value = fabs(exact::sub(exact::mul(gx, dy), exact::mul(gy, dx)));
    if (mode == ScoreMode::kSin) {
      const double magnitude = exact::root(exact::add(exact::mul(gx, gx), exact::mul(gy, gy)));
      if (magnitude == 0.0) continue;
      value = exact::div(value, magnitude);
    }
    sum = exact::add(sum, value);
  }
  return exact::div(sum, exact::root(exact::add(exact::mul(dx, dx), exact::mul(dy, dy))));
}

/// Integer score of a link: round-half-even(raw * scale), as on the device (__double2int_rn).
ARCWAVE_PL_HD inline std::int32_t quantise(double raw, double scale) {
#if defined(__CUDA_ARCH__)
  return __double2int_rn(exact::mul(raw, scale));
#else
  return static_cast<std::int32_t>(std::nearbyint(exact::mul(raw, scale)));
#endif
}

}  // namespace arcwave::polyline
