// parsers/xcsp/xcsp3_objectives.hpp — an XCSP3 <minimize>/<maximize>: a variable, an expression
// (type absent or "expression"), or type="sum" with <list> and optional <coeffs>. Other objective
// types are Unsupported.
//
// Internal to the XCSP3 reader; header-only so that the reader stays one translation unit.
#pragma once

#include <string>

#include "arcwave/error.hpp"
#include "arcwave/model.hpp"
#include "parsers/xcsp/xcsp3_intension.hpp"
#include "parsers/xcsp/xcsp3_lists.hpp"
#include "parsers/xcsp/xcsp3_variables.hpp"
#include "parsers/xml/xml_stream.hpp"

namespace arcwave::xcsp3 {

inline Objective read_objective(const XmlNode& node, const VariableTable& vars) {
  VariableTable::check_attributes(node, {"id", "class", "note", "type"});
  Objective o;
  o.minimize = node.name == "minimize";
  const std::string* type = node.attribute("type");
  if (type == nullptr || *type == "expression") {
    check_children(node, {});
    TextScanner s(node);
    const Token first = next_token(s);
    if (first.empty()) throw InputError(node.position, "empty <" + node.name + ">");
    if (first.text.find('(') == std::string_view::npos && next_token(s).empty()) {
      o.kind = Objective::Kind::kVariable;
      o.variable = vars.resolve_one(s, first);
      return o;
    }
    ResolvedExpression r = resolve_expression(node, vars);
    if (r.expr.param_count() != 0)
      throw InputError(node.position, "parameter in an objective expression");
    o.kind = Objective::Kind::kExpression;
    o.scope = std::move(r.scope);
    o.expr = std::make_shared<const Expr>(std::move(r.expr));
    return o;
  }
  if (*type != "sum") throw Unsupported(node.position, "objective type=\"" + *type + "\"");
  check_children(node, {"list", "coeffs"});
  check_no_text(node);
  o.kind = Objective::Kind::kSum;
  o.scope = read_variables(*single_child(node, "list", true), vars, nullptr, "an objective", true);
  if (const XmlNode* coeffs = single_child(node, "coeffs", false)) {
    std::vector<std::size_t> offsets;
    const std::vector<Operand> ops = read_operands(*coeffs, vars, nullptr, &offsets);
    for (std::size_t i = 0; i < ops.size(); ++i) {
      if (ops[i].is_variable)
        throw Unsupported(coeffs->text_position(offsets[i]),
                          "variable coefficients in <" + node.name + ">");
      o.coeffs.push_back(ops[i].value);
    }
    if (o.coeffs.size() != o.scope.size())
      throw InputError(coeffs->position, std::to_string(o.coeffs.size()) + " coefficients for " +
                                             std::to_string(o.scope.size()) + " variables");
  } else {
    o.coeffs.assign(o.scope.size(), 1);
  }
  return o;
}

}  // namespace arcwave::xcsp3
