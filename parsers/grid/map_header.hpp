// parsers/grid/map_header.hpp — internal: the header of a MovingAI map ("type octile", "height H",
// "width W" in any order, then "map"), shared by the letter reader (terrain costs) and the
// packed reader (movingai_planes.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace arcwave {

struct MapHeader {
  int width = 0;
  int height = 0;
  std::size_t body = 0;         // offset of the first row (just past the 'map' line)
  std::uint64_t body_line = 0;  // its line number
};

/// Reads the header lines up to 'map'; throws InputError at FILE:LINE:COL (Unsupported for a
/// type other than octile), and InputError when the size has 2^32 cells or more.
MapHeader parse_map_header(const std::string& name, std::string_view text);

}  // namespace arcwave
