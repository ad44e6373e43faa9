// Definitions for parsers/grid/mapped_file.hpp (POSIX mmap).
#include "parsers/grid/mapped_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arcwave/error.hpp"
#include "parsers/grid/text_lines.hpp"

namespace arcwave {

MappedFile::MappedFile(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw InputError(SourcePosition{path, 0, 0}, "cannot open the file");
  struct stat info {};
  const bool regular = ::fstat(fd, &info) == 0 && S_ISREG(info.st_mode) && info.st_size > 0;
  if (regular) {
    // MAP_POPULATE maps every page now, in the kernel, instead of one fault per page range
    // later on whichever thread touches it first.
    void* p = ::mmap(nullptr, static_cast<std::size_t>(info.st_size), PROT_READ,
                     MAP_PRIVATE | MAP_POPULATE, fd, 0);
    if (p != MAP_FAILED) {
      mapping_ = p;
      data_ = static_cast<const char*>(p);
      size_ = static_cast<std::size_t>(info.st_size);
    }
  }
  ::close(fd);
  if (mapping_ == nullptr) {
    copy_ = grid_text::read_text(path);
    data_ = copy_.data();
    size_ = copy_.size();
  }
}

MappedFile::~MappedFile() {
  if (mapping_ != nullptr) ::munmap(mapping_, size_);
}

}  // namespace arcwave
