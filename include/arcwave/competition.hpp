// arcwave/competition.hpp — the XCSP competition output format of a SolveResult
// (arcwave/solver.hpp): the `s` status line, the `v <instantiation>` line with the file's
// declarations (arrays as `x[]` lists, `*` for cells without a variable), `o` bounds and `c`
// comment lines with statistics. `arcwave solve` prints these lines.
//
//   std::puts(arcwave::competition::status_line(r.status).c_str());          // s SATISFIABLE
//   if (r.best) std::puts(arcwave::competition::instantiation_line(model, r.best->values).c_str());
#pragma once

#include <span>
#include <string>
#include <vector>

#include "arcwave/model.hpp"
#include "arcwave/solver.hpp"

namespace arcwave::competition {

/// "s SATISFIABLE" etc.
std::string status_line(SolveStatus status);
/// "v <instantiation> <list> x[] y </list> <values> 1 2 3 0 </values> </instantiation>":
/// declarations in file order, arrays with all their cells (row-major).
std::string instantiation_line(const Model& model, std::span<const Value> values);
/// "o 42"
std::string bound_line(Value bound);
/// `c` lines: search counters and the time of each phase.
std::vector<std::string> statistics_lines(const SolveResult& result);

}  // namespace arcwave::competition
