// parsers/text/scanner.hpp — a cursor over element text for the hand-written hot paths of the
// readers (tuples, value lists, ranges): integers with overflow checks, and errors that name
// the exact FILE:LINE:COL through the owning XmlNode.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "arcwave/error.hpp"
#include "parsers/xml/xml_stream.hpp"

namespace arcwave {

class TextScanner {
 public:
  explicit TextScanner(const XmlNode& node) : node_(&node), text_(node.text) {}
  /// Scans an arbitrary string; positions are reported relative to `node`'s text start only
  /// when `text` is node.text (otherwise errors name the node's start tag).
  TextScanner(const XmlNode& node, std::string_view text) : node_(&node), text_(text) {}

  [[nodiscard]] bool at_end() const noexcept { return pos_ >= text_.size(); }
  [[nodiscard]] std::size_t offset() const noexcept { return pos_; }
  void seek(std::size_t offset) noexcept { pos_ = offset; }
  [[nodiscard]] char peek() const noexcept { return at_end() ? '\0' : text_[pos_]; }
  void advance(std::size_t n = 1) noexcept { pos_ += n; }
  [[nodiscard]] std::string_view rest() const noexcept { return text_.substr(pos_); }

  static bool is_space(char c) noexcept { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; }
  void skip_space() noexcept {
    while (pos_ < text_.size() && is_space(text_[pos_])) ++pos_;
  }
  /// Skips spaces; true if the next character is `c` (and consumes it).
  bool accept(char c) noexcept {
    skip_space();
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  void expect(char c, std::string_view context) {
    if (!accept(c)) fail(std::string("expected '") + c + "' " + std::string(context));
  }
  /// Reads a signed decimal integer (optional '+'/'-'); throws InputError on overflow or when
  /// no digit is there.
  std::int64_t read_int(std::string_view what);
  /// Reads a maximal run of non-space characters.
  std::string_view read_token();

  /// Position of the cursor (or of `offset`) for messages.
  [[nodiscard]] SourcePosition position() const { return position_at(pos_); }
  [[nodiscard]] SourcePosition position_at(std::size_t offset) const;
  [[noreturn]] void fail(const std::string& message) const { fail_at(pos_, message); }
  [[noreturn]] void fail_at(std::size_t offset, const std::string& message) const {
    throw InputError(position_at(offset), message);
  }

 private:
  const XmlNode* node_;
  std::string_view text_;
  std::size_t pos_ = 0;
};

}  // namespace arcwave
