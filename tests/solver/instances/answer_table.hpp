// tests/solver/instances/answer_table.hpp — reading the answer tables that come with instance
// folders: lines of '|'-separated fields, '#' comments and blank lines skipped
// (instances/answers.txt: FILE | ANSWER | SOLUTIONS | SOURCE; ../shared/instances/answers.txt:
// FILE | STATUS | SECONDS).
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace arcwave::test {

inline std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t");
  const auto e = s.find_last_not_of(" \t\r");
  return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

/// The fields of every non-comment line; an unreadable file gives no rows.
inline std::vector<std::vector<std::string>> read_answer_table(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::vector<std::vector<std::string>> rows;
  for (std::string line; std::getline(in, line);) {
    const std::string t = trim(line);
    if (t.empty() || t.front() == '#') continue;
    std::vector<std::string> fields;
    std::stringstream ss(t);
    for (std::string f; std::getline(ss, f, '|');) fields.push_back(trim(f));
    rows.push_back(std::move(fields));
  }
  return rows;
}

}  // namespace arcwave::test
