// python/src/bind_solver.cpp — models built in Python (arcwave::Model with text intensions),
// and solve() on a model or an XCSP file with the GIL released during the search.
#include <nanobind/stl/filesystem.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <limits>
#include <memory>

#include "arcwave/error.hpp"
#include "arcwave/expr_text.hpp"
#include "arcwave/model.hpp"
#include "arcwave/solver.hpp"
#include "bindings.hpp"

namespace arcwave::python {

namespace {

Relation relation_of(const std::string& op) {
  if (op == "lt") return Relation::kLt;
  if (op == "le") return Relation::kLe;
  if (op == "eq") return Relation::kEq;
  if (op == "ne") return Relation::kNe;
  if (op == "ge") return Relation::kGe;
  if (op == "gt") return Relation::kGt;
  throw InputError("operator '" + op + "': expected lt, le, eq, ne, ge or gt");
}

SolverOptions options_of(bool all_solutions, double time_limit, std::uint64_t seed,
                         const std::string& backend, const std::string& var_heuristic,
                         const std::string& val_heuristic, const std::string& restarts,
                         const std::string& tables) {
  SolverOptions o;
  o.all_solutions = all_solutions;
  o.time_limit_seconds = time_limit;
  o.seed = seed;
  const Backend b = parse_backend(backend);
  o.backend = b == Backend::kCpu   ? SolverBackend::kCpu
              : b == Backend::kGpu ? SolverBackend::kGpu
                                   : SolverBackend::kAuto;
  if (var_heuristic == "domwdeg")
    o.var_heuristic = VarHeuristic::kDomWdeg;
  else if (var_heuristic == "domddeg")
    o.var_heuristic = VarHeuristic::kDomDdeg;
  else if (var_heuristic == "domwdegcacd")
    o.var_heuristic = VarHeuristic::kDomWdegCaCd;
  else
    throw InputError("var_heuristic '" + var_heuristic +
                     "': expected domwdeg, domwdegcacd or domddeg");
  if (val_heuristic == "lex")
    o.val_heuristic = ValHeuristic::kLex;
  else if (val_heuristic == "random")
    o.val_heuristic = ValHeuristic::kRandom;
  else
    throw InputError("val_heuristic '" + val_heuristic + "': expected lex or random");
  if (restarts == "luby")
    o.restarts = RestartPolicy::kLuby;
  else if (restarts == "geometric")
    o.restarts = RestartPolicy::kGeometric;
  else if (restarts == "none")
    o.restarts = RestartPolicy::kNone;
  else
    throw InputError("restarts '" + restarts + "': expected luby, geometric or none");
  if (tables == "auto")
    o.tables = TablePropagation::kAuto;
  else if (tables == "ac4")
    o.tables = TablePropagation::kAc4;
  else if (tables == "ac3bit")
    o.tables = TablePropagation::kAc3Bit;
  else if (tables == "ct")
    o.tables = TablePropagation::kCompactTable;
  else
    throw InputError("tables '" + tables + "': expected auto, ac4, ac3bit or ct");
  return o;
}

/// What solve() hands to Python: the result, and the variable names to read it by.
struct Outcome {
  SolveResult result;
  std::vector<std::string> names;
};

Outcome run(Solver& solver) {
  Outcome out;
  {
    nb::gil_scoped_release release;
    out.result = solver.solve();
  }
  for (const Variable& v : solver.model().variables()) out.names.push_back(v.name);
  return out;
}

nb::dict stats_of(const SolveStats& s) {
  nb::dict d;
  d["nodes"] = s.nodes;
  d["fails"] = s.fails;
  d["restarts"] = s.restarts;
  d["propagations"] = s.propagations;
  d["removals"] = s.removals;
  d["max_depth"] = s.max_depth;
  d["parse_seconds"] = s.parse_seconds;
  d["model_seconds"] = s.model_seconds;
  d["search_seconds"] = s.search_seconds;
  return d;
}

}  // namespace

void bind_solver(nb::module_& m) {
  nb::class_<Model>(m, "Model", "A CSP model built in code (see arcwave.Model in Python)")
      .def(nb::init<>())
      .def("add_variable",
           [](Model& model, std::string name, std::vector<Value> domain) {
             return model.add_variable(std::move(name), std::move(domain));
           })
      .def("add_extension",
           [](Model& model, std::vector<int> scope, const std::vector<std::vector<Value>>& tuples,
              bool supports) {
             auto table = std::make_shared<Table>();
             table->arity = static_cast<int>(scope.size());
             table->supports = supports;
             for (const std::vector<Value>& t : tuples) {
               if (t.size() != scope.size())
                 throw InputError("extension: a tuple of " + std::to_string(t.size()) +
                                  " values for a scope of " + std::to_string(scope.size()));
               for (const Value v : t) {
                 if (v <= std::numeric_limits<std::int32_t>::min() ||
                     v > std::numeric_limits<std::int32_t>::max())
                   throw InputError("extension: tuple values must fit 32-bit integers");
                 table->cells.push_back(static_cast<std::int32_t>(v));
               }
             }
             model.add_constraint(ExtensionConstraint{std::move(scope), std::move(table)});
           })
      .def("add_intension",
           [](Model& model, const std::string& text) {
             model.add_constraint(intension(model, text));
           })
      .def("add_all_different",
           [](Model& model, std::vector<int> scope, std::vector<Value> except) {
             model.add_constraint(AllDifferentConstraint{std::move(scope), std::move(except)});
           })
      .def("add_sum",
           [](Model& model, std::vector<int> scope, std::vector<Value> coeffs,
              const std::string& op, Value rhs) {
             Condition c;
             c.op = relation_of(op);
             c.kind = Condition::Kind::kConstant;
             c.value = rhs;
             model.add_constraint(SumConstraint{std::move(scope), std::move(coeffs), c});
           })
      .def("set_objective_variable",
           [](Model& model, bool minimize, int variable) {
             Objective o;
             o.minimize = minimize;
             o.kind = Objective::Kind::kVariable;
             o.variable = variable;
             model.set_objective(std::move(o));
           })
      .def("set_objective_sum",
           [](Model& model, bool minimize, std::vector<int> scope, std::vector<Value> coeffs) {
             Objective o;
             o.minimize = minimize;
             o.kind = Objective::Kind::kSum;
             o.scope = std::move(scope);
             o.coeffs = std::move(coeffs);
             model.set_objective(std::move(o));
           })
      .def("set_objective_expression",
           [](Model& model, bool minimize, const std::string& text) {
             IntensionConstraint parsed = intension(model, text);
             Objective o;
             o.minimize = minimize;
             o.kind = Objective::Kind::kExpression;
             o.scope = std::move(parsed.scope);
             o.expr = std::move(parsed.expr);
             model.set_objective(std::move(o));
           })
      .def_prop_ro("variable_count", &Model::variable_count)
      .def_prop_ro("constraint_count",
                   [](const Model& model) { return model.constraints().size(); })
      .def("variable_names",
           [](const Model& model) {
             std::vector<std::string> names;
             for (const Variable& v : model.variables()) names.push_back(v.name);
             return names;
           })
      .def("check", [](const Model& model, const std::vector<Value>& values) {
        return values.size() == model.variable_count() && model.check(values);
      });

  nb::class_<Outcome>(m, "SolveOutcome")
      .def_prop_ro("status",
                   [](const Outcome& o) { return std::string(to_string(o.result.status)); })
      .def_prop_ro("solutions", [](const Outcome& o) { return o.result.solutions; })
      .def_prop_ro("complete", [](const Outcome& o) { return o.result.complete; })
      .def_prop_ro("values",
                   [](const Outcome& o) -> std::optional<std::vector<Value>> {
                     if (!o.result.best) return std::nullopt;
                     return o.result.best->values;
                   })
      .def_prop_ro("objective",
                   [](const Outcome& o) -> std::optional<Value> {
                     if (!o.result.best) return std::nullopt;
                     return o.result.best->objective;
                   })
      .def_prop_ro("names", [](const Outcome& o) { return o.names; })
      .def_prop_ro("backend", [](const Outcome& o) { return o.result.backend; })
      .def_prop_ro("engine", [](const Outcome& o) { return o.result.engine; })
      .def_prop_ro("stats", [](const Outcome& o) { return stats_of(o.result.stats); });

  m.def(
      "solve_model",
      [](const Model& model, bool all_solutions, double time_limit, std::uint64_t seed,
         const std::string& backend, const std::string& var_heuristic,
         const std::string& val_heuristic, const std::string& restarts, const std::string& tables) {
        Solver solver(model, options_of(all_solutions, time_limit, seed, backend, var_heuristic,
                                        val_heuristic, restarts, tables));
        return run(solver);
      },
      nb::arg("model"), nb::arg("all_solutions"), nb::arg("time_limit"), nb::arg("seed"),
      nb::arg("backend"), nb::arg("var_heuristic"), nb::arg("val_heuristic"), nb::arg("restarts"),
      nb::arg("tables"));
  m.def(
      "solve_file",
      [](const std::filesystem::path& path, bool all_solutions, double time_limit,
         std::uint64_t seed, const std::string& backend, const std::string& var_heuristic,
         const std::string& val_heuristic, const std::string& restarts, const std::string& tables) {
        const SolverOptions o = options_of(all_solutions, time_limit, seed, backend, var_heuristic,
                                           val_heuristic, restarts, tables);
        std::unique_ptr<Solver> solver;
        {
          nb::gil_scoped_release release;
          solver = std::make_unique<Solver>(Solver::load(path.string(), o));
        }
        return run(*solver);
      },
      nb::arg("path"), nb::arg("all_solutions"), nb::arg("time_limit"), nb::arg("seed"),
      nb::arg("backend"), nb::arg("var_heuristic"), nb::arg("val_heuristic"), nb::arg("restarts"),
      nb::arg("tables"));
}

}  // namespace arcwave::python
