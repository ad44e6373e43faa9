// Definitions for include/arcwave/competition.hpp (and to_string(SolveStatus) of
// include/arcwave/solver.hpp).
#include "arcwave/competition.hpp"

#include <fmt/format.h>

namespace arcwave {

std::string_view to_string(SolveStatus status) {
  switch (status) {
    case SolveStatus::kSatisfiable:
      return "SATISFIABLE";
    case SolveStatus::kUnsatisfiable:
      return "UNSATISFIABLE";
    case SolveStatus::kOptimum:
      return "OPTIMUM FOUND";
    case SolveStatus::kUnknown:
      return "UNKNOWN";
  }
  return "UNKNOWN";
}

}  // namespace arcwave

namespace arcwave::competition {

std::string status_line(SolveStatus status) {
  return fmt::format("s {}", to_string(status));
}

std::string instantiation_line(const Model& model, std::span<const Value> values) {
  std::string list;
  std::string vals;
  for (const Declaration& d : model.declarations()) {
    if (!d.is_array) {
      list += ' ';
      list += model.variables()[static_cast<std::size_t>(d.index)].name;
      vals += ' ';
      vals += model.value_text(d.index, values[static_cast<std::size_t>(d.index)]);
      continue;
    }
    const VarArray& a = model.arrays()[static_cast<std::size_t>(d.index)];
    list += ' ';
    list += a.name;
    for (std::size_t k = 0; k < a.sizes.size(); ++k) list += "[]";
    for (int cell : a.cells) {
      if (cell < 0)
        vals += " *";
      else
        vals += ' ' + model.value_text(cell, values[static_cast<std::size_t>(cell)]);
    }
  }
  return fmt::format("v <instantiation> <list>{} </list> <values>{} </values> </instantiation>",
                     list, vals);
}

std::string bound_line(Value bound) {
  return fmt::format("o {}", bound);
}

std::vector<std::string> statistics_lines(const SolveResult& r) {
  const SolveStats& s = r.stats;
  std::vector<std::string> lines;
  lines.push_back(fmt::format("c nodes {} fails {} restarts {} max depth {}", s.nodes, s.fails,
                              s.restarts, s.max_depth));
  lines.push_back(fmt::format("c propagations {} removals {} solutions {}", s.propagations,
                              s.removals, s.solutions));
  if (s.nogoods > 0)
    lines.push_back(fmt::format("c nogoods {} recorded at restarts, {} values removed by them",
                                s.nogoods, s.nogood_removals));
  if (s.neighbourhoods > 0)
    lines.push_back(fmt::format("c lns: {} neighbourhoods, {} improved the incumbent",
                                s.neighbourhoods, s.neighbourhood_improvements));
  const double search = s.search_seconds > 0 ? s.search_seconds : 0;
  lines.push_back(fmt::format("c nodes per second {:.0f}",
                              search > 0 ? static_cast<double>(s.nodes) / search : 0.0));
  lines.push_back(fmt::format(
      "c time parse {:.3f} s, model {:.3f} s, init {:.3f} s, propagate {:.3f} s, search {:.3f} s",
      s.parse_seconds, s.model_seconds, s.init_seconds, s.propagate_seconds, s.search_seconds));
  if (s.workers > 1 || s.ranks > 1)
    lines.push_back(fmt::format(
        "c parallel: {} workers{}, {} subproblems (decomposed in {:.3f} s), {} splits; "
        "counters and init/propagate times summed over workers",
        s.workers, s.ranks > 1 ? fmt::format(" on {} MPI ranks", s.ranks) : std::string(),
        s.subproblems, s.decomposition_seconds, s.splits));
  return lines;
}

}  // namespace arcwave::competition
