// tests/solver/cli/instantiation.hpp — reading back the `v <instantiation>` line that
// `arcwave solve` prints, and checking it against the instance.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "arcwave/solver.hpp"
#include "tests/support/catch.hpp"
#include "tests/support/cli.hpp"

namespace arcwave::test {

// The values of a `v <instantiation>` line, read back into one value per model variable
// (declarations in file order, arrays row-major, `*` for cells without a variable).
inline std::vector<Value> read_instantiation(const Model& m, const std::string& line) {
  const auto open = line.find("<values>");
  const auto close = line.find("</values>");
  REQUIRE(line.rfind("v <instantiation> <list>", 0) == 0);
  REQUIRE(open != std::string::npos);
  REQUIRE(close != std::string::npos);
  std::istringstream in(line.substr(open + 8, close - open - 8));
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  std::vector<Value> values(m.variable_count(), 0);
  std::size_t k = 0;
  for (const Declaration& d : m.declarations()) {
    if (!d.is_array) {
      REQUIRE(k < words.size());
      values[static_cast<std::size_t>(d.index)] = std::stoll(words[k++]);
      continue;
    }
    for (int cell : m.arrays()[static_cast<std::size_t>(d.index)].cells) {
      REQUIRE(k < words.size());
      if (cell < 0)
        REQUIRE(words[k] == "*");
      else
        values[static_cast<std::size_t>(cell)] = std::stoll(words[k]);
      ++k;
    }
  }
  REQUIRE(k == words.size());
  return values;
}

inline void require_valid_solution(const std::string& file, const CliRun& r) {
  const auto v = r.lines("v ");
  REQUIRE(v.size() == 1);
  const Solver solver = Solver::load(file);
  REQUIRE(solver.model().check(read_instantiation(solver.model(), v[0])));
}

}  // namespace arcwave::test
