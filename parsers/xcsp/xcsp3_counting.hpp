// parsers/xcsp/xcsp3_counting.hpp — the XCSP3 counting and summing constraints: sum (integer or
// variable coefficients, every condition), count, nValues (<except>), cardinality (<values
// closed>, occurrences as integers, variables or ranges), knapsack (two sums), flow (a balance
// sum per node and a cost sum) and clause (one sum over its literals).
//
// Lists may hold expressions (auxiliary variables, xcsp3_auxiliary.hpp); a variable coefficient
// makes its term an auxiliary product variable.
//
// Internal to the XCSP3 reader; header-only so that the reader stays one translation unit.
#pragma once

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "arcwave/error.hpp"
#include "arcwave/model.hpp"
#include "parsers/xcsp/xcsp3_children.hpp"
#include "parsers/xcsp/xcsp3_lists.hpp"
#include "parsers/xcsp/xcsp3_variables.hpp"
#include "parsers/xml/xml_stream.hpp"

namespace arcwave::xcsp3 {

namespace detail {

// The terms of a weighted sum: `list` with the coefficients of `coeffs` (all 1 without it);
// a variable coefficient turns its term into the product variable.
inline void weighted_terms(const XmlNode& list, const XmlNode* coeffs, const VariableTable& vars,
                           const TemplateArgs* args, std::string_view what, std::vector<int>& scope,
                           std::vector<Value>& weights) {
  scope = read_variables(list, vars, args, what);
  weights.assign(scope.size(), 1);
  if (coeffs == nullptr) return;
  VariableTable::check_attributes(*coeffs, {});
  const std::vector<Operand> ops = read_operands(*coeffs, vars, args);
  if (ops.size() != scope.size())
    throw InputError(coeffs->position, std::to_string(ops.size()) + " coefficients for " +
                                           std::to_string(scope.size()) + " variables");
  for (std::size_t i = 0; i < ops.size(); ++i) {
    if (!ops[i].is_variable) {
      weights[i] = ops[i].value;
      continue;
    }
    scope[i] = vars.aux().product(Operand{true, scope[i]}, ops[i], coeffs->position);
  }
}

}  // namespace detail

inline void post_sum(const XmlNode& node, const VariableTable& vars, Model& model,
                     const TemplateArgs* args) {
  (void)model;
  VariableTable::check_attributes(node, {"id", "class", "note"});
  check_children(node, {"list", "coeffs", "condition"});
  check_no_text(node);
  const XmlNode* list = single_child(node, "list", true);
  VariableTable::check_attributes(*list, {});
  SumConstraint c;
  detail::weighted_terms(*list, single_child(node, "coeffs", false), vars, args, "sum", c.scope,
                         c.coeffs);
  c.condition = child_condition(node, vars, args);
  vars.aux().post(std::move(c), where_of(node, args));
}

inline void post_count(const XmlNode& node, const VariableTable& vars, Model& model,
                       const TemplateArgs* args) {
  (void)model;
  VariableTable::check_attributes(node, {"id", "class", "note"});
  check_children(node, {"list", "values", "condition"});
  check_no_text(node);
  const XmlNode* list = single_child(node, "list", true);
  const XmlNode* values = single_child(node, "values", true);
  VariableTable::check_attributes(*list, {});
  VariableTable::check_attributes(*values, {});
  CountConstraint c;
  c.scope = read_variables(*list, vars, args, "count");
  c.values = read_operands(*values, vars, args);
  if (c.values.empty()) throw InputError(values->position, "<values> of <count> is empty");
  c.condition = child_condition(node, vars, args);
  vars.aux().post(std::move(c), where_of(node, args));
}

inline void post_n_values(const XmlNode& node, const VariableTable& vars, Model& model,
                          const TemplateArgs* args) {
  (void)model;
  VariableTable::check_attributes(node, {"id", "class", "note"});
  check_children(node, {"list", "except", "condition"});
  check_no_text(node);
  const XmlNode* list = single_child(node, "list", true);
  VariableTable::check_attributes(*list, {});
  NValuesConstraint c;
  c.scope = read_variables(*list, vars, args, "nValues");
  if (const XmlNode* except = single_child(node, "except", false)) {
    VariableTable::check_attributes(*except, {});
    c.except = read_values(*except, vars, args, "nValues");
    std::sort(c.except.begin(), c.except.end());
    c.except.erase(std::unique(c.except.begin(), c.except.end()), c.except.end());
  }
  c.condition = child_condition(node, vars, args);
  vars.aux().post(std::move(c), where_of(node, args));
}

inline void post_cardinality(const XmlNode& node, const VariableTable& vars, Model& model,
                             const TemplateArgs* args) {
  (void)model;
  VariableTable::check_attributes(node, {"id", "class", "note"});
  check_children(node, {"list", "values", "occurs"});
  check_no_text(node);
  const XmlNode* list = single_child(node, "list", true);
  const XmlNode* values = single_child(node, "values", true);
  const XmlNode* occurs = single_child(node, "occurs", true);
  VariableTable::check_attributes(*list, {});
  VariableTable::check_attributes(*values, {"closed"});
  VariableTable::check_attributes(*occurs, {});
  CardinalityConstraint c;
  c.scope = read_variables(*list, vars, args, "cardinality");
  c.values = read_operands(*values, vars, args);
  c.closed = bool_attribute(*values, "closed", false);
  // Occurrences: integers (`vxk` repeats), variables, or ranges lo..hi.
  TextScanner s(*occurs);
  std::vector<Operand> ops;
  for (Token t = next_token(s); !t.empty(); t = next_token(s)) {
    if (t.text.find("..") != std::string_view::npos) {
      const IntOrRange r = read_int_or_range(s, t, "an occurrence bound");
      Condition range;
      range.op = Relation::kIn;
      range.kind = Condition::Kind::kRange;
      range.lo = r.lo;
      range.hi = r.hi;
      c.occurs.push_back(range);
      continue;
    }
    ops.clear();
    read_operand(s, t, vars, args, ops);
    for (const Operand& o : ops) c.occurs.push_back(equal_to(o));
    check_list_length(c.occurs.size(), s.position_at(t.offset));
  }
  if (c.occurs.size() != c.values.size())
    throw InputError(occurs->position, std::to_string(c.occurs.size()) + " occurrence(s) for " +
                                           std::to_string(c.values.size()) + " value(s)");
  vars.aux().post(std::move(c), where_of(node, args));
}

/// knapsack: <list>, <weights>, <profits>, the condition on the weights (a <limit>, a bound
/// with le, or a condition; or the first of two <condition>s) and the one on the profits.
/// Posted as two sums.
inline void post_knapsack(const XmlNode& node, const VariableTable& vars, Model& model,
                          const TemplateArgs* args) {
  (void)model;
  VariableTable::check_attributes(node, {"id", "class", "note"});
  check_children(node, {"list", "weights", "profits", "limit", "condition"});
  check_no_text(node);
  const XmlNode* list = single_child(node, "list", true);
  const XmlNode* weights = single_child(node, "weights", true);
  const XmlNode* profits = single_child(node, "profits", true);
  VariableTable::check_attributes(*list, {});
  VariableTable::check_attributes(*weights, {});
  VariableTable::check_attributes(*profits, {});
  std::vector<const XmlNode*> conditions;
  for (const XmlNode& ch : node.children)
    if (ch.name == "condition") conditions.push_back(&ch);
  const XmlNode* limit = single_child(node, "limit", false);
  if (conditions.size() != (limit != nullptr ? 1u : 2u))
    throw InputError(node.position,
                     "<knapsack> needs a <limit> and a <condition>, or two <condition>s");
  SumConstraint w;
  w.scope = read_variables(*list, vars, args, "knapsack");
  w.coeffs = read_values(*weights, vars, args, "knapsack");
  SumConstraint p;
  p.scope = w.scope;
  p.coeffs = read_values(*profits, vars, args, "knapsack");
  if (w.coeffs.size() != w.scope.size() || p.coeffs.size() != p.scope.size())
    throw InputError(node.position, "<knapsack> has " + std::to_string(w.coeffs.size()) +
                                        " weights and " + std::to_string(p.coeffs.size()) +
                                        " profits for " + std::to_string(w.scope.size()) +
                                        " items");
  if (limit != nullptr) {
    VariableTable::check_attributes(*limit, {});
    TextScanner s(*limit);
    s.skip_space();
    if (s.peek() == '(') {
      w.condition = resolve_condition(*limit, vars, args);
    } else {
      w.condition = equal_to(read_single_operand(*limit, vars, args));
      w.condition.op = Relation::kLe;
    }
  } else {
    VariableTable::check_attributes(*conditions[0], {});
    w.condition = resolve_condition(*conditions[0], vars, args);
  }
  VariableTable::check_attributes(*conditions.back(), {});
  p.condition = resolve_condition(*conditions.back(), vars, args);
  const SourcePosition& at = where_of(node, args);
  vars.aux().post(std::move(w), at);
  vars.aux().post(std::move(p), at);
}

/// flow: the list gives the flow of each arc of <arcs>; at each node, the flow out minus the
/// flow in equals the node's <balance> (nodes numbered from the smallest one of the arcs);
/// with <weights>, the cost sum satisfies the condition.
inline void post_flow(const XmlNode& node, const VariableTable& vars, Model& model,
                      const TemplateArgs* args) {
  (void)model;
  VariableTable::check_attributes(node, {"id", "class", "note"});
  check_children(node, {"list", "balance", "arcs", "weights", "condition"});
  check_no_text(node);
  const XmlNode* list = single_child(node, "list", true);
  const XmlNode* balance = single_child(node, "balance", true);
  const XmlNode* arcs = single_child(node, "arcs", true);
  for (const XmlNode* c : {list, balance, arcs}) VariableTable::check_attributes(*c, {});
  const std::vector<int> flows = read_variables(*list, vars, args, "flow");
  const std::vector<Value> balances = read_values(*balance, vars, args, "flow");
  std::vector<std::pair<Value, Value>> arc_list;
  for (const std::vector<Operand>& t : read_operand_tuples(*arcs, vars, args, 2)) {
    if (t[0].is_variable || t[1].is_variable)
      throw InputError(arcs->position, "<arcs> lists pairs of node numbers");
    arc_list.emplace_back(t[0].value, t[1].value);
  }
  if (arc_list.size() != flows.size())
    throw InputError(arcs->position, std::to_string(arc_list.size()) + " arcs for " +
                                         std::to_string(flows.size()) + " flow variables");
  if (arc_list.empty()) throw InputError(arcs->position, "<flow> without arcs");
  Value first = arc_list.front().first;
  Value last = first;
  for (const auto& [from, to] : arc_list) {
    first = std::min({first, from, to});
    last = std::max({last, from, to});
  }
  if (static_cast<std::uint64_t>(last - first) + 1 != balances.size())
    throw InputError(balance->position, std::to_string(balances.size()) +
                                            " balances for the nodes " + std::to_string(first) +
                                            ".." + std::to_string(last) + " of the arcs");
  const SourcePosition& at = where_of(node, args);
  for (std::size_t k = 0; k < balances.size(); ++k) {
    const Value n = first + static_cast<Value>(k);
    SumConstraint c;
    for (std::size_t a = 0; a < arc_list.size(); ++a) {
      if (arc_list[a].first == arc_list[a].second) continue;  // a loop moves nothing
      if (arc_list[a].first == n) {
        c.scope.push_back(flows[a]);
        c.coeffs.push_back(1);
      } else if (arc_list[a].second == n) {
        c.scope.push_back(flows[a]);
        c.coeffs.push_back(-1);
      }
    }
    c.condition.op = Relation::kEq;
    c.condition.value = balances[k];
    if (c.scope.empty() && balances[k] == 0) continue;  // an isolated node
    vars.aux().post(std::move(c), at);
  }
  const XmlNode* weights = single_child(node, "weights", false);
  const XmlNode* condition = single_child(node, "condition", false);
  if ((weights == nullptr) != (condition == nullptr))
    throw InputError(node.position, "<flow> needs both <weights> and <condition>, or neither");
  if (weights == nullptr) return;
  VariableTable::check_attributes(*weights, {});
  SumConstraint cost;
  cost.scope = flows;
  cost.coeffs = read_values(*weights, vars, args, "flow");
  if (cost.coeffs.size() != flows.size())
    throw InputError(weights->position, std::to_string(cost.coeffs.size()) + " weights for " +
                                            std::to_string(flows.size()) + " arcs");
  cost.condition = child_condition(node, vars, args);
  vars.aux().post(std::move(cost), at);
}

/// clause: a disjunction of literals x and not(x) over 0/1 variables, posted as one sum
/// (positive literals minus negative ones at least 1 - the number of negative ones).
inline void post_clause(const XmlNode& node, const VariableTable& vars, Model& model,
                        const TemplateArgs* args) {
  VariableTable::check_attributes(node, {"id", "class", "note"});
  check_children(node, {"list"});
  const XmlNode& list = list_or_text(node);
  if (&list != &node) VariableTable::check_attributes(list, {});
  SumConstraint c;
  Value negatives = 0;
  TextScanner s(list);
  auto literal = [&](const TextScanner& where, const Token& t) {
    // not(x): a negative literal; any other expression is a 0/1 auxiliary variable.
    ResolvedExpression r = resolve_expression(where, t.text, t.offset, vars);
    const std::vector<ExprInstr>& code = r.expr.code();
    if (code.size() == 2 && code[0].op == ExprOp::kSlot && code[1].op == ExprOp::kNot) {
      c.scope.push_back(r.scope[0]);
      c.coeffs.push_back(-1);
      ++negatives;
      return;
    }
    c.scope.push_back(
        vars.aux().expression(std::move(r), std::string(t.text), where.position_at(t.offset)));
    c.coeffs.push_back(1);
  };
  for (Token t = next_token(s); !t.empty(); t = next_token(s)) {
    std::size_t index = 0;
    const ParamKind kind = parse_param(t.text, index);
    if (kind != ParamKind::kNone && args != nullptr) {
      const std::size_t from = kind == ParamKind::kEllipsis ? args->ellipsis_from : index;
      const std::size_t to = kind == ParamKind::kEllipsis ? args->values.size() : index + 1;
      if (to > args->values.size()) {
        std::vector<Operand> unused;
        expand_param(s, t, kind, index, args, vars, unused);  // reports the missing argument
      }
      for (std::size_t i = from; i < to; ++i) {
        if (const Token e = args->expression(i); !e.empty()) {
          literal(TextScanner(*args->node), e);
        } else if (args->values[i].is_variable) {
          c.scope.push_back(static_cast<int>(args->values[i].value));
          c.coeffs.push_back(1);
        } else {
          throw InputError(args->where, "the constant " + std::to_string(args->values[i].value) +
                                            " is a literal of a <clause>");
        }
      }
      continue;
    }
    if (is_expression(t.text)) {
      literal(s, t);
      continue;
    }
    std::vector<Operand> ops;
    read_operand(s, t, vars, args, ops);
    for (const Operand& o : ops) {
      if (!o.is_variable)
        s.fail_at(t.offset,
                  "the constant " + std::to_string(o.value) + " is a literal of a <clause>");
      c.scope.push_back(static_cast<int>(o.value));
      c.coeffs.push_back(1);
    }
  }
  if (c.scope.empty()) throw InputError(list.position, "<clause> without literals");
  for (int v : c.scope) {
    const Domain& d = model.variables()[static_cast<std::size_t>(v)].domain;
    if (d.size() > 2 || d.front() < 0 || d.back() > 1)
      throw InputError(where_of(node, args),
                       "the literal " + model.variables()[static_cast<std::size_t>(v)].name +
                           " of <clause> is not a 0/1 variable");
  }
  c.condition.op = Relation::kGe;
  c.condition.value = 1 - negatives;
  vars.aux().post(std::move(c), where_of(node, args));
}

}  // namespace arcwave::xcsp3
