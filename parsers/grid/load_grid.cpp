// The front door of the grid inputs (parsers/grid/grid_files.hpp): recognises MovingAI maps,
// passability files and height maps by their first bytes.
#include <fstream>

#include "arcwave/error.hpp"
#include "parsers/grid/grid_files.hpp"
#include "parsers/grid/image_planes.hpp"
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

namespace {

enum class InputKind : std::uint8_t { kMovingAi, kPassability, kImage, kRaw };

InputKind input_kind(const std::string& path, const HeightMapOptions& options) {
  if (options.raw_width > 0 || options.raw_height > 0) return InputKind::kRaw;
  const std::string head = first_bytes(path, 16);
  const auto starts = [&](const char* word) { return head.rfind(word, 0) == 0; };
  if (starts("type ")) return InputKind::kMovingAi;
  if (starts("passability") || starts("#")) return InputKind::kPassability;
  if (starts("\x89PNG") || starts("P2") || starts("P5")) return InputKind::kImage;
  throw InputError(SourcePosition{path, 1, 1},
                   "not a MovingAI map, passability file, PGM or PNG (raw height maps need "
                   "their size: --raw WxH)");
}

/// A height map (raw or image) and its format's name.
struct HeightImage {
  GrayImage image;
  std::string format;
};

HeightImage read_height_map(const std::string& path, const HeightMapOptions& options,
                            InputKind kind) {
  if (kind == InputKind::kRaw)
    return {read_raw(path, options.raw_width, options.raw_height, options.raw_bytes),
            "raw height map (" + std::to_string(options.raw_bytes * 8) + "-bit)"};
  GrayImage image = read_image(path);
  const std::string format = first_bytes(path, 4) == "\x89PNG" ? "PNG" : "PGM";
  const std::string bits = image.max_value > 255 ? "16" : "8";
  return {std::move(image), format + " height map (" + bits + "-bit)"};
}

LoadedGrid load_height_map(const std::string& path, const HeightMapOptions& options,
                           InputKind kind) {
  const std::uint32_t threshold = need_threshold(path, options);
  HeightImage h = read_height_map(path, options, kind);
  return {grid::grid_from_heights(h.image.width, h.image.height, h.image.pixels, threshold),
          std::move(h.format)};
}

}  // namespace

LoadedGrid load_grid(const std::string& path, const HeightMapOptions& options) {
  switch (input_kind(path, options)) {
    case InputKind::kMovingAi:
      return {read_movingai_map(path), "MovingAI map"};
    case InputKind::kPassability:
      return {read_passability(path), "passability file"};
    case InputKind::kImage:
      return load_height_map(path, options, InputKind::kImage);
    case InputKind::kRaw:
      break;
  }
  return load_height_map(path, options, InputKind::kRaw);
}

LoadedPlanes load_grid_planes(const std::string& path, const HeightMapOptions& options) {
  const InputKind kind = input_kind(path, options);
  if (kind == InputKind::kMovingAi) return {read_movingai_planes(path), "MovingAI map"};
  if (kind == InputKind::kPassability)
    return {grid::planes_of(read_passability(path)), "passability file"};
  const std::uint32_t threshold = need_threshold(path, options);
  if (std::optional<LoadedPlanes> direct = read_sample_planes(path, options, threshold))
    return std::move(*direct);
  HeightImage h = read_height_map(path, options, kind);
  return {grid::planes_from_heights(h.image.width, h.image.height, h.image.pixels, threshold),
          std::move(h.format)};
}

}  // namespace arcwave
