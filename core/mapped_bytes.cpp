// Definitions for core/mapped_bytes.hpp.
#include "core/mapped_bytes.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace arcwave {

std::string_view map_file_bytes(const std::string& path, bool populate) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return {};
  struct stat info {};
  void* address = MAP_FAILED;
  if (::fstat(fd, &info) == 0 && S_ISREG(info.st_mode) && info.st_size > 0)
    address = ::mmap(nullptr, static_cast<std::size_t>(info.st_size), PROT_READ,
                     MAP_PRIVATE | (populate ? MAP_POPULATE : 0), fd, 0);
  ::close(fd);
  if (address == MAP_FAILED) return {};
  return {static_cast<const char*>(address), static_cast<std::size_t>(info.st_size)};
}

void unmap_file_bytes(std::string_view bytes) noexcept {
  if (!bytes.empty()) ::munmap(const_cast<char*>(bytes.data()), bytes.size());
}

}  // namespace arcwave
