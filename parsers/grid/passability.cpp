// arcwave passability files (parsers/grid/grid_files.hpp): the four move flags of every cell.
#include <fstream>

#include "arcwave/error.hpp"
#include "parsers/grid/grid_files.hpp"
#include "parsers/grid/text_lines.hpp"

namespace arcwave {

namespace {

[[noreturn]] void fail(const std::string& name, std::uint64_t line, std::uint64_t column,
                       const std::string& message) {
  throw InputError(SourcePosition{name, line, column}, message);
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

grid::Grid parse_passability(const std::string& name, const std::string& text) {
  std::vector<grid_text::Line> lines;
  for (const grid_text::Line& line : grid_text::split_lines(text)) {
    const auto t = grid_text::tokens(line.text);
    if (t.empty() || t[0].text.front() == '#') continue;  // blank lines and comments
    lines.push_back(line);
  }
  if (lines.empty()) fail(name, 1, 1, "empty passability file (expected 'passability W H')");
  const auto header = grid_text::tokens(lines[0].text);
  long long width = 0;
  long long height = 0;
  if (header.size() != 3 || header[0].text != "passability")
    fail(name, lines[0].number, 1, "expected 'passability W H'");
  if (!grid_text::parse_int(header[1].text, 1, 1 << 20, &width))
    fail(name, lines[0].number, header[1].column, "expected a width in 1..1048576");
  if (!grid_text::parse_int(header[2].text, 1, 1 << 20, &height))
    fail(name, lines[0].number, header[2].column, "expected a height in 1..1048576");
  grid::check_grid_size(static_cast<int>(width), static_cast<int>(height));
  if (static_cast<long long>(lines.size()) - 1 != height)
    fail(name, lines.back().number, 1,
         "the file has " + std::to_string(lines.size() - 1) + " rows, the header says " +
             std::to_string(height));
  std::vector<std::uint8_t> cells(static_cast<std::size_t>(width * height));
  for (long long y = 0; y < height; ++y) {
    const grid_text::Line& line = lines[static_cast<std::size_t>(y) + 1];
    if (static_cast<long long>(line.text.size()) != width)
      fail(name, line.number, 1,
           "a row has " + std::to_string(line.text.size()) + " characters, the header says " +
               std::to_string(width));
    for (long long x = 0; x < width; ++x) {
      const char c = line.text[static_cast<std::size_t>(x)];
      const int v = (c == 'x' || c == 'X') ? grid::kBlocked : hex_value(c);
      if (v < 0)
        fail(name, line.number, static_cast<std::uint64_t>(x) + 1,
             std::string("expected a hex digit or 'x', found '") + c + "'");
      cells[static_cast<std::size_t>(y * width + x)] = static_cast<std::uint8_t>(v);
    }
  }
  std::string problem;
  grid::Point where;
  grid::Grid g = grid::Grid::from_bits(static_cast<int>(width), static_cast<int>(height),
                                       std::move(cells), &problem, &where);
  if (!problem.empty())
    fail(name, lines[static_cast<std::size_t>(where.y) + 1].number,
         static_cast<std::uint64_t>(where.x) + 1, problem);
  return g;
}

grid::Grid read_passability(const std::string& path) {
  return parse_passability(path, grid_text::read_text(path));
}

void write_passability(const std::string& path, const grid::Grid& g) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string text = "# arcwave passability: 1 left, 2 up, 4 right, 8 down; x blocked\n";
  text += "passability " + std::to_string(g.width()) + " " + std::to_string(g.height()) + "\n";
  for (int y = 0; y < g.height(); ++y) {
    for (int x = 0; x < g.width(); ++x) {
      const std::uint8_t bits = g.bits({x, y});
      text += (bits & grid::kBlocked) != 0 ? 'x' : kHex[bits & grid::kOpenAll];
    }
    text += '\n';
  }
  std::ofstream out(path, std::ios::binary);
  if (!out) throw InputError(SourcePosition{path, 0, 0}, "cannot create the file");
  out << text;
  if (!out) throw InputError(SourcePosition{path, 0, 0}, "write error");
}

}  // namespace arcwave
