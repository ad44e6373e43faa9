// parsers/input/byte_source.hpp — a file's bytes, decompressed on the fly. The compression
// (xz, lzma-alone, bzip2, gzip, or none) is detected from the first bytes, not the name.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace arcwave {

enum class Compression : std::uint8_t { kNone, kXz, kLzma, kBzip2, kGzip };
std::string_view to_string(Compression c);

/// Detects the compression from a file's first bytes (up to 16 are looked at).
Compression detect_compression(std::string_view head);

class ByteSource {
 public:
  virtual ~ByteSource() = default;
  /// Reads up to `size` bytes; returns 0 at the end. Throws InputError naming the file on
  /// a read or decompression error (corrupt or truncated data).
  virtual std::size_t read(char* buffer, std::size_t size) = 0;
  [[nodiscard]] const std::string& name() const noexcept { return name_; }
  [[nodiscard]] Compression compression() const noexcept { return compression_; }
  /// Bytes read from the underlying file so far (compressed size).
  [[nodiscard]] virtual std::uint64_t raw_bytes_read() const noexcept = 0;
  /// The bytes not read yet, when the source holds them all in memory (an uncompressed file,
  /// memory-mapped, or uncompressed bytes in memory): readers may parse them in place instead
  /// of copying them out with read(). Empty otherwise.
  [[nodiscard]] virtual std::optional<std::string_view> in_memory() const { return std::nullopt; }

 protected:
  ByteSource(std::string name, Compression c) : name_(std::move(name)), compression_(c) {}

 private:
  std::string name_;
  Compression compression_;
};

/// Opens `path` ("-" is standard input). A regular file is memory-mapped (read in place when
/// uncompressed); others are read. Throws InputError when it cannot be opened.
std::unique_ptr<ByteSource> open_input(const std::string& path);
/// A source over bytes already in memory (decompressed the same way); `name` is for messages.
std::unique_ptr<ByteSource> memory_input(std::string name, std::string_view bytes);

/// A source that decompresses `inner` on a thread of its own, a few chunks (of 1 MB) ahead of
/// the reader, so that decoding and parsing overlap. It delivers the same bytes and errors.
std::unique_ptr<ByteSource> read_ahead(ByteSource& inner);

/// Reads everything a source delivers.
std::string read_all(ByteSource& source);

}  // namespace arcwave
