// Definitions for parsers/text/scanner.hpp.
#include "parsers/text/scanner.hpp"

#include <limits>

namespace arcwave {

std::int64_t TextScanner::read_int(std::string_view what) {
  skip_space();
  const std::size_t start = pos_;
  bool negative = false;
  if (pos_ < text_.size() && (text_[pos_] == '-' || text_[pos_] == '+')) {
    negative = text_[pos_] == '-';
    ++pos_;
  }
  if (pos_ >= text_.size() || text_[pos_] < '0' || text_[pos_] > '9') {
    const std::string_view found =
        text_.substr(start, std::min<std::size_t>(16, text_.size() - start));
    fail_at(start, "expected " + std::string(what) +
                       (found.empty() ? std::string(", found the end of the text")
                                      : ", found '" + std::string(found) + "'"));
  }
  // Accumulate negatively so that INT64_MIN is representable.
  std::int64_t value = 0;
  constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();
  while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') {
    const int digit = text_[pos_] - '0';
    if (value < (kMin + digit) / 10) fail_at(start, std::string(what) + " out of the 64-bit range");
    value = value * 10 - digit;
    ++pos_;
  }
  if (!negative) {
    if (value == kMin) fail_at(start, std::string(what) + " out of the 64-bit range");
    value = -value;
  }
  return value;
}

std::string_view TextScanner::read_token() {
  skip_space();
  const std::size_t start = pos_;
  while (pos_ < text_.size() && !is_space(text_[pos_])) ++pos_;
  return text_.substr(start, pos_ - start);
}

SourcePosition TextScanner::position_at(std::size_t offset) const {
  if (text_.data() >= node_->text.data() &&
      text_.data() + text_.size() <= node_->text.data() + node_->text.size()) {
    return node_->text_position(static_cast<std::size_t>(text_.data() - node_->text.data()) +
                                offset);
  }
  return node_->position;
}

}  // namespace arcwave
