// Buffered text output (instances/csp/writers/text_out.hpp).
#include "instances/csp/writers/text_out.hpp"

#include <fmt/format.h>

#include "arcwave/error.hpp"

namespace arcwave::gen {

void TextOut::write_raw(const char* data, std::size_t size) {
  out_.write(data, static_cast<std::streamsize>(size));
  if (!out_) throw ResourceError(fmt::format("writing {} failed (disk full?)", name_));
}

void TextOut::flush_buffer() {
  if (used_ > 0) write_raw(buffer_.data(), used_);
  used_ = 0;
}

void TextOut::flush() {
  flush_buffer();
  out_.flush();
  if (!out_) throw ResourceError(fmt::format("writing {} failed (disk full?)", name_));
}

}  // namespace arcwave::gen
