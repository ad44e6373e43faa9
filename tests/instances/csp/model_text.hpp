// tests/instances/csp/model_text.hpp — a model as XCSP3 text (every domain, scope, tuple and
// expression spelled out), used to compare models and to fingerprint them.
#pragma once

#include <cstdint>
#include <sstream>
#include <string>

#include "instances/csp/writers/xcsp_writer.hpp"

namespace arcwave::test {

inline std::string xcsp3_text(const Model& model) {
  std::ostringstream out;
  gen::write_xcsp3(model, out);
  return out.str();
}

inline std::string xcsp21_text(const Model& model) {
  std::ostringstream out;
  gen::write_xcsp21(model, out);
  return out.str();
}

/// 64-bit FNV-1a.
inline std::uint64_t fnv1a(const std::string& text) {
  std::uint64_t h = 14695981039346656037ull;
  for (unsigned char c : text) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

}  // namespace arcwave::test
