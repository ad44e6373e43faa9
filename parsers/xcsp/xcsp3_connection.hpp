// parsers/xcsp/xcsp3_connection.hpp — the XCSP3 connection constraints: minimum / maximum (a
// condition, and the older <index rank> form: the position of an extremum), minimumArg /
// maximumArg (rank), element (a 1-D list with an optional index and rank, or a <matrix> with two
// indices; a value or a condition), channel (one list, two lists, a list and a <value>) and
// instantiation.
//
// Internal to the XCSP3 reader; header-only so that the reader stays one translation unit.
#pragma once

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "arcwave/error.hpp"
#include "arcwave/expr.hpp"
#include "arcwave/model.hpp"
#include "parsers/xcsp/xcsp3_children.hpp"
#include "parsers/xcsp/xcsp3_lists.hpp"
#include "parsers/xcsp/xcsp3_variables.hpp"
#include "parsers/xml/xml_stream.hpp"

namespace arcwave::xcsp3 {

namespace detail {

// Builds an expression in postfix form over operands; variables become slots of `scope`.
struct ExprBuilder {
  std::vector<ExprInstr> code;
  std::vector<int> scope;

  void operand(const Operand& o) {
    if (!o.is_variable) {
      code.push_back({ExprOp::kConst, 0, o.value});
      return;
    }
    const auto it = std::find(scope.begin(), scope.end(), static_cast<int>(o.value));
    code.push_back({ExprOp::kSlot, 0, static_cast<Value>(it - scope.begin())});
    if (it == scope.end()) scope.push_back(static_cast<int>(o.value));
  }
  void constant(Value v) { code.push_back({ExprOp::kConst, 0, v}); }
  void apply(ExprOp op, std::uint32_t arity) { code.push_back({op, arity, 0}); }

  // Pushes the truth of `lhs <op> rhs` for a condition.
  void condition(const Operand& lhs, const Condition& c) {
    if (c.kind == Condition::Kind::kRange) {
      operand(lhs);
      constant(c.lo);
      apply(ExprOp::kGe, 2);
      operand(lhs);
      constant(c.hi);
      apply(ExprOp::kLe, 2);
      apply(ExprOp::kAnd, 2);
      if (c.op == Relation::kNotIn) apply(ExprOp::kNot, 1);
      return;
    }
    if (c.kind == Condition::Kind::kSet) {
      operand(lhs);
      for (Value v : c.set) constant(v);
      apply(c.op == Relation::kIn ? ExprOp::kIn : ExprOp::kNotIn,
            static_cast<std::uint32_t>(1 + c.set.size()));
      return;
    }
    operand(lhs);
    operand(Operand{c.kind == Condition::Kind::kVariable, c.value});
    static constexpr ExprOp kOps[] = {ExprOp::kLt, ExprOp::kLe, ExprOp::kEq,
                                      ExprOp::kNe, ExprOp::kGe, ExprOp::kGt};
    apply(kOps[static_cast<int>(c.op)], 2);
  }

  IntensionConstraint take() {
    return IntensionConstraint{std::move(scope), std::make_shared<const Expr>(std::move(code))};
  }
};

inline ExtremumArgConstraint::Rank read_rank(const XmlNode& node) {
  const std::string* rank = node.attribute("rank");
  if (rank == nullptr || *rank == "any") return ExtremumArgConstraint::Rank::kAny;
  if (*rank == "first") return ExtremumArgConstraint::Rank::kFirst;
  if (*rank == "last") return ExtremumArgConstraint::Rank::kLast;
  throw InputError(node.position, "rank=\"" + *rank + "\" (expected any, first or last)");
}

}  // namespace detail

/// minimum / maximum: <list>, then <index rank> (the position of an extremum, counted from the
/// list's startIndex) and / or <condition> (on the extremum).
inline void post_extremum(const XmlNode& node, const VariableTable& vars, Model& model,
                          const TemplateArgs* args) {
  (void)model;
  VariableTable::check_attributes(node, {"id", "class", "note"});
  check_children(node, {"list", "index", "condition"});
  check_no_text(node);
  const bool maximum = node.name == "maximum";
  const XmlNode* list = single_child(node, "list", true);
  VariableTable::check_attributes(*list, {"startIndex"});
  const std::vector<int> scope = read_variables(*list, vars, args, node.name);
  const XmlNode* index = single_child(node, "index", false);
  const XmlNode* condition = single_child(node, "condition", false);
  if (index == nullptr && condition == nullptr)
    throw InputError(node.position, "<" + node.name + "> needs <condition> or <index>");
  const SourcePosition& at = where_of(node, args);
  if (index != nullptr) {
    VariableTable::check_attributes(*index, {"rank"});
    ExtremumArgConstraint c;
    c.maximum = maximum;
    c.scope = scope;
    c.start_index = int_attribute(*list, "startIndex", 0);
    c.rank = detail::read_rank(*index);
    c.condition = equal_to(Operand{true, read_single_variable(*index, vars, args)});
    vars.aux().post(std::move(c), at);
  }
  if (condition != nullptr) {
    VariableTable::check_attributes(*condition, {});
    vars.aux().post(ExtremumConstraint{maximum, scope, resolve_condition(*condition, vars, args)},
                    at);
  }
}

/// minimumArg / maximumArg: the position (from the list's startIndex) of an extremum of the list
/// (rank any, first or last) satisfies the condition.
inline void post_extremum_arg(const XmlNode& node, const VariableTable& vars, Model& model,
                              const TemplateArgs* args) {
  (void)model;
  VariableTable::check_attributes(node, {"id", "class", "note", "rank"});
  check_children(node, {"list", "condition"});
  check_no_text(node);
  const XmlNode* list = single_child(node, "list", true);
  VariableTable::check_attributes(*list, {"startIndex"});
  ExtremumArgConstraint c;
  c.maximum = node.name == "maximumArg";
  c.scope = read_variables(*list, vars, args, node.name);
  c.start_index = int_attribute(*list, "startIndex", 0);
  c.rank = detail::read_rank(node);
  c.condition = child_condition(node, vars, args);
  vars.aux().post(std::move(c), where_of(node, args));
}

inline void post_element(const XmlNode& node, const VariableTable& vars, Model& model,
                         const TemplateArgs* args) {
  (void)model;
  VariableTable::check_attributes(node, {"id", "class", "note"});
  check_children(node, {"list", "matrix", "index", "value", "condition"});
  check_no_text(node);
  const SourcePosition& at = where_of(node, args);
  const XmlNode* value = single_child(node, "value", false);
  const XmlNode* condition = single_child(node, "condition", false);
  if ((value == nullptr) == (condition == nullptr))
    throw InputError(node.position, "<element> needs exactly one of <value>, <condition>");
  Condition cond;
  if (value != nullptr) {
    VariableTable::check_attributes(*value, {});
    cond = equal_to(read_single_operand(*value, vars, args));
  } else {
    VariableTable::check_attributes(*condition, {});
    cond = resolve_condition(*condition, vars, args);
  }
  const XmlNode* index = single_child(node, "index", false);
  if (const XmlNode* matrix = single_child(node, "matrix", false)) {
    if (single_child(node, "list", false) != nullptr)
      throw InputError(node.position, "<element> with both <list> and <matrix>");
    VariableTable::check_attributes(*matrix, {"startRowIndex", "startColIndex"});
    if (index == nullptr)
      throw InputError(node.position, "<element> on a <matrix> without <index>");
    VariableTable::check_attributes(*index, {});
    ElementMatrixConstraint c;
    c.matrix = read_matrix(*matrix, vars, args);
    c.start_row = int_attribute(*matrix, "startRowIndex", 0);
    c.start_col = int_attribute(*matrix, "startColIndex", 0);
    const std::vector<Operand> ij = read_operands(*index, vars, args);
    if (ij.size() != 2)
      throw InputError(index->position, "<index> of an element on a matrix holds two indices");
    c.row = ij[0];
    c.col = ij[1];
    c.condition = cond;
    vars.aux().post(std::move(c), at);
    return;
  }
  const XmlNode* list = single_child(node, "list", true);
  VariableTable::check_attributes(*list, {"startIndex"});
  ElementConstraint c;
  c.list = read_operands(*list, vars, args);
  c.start_index = int_attribute(*list, "startIndex", 0);
  c.condition = cond;
  auto rank = ExtremumArgConstraint::Rank::kAny;
  if (index != nullptr) {
    VariableTable::check_attributes(*index, {"rank"});
    rank = detail::read_rank(*index);
    std::vector<Operand> ops = read_operands(*index, vars, args);
    if (ops.size() != 1 || !ops[0].is_variable)
      throw InputError(index->position, "<index> must hold one variable");
    c.index = static_cast<int>(ops[0].value);
  }
  const std::vector<Operand> entries = c.list;
  const int idx = c.index;
  const Value start = c.start_index;
  vars.aux().post(std::move(c), at);
  if (rank == ExtremumArgConstraint::Rank::kAny) return;
  // rank first (last): no entry before (after) the index satisfies the condition.
  for (std::size_t j = 0; j < entries.size(); ++j) {
    detail::ExprBuilder b;
    b.condition(entries[j], cond);
    b.apply(ExprOp::kNot, 1);
    b.operand(Operand{true, idx});
    b.constant(static_cast<Value>(j) + start);
    b.apply(rank == ExtremumArgConstraint::Rank::kFirst ? ExprOp::kLe : ExprOp::kGe, 2);
    b.apply(ExprOp::kOr, 2);
    vars.aux().post(b.take(), at);
  }
}

/// channel: one list (x[i] = j => x[j] = i), two lists (x[i] = j <=> y[j] = i), or a list of
/// 0/1 variables and a <value> v (x[i] = 1 <=> v = i). Indices from each list's startIndex.
inline void post_channel(const XmlNode& node, const VariableTable& vars, Model& model,
                         const TemplateArgs* args) {
  (void)model;
  VariableTable::check_attributes(node, {"id", "class", "note"});
  check_children(node, {"list", "value"});
  std::vector<const XmlNode*> lists;
  for (const XmlNode& c : node.children)
    if (c.name == "list") lists.push_back(&c);
  ChannelConstraint c;
  if (lists.empty()) {
    c.list = read_variables(node, vars, args, "channel");
  } else {
    check_no_text(node);
    if (lists.size() > 2) throw InputError(lists[2]->position, "<channel> with three <list>s");
    for (const XmlNode* l : lists) VariableTable::check_attributes(*l, {"startIndex"});
    c.list = read_variables(*lists[0], vars, args, "channel");
    c.start = int_attribute(*lists[0], "startIndex", 0);
    if (lists.size() == 2) {
      c.other = read_variables(*lists[1], vars, args, "channel");
      c.other_start = int_attribute(*lists[1], "startIndex", 0);
      if (c.other.size() < c.list.size())
        throw InputError(lists[1]->position,
                         "the second list of <channel> is shorter than the first");
    }
  }
  if (const XmlNode* value = single_child(node, "value", false)) {
    if (lists.size() != 1)
      throw InputError(value->position, "<channel> with a <value> takes one <list>");
    VariableTable::check_attributes(*value, {});
    c.value = read_single_variable(*value, vars, args);
  }
  vars.aux().post(std::move(c), where_of(node, args));
}

inline void post_instantiation(const XmlNode& node, const VariableTable& vars, Model& model,
                               const TemplateArgs* args) {
  (void)model;
  VariableTable::check_attributes(node, {"id", "class", "note", "type", "cost"});
  if (node.attribute("cost") != nullptr)
    throw Unsupported(node.position, "attribute cost of <instantiation>");
  check_children(node, {"list", "values"});
  check_no_text(node);
  const XmlNode* list = single_child(node, "list", true);
  const XmlNode* values = single_child(node, "values", true);
  VariableTable::check_attributes(*list, {});
  VariableTable::check_attributes(*values, {});
  InstantiationConstraint c;
  c.scope = read_variables(*list, vars, args, "instantiation");
  std::vector<std::size_t> offsets;
  const std::vector<Operand> ops = read_operands(*values, vars, args, &offsets);
  if (ops.size() != c.scope.size())
    throw InputError(values->position, std::to_string(ops.size()) + " values for " +
                                           std::to_string(c.scope.size()) + " variables");
  for (std::size_t i = 0; i < ops.size(); ++i) {
    const SourcePosition at = values->text_position(offsets[i]);
    if (ops[i].is_variable) throw InputError(at, "<values> lists integers, not variables");
    const int v = c.scope[i];
    if (vars.model().value_index(v, ops[i].value) < 0)
      throw InputError(at, "value " + vars.model().value_text(v, ops[i].value) +
                               " is not in the domain of " +
                               vars.model().variables()[static_cast<std::size_t>(v)].name);
    c.values.push_back(ops[i].value);
  }
  vars.aux().post(std::move(c), where_of(node, args));
}

}  // namespace arcwave::xcsp3
