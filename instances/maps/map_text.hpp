// instances/maps/map_text.hpp — random MovingAI map files written directly as text (rows made in
// parallel from per-row seeds, so the same file on every machine and thread count): the large
// maps of the file-to-path benchmark (arcwave-gen map) and the reader tests.
#pragma once

#include <cstdint>
#include <string>

namespace arcwave::gen {

struct MapTextOptions {
  int width = 0;
  int height = 0;
  double blocked_share = 0.2;  // each cell is '@' with this probability, else '.'
  std::uint64_t seed = 1;
  bool crlf = false;  // "\r\n" line endings
};

/// The whole file: "type octile", "height H", "width W", "map", then the rows. The corners
/// (0,0) and (W-1,H-1) are always free, so that they can be a query's ends.
std::string random_movingai_map_text(const MapTextOptions& options);
/// Writes it to `path`; throws InputError when the file cannot be written.
void write_random_movingai_map(const std::string& path, const MapTextOptions& options);

}  // namespace arcwave::gen
