// The front door of the grid inputs (parsers/grid/grid_files.hpp): recognises MovingAI maps,
// passability files and height maps by their first bytes.
#include <fstream>

#include "arcwave/error.hpp"
#include "parsers/grid/grid_files.hpp"
#include "parsers/grid/text_lines.hpp"
#include "parsers/image/image.hpp"

namespace arcwave {

namespace {

std::string first_bytes(const std::string& path, std::size_t count) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(SourcePosition{path, 0, 0}, "cannot open the file");
  std::string head(count, '\0');
  in.read(head.data(), static_cast<std::streamsize>(count));
  head.resize(static_cast<std::size_t>(in.gcount()));
  return head;
}

std::uint32_t need_threshold(const std::string& path, const HeightMapOptions& options) {
  if (!options.threshold)
    throw InputError(SourcePosition{path, 0, 0},
                     "a height map needs a threshold (--threshold T: moves are open when the "
                     "height difference is below T)");
  return *options.threshold;
}

}  // namespace

grid::CellCosts costs_from_image(const GrayImage& image) {
  grid::CellCosts costs{image.width, image.height, image.pixels};
  return costs;
}

LoadedGrid load_grid(const std::string& path, const HeightMapOptions& options) {
  if (options.raw_width > 0 || options.raw_height > 0) {
    const std::uint32_t threshold = need_threshold(path, options);
    const GrayImage image =
        read_raw(path, options.raw_width, options.raw_height, options.raw_bytes);
    return {grid::grid_from_heights(image.width, image.height, image.pixels, threshold),
            "raw height map (" + std::to_string(options.raw_bytes * 8) + "-bit)"};
  }
  const std::string head = first_bytes(path, 16);
  const auto starts = [&](const char* word) { return head.rfind(word, 0) == 0; };
  if (starts("type ")) return {read_movingai_map(path), "MovingAI map"};
  if (starts("passability") || starts("#")) return {read_passability(path), "passability file"};
  if (starts("\x89PNG") || starts("P2") || starts("P5")) {
    const std::uint32_t threshold = need_threshold(path, options);
    const GrayImage image = read_image(path);
    const std::string kind = starts("\x89PNG") ? "PNG" : "PGM";
    return {grid::grid_from_heights(image.width, image.height, image.pixels, threshold),
            kind + " height map (" + (image.max_value > 255 ? "16" : "8") + "-bit)"};
  }
  throw InputError(SourcePosition{path, 1, 1},
                   "not a MovingAI map, passability file, PGM or PNG (raw height maps need "
                   "their size: --raw WxH)");
}

}  // namespace arcwave
