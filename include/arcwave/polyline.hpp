// arcwave/polyline.hpp — the angle-constrained polyline from a to b that best follows the edges
// of a grey image (roads, rivers, boundaries), by dynamic programming.
//
//   const arcwave::GreyImage image = arcwave::GreyImage::load("aerial.png");
//   arcwave::PolylineRequest q;
//   q.from = {10, 40}; q.to = {300, 60}; q.nodes = 8; q.points = 41; q.max_angle_deg = 30;
//   const arcwave::PolylineResult r = arcwave::trace_polyline(image, q);
//   if (r.found) draw(r.vertices);   // a, one point per node, b
//
// PolylineTracer splits the call in two: the request checked and the backend chosen (what
// `arcwave polyline` prints first), then run().
//
// Geometry: K = nodes split [a, b] into K + 1 equal parts; through each split point runs a
// guide perpendicular to [a, b] with N = points candidate points spanning [-W, W] across it
// (W = half_width, default (N - 1) / 2: one pixel apart). A polyline is a, one candidate per
// guide, b; it is allowed when every turn between consecutive links is at most max_angle_deg.
// Its score is the sum over its links of the integral along the link of |gradient| x |sin| of
// the angle between link and gradient (kEdge; kSin: |sin| alone), quantised to integers so that
// every method and backend returns the same polyline (ties: the rule of the engine's
// solution.hpp, smallest indices from the middle outwards).
//
// Costs: the Sobel gradient O(pixels); link scores N²(K - 1) + 2N line integrals of about
// |b - a| / (K + 1) samples each; the DP O(N² K) (kWindow, CPU cores or GPU), O(N³ K) (kCubic,
// CPU; kPaper and kTiled, GPU) or every polyline (kBruteForce, tests only: N^K). Memory
// O(N² K) for the tables. kAuto takes the GPU from N²(K + 1)(|b - a| / (K + 1) + 1) = 5·10^7
// on, when one is usable and the tables fit.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "arcwave/backend.hpp"

namespace arcwave {

/// A grey image, row-major from the top-left pixel. Copies share the pixels (cheap).
class GreyImage {
 public:
  /// Reads a PGM (P2/P5, 8 or 16 bit) or PNG (colour is read as grey) file, recognised by
  /// content. O(pixels). Throws InputError on a bad file.
  static GreyImage load(const std::string& path);
  /// Pixels as they are: width * height values of at most max_value (1..65535).
  static GreyImage from_pixels(int width, int height, std::span<const std::uint16_t> pixels,
                               int max_value = 255);

  [[nodiscard]] int width() const noexcept;
  [[nodiscard]] int height() const noexcept;
  [[nodiscard]] int max_value() const noexcept;
  [[nodiscard]] std::span<const std::uint16_t> pixels() const noexcept;
  /// The file load() read, or "pixels" (how InputError messages name the image).
  [[nodiscard]] const std::string& name() const noexcept;
  /// Seconds load() took (0 for from_pixels).
  [[nodiscard]] double load_seconds() const noexcept;

  struct Impl;

 private:
  explicit GreyImage(std::shared_ptr<const Impl> impl);
  std::shared_ptr<const Impl> impl_;
};

struct PolylinePoint {
  double x = 0;  // column, pixel centres at integers
  double y = 0;  // row
};

enum class PolylineScore : std::uint8_t { kEdge, kSin };
enum class PolylineMethod : std::uint8_t {
  kAuto,        // kWindow on the backend kAuto chooses
  kWindow,      // O(N² K): sliding-window maxima (CPU or GPU)
  kCubic,       // O(N³ K), CPU only
  kBruteForce,  // every polyline, CPU only (tiny problems: the reference of the tests)
  kPaper,       // Seredin's scheme, O(N³ K), GPU only
  kTiled,       // angle-restricted (max,+) products, GPU only
};

struct PolylineRequest {
  PolylinePoint from;            // a, inside the image
  PolylinePoint to;              // b, inside the image, not a
  int nodes = 0;                 // K >= 1 (at most 4096)
  int points = 0;                // N >= 2 (at most 32768)
  double max_angle_deg = 180.0;  // in (0, 180]; 180: no limit
  double half_width = 0.0;       // W in pixels; 0: (N - 1) / 2
  PolylineScore score = PolylineScore::kEdge;
  PolylineMethod method = PolylineMethod::kAuto;
  /// A CPU-only method forces the CPU and a GPU-only one the GPU; asking for the other
  /// backend with them is an InputError.
  Backend backend = Backend::kAuto;
  int threads = 0;  // CPU DP: threads (0: all cores)
  /// How InputError messages name the request (the CLI: "command line"); the fields are named
  /// by the CLI's options (--nodes, --from, ...).
  std::string source = "polyline request";
};

/// Milliseconds per phase of a run (the GPU's from CUDA events).
struct PolylineTimes {
  double gradient_ms = 0;  // the Sobel gradient (CPU)
  double upload_ms = 0;    // GPU: gradient and points to the device
  double score_ms = 0;     // link scores (the line integrals)
  double prepare_ms = 0;   // GPU: the reversed half's transposed link tables
  double dp_ms = 0;        // the dynamic programming
  double finish_ms = 0;    // GPU: meet and backtrack
  double download_ms = 0;  // GPU: the polyline to the host
};

struct PolylineResult {
  bool found = false;  // false: no polyline satisfies the angle limit
  double score = 0;    // the score in image units (integer_score / scale)
  std::int64_t integer_score = 0;
  std::vector<PolylinePoint> vertices;  // a, the K chosen points, b (when found)
  std::vector<int> candidates;          // the chosen candidate index on guides 1..K
  std::string backend;                  // what ran and why
  std::string method;                   // e.g. "cpu window", "gpu tiled"
  double scale = 1;                     // integer score units per image unit
  PolylineTimes times;
};

/// Throws InputError when the request's numbers are out of range (see PolylineRequest): what
/// can be checked before the image is read.
void validate(const PolylineRequest& request);

/// A request checked against its image, its backend chosen.
class PolylineTracer {
 public:
  /// Throws InputError when the request is out of range, a point lies outside the image or the
  /// method cannot run on the backend asked for; ResourceError for the GPU without a usable one
  /// or enough memory.
  PolylineTracer(GreyImage image, PolylineRequest request);
  ~PolylineTracer();
  PolylineTracer(PolylineTracer&&) noexcept;
  PolylineTracer& operator=(PolylineTracer&&) noexcept;

  [[nodiscard]] const std::string& backend() const noexcept;  // where run() runs, and why
  [[nodiscard]] double half_width() const noexcept;           // W in pixels, the default resolved
  /// The gradient, the link scores and the DP on the chosen backend. InternalError when the
  /// polyline found breaks the angle limit (a bug).
  [[nodiscard]] PolylineResult run() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// PolylineTracer(image, request).run().
PolylineResult trace_polyline(const GreyImage& image, const PolylineRequest& request);

/// Writes the image with the polyline through `vertices` drawn over it to an RGB PNG.
/// InputError when the file cannot be written.
void draw_polyline_png(const GreyImage& image, const std::vector<PolylinePoint>& vertices,
                       const std::string& path);

}  // namespace arcwave
