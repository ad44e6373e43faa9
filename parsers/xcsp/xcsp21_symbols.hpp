// parsers/xcsp/xcsp21_symbols.hpp — what an XCSP 2.1 document has declared so far (domains,
// variables, relations, predicates, constraint names), looked up by name while the
// constraints stream past.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "arcwave/expr.hpp"
#include "arcwave/model.hpp"
#include "parsers/xcsp/xcsp21_text.hpp"

namespace arcwave::xcsp21 {

/// A <predicate>: its body with parameter leaves (%k is the k-th formal parameter).
struct PredicateDef {
  std::vector<std::string> formals;
  Expr body;
  /// Bound bodies already built, by binding: constraints that pass their parameters the same
  /// way share one expression.
  std::map<std::vector<std::pair<bool, Value>>, std::shared_ptr<const Expr>> bound;
};

struct Symbols {
  NameMap<std::shared_ptr<const Domain>> domains;
  NameMap<int> variables;
  NameMap<std::shared_ptr<const Table>> relations;
  NameMap<PredicateDef> predicates;
  NameMap<bool> constraint_names;
  std::uint64_t total_domain_values = 0;  // over all variables, for kMaxTotalDomainValues
};

}  // namespace arcwave::xcsp21
