// instances/csp/writers/text_out.hpp — buffered text output for the XCSP writers: text and
// integers are appended to a fixed buffer that is handed to the stream when full, so a file of
// any size is written as it is produced, never held in memory.
#pragma once

#include <charconv>
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace arcwave::gen {

class TextOut {
 public:
  explicit TextOut(std::ostream& out, std::string name = "output")
      : out_(out), name_(std::move(name)), buffer_(kCapacity) {}
  TextOut(const TextOut&) = delete;
  TextOut& operator=(const TextOut&) = delete;
  ~TextOut() = default;  // callers flush(); a destructor must not throw

  TextOut& operator<<(std::string_view text) {
    if (text.size() > kCapacity - used_) {
      flush_buffer();
      if (text.size() > kCapacity) {
        write_raw(text.data(), text.size());
        return *this;
      }
    }
    text.copy(buffer_.data() + used_, text.size());
    used_ += text.size();
    return *this;
  }
  TextOut& operator<<(char c) {
    if (used_ == kCapacity) flush_buffer();
    buffer_[used_++] = c;
    return *this;
  }
  TextOut& operator<<(std::int64_t v) {
    if (kCapacity - used_ < 24) flush_buffer();
    const auto [end, ec] = std::to_chars(buffer_.data() + used_, buffer_.data() + kCapacity, v);
    used_ = static_cast<std::size_t>(end - buffer_.data());
    return *this;
  }
  TextOut& operator<<(int v) { return *this << static_cast<std::int64_t>(v); }
  TextOut& operator<<(std::size_t v) { return *this << static_cast<std::int64_t>(v); }

  /// Hands everything to the stream and flushes it; throws ResourceError if writing failed.
  void flush();

 private:
  static constexpr std::size_t kCapacity = std::size_t{1} << 20;
  void flush_buffer();
  void write_raw(const char* data, std::size_t size);

  std::ostream& out_;
  std::string name_;
  std::vector<char> buffer_;
  std::size_t used_ = 0;
};

}  // namespace arcwave::gen
