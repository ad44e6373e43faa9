// parsers/xcsp/xcsp3_objectives.hpp — an XCSP3 <minimize>/<maximize>: a variable, an expression
// (type absent or "expression"), or a function of a list (type sum, product, minimum, maximum,
// nValues or lex) given by <list> and optional <coeffs>, or by the list alone as the element's
// text. List entries may be expressions (auxiliary variables).
//
// Each maps to an Objective kind: sum to kSum; product to kExpression (the product of the
// terms); minimum, maximum and nValues to an auxiliary variable defined by an ExtremumConstraint
// or an NValuesConstraint (kVariable); lex to a weighted sum whose mixed-radix weights order the
// sums as the lists are ordered lexicographically (Unsupported when they exceed 64 bits).
//
// Internal to the XCSP3 reader; header-only so that the reader stays one translation unit.
#pragma once

#include <algorithm>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "arcwave/error.hpp"
#include "arcwave/model.hpp"
#include "parsers/xcsp/xcsp3_auxiliary.hpp"
#include "parsers/xcsp/xcsp3_children.hpp"
#include "parsers/xcsp/xcsp3_lists.hpp"
#include "parsers/xcsp/xcsp3_variables.hpp"
#include "parsers/xml/xml_stream.hpp"

namespace arcwave::xcsp3 {

namespace detail {

// The terms of an objective over a list: the variables, and their coefficients (constants; a
// variable coefficient makes its term a product variable).
struct ObjectiveTerms {
  std::vector<int> scope;
  std::vector<Value> coeffs;
};

inline ObjectiveTerms objective_terms(const XmlNode& node, const VariableTable& vars) {
  ObjectiveTerms t;
  const XmlNode* coeffs = nullptr;
  if (node.children.empty()) {
    // `<minimize type="sum"> x[] y[] </minimize>`: the list is the element's text.
    t.scope = read_variables(node, vars, nullptr, "an objective");
  } else {
    check_children(node, {"list", "coeffs"});
    check_no_text(node);
    const XmlNode* list = single_child(node, "list", true);
    VariableTable::check_attributes(*list, {});
    t.scope = read_variables(*list, vars, nullptr, "an objective");
    coeffs = single_child(node, "coeffs", false);
  }
  if (t.scope.empty()) throw InputError(node.position, "<" + node.name + "> over an empty list");
  t.coeffs.assign(t.scope.size(), 1);
  if (coeffs == nullptr) return t;
  VariableTable::check_attributes(*coeffs, {});
  const std::vector<Operand> ops = read_operands(*coeffs, vars, nullptr);
  if (ops.size() != t.scope.size())
    throw InputError(coeffs->position, std::to_string(ops.size()) + " coefficients for " +
                                           std::to_string(t.scope.size()) + " variables");
  for (std::size_t i = 0; i < ops.size(); ++i) {
    if (ops[i].is_variable)
      t.scope[i] = vars.aux().product(Operand{true, t.scope[i]}, ops[i], coeffs->position);
    else
      t.coeffs[i] = ops[i].value;
  }
  return t;
}

// The terms with their coefficients folded in (product variables where a coefficient is not 1).
inline std::vector<int> weighted_variables(const ObjectiveTerms& t, const VariableTable& vars,
                                           const SourcePosition& where) {
  std::vector<int> out = t.scope;
  for (std::size_t i = 0; i < out.size(); ++i)
    if (t.coeffs[i] != 1)
      out[i] = vars.aux().product(Operand{false, t.coeffs[i]}, Operand{true, out[i]}, where);
  return out;
}

inline const Domain& domain_of(const VariableTable& vars, int v) {
  return vars.model().variables()[static_cast<std::size_t>(v)].domain;
}

// lex: the weighted sum of the terms whose weights are mixed-radix place values (the last term
// weighs 1, each earlier one the product of the later terms' ranges), so that sums compare as
// the lists compare lexicographically. Every weighted sum must fit in 64 bits.
inline Objective lex_objective(const XmlNode& node, const ObjectiveTerms& terms,
                               const VariableTable& vars, Objective o) {
  __extension__ typedef __int128 Wide;
  const std::vector<int> list = weighted_variables(terms, vars, node.position);
  constexpr Wide kLimit = static_cast<Wide>(std::numeric_limits<Value>::max());
  std::vector<Value> weights(list.size());
  Wide weight = 1;
  Wide largest = 0;  // the largest |weighted sum|
  for (std::size_t i = list.size(); i-- > 0;) {
    const Domain& d = domain_of(vars, list[i]);
    weights[i] = static_cast<Value>(weight);
    largest += weight * std::max(-static_cast<Wide>(d.front()), static_cast<Wide>(d.back()));
    if (largest > kLimit)
      throw Unsupported(node.position, "objective type=\"lex\" whose weighted sum exceeds 64 bits");
    weight *= static_cast<Wide>(d.back()) - d.front() + 1;
    if (weight > kLimit && i > 0)
      throw Unsupported(node.position, "objective type=\"lex\" whose weighted sum exceeds 64 bits");
  }
  o.kind = Objective::Kind::kSum;
  o.scope = list;
  o.coeffs = std::move(weights);
  return o;
}

}  // namespace detail

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
    if (const Token second = next_token(s); !second.empty())
      s.fail_at(second.offset, "unexpected text after the objective " + quoted(first.text));
    if (!is_expression(first.text)) {
      o.kind = Objective::Kind::kVariable;
      o.variable = vars.resolve_one(s, first);
      return o;
    }
    ResolvedExpression r = resolve_expression(s, first.text, first.offset, vars);
    if (r.expr.param_count() != 0)
      throw InputError(node.position, "parameter in an objective expression");
    o.kind = Objective::Kind::kExpression;
    o.scope = std::move(r.scope);
    o.expr = std::make_shared<const Expr>(std::move(r.expr));
    return o;
  }
  const std::string& kind = *type;
  if (kind != "sum" && kind != "product" && kind != "minimum" && kind != "maximum" &&
      kind != "nValues" && kind != "lex")
    throw Unsupported(node.position, "objective type=\"" + kind + "\"");
  const detail::ObjectiveTerms terms = detail::objective_terms(node, vars);
  AuxiliaryVariables& aux = vars.aux();
  if (kind == "sum") {
    o.kind = Objective::Kind::kSum;
    o.scope = terms.scope;
    o.coeffs = terms.coeffs;
    return o;
  }
  if (kind == "lex") return detail::lex_objective(node, terms, vars, o);
  const std::vector<int> list = detail::weighted_variables(terms, vars, node.position);
  if (kind == "product") {
    // The product of the terms, as an expression over the distinct variables.
    o.kind = Objective::Kind::kExpression;
    std::vector<ExprInstr> code;
    for (int v : list) {
      const auto it = std::find(o.scope.begin(), o.scope.end(), v);
      code.push_back({ExprOp::kSlot, 0, static_cast<Value>(it - o.scope.begin())});
      if (it == o.scope.end()) o.scope.push_back(v);
    }
    if (code.size() == 1) code.push_back({ExprOp::kConst, 0, 1});
    code.push_back({ExprOp::kMul, static_cast<std::uint32_t>(code.size()), 0});
    o.expr = std::make_shared<const Expr>(std::move(code));
    return o;
  }
  std::vector<Value> domain;
  if (kind == "nValues") {
    // Between 1 and the number of distinct values the list can take.
    std::vector<Value> all;
    for (int v : list) {
      const std::vector<Value>& d = detail::domain_of(vars, v).values();
      all.insert(all.end(), d.begin(), d.end());
    }
    std::sort(all.begin(), all.end());
    all.erase(std::unique(all.begin(), all.end()), all.end());
    const std::size_t most = std::min(all.size(), list.size());
    for (std::size_t n = 1; n <= most; ++n) domain.push_back(static_cast<Value>(n));
  } else {
    // The extremum is one of the values of the list, past the largest lower bound (maximum) or
    // below the smallest upper bound (minimum).
    const bool maximum = kind == "maximum";
    Value bound = maximum ? std::numeric_limits<Value>::min() : std::numeric_limits<Value>::max();
    for (int v : list) {
      const Domain& d = detail::domain_of(vars, v);
      bound = maximum ? std::max(bound, d.front()) : std::min(bound, d.back());
    }
    for (int v : list)
      for (Value x : detail::domain_of(vars, v))
        if (maximum ? x >= bound : x <= bound) domain.push_back(x);
    std::sort(domain.begin(), domain.end());
    domain.erase(std::unique(domain.begin(), domain.end()), domain.end());
  }
  const int value = aux.variable(kind + "(objective)", std::move(domain), node.position);
  Condition eq;
  eq.op = Relation::kEq;
  eq.kind = Condition::Kind::kVariable;
  eq.value = value;
  if (kind == "nValues")
    aux.post(NValuesConstraint{list, {}, eq}, node.position);
  else
    aux.post(ExtremumConstraint{kind == "maximum", list, eq}, node.position);
  o.kind = Objective::Kind::kVariable;
  o.variable = value;
  return o;
}

}  // namespace arcwave::xcsp3
