// tests/parsers/xcsp3/xcsp3_test_util.hpp — helpers of the XCSP3 reader tests: where the test
// files are, reading a document from a string, and assignments written by variable name.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "arcwave/model.hpp"
#include "parsers/input/byte_source.hpp"
#include "parsers/xcsp/xcsp_reader.hpp"
#include "tests/support/paths.hpp"

namespace arcwave::test {

inline std::filesystem::path xcsp3_dir() {
  return source_dir() / "tests" / "parsers" / "xcsp3";
}

inline XcspInstance read_xcsp3_file(const std::string& name) {
  return read_xcsp((xcsp3_dir() / "data" / name).string());
}

/// Reads an XCSP3 document given as text; messages name it "doc.xml".
inline XcspInstance read_xcsp3_text(const std::string& text) {
  const std::unique_ptr<ByteSource> source = memory_input("doc.xml", text);
  return read_xcsp(*source);
}

/// A full assignment: the named values, `fallback` for every other variable.
inline std::vector<Value> assign(const Model& m, const std::map<std::string, Value>& values,
                                 Value fallback = 0) {
  std::vector<Value> a(m.variable_count(), fallback);
  std::size_t used = 0;
  for (std::size_t v = 0; v < m.variable_count(); ++v) {
    const auto it = values.find(m.variables()[v].name);
    if (it != values.end()) {
      a[v] = it->second;
      ++used;
    }
  }
  if (used != values.size()) throw std::logic_error("assign: a name is not a variable");
  return a;
}

/// Number of constraints of each kind.
inline std::map<std::string, std::size_t> kinds(const Model& m) {
  std::map<std::string, std::size_t> k;
  for (const Constraint& c : m.constraints()) ++k[std::string(constraint_kind(c))];
  return k;
}

}  // namespace arcwave::test
