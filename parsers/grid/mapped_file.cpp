// Definitions for parsers/grid/mapped_file.hpp.
#include "parsers/grid/mapped_file.hpp"

#include "core/mapped_bytes.hpp"
#include "parsers/grid/text_lines.hpp"

namespace arcwave {

MappedFile::MappedFile(const std::string& path) : mapped_(map_file_bytes(path, true)) {
  // Pipes and empty files are read; a file that cannot be opened throws here (FILE:0:0).
  if (mapped_.empty()) copy_ = grid_text::read_text(path);
}

MappedFile::~MappedFile() {
  unmap_file_bytes(mapped_);
}

}  // namespace arcwave
