// parsers/grid/mapped_file.hpp — a whole input file as read-only bytes: memory-mapped when it is
// a regular file (the pages come straight from the page cache, read by every thread that parses
// them), else read into memory (pipes, empty files).
#pragma once

#include <string>
#include <string_view>

namespace arcwave {

class MappedFile {
 public:
  /// Throws InputError (FILE:0:0) when the file cannot be opened or read.
  explicit MappedFile(const std::string& path);
  ~MappedFile();
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;

  [[nodiscard]] std::string_view text() const noexcept {
    return mapped_.empty() ? std::string_view(copy_) : mapped_;
  }

 private:
  // The mapping (core/mapped_bytes.hpp), or empty when `copy_` holds the bytes.
  std::string_view mapped_;
  std::string copy_;
};

}  // namespace arcwave
