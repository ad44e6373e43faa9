// Definitions for parsers/xcsp/xcsp21_constraints.hpp.
#include "parsers/xcsp/xcsp21_constraints.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

#include "arcwave/error.hpp"
#include "parsers/xcsp/xcsp21_globals.hpp"
#include "parsers/xcsp/xcsp21_predicates.hpp"

namespace arcwave::xcsp21 {

namespace {

std::vector<int> read_scope(const XmlNode& constraint, const Symbols& symbols, const Model& model,
                            std::string_view name) {
  std::vector<int> scope;
  for (const Word& w : split_words(required_attribute(constraint, "scope"))) {
    const auto it = symbols.variables.find(w.text);
    if (it == symbols.variables.end())
      fail_at_tag(constraint,
                  fmt::format("constraint '{}': unknown variable '{}' in its scope", name, w.text));
    scope.push_back(it->second);
  }
  std::vector<int> sorted = scope;
  std::sort(sorted.begin(), sorted.end());
  if (const auto twice = std::adjacent_find(sorted.begin(), sorted.end()); twice != sorted.end())
    fail_at_tag(constraint, fmt::format("constraint '{}': variable '{}' twice in its scope", name,
                                        model.variables()[static_cast<std::size_t>(*twice)].name));
  return scope;
}

}  // namespace

std::size_t read_constraint(const XmlNode& constraint, Symbols& symbols, Model& model) {
  const std::string& name = required_attribute(constraint, "name");
  if (!symbols.constraint_names.emplace(name, true).second)
    fail_at_tag(constraint, fmt::format("constraint name '{}' used twice", name));
  const std::uint64_t arity = required_count(constraint, "arity");
  std::vector<int> scope = read_scope(constraint, symbols, model, name);
  if (scope.size() != arity)
    fail_at_tag(constraint, fmt::format("constraint '{}' declares arity {} but its scope has {} "
                                        "variables",
                                        name, arity, scope.size()));
  const std::string& reference = required_attribute(constraint, "reference");
  // Only global:weightedSum (its operator) and the tasks of global:cumulative (<nil/> for an
  // absent entry) have elements among their parameters.
  if (const XmlNode* parameters = constraint.child("parameters");
      parameters != nullptr && !is_global(reference, "weightedsum")) {
    const bool nil_allowed = is_global(reference, "cumulative");
    for (const XmlNode& c : parameters->children)
      if (!nil_allowed || c.name != "nil")
        fail_at_tag(c, fmt::format("unexpected element <{}> in <parameters>", c.name));
  }

  if (const auto rel = symbols.relations.find(reference); rel != symbols.relations.end()) {
    if (static_cast<std::uint64_t>(rel->second->arity) != arity)
      fail_at_tag(constraint, fmt::format("constraint '{}' of arity {} references relation '{}' "
                                          "of arity {}",
                                          name, arity, reference, rel->second->arity));
    model.add_constraint(ExtensionConstraint{std::move(scope), rel->second});
    return arity;
  }
  if (const auto pred = symbols.predicates.find(reference); pred != symbols.predicates.end()) {
    const XmlNode* parameters = constraint.child("parameters");
    if (parameters == nullptr)
      fail_at_tag(constraint, fmt::format("constraint '{}' references predicate '{}' but has no "
                                          "<parameters>",
                                          name, reference));
    model.add_constraint(bind_predicate(pred->second, *parameters, scope, symbols));
    return arity;
  }
  if (reference.rfind("global:", 0) == 0) {
    model.add_constraint(read_global(constraint, reference, scope, symbols));
    return arity;
  }
  fail_at_tag(constraint, fmt::format("constraint '{}' references '{}', which is neither a "
                                      "relation nor a predicate declared before it",
                                      name, reference));
}

}  // namespace arcwave::xcsp21
