// Builds the n-queens model in code (one variable per row: the queen's column; allDifferent on
// the columns, intension constraints written as text on the diagonals) and counts its solutions.
//   build_model [N]   (default 8: 92 solutions)
#include <arcwave/error.hpp>
#include <arcwave/expr_text.hpp>
#include <arcwave/model.hpp>
#include <arcwave/solver.hpp>
#include <cstdio>
#include <string>

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::stoi(argv[1]) : 8;
  try {
    arcwave::Model model;
    std::vector<arcwave::Value> columns;
    for (int c = 0; c < n; ++c) columns.push_back(c);
    std::vector<int> queens;
    for (int r = 0; r < n; ++r)
      queens.push_back(model.add_variable("q" + std::to_string(r), columns));
    model.add_constraint(arcwave::AllDifferentConstraint{queens, {}});
    for (int a = 0; a < n; ++a)
      for (int b = a + 1; b < n; ++b) {
        const std::string text = "ne(dist(q" + std::to_string(a) + ",q" + std::to_string(b) + ")," +
                                 std::to_string(b - a) + ")";
        model.add_constraint(arcwave::intension(model, text));
      }
    arcwave::SolverOptions options;
    options.all_solutions = true;
    arcwave::Solver solver(std::move(model), options);
    std::uint64_t shown = 0;
    solver.on_solution([&](const arcwave::Solution& s) {
      if (shown++ > 0) return;
      std::string line = "first";
      for (const arcwave::Value v : s.values) line += " " + std::to_string(v);
      std::printf("%s\n", line.c_str());
    });
    const arcwave::SolveResult r = solver.solve();
    std::printf("queens %d: %s, %llu solutions\n", n,
                std::string(arcwave::to_string(r.status)).c_str(),
                static_cast<unsigned long long>(r.solutions));
    return 0;
  } catch (const arcwave::Error& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return e.exit_code();
  }
}
