// parsers/xcsp/xcsp3_children.hpp — the child elements that XCSP3 global constraints share:
// lists of variables, of operands or of integers, single operands, <operator>, tuples of
// operands "(a,b)(c,d)", matrices, and the attributes startIndex / closed / zeroIgnored.
//
// Internal to the XCSP3 reader; header-only so that the reader stays one translation unit.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "arcwave/error.hpp"
#include "arcwave/model.hpp"
#include "parsers/xcsp/xcsp3_lists.hpp"
#include "parsers/xcsp/xcsp3_text.hpp"
#include "parsers/xcsp/xcsp3_variables.hpp"
#include "parsers/xml/xml_stream.hpp"

namespace arcwave::xcsp3 {

/// Where a constraint read from `node` is reported: the <args> of a template use, else the node.
inline const SourcePosition& where_of(const XmlNode& node, const TemplateArgs* args) {
  return args != nullptr ? args->where : node.position;
}

/// The element that holds a constraint's main list: its only <list> child, or the constraint
/// itself when it has no child element (`<allEqual> x[] </allEqual>`).
inline const XmlNode& list_or_text(const XmlNode& node) {
  if (node.children.empty()) return node;
  check_no_text(node);
  return *single_child(node, "list", true);
}

/// The integers of an element (symbols of symbolic domains count as their values); a variable
/// there is an InputError.
inline std::vector<Value> read_values(const XmlNode& node, const VariableTable& vars,
                                      const TemplateArgs* args, std::string_view what) {
  std::vector<std::size_t> offsets;
  const std::vector<Operand> ops = read_operands(node, vars, args, &offsets);
  std::vector<Value> values;
  values.reserve(ops.size());
  for (std::size_t i = 0; i < ops.size(); ++i) {
    if (ops[i].is_variable)
      throw InputError(node.text_position(offsets[i]),
                       "<" + node.name + "> of " + std::string(what) +
                           " lists integers, found the variable " +
                           vars.model().variables()[static_cast<std::size_t>(ops[i].value)].name);
    values.push_back(ops[i].value);
  }
  return values;
}

/// The one operand an element holds (`<value> y </value>`, `<index> i </index>`).
inline Operand read_single_operand(const XmlNode& node, const VariableTable& vars,
                                   const TemplateArgs* args) {
  const std::vector<Operand> ops = read_operands(node, vars, args);
  if (ops.size() != 1)
    throw InputError(node.position, "<" + node.name + "> must hold one variable or integer, not " +
                                        std::to_string(ops.size()));
  return ops[0];
}

/// The one variable an element holds.
inline int read_single_variable(const XmlNode& node, const VariableTable& vars,
                                const TemplateArgs* args) {
  const std::vector<Operand> ops = read_operands(node, vars, args);
  if (ops.size() != 1 || !ops[0].is_variable)
    throw InputError(node.position, "<" + node.name + "> must hold one variable");
  return static_cast<int>(ops[0].value);
}

/// The relation of an <operator> element of ordered / lex / precedence: lt, le, ge or gt.
inline Relation read_order_operator(const XmlNode& node) {
  VariableTable::check_attributes(node, {});
  TextScanner s(node);
  const Token t = next_token(s);
  Relation op = Relation::kEq;
  if (t.empty() || !relation_from_name(t.text, op) ||
      (op != Relation::kLt && op != Relation::kLe && op != Relation::kGe && op != Relation::kGt))
    throw InputError(
        t.empty() ? node.position : s.position_at(t.offset),
        "expected the operator lt, le, ge or gt in <operator>, found " + quoted(t.text));
  if (const Token more = next_token(s); !more.empty())
    s.fail_at(more.offset, "unexpected text after the operator");
  return op;
}

/// An integer attribute, or `fallback` when absent.
inline Value int_attribute(const XmlNode& node, const char* name, Value fallback) {
  const std::string* text = node.attribute(name);
  if (text == nullptr) return fallback;
  Value v = 0;
  if (parse_int(*text, v) != IntParse::kOk)
    throw InputError(node.position, std::string(name) + "=\"" + *text + "\" of <" + node.name +
                                        "> is not an integer");
  return v;
}

/// A Boolean attribute ("true" / "false"), or `fallback` when absent.
inline bool bool_attribute(const XmlNode& node, const char* name, bool fallback) {
  const std::string* text = node.attribute(name);
  if (text == nullptr) return fallback;
  if (*text != "true" && *text != "false")
    throw InputError(node.position, std::string(name) + "=\"" + *text + "\" of <" + node.name +
                                        "> is not true or false");
  return *text == "true";
}

/// Tuples of operands "(a,b)(c,d)" (the entries of a tuple may be compact forms, parameters or
/// expressions). `arity`, when not 0, is the length every tuple must have.
inline std::vector<std::vector<Operand>> read_operand_tuples(const XmlNode& node,
                                                             const VariableTable& vars,
                                                             const TemplateArgs* args,
                                                             std::size_t arity = 0) {
  TextScanner s(node);
  const std::string_view text = node.text;
  std::vector<std::vector<Operand>> tuples;
  std::size_t entries = 0;
  s.skip_space();
  while (!s.at_end()) {
    const std::size_t open = s.offset();
    if (!s.accept('(')) s.fail("expected '(' to open a tuple");
    std::vector<Operand>& tuple = tuples.emplace_back();
    for (;;) {
      s.skip_space();
      const std::size_t start = s.offset();
      int depth = 0;
      while (!s.at_end() && (depth > 0 || (s.peek() != ',' && s.peek() != ')'))) {
        if (s.peek() == '(') ++depth;
        if (s.peek() == ')') --depth;
        s.advance();
      }
      std::size_t end = s.offset();
      while (end > start && TextScanner::is_space(text[end - 1])) --end;
      const Token t{text.substr(start, end - start), start};
      if (t.empty()) s.fail_at(start, "expected a value or a variable in the tuple");
      read_operand(s, t, vars, args, tuple);
      if (s.accept(',')) continue;
      s.expect(')', "to close the tuple");
      break;
    }
    entries += tuple.size();
    check_list_length(entries, s.position_at(open));
    if (arity != 0 && tuple.size() != arity)
      s.fail_at(open, "a tuple of " + std::to_string(tuple.size()) + " entries where " +
                          std::to_string(arity) + " are expected");
    if (tuple.size() != tuples.front().size())
      s.fail_at(open, "tuples of different lengths (" + std::to_string(tuples.front().size()) +
                          " and " + std::to_string(tuple.size()) + ")");
    s.skip_space();
  }
  return tuples;
}

/// The rows of a <matrix>: "(x,y,z)(u,v,w)" or one compact form such as x[][] (or x[1..3][]).
inline std::vector<std::vector<Operand>> read_matrix(const XmlNode& m, const VariableTable& vars,
                                                     const TemplateArgs* args) {
  TextScanner s(m);
  s.skip_space();
  if (s.at_end()) throw InputError(m.position, "empty <matrix>");
  if (s.peek() == '(') return read_operand_tuples(m, vars, args);
  const Token t = next_token(s);
  if (const Token more = next_token(s); !more.empty())
    throw Unsupported(s.position_at(more.offset), "a <matrix> of several compact forms");
  std::vector<std::vector<Operand>> rows;
  std::size_t index = 0;
  if (parse_param(t.text, index) != ParamKind::kNone)
    s.fail_at(t.offset, "a <matrix> parameter must be a tuple list \"(%0,%1)(%2,%3)\"");
  for (const std::vector<int>& row : vars.resolve_rows(s, t)) {
    std::vector<Operand>& r = rows.emplace_back();
    for (int v : row) r.push_back(Operand{true, v});
  }
  return rows;
}

/// The variables of a matrix (rows of variables).
inline std::vector<std::vector<int>> matrix_variables(
    const XmlNode& m, const std::vector<std::vector<Operand>>& rows) {
  std::vector<std::vector<int>> out;
  for (const std::vector<Operand>& row : rows) {
    std::vector<int>& r = out.emplace_back();
    for (const Operand& o : row) {
      if (!o.is_variable)
        throw InputError(m.position, "the <matrix> holds the constant " + std::to_string(o.value) +
                                         " where variables are expected");
      r.push_back(static_cast<int>(o.value));
    }
  }
  return out;
}

/// The columns of a matrix given by its rows.
template <typename T>
std::vector<std::vector<T>> columns_of(const std::vector<std::vector<T>>& rows) {
  std::vector<std::vector<T>> cols(rows.empty() ? 0 : rows.front().size());
  for (const std::vector<T>& row : rows)
    for (std::size_t c = 0; c < row.size(); ++c) cols[c].push_back(row[c]);
  return cols;
}

/// The <condition> child (required) resolved.
inline Condition child_condition(const XmlNode& node, const VariableTable& vars,
                                 const TemplateArgs* args) {
  const XmlNode* c = single_child(node, "condition", true);
  VariableTable::check_attributes(*c, {});
  return resolve_condition(*c, vars, args);
}

/// A condition "(eq, rhs)" on an operand.
inline Condition equal_to(const Operand& rhs) {
  Condition c;
  c.op = Relation::kEq;
  c.kind = rhs.is_variable ? Condition::Kind::kVariable : Condition::Kind::kConstant;
  c.value = rhs.value;
  return c;
}

}  // namespace arcwave::xcsp3
