// Definitions for parsers/grid/map_header.hpp.
#include "parsers/grid/map_header.hpp"

#include <algorithm>
#include <vector>

#include "arcwave/error.hpp"
#include "graph/grid/grid.hpp"
#include "parsers/grid/text_lines.hpp"

namespace arcwave {

namespace {

[[noreturn]] void fail(const std::string& name, std::uint64_t line, std::uint64_t column,
                       const std::string& message) {
  throw InputError(SourcePosition{name, line, column}, message);
}

}  // namespace

MapHeader parse_map_header(const std::string& name, std::string_view text) {
  long long width = -1;
  long long height = -1;
  bool typed = false;
  std::size_t pos = 0;
  std::uint64_t number = 0;  // of the line last read
  for (;;) {
    if (pos >= text.size())
      fail(name, number == 0 ? 1 : number, 1, "the map header ends before its 'map' line");
    const std::string_view line = grid_text::next_line(text, &pos);
    ++number;
    const std::vector<grid_text::Token> t = grid_text::tokens(line);
    if (t.empty()) continue;
    if (t[0].text == "map") {
      if (t.size() != 1) fail(name, number, t[1].column, "unexpected text after 'map'");
      break;
    }
    if (t.size() != 2)
      fail(name, number, t[0].column, "expected 'type', 'height' or 'width' and one value");
    if (t[0].text == "type") {
      if (t[1].text != "octile")
        throw Unsupported(SourcePosition{name, number, t[1].column},
                          "MovingAI map type '" + std::string(t[1].text) + "' (only octile)");
      typed = true;
    } else if (t[0].text == "height" || t[0].text == "width") {
      long long v = 0;
      if (!grid_text::parse_int(t[1].text, 1, 1 << 20, &v))
        fail(name, number, t[1].column, "expected a " + std::string(t[0].text) + " in 1..1048576");
      (t[0].text == "height" ? height : width) = v;
    } else {
      fail(name, number, t[0].column, "unknown map header key '" + std::string(t[0].text) + "'");
    }
  }
  if (!typed) fail(name, number, 1, "the map header has no 'type' line");
  if (width < 0 || height < 0) fail(name, number, 1, "the map header needs height and width");
  grid::check_grid_size(static_cast<int>(width), static_cast<int>(height));
  return {static_cast<int>(width), static_cast<int>(height), std::min(pos, text.size()),
          number + 1};
}

}  // namespace arcwave
