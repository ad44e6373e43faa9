// Definitions for parsers/grid/text_lines.hpp.
#include "parsers/grid/text_lines.hpp"

#include <charconv>
#include <fstream>
#include <sstream>

#include "arcwave/error.hpp"

namespace arcwave::grid_text {

std::string_view next_line(std::string_view text, std::size_t* pos) {
  const std::size_t start = *pos;
  std::size_t end = text.find('\n', start);
  if (end == std::string_view::npos) end = text.size();
  std::size_t stop = end;
  if (stop > start && text[stop - 1] == '\r') --stop;
  *pos = end + 1;
  return text.substr(start, stop - start);
}

std::vector<Line> split_lines(std::string_view text, std::uint64_t first_number) {
  std::vector<Line> lines;
  std::size_t pos = 0;
  std::uint64_t number = first_number;
  while (pos < text.size()) lines.push_back({next_line(text, &pos), number++});
  return lines;
}

std::vector<Token> tokens(std::string_view line) {
  std::vector<Token> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    const std::size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    if (i > start) out.push_back({line.substr(start, i - start), start + 1});
  }
  return out;
}

bool parse_int(std::string_view token, long long lo, long long hi, long long* value) {
  long long v = 0;
  const char* end = token.data() + token.size();
  const auto [ptr, ec] = std::from_chars(token.data(), end, v);
  if (ec != std::errc() || ptr != end || v < lo || v > hi) return false;
  *value = v;
  return true;
}

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(SourcePosition{path, 0, 0}, "cannot open the file");
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) throw InputError(SourcePosition{path, 0, 0}, "read error");
  return buffer.str();
}

}  // namespace arcwave::grid_text
