// parsers/xcsp/xcsp3_constraints.hpp — every XCSP3-core constraint element other than extension
// and intension, by name: whether arcwave reads it, and reading and posting one (as itself, or
// as one use of a group or slide template with its arguments).
//
// Internal to the XCSP3 reader; header-only so that the reader stays one translation unit.
#pragma once

#include <string_view>

#include "arcwave/error.hpp"
#include "arcwave/model.hpp"
#include "parsers/xcsp/xcsp3_comparison.hpp"
#include "parsers/xcsp/xcsp3_connection.hpp"
#include "parsers/xcsp/xcsp3_counting.hpp"
#include "parsers/xcsp/xcsp3_language.hpp"
#include "parsers/xcsp/xcsp3_lists.hpp"
#include "parsers/xcsp/xcsp3_scheduling.hpp"
#include "parsers/xcsp/xcsp3_variables.hpp"
#include "parsers/xml/xml_stream.hpp"

namespace arcwave::xcsp3 {

/// The global constraints of XCSP3-core that arcwave reads (extension and intension apart).
inline bool is_global_constraint(std::string_view name) {
  static constexpr std::string_view kNames[] = {
      "regular",       "mdd",        "allDifferent", "allEqual", "ordered",     "lex",
      "precedence",    "sum",        "count",        "nValues",  "cardinality", "minimum",
      "maximum",       "minimumArg", "maximumArg",   "element",  "channel",     "stretch",
      "noOverlap",     "cumulative", "binPacking",   "knapsack", "flow",        "circuit",
      "instantiation", "clause"};
  for (std::string_view n : kNames)
    if (n == name) return true;
  return false;
}

/// Every constraint element arcwave reads.
inline bool is_constraint(std::string_view name) {
  return name == "extension" || name == "intension" || is_global_constraint(name);
}

/// Reads and posts the global constraint `node` (is_global_constraint(node.name) holds), with
/// the arguments of a template use, and what the template has read once (`memo`, or nullptr).
inline void post_global(const XmlNode& node, const VariableTable& vars, Model& model,
                        const TemplateArgs* args, TemplateMemo* memo) {
  const std::string_view n = node.name;
  if (n == "regular" || n == "mdd") return post_regular(node, vars, model, args, memo);
  if (n == "allDifferent") return post_all_different(node, vars, model, args);
  if (n == "allEqual") return post_all_equal(node, vars, model, args);
  if (n == "ordered") return post_ordered(node, vars, model, args);
  if (n == "lex") return post_lex(node, vars, model, args);
  if (n == "precedence") return post_precedence(node, vars, model, args);
  if (n == "sum") return post_sum(node, vars, model, args);
  if (n == "count") return post_count(node, vars, model, args);
  if (n == "nValues") return post_n_values(node, vars, model, args);
  if (n == "cardinality") return post_cardinality(node, vars, model, args);
  if (n == "minimum" || n == "maximum") return post_extremum(node, vars, model, args);
  if (n == "minimumArg" || n == "maximumArg") return post_extremum_arg(node, vars, model, args);
  if (n == "element") return post_element(node, vars, model, args);
  if (n == "channel") return post_channel(node, vars, model, args);
  if (n == "stretch") return post_stretch(node, vars, model, args);
  if (n == "noOverlap") return post_no_overlap(node, vars, model, args);
  if (n == "cumulative") return post_cumulative(node, vars, model, args);
  if (n == "binPacking") return post_bin_packing(node, vars, model, args);
  if (n == "knapsack") return post_knapsack(node, vars, model, args);
  if (n == "flow") return post_flow(node, vars, model, args);
  if (n == "circuit") return post_circuit(node, vars, model, args);
  if (n == "instantiation") return post_instantiation(node, vars, model, args);
  if (n == "clause") return post_clause(node, vars, model, args);
  throw Unsupported(node.position, "constraint <" + node.name + ">");
}

}  // namespace arcwave::xcsp3
