// MovingAI maps straight into packed planes (parsers/grid/grid_files.hpp): the file is
// memory-mapped, the header read first, then the rows are split over threads. A well-formed
// body has rows of equal length (the width and one line ending), so row y starts at a known
// offset and every thread packs its rows independently, 32 letters to a word of the blocked
// plane (SSE2 compares for the common '.' / '@' words, a table otherwise). A row that breaks
// the pattern (wrong length, bad letter, another line ending, the last row) ends the parallel
// part: from the first such row on, one thread reads line by line exactly as the letter reader
// does, so errors keep the FILE:LINE:COL of the first problem in file order.
#include <algorithm>
#include <array>
#include <atomic>

#include <omp.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "arcwave/error.hpp"
#include "parsers/grid/grid_files.hpp"
#include "parsers/grid/map_header.hpp"
#include "parsers/grid/mapped_file.hpp"
#include "parsers/grid/text_lines.hpp"

namespace arcwave {

namespace {

constexpr std::int8_t kFree = 0;
constexpr std::int8_t kWall = 1;
constexpr std::int8_t kBad = -1;

/// Letter classes: '.', 'G', 'S' free; '@', 'O', 'T', 'W' blocked; anything else bad.
constexpr std::array<std::int8_t, 256> letter_classes() {
  std::array<std::int8_t, 256> table{};
  table.fill(kBad);
  for (const char c : {'.', 'G', 'S'}) table[static_cast<unsigned char>(c)] = kFree;
  for (const char c : {'@', 'O', 'T', 'W'}) table[static_cast<unsigned char>(c)] = kWall;
  return table;
}
constexpr std::array<std::int8_t, 256> kLetter = letter_classes();

/// Packs `count` (<= 32) letters into a blocked word; returns the index of the first bad letter,
/// or `count`.
std::size_t pack_letters(const char* letters, std::size_t count, std::uint32_t* word) {
  std::uint32_t bits = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const std::int8_t c = kLetter[static_cast<unsigned char>(letters[i])];
    if (c == kBad) return i;
    bits |= static_cast<std::uint32_t>(c) << i;
  }
  *word = bits;
  return count;
}

/// 32 letters; the common case (only '.' and '@') by two 16-byte compares.
std::size_t pack_32(const char* letters, std::uint32_t* word) {
#if defined(__SSE2__)
  const __m128i lo = _mm_loadu_si128(reinterpret_cast<const __m128i*>(letters));
  const __m128i hi = _mm_loadu_si128(reinterpret_cast<const __m128i*>(letters + 16));
  const __m128i dot = _mm_set1_epi8('.');
  const __m128i at = _mm_set1_epi8('@');
  const auto mask = [](__m128i a, __m128i b) {
    return static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(a, b))) & 0xFFFFU;
  };
  const std::uint32_t walls = mask(lo, at) | mask(hi, at) << 16;
  const std::uint32_t floors = mask(lo, dot) | mask(hi, dot) << 16;
  if ((walls | floors) == 0xFFFFFFFFU) {
    *word = walls;
    return 32;
  }
#endif
  return pack_letters(letters, 32, word);
}

/// Packs one row of `width` letters into `words`; returns the column (from 0) of the first bad
/// letter, or `width`.
std::size_t pack_row(const char* row, std::size_t width, std::uint32_t* words) {
  std::size_t x = 0;
  for (; x + 32 <= width; x += 32) {
    const std::size_t ok = pack_32(row + x, words + x / 32);
    if (ok != 32) return x + ok;
  }
  if (x < width) {
    const std::size_t ok = pack_letters(row + x, width - x, words + x / 32);
    if (ok != width - x) return x + ok;
  }
  return width;
}

[[noreturn]] void fail(const std::string& name, std::uint64_t line, std::uint64_t column,
                       const std::string& message) {
  throw InputError(SourcePosition{name, line, column}, message);
}

/// The line ending of row 0 decides the row stride (width + 1 for "\n", + 2 for "\r\n"); 0 when
/// the body does not start with a full row and a line ending.
std::size_t row_stride(std::string_view text, const MapHeader& h) {
  const auto w = static_cast<std::size_t>(h.width);
  const std::size_t end = h.body + w;
  if (end < text.size() && text[end] == '\n') return w + 1;
  if (end + 1 < text.size() && text[end] == '\r' && text[end + 1] == '\n') return w + 2;
  return 0;
}

/// Rows 0 .. limit - 1 at the fixed stride, on `threads` threads; returns the first row that
/// breaks the pattern (or `limit`). Rows before it are packed.
std::uint64_t pack_fixed_rows(std::string_view text, const MapHeader& h, std::size_t stride,
                              std::uint64_t limit, int threads, grid::GridPlanes& p) {
  std::atomic<std::uint64_t> first_bad{limit};
  const auto width = static_cast<std::size_t>(h.width);
  const auto words = static_cast<std::size_t>(p.words);
#pragma omp parallel num_threads(threads)
  {
    const auto team = static_cast<std::uint64_t>(omp_get_num_threads());
    const auto me = static_cast<std::uint64_t>(omp_get_thread_num());
    const std::uint64_t begin = limit * me / team;
    const std::uint64_t end = limit * (me + 1) / team;
    for (std::uint64_t y = begin; y < end; ++y) {
      if (y > first_bad.load(std::memory_order_relaxed)) break;  // an earlier row failed
      const char* row = text.data() + h.body + y * stride;
      const bool ends =
          stride == width + 1 ? row[width] == '\n' : row[width] == '\r' && row[width + 1] == '\n';
      if (!ends || pack_row(row, width, p.blocked.data() + y * words) != width) {
        std::uint64_t seen = first_bad.load();
        while (y < seen && !first_bad.compare_exchange_weak(seen, y)) {
        }
        break;
      }
    }
  }
  return first_bad.load();
}

/// Rows `first_row` .. height - 1 line by line from `pos` (line `number`), then the text after
/// the last row: the letter reader's checks in its order.
void pack_rows_by_lines(const std::string& name, std::string_view text, const MapHeader& h,
                        std::uint64_t first_row, std::size_t pos, std::uint64_t number,
                        grid::GridPlanes& p) {
  const auto width = static_cast<std::size_t>(h.width);
  const auto words = static_cast<std::size_t>(p.words);
  for (auto y = first_row; y < static_cast<std::uint64_t>(h.height); ++y, ++number) {
    if (pos >= text.size())
      fail(name, number, 1,
           "the map has " + std::to_string(y) + " rows, the header says " +
               std::to_string(h.height));
    const std::string_view row = grid_text::next_line(text, &pos);
    if (row.size() != width)
      fail(name, number, std::min(row.size(), width) + 1,
           "a map row has " + std::to_string(row.size()) + " characters, the header says " +
               std::to_string(h.width));
    const std::size_t bad = pack_row(row.data(), width, p.blocked.data() + y * words);
    if (bad != width)
      fail(name, number, bad + 1, std::string("unknown map character '") + row[bad] + "'");
  }
  for (; pos < text.size(); ++number)
    if (!grid_text::tokens(grid_text::next_line(text, &pos)).empty())
      fail(name, number, 1, "text after the last map row");
}

}  // namespace

grid::GridPlanes parse_movingai_planes(const std::string& name, std::string_view text,
                                       int threads) {
  const MapHeader h = parse_map_header(name, text);
  grid::GridPlanes p = grid::empty_planes(h.width, h.height);
  // Small maps are not worth waking a team of threads.
  if (threads <= 0) threads = text.size() < (1U << 20) ? 1 : omp_get_max_threads();
  const std::size_t stride = row_stride(text, h);
  std::uint64_t fixed = 0;
  if (stride != 0) {
    // Every row but the last (its line ending is optional), as far as the text reaches.
    const std::uint64_t fit = (text.size() - h.body) / stride;
    const std::uint64_t limit =
        std::min<std::uint64_t>(fit, static_cast<std::uint64_t>(h.height) - 1);
    fixed = pack_fixed_rows(text, h, stride, limit, threads, p);
  }
  pack_rows_by_lines(name, text, h, fixed, h.body + fixed * stride, h.body_line + fixed, p);
#pragma omp parallel num_threads(threads)
  {
    const int team = omp_get_num_threads();
    const int me = omp_get_thread_num();
    grid::open_free_moves(p, static_cast<int>(static_cast<std::int64_t>(h.height) * me / team),
                          static_cast<int>(static_cast<std::int64_t>(h.height) * (me + 1) / team));
  }
  return p;
}

grid::GridPlanes read_movingai_planes(const std::string& path, int threads) {
  const MappedFile file(path);
  return parse_movingai_planes(path, file.text(), threads);
}

}  // namespace arcwave
