// propagation/cpu/linear/shape_propagators.hpp — the dedicated propagators of an intension
// recognised as clauses of linear literals (propagation/indexed/intension_shape): a unit clause
// `<= 0` becomes a LinearLessEqual, `= 0` a LinearEqual, the unit `!= 0` clauses together one
// LinearNotEqual (GAC on their conjunction: |a-b| != |c-d| is two of them), and every longer
// clause a Disjunction. Each is GAC or bounds on its own part as its header says; the
// constraint as a whole gets the consistency of that decomposition, and the same solutions.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "propagation/cpu/propagator.hpp"
#include "propagation/indexed/intension_shape.hpp"

namespace arcwave::cpu {

std::vector<std::unique_ptr<Propagator>> make_shape_propagators(int constraint,
                                                                const IntensionShape& shape,
                                                                const std::vector<Domain>& domains);

/// What the engine's description calls such a constraint: "linear <=", "linear =",
/// "linear !=", "disjunction" (a clause of several literals among its clauses) or "linear".
std::string_view shape_kind(const IntensionShape& shape);

}  // namespace arcwave::cpu
