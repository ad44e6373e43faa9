// parsers/graph/line_cursor.hpp — walks a text line by line and token by token, keeping the
// line and column of each token so that the graph readers report FILE:LINE:COL.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "arcwave/error.hpp"

namespace arcwave {

struct Token {
  std::string_view text;
  std::uint64_t column = 0;  // 1-based
};

class LineCursor {
 public:
  LineCursor(std::string_view text, std::string name) : text_(text), name_(std::move(name)) {}

  /// Moves to the next line; false at the end of the text.
  bool next_line();
  [[nodiscard]] std::string_view line() const noexcept { return line_; }
  [[nodiscard]] std::uint64_t line_number() const noexcept { return line_number_; }
  /// The next whitespace-separated token of the line, or an empty token at its end.
  Token next_token();
  /// Skips blanks; true when nothing but blanks is left on the line.
  bool at_line_end();
  /// The next non-blank character of the line ('\0' at its end).
  char peek() { return at_line_end() ? '\0' : line_[pos_]; }

  [[nodiscard]] SourcePosition position(std::uint64_t column) const {
    return {name_, line_number_, column};
  }
  /// Position just past the line's last character (for "missing ..." messages).
  [[nodiscard]] SourcePosition end_position() const { return position(line_.size() + 1); }
  [[noreturn]] void fail(std::uint64_t column, const std::string& message) const {
    throw InputError(position(column), message);
  }
  [[nodiscard]] const std::string& name() const noexcept { return name_; }

  /// Parses an unsigned integer token (no sign); fails with `what` in the message.
  std::uint64_t parse_unsigned(const Token& token, std::string_view what) const;
  /// Parses a weight: an integer (exact, 64-bit) or, failing that, a finite real number.
  /// Returns true for an integer (stored in `integer`), false for a real (in `real`).
  bool parse_weight(const Token& token, std::int64_t& integer, double& real) const;

 private:
  std::string_view text_;
  std::string name_;
  std::size_t next_ = 0;  // offset of the next line in text_
  std::string_view line_;
  std::size_t pos_ = 0;  // offset in line_
  std::uint64_t line_number_ = 0;
};

}  // namespace arcwave
