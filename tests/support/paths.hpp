// tests/support/paths.hpp — where the tests find the repository's files and the shared
// instances (../shared/instances next to the checkout, or ARCWAVE_SHARED_INSTANCES).
#pragma once

#include <cstdlib>
#include <filesystem>
#include <string>

namespace arcwave::test {

inline std::filesystem::path source_dir() {
  const char* env = std::getenv("ARCWAVE_SOURCE_DIR");
  return env != nullptr ? std::filesystem::path(env) : std::filesystem::current_path();
}

inline std::filesystem::path instances_dir() {
  return source_dir() / "instances";
}

/// The shared benchmark instances, or an empty path when there are none (tests then skip).
inline std::filesystem::path shared_instances_dir() {
  if (const char* env = std::getenv("ARCWAVE_SHARED_INSTANCES")) return env;
  const std::filesystem::path p = source_dir().parent_path() / "shared" / "instances";
  return std::filesystem::exists(p) ? p : std::filesystem::path();
}

}  // namespace arcwave::test
