// tests/parsers/xcsp21/xcsp21_test_support.hpp — where the XCSP 2.1 test files are, and reading
// an instance from a file or from a string with the XCSP 2.1 reader.
#pragma once

#include <filesystem>
#include <string>

#include "parsers/input/byte_source.hpp"
#include "parsers/xcsp/xcsp21_document.hpp"
#include "tests/support/paths.hpp"

namespace arcwave::test {

inline std::filesystem::path xcsp21_dir() {
  return source_dir() / "tests" / "parsers" / "xcsp21";
}

inline XcspInstance read_xcsp21_file(const std::string& path) {
  auto source = open_input(path);
  return xcsp21::read_document(*source);
}

inline XcspInstance read_xcsp21_data(const std::string& name) {
  return read_xcsp21_file((xcsp21_dir() / "data" / name).string());
}

inline XcspInstance read_xcsp_text(const std::string& text, const std::string& name = "mem.xml") {
  auto source = memory_input(name, text);
  return xcsp21::read_document(*source);
}

}  // namespace arcwave::test
