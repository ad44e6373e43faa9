// parsers/grid/mapped_file.hpp — a whole input file as read-only bytes: memory-mapped when it is
// a regular file (the pages come straight from the page cache, read by every thread that parses
// them), else read into memory (pipes, empty files).
#pragma once

#include <cstddef>
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

  [[nodiscard]] std::string_view text() const noexcept { return {data_, size_}; }

 private:
  const char* data_ = nullptr;
  std::size_t size_ = 0;
  void* mapping_ = nullptr;  // the mmap'ed region, or nullptr when `copy_` holds the bytes
  std::string copy_;
};

}  // namespace arcwave
