// Definitions for include/arcwave/error.hpp.
#include "arcwave/error.hpp"

namespace arcwave {

std::string SourcePosition::to_string() const {
  std::string s = file.empty() ? std::string("<input>") : file;
  if (line > 0) {
    s += ':' + std::to_string(line);
    if (column > 0) s += ':' + std::to_string(column);
  }
  return s;
}

InputError::InputError(SourcePosition where, const std::string& message)
    : Error(where.to_string() + ": " + message), where_(std::move(where)), message_(message) {}

InputError::InputError(const std::string& message) : Error(message), message_(message) {}

Unsupported::Unsupported(SourcePosition where, const std::string& what)
    : Error("unsupported: " + what + " at " + where.to_string()) {}

}  // namespace arcwave
