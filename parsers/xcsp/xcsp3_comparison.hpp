// parsers/xcsp/xcsp3_comparison.hpp — the XCSP3 comparison constraints: allDifferent (a list with
// optional <except>, several lists, a matrix: its rows and its columns), allEqual (a list, or
// several lists: equal position by position), ordered (<lengths>, <operator>), lex (several
// lists, or a matrix: its rows and its columns) and precedence (<values covered>, or, without
// <values>, every value of the list's domains in increasing order).
//
// Internal to the XCSP3 reader; header-only so that the reader stays one translation unit.
#pragma once

#include <algorithm>
#include <vector>

#include "arcwave/error.hpp"
#include "arcwave/model.hpp"
#include "parsers/xcsp/xcsp3_children.hpp"
#include "parsers/xcsp/xcsp3_lists.hpp"
#include "parsers/xcsp/xcsp3_variables.hpp"
#include "parsers/xml/xml_stream.hpp"

namespace arcwave::xcsp3 {

namespace detail {

inline std::vector<const XmlNode*> children_named(const XmlNode& node, std::string_view name) {
  std::vector<const XmlNode*> found;
  for (const XmlNode& c : node.children)
    if (c.name == name) found.push_back(&c);
  return found;
}

}  // namespace detail

inline void post_all_different(const XmlNode& node, const VariableTable& vars, Model& model,
                               const TemplateArgs* args) {
  (void)model;
  VariableTable::check_attributes(node, {"id", "class", "note"});
  check_children(node, {"list", "except", "matrix"});
  const SourcePosition& at = where_of(node, args);
  AuxiliaryVariables& aux = vars.aux();
  const std::vector<const XmlNode*> lists = detail::children_named(node, "list");
  const XmlNode* except = single_child(node, "except", false);
  const XmlNode* matrix = single_child(node, "matrix", false);
  if (!node.children.empty()) check_no_text(node);
  if (except != nullptr) VariableTable::check_attributes(*except, {});
  if (matrix != nullptr) {
    if (!lists.empty())
      throw InputError(node.position, "<allDifferent> with both <list> and <matrix>");
    VariableTable::check_attributes(*matrix, {});
    std::vector<Value> except_values;
    if (except != nullptr) except_values = read_values(*except, vars, args, "allDifferent");
    const std::vector<std::vector<int>> rows =
        matrix_variables(*matrix, read_matrix(*matrix, vars, args));
    for (const std::vector<int>& row : rows)
      aux.post(AllDifferentConstraint{row, except_values}, at);
    for (std::vector<int>& col : columns_of(rows))
      aux.post(AllDifferentConstraint{std::move(col), except_values}, at);
    return;
  }
  if (lists.size() >= 2) {
    // Several lists: the lists, read as tuples, are pairwise distinct.
    AllDifferentListsConstraint c;
    for (const XmlNode* l : lists) {
      VariableTable::check_attributes(*l, {});
      c.lists.push_back(read_variables(*l, vars, args, "allDifferent"));
    }
    if (except != nullptr) {
      TextScanner s(*except);
      s.skip_space();
      if (s.peek() != '(')
        throw InputError(except->position,
                         "<except> of an allDifferent over lists holds tuples \"(1,2)(3,4)\"");
      for (const std::vector<Operand>& t :
           read_operand_tuples(*except, vars, args, c.lists.front().size())) {
        std::vector<Value>& e = c.except.emplace_back();
        for (const Operand& o : t) {
          if (o.is_variable)
            throw InputError(except->position, "<except> lists values, not variables");
          e.push_back(o.value);
        }
      }
    }
    aux.post(std::move(c), at);
    return;
  }
  if (lists.empty() && except != nullptr)
    throw InputError(node.position, "<except> needs the list in a <list> element");
  if (!lists.empty()) VariableTable::check_attributes(*lists.front(), {});
  AllDifferentConstraint c;
  c.scope = read_variables(list_or_text(node), vars, args, "allDifferent");
  if (except != nullptr) c.except = read_values(*except, vars, args, "allDifferent");
  aux.post(std::move(c), at);
}

inline void post_all_equal(const XmlNode& node, const VariableTable& vars, Model& model,
                           const TemplateArgs* args) {
  (void)model;
  VariableTable::check_attributes(node, {"id", "class", "note"});
  check_children(node, {"list"});
  const SourcePosition& at = where_of(node, args);
  const std::vector<const XmlNode*> lists = detail::children_named(node, "list");
  if (lists.size() >= 2) {
    // Several lists are all equal when they are equal position by position.
    check_no_text(node);
    std::vector<std::vector<int>> rows;
    for (const XmlNode* l : lists) {
      VariableTable::check_attributes(*l, {});
      rows.push_back(read_variables(*l, vars, args, "allEqual"));
      if (rows.back().size() != rows.front().size())
        throw InputError(l->position, "the lists of <allEqual> differ in length");
    }
    for (std::vector<int>& col : columns_of(rows))
      vars.aux().post(AllEqualConstraint{std::move(col)}, at);
    return;
  }
  if (!lists.empty()) VariableTable::check_attributes(*lists.front(), {});
  vars.aux().post(AllEqualConstraint{read_variables(list_or_text(node), vars, args, "allEqual")},
                  at);
}

inline void post_ordered(const XmlNode& node, const VariableTable& vars, Model& model,
                         const TemplateArgs* args) {
  (void)model;
  VariableTable::check_attributes(node, {"id", "class", "note"});
  check_children(node, {"list", "lengths", "operator"});
  check_no_text(node);
  const XmlNode* list = single_child(node, "list", true);
  VariableTable::check_attributes(*list, {});
  OrderedConstraint c;
  c.scope = read_variables(*list, vars, args, "ordered");
  if (const XmlNode* lengths = single_child(node, "lengths", false)) {
    VariableTable::check_attributes(*lengths, {});
    c.lengths = read_operands(*lengths, vars, args);
    if (c.lengths.size() + 1 != c.scope.size())
      throw InputError(lengths->position, std::to_string(c.lengths.size()) + " lengths for " +
                                              std::to_string(c.scope.size()) +
                                              " variables (one fewer expected)");
  }
  c.op = read_order_operator(*single_child(node, "operator", true));
  vars.aux().post(std::move(c), where_of(node, args));
}

inline void post_lex(const XmlNode& node, const VariableTable& vars, Model& model,
                     const TemplateArgs* args) {
  (void)model;
  VariableTable::check_attributes(node, {"id", "class", "note"});
  check_children(node, {"list", "matrix", "operator"});
  check_no_text(node);
  const SourcePosition& at = where_of(node, args);
  const Relation op = read_order_operator(*single_child(node, "operator", true));
  const std::vector<const XmlNode*> lists = detail::children_named(node, "list");
  if (const XmlNode* matrix = single_child(node, "matrix", false)) {
    if (!lists.empty()) throw InputError(node.position, "<lex> with both <list> and <matrix>");
    VariableTable::check_attributes(*matrix, {});
    std::vector<std::vector<Operand>> rows = read_matrix(*matrix, vars, args);
    // Rows in order, and columns in order.
    std::vector<std::vector<Operand>> cols = columns_of(rows);
    if (rows.size() >= 2) vars.aux().post(LexConstraint{std::move(rows), op}, at);
    if (cols.size() >= 2) vars.aux().post(LexConstraint{std::move(cols), op}, at);
    return;
  }
  if (lists.size() < 2) throw InputError(node.position, "<lex> needs two <list> or more");
  LexConstraint c;
  c.op = op;
  for (const XmlNode* l : lists) {
    VariableTable::check_attributes(*l, {});
    c.lists.push_back(read_operands(*l, vars, args));
    if (c.lists.back().size() != c.lists.front().size())
      throw InputError(l->position, "the lists of <lex> differ in length");
  }
  vars.aux().post(std::move(c), at);
}

inline void post_precedence(const XmlNode& node, const VariableTable& vars, Model& model,
                            const TemplateArgs* args) {
  VariableTable::check_attributes(node, {"id", "class", "note"});
  check_children(node, {"list", "values"});
  PrecedenceConstraint c;
  const XmlNode& list = list_or_text(node);
  if (&list != &node) VariableTable::check_attributes(list, {});
  c.scope = read_variables(list, vars, args, "precedence");
  if (const XmlNode* values = single_child(node, "values", false)) {
    VariableTable::check_attributes(*values, {"covered"});
    c.values = read_values(*values, vars, args, "precedence");
    c.covered = bool_attribute(*values, "covered", false);
    std::vector<Value> sorted = c.values;
    std::sort(sorted.begin(), sorted.end());
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
      throw InputError(values->position, "<values> of <precedence> lists a value twice");
  } else {
    // Without <values>: every value of the list's domains, in increasing order.
    for (int v : c.scope) {
      const std::vector<Value>& d = model.variables()[static_cast<std::size_t>(v)].domain.values();
      c.values.insert(c.values.end(), d.begin(), d.end());
    }
    std::sort(c.values.begin(), c.values.end());
    c.values.erase(std::unique(c.values.begin(), c.values.end()), c.values.end());
  }
  vars.aux().post(std::move(c), where_of(node, args));
}

}  // namespace arcwave::xcsp3
