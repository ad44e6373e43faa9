// arcwave/model_summary.hpp — what a Model (arcwave/model.hpp) contains, counted: variables
// (declared, auxiliary, symbolic), domain sizes, and constraints grouped by kind and arity.
// `arcwave info` prints it.
//
//   const arcwave::ModelSummary s = arcwave::summarize(model);
//   // s.variables, s.auxiliary(), s.max_domain, s.groups[0].kind, ...
//
// Cost: O(variables + total scope size).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "arcwave/model.hpp"

namespace arcwave {

/// The constraints of one kind (constraint_kind()) and one arity (distinct variables).
struct ConstraintGroup {
  std::string kind;
  std::size_t arity = 0;
  std::size_t count = 0;
};

struct ModelSummary {
  std::size_t variables = 0;
  /// Single variables and array cells of the declarations; the others are auxiliary (variables
  /// a reader introduced for expressions in lists, variable coefficients, objectives).
  std::size_t declared = 0;
  std::size_t symbolic = 0;  // variables whose values are symbols
  std::size_t symbols = 0;
  std::size_t min_domain = 0;  // 0 without variables
  std::size_t max_domain = 0;
  std::size_t total_values = 0;
  std::size_t constraints = 0;
  std::vector<ConstraintGroup> groups;  // by kind, then by increasing arity

  [[nodiscard]] std::size_t auxiliary() const noexcept { return variables - declared; }
};

ModelSummary summarize(const Model& model);

}  // namespace arcwave
