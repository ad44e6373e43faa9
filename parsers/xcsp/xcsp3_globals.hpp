// parsers/xcsp/xcsp3_globals.hpp — the XCSP3 global constraints arcwave models directly:
// allDifferent (list, except, matrix), sum (coeffs, condition), element (list of variables or
// integers, index with rank="any" and startIndex, value or condition) and instantiation. Each is
// read from its element, with template arguments when it is a group or slide template.
//
// Internal to the XCSP3 reader; header-only so that the reader stays one translation unit.
#pragma once

#include <string>
#include <vector>

#include "arcwave/error.hpp"
#include "arcwave/model.hpp"
#include "parsers/xcsp/xcsp3_lists.hpp"
#include "parsers/xcsp/xcsp3_variables.hpp"
#include "parsers/xml/xml_stream.hpp"

namespace arcwave::xcsp3 {

namespace detail {

// The rows of an allDifferent <matrix>: "(x,y,z)(u,v,w)" or one compact form such as x[][].
inline std::vector<std::vector<int>> matrix_rows(const XmlNode& m, const VariableTable& vars,
                                                 const TemplateArgs* args) {
  TextScanner s(m);
  s.skip_space();
  if (s.peek() != '(') {
    const Token t = next_token(s);
    if (t.empty()) throw InputError(m.position, "empty <matrix>");
    if (!next_token(s).empty())
      throw Unsupported(m.position, "a <matrix> of several compact forms");
    return vars.resolve_rows(s, t);
  }
  std::vector<std::vector<int>> rows;
  while (s.accept('(')) {
    std::vector<int>& row = rows.emplace_back();
    std::vector<Operand> ops;
    for (;;) {
      s.skip_space();
      const std::size_t start = s.offset();
      while (!s.at_end() && s.peek() != ',' && s.peek() != ')' && !TextScanner::is_space(s.peek()))
        s.advance();
      const Token t{std::string_view(m.text).substr(start, s.offset() - start), start};
      if (t.empty()) s.fail_at(start, "expected a variable in the matrix row");
      ops.clear();
      read_operand(s, t, vars, args, ops);
      for (const Operand& o : ops) {
        if (!o.is_variable) s.fail_at(start, "expected a variable in the matrix row");
        row.push_back(static_cast<int>(o.value));
      }
      if (s.accept(',')) continue;
      s.expect(')', "to close the matrix row");
      break;
    }
    if (row.size() != rows.front().size())
      throw InputError(m.position, "matrix rows of different lengths");
  }
  s.skip_space();
  if (!s.at_end()) s.fail("expected '(' to open a matrix row");
  return rows;
}

}  // namespace detail

inline void post_all_different(const XmlNode& node, const VariableTable& vars, Model& model,
                               const TemplateArgs* args) {
  VariableTable::check_attributes(node, {"id", "class", "note"});
  check_children(node, {"list", "except", "matrix"});
  const SourcePosition& at = args != nullptr ? args->where : node.position;
  std::vector<Value> except;
  if (const XmlNode* e = single_child(node, "except", false)) {
    std::vector<std::size_t> offsets;
    for (const Operand& o : read_operands(*e, vars, args, &offsets)) {
      if (o.is_variable) throw InputError(e->position, "<except> lists integers, not variables");
      except.push_back(o.value);
    }
  }
  if (const XmlNode* m = single_child(node, "matrix", false)) {
    if (single_child(node, "list", false) != nullptr)
      throw InputError(node.position, "<allDifferent> with both <list> and <matrix>");
    check_no_text(node);
    const std::vector<std::vector<int>> rows = detail::matrix_rows(*m, vars, args);
    for (const std::vector<int>& row : rows) post(model, AllDifferentConstraint{row, except}, at);
    for (std::size_t c = 0; c < rows.front().size(); ++c) {
      std::vector<int> column;
      for (const std::vector<int>& row : rows) column.push_back(row[c]);
      post(model, AllDifferentConstraint{std::move(column), except}, at);
    }
    return;
  }
  const XmlNode* list = single_child(node, "list", false);
  if (list == nullptr && !except.empty())
    throw InputError(node.position, "<except> needs the list in a <list> element");
  if (list != nullptr) check_no_text(node);
  std::vector<int> scope =
      read_variables(list != nullptr ? *list : node, vars, args, "allDifferent", true);
  post(model, AllDifferentConstraint{std::move(scope), std::move(except)}, at);
}

inline void post_sum(const XmlNode& node, const VariableTable& vars, Model& model,
                     const TemplateArgs* args) {
  VariableTable::check_attributes(node, {"id", "class", "note"});
  check_children(node, {"list", "coeffs", "condition"});
  check_no_text(node);
  const XmlNode* list = single_child(node, "list", true);
  VariableTable::check_attributes(*list, {});
  SumConstraint c;
  c.scope = read_variables(*list, vars, args, "sum", true);
  if (const XmlNode* coeffs = single_child(node, "coeffs", false)) {
    std::vector<std::size_t> offsets;
    const std::vector<Operand> ops = read_operands(*coeffs, vars, args, &offsets);
    for (std::size_t i = 0; i < ops.size(); ++i) {
      if (ops[i].is_variable)
        throw Unsupported(coeffs->text_position(offsets[i]), "variable coefficients in <sum>");
      c.coeffs.push_back(ops[i].value);
    }
    if (c.coeffs.size() != c.scope.size())
      throw InputError(coeffs->position, std::to_string(c.coeffs.size()) + " coefficients for " +
                                             std::to_string(c.scope.size()) + " variables");
  } else {
    c.coeffs.assign(c.scope.size(), 1);
  }
  c.condition = resolve_condition(*single_child(node, "condition", true), vars, args);
  post(model, std::move(c), args != nullptr ? args->where : node.position);
}

inline void post_element(const XmlNode& node, const VariableTable& vars, Model& model,
                         const TemplateArgs* args) {
  VariableTable::check_attributes(node, {"id", "class", "note"});
  check_children(node, {"list", "index", "value", "condition"});
  check_no_text(node);
  const XmlNode* list = single_child(node, "list", true);
  VariableTable::check_attributes(*list, {"startIndex"});
  ElementConstraint c;
  c.list = read_operands(*list, vars, args);
  if (const std::string* start = list->attribute("startIndex")) {
    if (parse_int(*start, c.start_index) != IntParse::kOk)
      throw InputError(list->position, "startIndex=\"" + *start + "\" is not an integer");
  }
  if (const XmlNode* index = single_child(node, "index", false)) {
    VariableTable::check_attributes(*index, {"rank"});
    if (const std::string* rank = index->attribute("rank"); rank && *rank != "any")
      throw Unsupported(index->position, "element with rank=\"" + *rank + "\"");
    std::vector<Operand> ops = read_operands(*index, vars, args);
    if (ops.size() != 1 || !ops[0].is_variable)
      throw InputError(index->position, "<index> must hold one variable");
    c.index = static_cast<int>(ops[0].value);
  }
  const XmlNode* value = single_child(node, "value", false);
  const XmlNode* condition = single_child(node, "condition", false);
  if ((value == nullptr) == (condition == nullptr))
    throw InputError(node.position, "<element> needs exactly one of <value>, <condition>");
  if (value != nullptr) {
    std::vector<Operand> ops = read_operands(*value, vars, args);
    if (ops.size() != 1) throw InputError(value->position, "<value> must hold one operand");
    c.condition.op = Relation::kEq;
    c.condition.kind = ops[0].is_variable ? Condition::Kind::kVariable : Condition::Kind::kConstant;
    c.condition.value = ops[0].value;
  } else {
    c.condition = resolve_condition(*condition, vars, args);
  }
  post(model, std::move(c), args != nullptr ? args->where : node.position);
}

inline void post_instantiation(const XmlNode& node, const VariableTable& vars, Model& model,
                               const TemplateArgs* args) {
  VariableTable::check_attributes(node, {"id", "class", "note", "type", "cost"});
  if (node.attribute("cost") != nullptr)
    throw Unsupported(node.position, "attribute cost of <instantiation>");
  check_children(node, {"list", "values"});
  check_no_text(node);
  const XmlNode* list = single_child(node, "list", true);
  const XmlNode* values = single_child(node, "values", true);
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
      throw InputError(at, "value " + std::to_string(ops[i].value) + " is not in the domain of " +
                               vars.model().variables()[static_cast<std::size_t>(v)].name);
    c.values.push_back(ops[i].value);
  }
  post(model, std::move(c), args != nullptr ? args->where : node.position);
}

}  // namespace arcwave::xcsp3
