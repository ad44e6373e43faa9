// core/mapped_bytes.hpp — a regular file mapped read-only (POSIX mmap), for the readers that
// parse a whole file where it lies: parsers/input's ByteSource and parsers/grid's MappedFile.
#pragma once

#include <string>
#include <string_view>

namespace arcwave {

/// Maps `path` when it is a regular, non-empty file; an empty view otherwise (it cannot be
/// opened, is a pipe or empty, or mmap fails): the caller then reads it another way, which also
/// reports the error. `populate` maps every page now, in the kernel (MAP_POPULATE), rather than
/// one fault at a time on whichever thread touches a page first.
std::string_view map_file_bytes(const std::string& path, bool populate);

/// Unmaps what map_file_bytes returned (nothing for an empty view).
void unmap_file_bytes(std::string_view bytes) noexcept;

}  // namespace arcwave
