// solver/batch/props/prop_kinds.hpp — the kinds of device propagators of the batched search
// (one file each in solver/batch/props/), as BatchNetwork::prop_kind numbers them, and the forms
// of objectives.
#pragma once

namespace arcwave::batch {

enum PropKind : int {
  kPropSum = 0,       // sum.hpp
  kPropAllDifferent,  // all_different.hpp
  kPropCount,         // count.hpp
  kPropExtremum,      // extremum.hpp
  kPropElement,       // element.hpp
  kPropIntension,     // intension.hpp
  kPropOrdered,       // ordered.hpp
  kPropLex,           // lex.hpp
  kPropAllEqual,      // all_equal.hpp
  kPropCumulative,    // cumulative.hpp
  kPropNoOverlap,     // no_overlap.hpp
  kPropNValues,       // n_values.hpp
  kPropCircuit,       // circuit.hpp
  kPropRegular,       // regular.hpp (regular and mdd)
  kPropChannel,       // channel.hpp
  kPropPrecedence,    // precedence.hpp
  kPropBinPacking,    // bin_packing.hpp
  kPropKindCount
};

/// The objective's forms (solver/batch/props/objective.hpp).
enum ObjectiveKind : int {
  kObjectiveNone = 0,
  kObjectiveVariable,    // one variable
  kObjectiveSum,         // sum(c_i * x_i)
  kObjectiveExpression,  // an expression (props/expr_eval.hpp)
};

}  // namespace arcwave::batch
