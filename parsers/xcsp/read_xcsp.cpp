// Format detection and dispatch for parsers/xcsp/xcsp_reader.hpp.
#include <algorithm>
#include <cstring>

#include "arcwave/error.hpp"
#include "parsers/parallel/task_pool.hpp"
#include "parsers/xcsp/xcsp_reader.hpp"

namespace arcwave {

namespace {

// Replays bytes already read for detection, then continues from the inner source.
class ReplaySource final : public ByteSource {
 public:
  ReplaySource(ByteSource& inner, std::string prefix)
      : ByteSource(inner.name(), inner.compression()), inner_(inner), prefix_(std::move(prefix)) {}
  std::size_t read(char* buffer, std::size_t size) override {
    if (pos_ < prefix_.size()) {
      const std::size_t n = std::min(size, prefix_.size() - pos_);
      std::memcpy(buffer, prefix_.data() + pos_, n);
      pos_ += n;
      return n;
    }
    return inner_.read(buffer, size);
  }
  [[nodiscard]] std::uint64_t raw_bytes_read() const noexcept override {
    return inner_.raw_bytes_read();
  }

 private:
  ByteSource& inner_;
  std::string prefix_;
  std::size_t pos_ = 0;
};

// The text of the root start tag, if it is within `head`.
std::string_view root_tag(std::string_view head) {
  std::size_t pos = 0;
  while ((pos = head.find('<', pos)) != std::string_view::npos) {
    if (pos + 1 < head.size() && (head[pos + 1] == '?' || head[pos + 1] == '!')) {
      ++pos;
      continue;
    }
    const std::size_t end = head.find('>', pos);
    return head.substr(pos, end == std::string_view::npos ? std::string_view::npos : end - pos);
  }
  return {};
}

// Tells the format from the root element and reads the document.
XcspInstance read_detected(ByteSource& source, const XcspReadOptions& options) {
  constexpr std::size_t kHead = 1 << 14;
  // XCSP3 marks the root: <instance format="XCSP3" ...>; XCSP 2.1 says so in <presentation>.
  if (const std::optional<std::string_view> bytes = source.in_memory()) {
    if (root_tag(bytes->substr(0, kHead)).find("XCSP3") != std::string_view::npos)
      return read_xcsp3(source, options);
    return read_xcsp21(source, options);
  }
  std::string head(kHead, '\0');
  std::size_t got = 0;
  while (got < kHead) {
    const std::size_t n = source.read(head.data() + got, kHead - got);
    if (n == 0) break;
    got += n;
  }
  head.resize(got);
  const std::string_view tag = root_tag(head);
  ReplaySource replay(source, std::move(head));
  if (tag.find("XCSP3") != std::string_view::npos) return read_xcsp3(replay, options);
  return read_xcsp21(replay, options);
}

}  // namespace

std::string_view to_string(XcspFormat format) {
  return format == XcspFormat::kXcsp21 ? "XCSP 2.1" : "XCSP3";
}

XcspInstance read_xcsp(const std::string& path, const XcspReadOptions& options) {
  const std::unique_ptr<ByteSource> source = open_input(path);
  return read_xcsp(*source, options);
}

XcspInstance read_xcsp(ByteSource& source, const XcspReadOptions& options) {
  // Compressed input: decoded on a thread of its own while the parse goes on; the tables get
  // the other threads.
  if (const unsigned threads = TaskPool::resolve_threads(options.threads);
      source.compression() != Compression::kNone && threads > 1) {
    const std::unique_ptr<ByteSource> ahead = read_ahead(source);
    XcspReadOptions rest = options;
    rest.threads = threads - 1;
    return read_detected(*ahead, rest);
  }
  return read_detected(source, options);
}

}  // namespace arcwave
