// tests/parsers/xcsp_parallel/model_difference.hpp — the first difference between two readings
// of one document ("" when there is none): counts, variables, arrays, constraint kinds and
// scopes, and every extension table cell for cell, with the same sharing of tables.
#pragma once

#include <map>
#include <string>
#include <variant>

#include "arcwave/model.hpp"
#include "parsers/xcsp/xcsp_reader.hpp"

namespace arcwave::test {

namespace detail {

// Numbers tables by first use, so that two models share tables the same way when the numbers
// of their constraints agree.
inline std::size_t table_number(std::map<const Table*, std::size_t>& seen, const Table* t) {
  return seen.try_emplace(t, seen.size()).first->second;
}

inline std::string table_difference(const Table& a, const Table& b) {
  if (a.arity != b.arity) return "arity";
  if (a.supports != b.supports) return "supports";
  if (a.has_star != b.has_star) return "has_star";
  if (a.cells.size() != b.cells.size())
    return "cell count " + std::to_string(a.cells.size()) + " vs " + std::to_string(b.cells.size());
  for (std::size_t i = 0; i < a.cells.size(); ++i)
    if (a.cells[i] != b.cells[i]) return "cell " + std::to_string(i);
  return {};
}

}  // namespace detail

inline std::string model_difference(const XcspInstance& x, const XcspInstance& y) {
  if (x.format != y.format || x.type != y.type || x.name != y.name) return "header";
  if (x.tuples != y.tuples)
    return "tuples " + std::to_string(x.tuples) + " vs " + std::to_string(y.tuples);
  const Model& a = x.model;
  const Model& b = y.model;
  if (a.variable_count() != b.variable_count()) return "variable count";
  for (std::size_t v = 0; v < a.variable_count(); ++v) {
    const Variable& va = a.variables()[v];
    const Variable& vb = b.variables()[v];
    if (va.name != vb.name || va.domain != vb.domain || va.symbolic != vb.symbolic)
      return "variable " + va.name;
  }
  if (a.arrays().size() != b.arrays().size()) return "array count";
  for (std::size_t i = 0; i < a.arrays().size(); ++i)
    if (a.arrays()[i].name != b.arrays()[i].name || a.arrays()[i].cells != b.arrays()[i].cells)
      return "array " + a.arrays()[i].name;
  if (a.objective().has_value() != b.objective().has_value()) return "objective";
  if (a.constraints().size() != b.constraints().size())
    return "constraint count " + std::to_string(a.constraints().size()) + " vs " +
           std::to_string(b.constraints().size());
  std::map<const Table*, std::size_t> seen_a, seen_b;
  for (std::size_t i = 0; i < a.constraints().size(); ++i) {
    const Constraint& ca = a.constraints()[i];
    const Constraint& cb = b.constraints()[i];
    const std::string where = "constraint " + std::to_string(i) + ": ";
    if (ca.index() != cb.index()) return where + "kind";
    const bool same_scope = std::visit(
        [&](const auto& c) {
          using C = std::decay_t<decltype(c)>;
          if constexpr (requires { c.scope; }) return c.scope == std::get<C>(cb).scope;
          return true;
        },
        ca);
    if (!same_scope) return where + "scope";
    if (const auto* ea = std::get_if<ExtensionConstraint>(&ca)) {
      const auto& eb = std::get<ExtensionConstraint>(cb);
      if (detail::table_number(seen_a, ea->table.get()) !=
          detail::table_number(seen_b, eb.table.get()))
        return where + "tables shared differently";
      if (std::string d = detail::table_difference(*ea->table, *eb.table); !d.empty())
        return where + d;
    }
  }
  return {};
}

}  // namespace arcwave::test
