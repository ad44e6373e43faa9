// parsers/xcsp/xcsp3_scheduling.hpp — the XCSP3 packing and scheduling constraints: stretch
// (<values>, <widths> as ranges, <patterns>), noOverlap (1-D lists, or k-D tuples
// "(x1,y1)(x2,y2)"; zeroIgnored), cumulative (origins, lengths, optional ends, heights,
// condition), binPacking (sizes with a condition, <limits> or <loads>) and circuit (startIndex,
// size).
//
// Internal to the XCSP3 reader; header-only so that the reader stays one translation unit.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "arcwave/error.hpp"
#include "arcwave/model.hpp"
#include "parsers/xcsp/xcsp3_children.hpp"
#include "parsers/xcsp/xcsp3_lists.hpp"
#include "parsers/xcsp/xcsp3_variables.hpp"
#include "parsers/xml/xml_stream.hpp"

namespace arcwave::xcsp3 {

inline void post_stretch(const XmlNode& node, const VariableTable& vars, Model& model,
                         const TemplateArgs* args) {
  (void)model;
  VariableTable::check_attributes(node, {"id", "class", "note"});
  check_children(node, {"list", "values", "widths", "patterns"});
  check_no_text(node);
  const XmlNode* list = single_child(node, "list", true);
  const XmlNode* values = single_child(node, "values", true);
  const XmlNode* widths = single_child(node, "widths", true);
  for (const XmlNode* c : {list, values, widths}) VariableTable::check_attributes(*c, {});
  StretchConstraint c;
  c.scope = read_variables(*list, vars, args, "stretch");
  c.values = read_values(*values, vars, args, "stretch");
  TextScanner s(*widths);
  for (Token t = next_token(s); !t.empty(); t = next_token(s)) {
    const IntOrRange r = read_int_or_range(s, t, "a width");
    if (r.lo < 0) s.fail_at(t.offset, "negative width " + quoted(t.text));
    c.min_width.push_back(r.lo);
    c.max_width.push_back(r.hi);
    check_list_length(c.min_width.size(), s.position_at(t.offset));
  }
  if (c.min_width.size() != c.values.size())
    throw InputError(widths->position, std::to_string(c.min_width.size()) + " widths for " +
                                           std::to_string(c.values.size()) + " values");
  std::vector<Value> sorted = c.values;
  std::sort(sorted.begin(), sorted.end());
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
    throw InputError(values->position, "<values> of <stretch> lists a value twice");
  if (const XmlNode* patterns = single_child(node, "patterns", false)) {
    VariableTable::check_attributes(*patterns, {});
    for (const std::vector<Operand>& t : read_operand_tuples(*patterns, vars, args, 2)) {
      if (t[0].is_variable || t[1].is_variable)
        throw InputError(patterns->position, "<patterns> lists pairs of values");
      c.patterns.emplace_back(t[0].value, t[1].value);
    }
  }
  vars.aux().post(std::move(c), where_of(node, args));
}

inline void post_no_overlap(const XmlNode& node, const VariableTable& vars, Model& model,
                            const TemplateArgs* args) {
  (void)model;
  VariableTable::check_attributes(node, {"id", "class", "note", "zeroIgnored"});
  check_children(node, {"origins", "lengths"});
  check_no_text(node);
  const XmlNode* origins = single_child(node, "origins", true);
  const XmlNode* lengths = single_child(node, "lengths", true);
  VariableTable::check_attributes(*origins, {});
  VariableTable::check_attributes(*lengths, {});
  NoOverlapConstraint c;
  c.zero_ignored = bool_attribute(node, "zeroIgnored", true);
  TextScanner s(*origins);
  s.skip_space();
  if (s.peek() == '(') {
    // k dimensions: one tuple per box.
    for (const std::vector<Operand>& box : read_operand_tuples(*origins, vars, args)) {
      std::vector<int>& o = c.origins.emplace_back();
      for (const Operand& x : box) {
        if (!x.is_variable)
          throw InputError(origins->position, "<origins> holds the constant " +
                                                  std::to_string(x.value) +
                                                  " where variables are expected");
        o.push_back(static_cast<int>(x.value));
      }
    }
    const std::size_t k = c.origins.empty() ? 0 : c.origins.front().size();
    c.lengths = read_operand_tuples(*lengths, vars, args, k);
  } else {
    for (int v : read_variables(*origins, vars, args, "noOverlap")) c.origins.push_back({v});
    for (const Operand& l : read_operands(*lengths, vars, args)) c.lengths.push_back({l});
  }
  if (c.origins.size() != c.lengths.size())
    throw InputError(lengths->position, std::to_string(c.lengths.size()) + " lengths for " +
                                            std::to_string(c.origins.size()) + " origins");
  vars.aux().post(std::move(c), where_of(node, args));
}

inline void post_cumulative(const XmlNode& node, const VariableTable& vars, Model& model,
                            const TemplateArgs* args) {
  (void)model;
  VariableTable::check_attributes(node, {"id", "class", "note"});
  check_children(node, {"origins", "lengths", "ends", "heights", "condition"});
  check_no_text(node);
  const XmlNode* origins = single_child(node, "origins", true);
  const XmlNode* lengths = single_child(node, "lengths", true);
  const XmlNode* heights = single_child(node, "heights", true);
  for (const XmlNode* c : {origins, lengths, heights}) VariableTable::check_attributes(*c, {});
  CumulativeConstraint c;
  c.origins = read_variables(*origins, vars, args, "cumulative");
  c.lengths = read_operands(*lengths, vars, args);
  c.heights = read_operands(*heights, vars, args);
  if (const XmlNode* ends = single_child(node, "ends", false)) {
    VariableTable::check_attributes(*ends, {});
    c.ends = read_variables(*ends, vars, args, "cumulative");
  }
  if (c.lengths.size() != c.origins.size() || c.heights.size() != c.origins.size() ||
      (!c.ends.empty() && c.ends.size() != c.origins.size()))
    throw InputError(
        node.position,
        "<cumulative> has " + std::to_string(c.origins.size()) + " origins, " +
            std::to_string(c.lengths.size()) + " lengths and " + std::to_string(c.heights.size()) +
            " heights" +
            (c.ends.empty() ? std::string() : " and " + std::to_string(c.ends.size()) + " ends"));
  c.condition = child_condition(node, vars, args);
  vars.aux().post(std::move(c), where_of(node, args));
}

inline void post_bin_packing(const XmlNode& node, const VariableTable& vars, Model& model,
                             const TemplateArgs* args) {
  VariableTable::check_attributes(node, {"id", "class", "note"});
  check_children(node, {"list", "sizes", "condition", "limits", "loads"});
  check_no_text(node);
  const XmlNode* list = single_child(node, "list", true);
  const XmlNode* sizes = single_child(node, "sizes", true);
  VariableTable::check_attributes(*list, {});
  VariableTable::check_attributes(*sizes, {});
  BinPackingConstraint c;
  c.scope = read_variables(*list, vars, args, "binPacking");
  c.sizes = read_values(*sizes, vars, args, "binPacking");
  if (c.sizes.size() != c.scope.size())
    throw InputError(sizes->position, std::to_string(c.sizes.size()) + " sizes for " +
                                          std::to_string(c.scope.size()) + " items");
  const XmlNode* condition = single_child(node, "condition", false);
  const XmlNode* limits = single_child(node, "limits", false);
  const XmlNode* loads = single_child(node, "loads", false);
  if ((condition != nullptr) + (limits != nullptr) + (loads != nullptr) != 1)
    throw InputError(node.position,
                     "<binPacking> needs exactly one of <condition>, <limits>, <loads>");
  if (condition != nullptr) {
    VariableTable::check_attributes(*condition, {});
    c.condition = resolve_condition(*condition, vars, args);
    // Every bin an item may go to: the union of the items' domains.
    for (int v : c.scope) {
      const std::vector<Value>& d = model.variables()[static_cast<std::size_t>(v)].domain.values();
      c.bins.insert(c.bins.end(), d.begin(), d.end());
    }
    std::sort(c.bins.begin(), c.bins.end());
    c.bins.erase(std::unique(c.bins.begin(), c.bins.end()), c.bins.end());
  } else {
    const XmlNode* bounds = limits != nullptr ? limits : loads;
    VariableTable::check_attributes(*bounds, {"startIndex"});
    c.start_index = int_attribute(*bounds, "startIndex", 0);
    (limits != nullptr ? c.limits : c.loads) = read_operands(*bounds, vars, args);
    if ((limits != nullptr ? c.limits : c.loads).empty())
      throw InputError(bounds->position, "<" + bounds->name + "> is empty");
  }
  vars.aux().post(std::move(c), where_of(node, args));
}

inline void post_circuit(const XmlNode& node, const VariableTable& vars, Model& model,
                         const TemplateArgs* args) {
  (void)model;
  VariableTable::check_attributes(node, {"id", "class", "note", "startIndex"});
  check_children(node, {"list", "size"});
  CircuitConstraint c;
  const XmlNode& list = list_or_text(node);
  c.start_index = int_attribute(node, "startIndex", 0);
  if (&list != &node) {
    VariableTable::check_attributes(list, {"startIndex"});
    c.start_index = int_attribute(list, "startIndex", c.start_index);
  }
  c.scope = read_variables(list, vars, args, "circuit");
  if (const XmlNode* size = single_child(node, "size", false)) {
    VariableTable::check_attributes(*size, {});
    c.size = read_single_operand(*size, vars, args);
  }
  vars.aux().post(std::move(c), where_of(node, args));
}

}  // namespace arcwave::xcsp3
