// tests/parsers/xcsp3/xcsp3_solutions.hpp — solving XCSP3 models in the tests: every solution
// of a model as the set of its `name=value` words over the declared variables (auxiliary
// variables left out, as in `v` lines), the way the expected/*.sols files of the shared
// xcsp3-constraints instances write them.
#pragma once

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "arcwave/model.hpp"
#include "arcwave/solver.hpp"

namespace arcwave::test {

/// One solution: its `name=value` words, sorted.
using SolutionWords = std::vector<std::string>;

/// The words of a full assignment over the declared variables and array cells.
inline SolutionWords solution_words(const Model& m, const std::vector<Value>& values) {
  SolutionWords words;
  auto add = [&](int v) {
    words.push_back(m.variables()[static_cast<std::size_t>(v)].name + "=" +
                    m.value_text(v, values[static_cast<std::size_t>(v)]));
  };
  for (const Declaration& d : m.declarations()) {
    if (!d.is_array) {
      add(d.index);
      continue;
    }
    for (int cell : m.arrays()[static_cast<std::size_t>(d.index)].cells)
      if (cell >= 0) add(cell);
  }
  std::sort(words.begin(), words.end());
  return words;
}

struct AllSolutions {
  std::set<SolutionWords> distinct;  // the solutions as words
  std::uint64_t found = 0;           // solutions the search reported (distinct ones when right)
  bool complete = false;             // the search ended by itself
};

/// Every solution of the model (MAC search on the CPU engine, all solutions). Two solutions
/// that differ only in auxiliary variables would count once in `distinct`: none may.
inline AllSolutions all_solutions(const Model& model) {
  Solver solver(model);
  solver.options().all_solutions = true;
  solver.options().backend = SolverBackend::kCpu;
  AllSolutions all;
  solver.on_solution([&](const Solution& s) {
    all.distinct.insert(solution_words(solver.model(), s.values));
    ++all.found;
  });
  const SolveResult r = solver.solve();
  all.complete = r.complete;
  return all;
}

/// The solutions of an expected/*.sols file: one per line, words separated by spaces.
inline std::set<SolutionWords> read_solutions(const std::string& path) {
  std::ifstream in(path);
  std::set<SolutionWords> sols;
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    SolutionWords w;
    for (std::string word; words >> word;) w.push_back(word);
    if (w.empty()) continue;
    std::sort(w.begin(), w.end());
    sols.insert(std::move(w));
  }
  return sols;
}

}  // namespace arcwave::test
