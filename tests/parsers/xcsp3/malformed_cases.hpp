// tests/parsers/xcsp3/malformed_cases.hpp — every file of tests/parsers/xcsp3/malformed/ with the
// error it must raise: the exit code (2 for bad input, 3 for an unsupported feature), the
// position and the message. Shared by the reader test and the `arcwave info` test.
#pragma once

#include <array>
#include <filesystem>
#include <string>

#include "tests/support/paths.hpp"

namespace arcwave::test {

struct MalformedCase {
  const char* file;
  int exit_code;
  const char* where;    // ":LINE:COL"
  const char* message;  // the text after the position (2), or after "unsupported: " (3)

  /// The complete message for the file at `path`.
  [[nodiscard]] std::string expected(const std::string& path) const {
    if (exit_code == 3) return "unsupported: " + std::string(message) + " at " + path + where;
    return path + where + ": " + message;
  }
};

inline std::filesystem::path malformed_dir() {
  return source_dir() / "tests" / "parsers" / "xcsp3" / "malformed";
}

// Messages of libxml2 itself (truncated, binary_garbage) are checked up to "XML error: ".
inline constexpr std::array<MalformedCase, 65> kMalformedCases{{
    {"args_count.xml", 2, ":12:7", "3 argument(s) for a template of 2 parameter(s)"},
    {"bad_array_size.xml", 2, ":3:5", "bad array size '[3][0]': a dimension is not positive"},
    {"bad_expression.xml", 2, ":6:37", "expected ',' or ')', found the end of the text"},
    {"binary_garbage.xml", 2, ":1:1", "XML error: "},
    {"cell_without_domain.xml", 2, ":8:28", "'x[1][1]' is not a variable (its cell has no domain)"},
    {"coeffs_count.xml", 2, ":8:7", "3 coefficients for 2 variables"},
    {"deep_expression_nesting.xml", 2, ":6:2065", "expression nested deeper than 512 levels"},
    {"deep_xml_nesting.xml", 2, ":4:1786", "elements nested deeper than 256 levels"},
    {"duplicate_id.xml", 2, ":5:5", "duplicate id 'x' (first declared at 3:5)"},
    {"element_index_constant.xml", 2, ":9:7", "<index> must hold one variable"},
    {"empty_domain.xml", 2, ":4:5", "empty domain for 'y'"},
    {"index_out_of_range.xml", 2, ":9:21", "index '5' out of range 0..4 in 'x[5]'"},
    {"integer_out_of_range.xml", 2, ":3:21",
     "a domain value '99999999999999999999' is out of the 64-bit range"},
    {"missing_type.xml", 2, ":1:1", "<instance> without a type attribute"},
    {"parameter_outside_group.xml", 2, ":7:19", "parameter '%1' outside a group or slide template"},
    {"reversed_range.xml", 2, ":3:22", "reversed range '9..4' (empty)"},
    {"sum_without_condition.xml", 2, ":6:5", "<sum> without <condition>"},
    {"symbolic_value_in_table.xml", 2, ":8:24", "expected an integer or '*' in a tuple"},
    {"table_value_beyond_64_bits.xml", 2, ":8:26", "table value out of the 64-bit range"},
    {"too_many_indices.xml", 2, ":6:29",
     "'x[1][2]' has more indices than the array's 1 dimension(s)"},
    {"truncated.xml", 2, ":9:1", "XML error: "},
    {"tuple_arity.xml", 2, ":8:23", "tuple has more than 2 values (the scope has 2)"},
    {"unknown_function.xml", 2, ":6:25", "unknown operator 'plus'"},
    {"unknown_operator.xml", 2, ":8:20",
     "unknown operator 'leq' (expected lt, le, eq, ne, ge, gt, in or notin)"},
    {"unknown_reference.xml", 2, ":6:25", "unknown variable 'y'"},
    {"value_outside_domain.xml", 2, ":8:18", "value 7 is not in the domain of x[1]"},
    {"wrong_root.xml", 2, ":1:1", "the root element is <instances>, not <instance>"},
    // The XCSP3-core global constraints, symbols, expressions in lists and objectives.
    {"all_different_lists_except.xml", 2, ":10:7",
     "<except> of an allDifferent over lists holds tuples \"(1,2)(3,4)\""},
    {"all_equal_lists_lengths.xml", 2, ":9:7", "the lists of <allEqual> differ in length"},
    {"bad_symbol.xml", 2, ":3:38", "expected a symbol in the domain of 'c', found '3'"},
    {"bin_packing_two_forms.xml", 2, ":7:5",
     "<binPacking> needs exactly one of <condition>, <limits>, <loads>"},
    {"cardinality_occurs_count.xml", 2, ":10:7", "1 occurrence(s) for 2 value(s)"},
    {"channel_value_two_lists.xml", 2, ":10:7", "<channel> with a <value> takes one <list>"},
    {"circuit_start_index.xml", 2, ":7:5", "startIndex=\"one\" of <circuit> is not an integer"},
    {"clause_non_boolean.xml", 2, ":7:5", "the literal x[0] of <clause> is not a 0/1 variable"},
    {"count_without_values.xml", 2, ":7:5", "<count> without <values>"},
    {"cumulative_counts.xml", 2, ":7:5", "<cumulative> has 4 origins, 3 lengths and 4 heights"},
    {"element_matrix_one_index.xml", 2, ":9:7",
     "<index> of an element on a matrix holds two indices"},
    {"expression_defined_nowhere.xml", 2, ":8:19",
     "the expression 'div(x[1],0)' is defined nowhere"},
    {"expression_unclosed.xml", 2, ":8:30", "expected ',' or ')', found the end of the text"},
    {"flow_balance_count.xml", 2, ":9:7", "2 balances for the nodes 1..3 of the arcs"},
    {"knapsack_one_condition.xml", 2, ":7:5",
     "<knapsack> needs a <limit> and a <condition>, or two <condition>s"},
    {"lex_one_list.xml", 2, ":7:5", "<lex> needs two <list> or more"},
    {"maximum_arg_rank.xml", 2, ":7:5", "rank=\"middle\" (expected any, first or last)"},
    {"mdd_two_roots.xml", 2, ":9:7",
     "the MDD has 2 root nodes (nodes no transition enters); it needs exactly one"},
    {"minimum_without_condition.xml", 2, ":7:5", "<minimum> needs <condition> or <index>"},
    {"n_values_variable_except.xml", 2, ":9:16",
     "<except> of nValues lists integers, found the variable x[0]"},
    {"no_overlap_box_dimensions.xml", 2, ":9:22", "a tuple of 3 entries where 2 are expected"},
    {"objective_coeffs_count.xml", 2, ":8:7", "2 coefficients for 3 variables"},
    {"ordered_bad_operator.xml", 2, ":9:18",
     "expected the operator lt, le, ge or gt in <operator>, found 'eq'"},
    {"ordered_lengths_count.xml", 2, ":9:7", "2 lengths for 4 variables (one fewer expected)"},
    {"precedence_repeated_value.xml", 2, ":9:7", "<values> of <precedence> lists a value twice"},
    {"regular_bad_transition.xml", 2, ":9:32", "expected ',' after the value of a transition"},
    {"regular_without_start.xml", 2, ":7:5", "<regular> without <start>"},
    {"stretch_widths_count.xml", 2, ":10:7", "1 widths for 2 values"},
    {"transition_symbol_unknown.xml", 2, ":9:24",
     "expected an integer or a symbol as the value of a transition, found 'blue'"},
    {"unknown_symbol_in_table.xml", 2, ":9:20", "expected a value, found 'red'"},
    {"infinite_domain.xml", 3, ":3:18", "infinite domain '0..+infinity'"},
    {"table_value_beyond_32_bits.xml", 3, ":9:12",
     "table value beyond the 32-bit range of table cells"},
    {"unknown_attribute.xml", 3, ":8:7", "attribute type=\"smart\" of <supports>"},
    {"unsupported_constraint.xml", 3, ":7:5", "constraint <allDistant>"},
    {"unsupported_in_group.xml", 3, ":7:7", "<spread> as a constraint template"},
    {"unsupported_set_variable.xml", 3, ":3:5", "variables of type \"set\""},
    {"expression_interval_too_wide.xml", 3, ":7:14",
     "expression 'mul(x[0],x[1])' whose values span 0..10000000000 (more than 2^31 values)"},
    {"objective_lex_overflow.xml", 3, ":6:5",
     "objective type=\"lex\" whose weighted sum exceeds 64 bits"},
}};

}  // namespace arcwave::test
