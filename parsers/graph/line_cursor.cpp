// parsers/graph/line_cursor.hpp: line splitting and number parsing with positions.
#include "parsers/graph/line_cursor.hpp"

#include <charconv>
#include <cmath>
#include <limits>

namespace arcwave {

namespace {
bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}
std::string quoted(std::string_view text) {
  return "'" + std::string(text.substr(0, 40)) + (text.size() > 40 ? "...'" : "'");
}
}  // namespace

bool LineCursor::next_line() {
  if (next_ >= text_.size()) return false;
  const std::size_t end = text_.find('\n', next_);
  const std::size_t stop = end == std::string_view::npos ? text_.size() : end;
  line_ = text_.substr(next_, stop - next_);
  next_ = stop + 1;
  pos_ = 0;
  ++line_number_;
  return true;
}

bool LineCursor::at_line_end() {
  while (pos_ < line_.size() && is_blank(line_[pos_])) ++pos_;
  return pos_ >= line_.size();
}

Token LineCursor::next_token() {
  if (at_line_end()) return {{}, line_.size() + 1};
  const std::size_t start = pos_;
  while (pos_ < line_.size() && !is_blank(line_[pos_])) ++pos_;
  return {line_.substr(start, pos_ - start), start + 1};
}

std::uint64_t LineCursor::parse_unsigned(const Token& token, std::string_view what) const {
  if (token.text.empty()) fail(token.column, "missing " + std::string(what));
  std::uint64_t value = 0;
  const char* first = token.text.data();
  const char* last = first + token.text.size();
  if (*first == '+') ++first;
  const auto [ptr, ec] = std::from_chars(first, last, value);
  if (ec == std::errc::result_out_of_range)
    fail(token.column, std::string(what) + " " + quoted(token.text) + " is too large");
  if (ec != std::errc() || ptr != last || first == last)
    fail(token.column, "expected " + std::string(what) + " (a non-negative integer), found " +
                           quoted(token.text));
  return value;
}

bool LineCursor::parse_weight(const Token& token, std::int64_t& integer, double& real) const {
  if (token.text.empty()) fail(token.column, "missing weight");
  const char* first = token.text.data();
  const char* last = first + token.text.size();
  const char* digits = (*first == '+') ? first + 1 : first;
  {
    const auto [ptr, ec] = std::from_chars(digits, last, integer);
    if (ec == std::errc() && ptr == last && digits != last) return true;
    if (ec == std::errc::result_out_of_range && ptr == last)
      fail(token.column, "integer weight " + quoted(token.text) + " does not fit in 64 bits");
  }
  const auto [ptr, ec] = std::from_chars(digits, last, real);
  if (ec == std::errc::result_out_of_range)
    fail(token.column, "weight " + quoted(token.text) + " is out of the range of a double");
  if (ec != std::errc() || ptr != last || digits == last)
    fail(token.column, "expected a weight (a number), found " + quoted(token.text));
  if (!std::isfinite(real)) fail(token.column, "weight " + quoted(token.text) + " is not finite");
  return false;
}

}  // namespace arcwave
