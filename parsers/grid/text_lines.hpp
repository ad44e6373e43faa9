// parsers/grid/text_lines.hpp — splitting a small text file into numbered lines for the grid
// readers (CR-LF tolerated), and whitespace tokens with their columns.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace arcwave::grid_text {

struct Line {
  std::string_view text;
  std::uint64_t number = 0;  // from 1
};
/// The lines of `text`, numbered from `first_number`.
std::vector<Line> split_lines(std::string_view text, std::uint64_t first_number = 1);
/// The line that starts at *pos (without its '\n' and one '\r' before it); *pos moves past it.
/// Call only while *pos < text.size().
std::string_view next_line(std::string_view text, std::size_t* pos);

struct Token {
  std::string_view text;
  std::uint64_t column = 0;  // from 1
};
std::vector<Token> tokens(std::string_view line);

/// Parses a whole token as a decimal integer in [lo, hi]; false when it is not one.
bool parse_int(std::string_view token, long long lo, long long hi, long long* value);
/// The file's text; throws InputError when it cannot be read.
std::string read_text(const std::string& path);

}  // namespace arcwave::grid_text
