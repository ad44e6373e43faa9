// Definitions for instances/maps/map_text.hpp.
#include "instances/maps/map_text.hpp"

#include <cmath>
#include <fstream>

#include "arcwave/error.hpp"
#include "graph/grid/grid.hpp"
#include "instances/maps/map_generators.hpp"

namespace arcwave::gen {

std::string random_movingai_map_text(const MapTextOptions& o) {
  grid::check_grid_size(o.width, o.height);
  if (!(o.blocked_share >= 0.0 && o.blocked_share <= 1.0))
    throw InputError("the blocked share must be in [0, 1], not " + std::to_string(o.blocked_share));
  const std::string header = "type octile\nheight " + std::to_string(o.height) + "\nwidth " +
                             std::to_string(o.width) + "\nmap\n";
  const std::string ending = o.crlf ? "\r\n" : "\n";
  const std::size_t stride = static_cast<std::size_t>(o.width) + ending.size();
  std::string text(header.size() + stride * static_cast<std::size_t>(o.height), '\0');
  text.replace(0, header.size(), header);
  const std::uint64_t limit = o.blocked_share >= 1.0
                                  ? ~std::uint64_t{0}
                                  : static_cast<std::uint64_t>(std::ldexp(o.blocked_share, 64));
#pragma omp parallel for schedule(static)
  for (int y = 0; y < o.height; ++y) {
    SplitMix64 rng(o.seed * 0x9E3779B97F4A7C15ULL + static_cast<std::uint64_t>(y));
    char* row = text.data() + header.size() + static_cast<std::size_t>(y) * stride;
    for (int x = 0; x < o.width; ++x)
      row[x] = (o.blocked_share >= 1.0 || rng.next() < limit) ? '@' : '.';
    ending.copy(row + o.width, ending.size());
  }
  text[header.size()] = '.';  // (0, 0)
  text[header.size() + stride * static_cast<std::size_t>(o.height - 1) +
       static_cast<std::size_t>(o.width - 1)] = '.';  // the far corner
  return text;
}

void write_random_movingai_map(const std::string& path, const MapTextOptions& options) {
  const std::string text = random_movingai_map_text(options);
  std::ofstream out(path, std::ios::binary);
  if (!out) throw InputError(SourcePosition{path, 0, 0}, "cannot create the file");
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  if (!out) throw InputError(SourcePosition{path, 0, 0}, "write error");
}

}  // namespace arcwave::gen
