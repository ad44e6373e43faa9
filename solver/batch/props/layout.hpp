// solver/batch/props/layout.hpp — compiled constraints (propagation/indexed) as device
// propagators of the batched search: which ones have one, and their parameters in the layout
// each kind's file documents (solver/batch/props/*.hpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "arcwave/model.hpp"
#include "propagation/indexed/indexed_model.hpp"

namespace arcwave::batch {

/// One device propagator: its kind (props/prop_kinds.hpp), the variables whose changes wake it,
/// and its parameters.
struct PropSpec {
  int kind = 0;
  std::vector<int> scope;
  std::vector<long long> data;
};

/// Why constraint `c` (neither unary, binary nor a table) has no device propagator, or nullopt.
std::optional<std::string> prop_refusal(const IndexedModel& model, const IndexedConstraint& c);

/// The device propagators that enforce constraint `c` (prop_refusal(c) must be nullopt).
std::vector<PropSpec> prop_specs(const IndexedModel& model, const IndexedConstraint& c);

/// Whether the device can evaluate the expression (its stack fits, no parameter is left).
bool expr_fits(const Expr& e);

/// Appends an expression over `scope` (slot i is scope[i]) in the layout of
/// props/expr_eval.hpp.
void append_expr(std::vector<long long>& data, const std::vector<int>& scope, const Expr& e);

/// Appends a condition in the layout of props/condition.hpp.
void append_condition(std::vector<long long>& data, const Condition& c);

}  // namespace arcwave::batch
