// Solves an XCSP 2.1 / XCSP3 file and reads the solution back by variable name.
//   solve_file FILE [--all]
#include <arcwave/error.hpp>
#include <arcwave/solver.hpp>
#include <cstdio>
#include <string>

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: solve_file FILE [--all]\n");
    return 2;
  }
  try {
    arcwave::Solver solver = arcwave::Solver::load(argv[1]);
    solver.options().all_solutions = argc > 2 && std::string(argv[2]) == "--all";
    const arcwave::SolveResult r = solver.solve();
    std::printf("status %s\n", std::string(arcwave::to_string(r.status)).c_str());
    std::printf("solutions %llu\n", static_cast<unsigned long long>(r.solutions));
    if (r.best) {
      const arcwave::Model& model = solver.model();
      std::string line = "solution";
      for (std::size_t v = 0; v < model.variable_count(); ++v)
        line += " " + model.variables()[v].name + "=" + std::to_string(r.best->values[v]);
      std::printf("%s\n", line.c_str());
      // Every reported solution was checked by the solver; check it again through the model.
      std::printf("check %s\n", model.check(r.best->values) ? "ok" : "FAILED");
    }
    std::printf("backend %s\n", r.backend.c_str());
    return 0;
  } catch (const arcwave::Error& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return e.exit_code();
  }
}
