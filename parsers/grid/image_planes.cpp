// Height maps straight into packed planes (parsers/grid/grid_files.hpp): binary PGM (P5) and raw
// files are memory-mapped and their samples compared in place, rows on all cores, with no grey
// image in between; the first sample above the PGM's maximum value (in file order) is reported
// as the image reader reports it. Text PGMs (P2) and PNGs are decoded by parsers/image (one
// thread: libpng and the text grammar are sequential) and packed from the decoded image.
#include <algorithm>
#include <atomic>

#include <omp.h>

#include "arcwave/error.hpp"
#include "parsers/grid/image_planes.hpp"
#include "parsers/grid/mapped_file.hpp"
#include "parsers/image/image_io.hpp"

namespace arcwave {

namespace {

using image_detail::sample_at;
using image_detail::SampleLayout;

std::span<const std::uint8_t> bytes_of(const MappedFile& file) {
  return {reinterpret_cast<const std::uint8_t*>(file.text().data()), file.text().size()};
}

/// Sample x of a row of kBytes-byte samples (big- or little-endian).
template <int kBytes, bool kBigEndian>
std::uint32_t sample(const std::uint8_t* row, std::uint64_t x) {
  if constexpr (kBytes == 1) {
    return row[x];
  } else {
    const std::uint8_t* p = row + 2 * x;
    return kBigEndian ? (std::uint32_t{p[0]} << 8 | p[1]) : (std::uint32_t{p[1]} << 8 | p[0]);
  }
}

/// Packs the planes of a sample layout; returns the first row holding a sample above the
/// maximum value (or the height).
template <int kBytes, bool kBigEndian>
std::uint64_t pack_samples(const std::uint8_t* bytes, const SampleLayout& l,
                           std::uint32_t threshold, grid::GridPlanes& p) {
  const auto width = static_cast<std::uint64_t>(l.width);
  const auto words = static_cast<std::size_t>(p.words);
  const auto max_value = static_cast<std::uint32_t>(l.max_value);
  const auto near = [threshold](std::uint32_t a, std::uint32_t b) -> std::uint32_t {
    return (a > b ? a - b : b - a) < threshold ? 1U : 0U;
  };
  std::atomic<std::uint64_t> first_bad{static_cast<std::uint64_t>(l.height)};
  const bool parallel = p.cell_count() >= (1U << 18);
#pragma omp parallel for schedule(static) if (parallel)
  for (int y = 0; y < l.height; ++y) {
    const std::uint8_t* row = bytes + l.offset + static_cast<std::uint64_t>(y) * width * kBytes;
    const std::uint8_t* below = row + width * kBytes;
    const bool last = y + 1 == l.height;
    const std::size_t at = static_cast<std::size_t>(y) * words;
    bool bad = false;
    for (std::size_t w = 0; w < words; ++w) {
      std::uint32_t right = 0;
      std::uint32_t down = 0;
      const std::uint64_t end = std::min<std::uint64_t>(width, 32 * (w + 1));
      for (std::uint64_t x = 32 * w; x < end; ++x) {
        const std::uint32_t here = sample<kBytes, kBigEndian>(row, x);
        bad = bad || here > max_value;
        const unsigned bit = static_cast<unsigned>(x % 32);
        if (x + 1 < width) right |= near(here, sample<kBytes, kBigEndian>(row, x + 1)) << bit;
        if (!last) down |= near(here, sample<kBytes, kBigEndian>(below, x)) << bit;
      }
      p.right[at + w] = right;
      p.down[at + w] = down;
    }
    if (bad) {
      std::uint64_t seen = first_bad.load();
      while (static_cast<std::uint64_t>(y) < seen &&
             !first_bad.compare_exchange_weak(seen, static_cast<std::uint64_t>(y))) {
      }
    }
  }
  return first_bad.load();
}

grid::GridPlanes planes_from_layout(const std::string& name, std::span<const std::uint8_t> bytes,
                                    const SampleLayout& l, std::uint32_t threshold) {
  grid::GridPlanes p = grid::empty_planes(l.width, l.height);
  const std::uint64_t bad_row =
      l.sample_bytes == 1 ? pack_samples<1, false>(bytes.data(), l, threshold, p)
      : l.big_endian      ? pack_samples<2, true>(bytes.data(), l, threshold, p)
                          : pack_samples<2, false>(bytes.data(), l, threshold, p);
  if (bad_row < static_cast<std::uint64_t>(l.height)) {
    const std::uint64_t first = bad_row * static_cast<std::uint64_t>(l.width);
    for (std::uint64_t i = first; i < first + static_cast<std::uint64_t>(l.width); ++i) {
      const std::uint32_t v = sample_at(bytes.data(), l, i);
      if (v > static_cast<std::uint32_t>(l.max_value))
        image_detail::sample_above_maximum(name, l, i, v);
    }
  }
  return p;
}

}  // namespace

std::optional<LoadedPlanes> read_sample_planes(const std::string& path,
                                               const HeightMapOptions& options,
                                               std::uint32_t threshold) {
  const bool raw = options.raw_width > 0 || options.raw_height > 0;
  if (raw)
    image_detail::check_raw_options(path, options.raw_width, options.raw_height, options.raw_bytes);
  const MappedFile file(path);
  const std::span<const std::uint8_t> bytes = bytes_of(file);
  if (raw) {
    const SampleLayout l = image_detail::raw_layout(path, bytes.size(), options.raw_width,
                                                    options.raw_height, options.raw_bytes);
    return LoadedPlanes{planes_from_layout(path, bytes, l, threshold),
                        "raw height map (" + std::to_string(options.raw_bytes * 8) + "-bit)"};
  }
  if (!image_detail::looks_like_pgm(bytes)) return std::nullopt;
  const std::optional<SampleLayout> l = image_detail::pgm_binary_layout(path, bytes);
  if (!l) return std::nullopt;
  return LoadedPlanes{
      planes_from_layout(path, bytes, *l, threshold),
      std::string("PGM height map (") + (l->max_value > 255 ? "16" : "8") + "-bit)"};
}

}  // namespace arcwave
