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

/// A folder of the shared real data ("maps", "graphs"), or an empty path when there is none
/// (tests then skip): ARCWAVE_SHARED_MAPS / ARCWAVE_SHARED_GRAPHS (the name in capitals), else
/// shared/<name> beside the checkout or beside the folder of worktrees.
inline std::filesystem::path shared_data_dir(const std::string& name) {
  std::string variable = "ARCWAVE_SHARED_";
  for (const char c : name) variable += static_cast<char>(c >= 'a' && c <= 'z' ? c - 32 : c);
  if (const char* env = std::getenv(variable.c_str())) return env;
  for (std::filesystem::path up = source_dir().parent_path(); !up.empty(); up = up.parent_path()) {
    const std::filesystem::path p = up / "shared" / name;
    if (std::filesystem::exists(p)) return p;
    if (up == up.parent_path()) break;
  }
  return {};
}

}  // namespace arcwave::test
