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
inline constexpr std::array<MalformedCase, 33> kMalformedCases{{
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
    {"infinite_domain.xml", 3, ":3:18", "infinite domain '0..+infinity'"},
    {"table_value_beyond_32_bits.xml", 3, ":9:12",
     "table value beyond the 32-bit range of table cells"},
    {"unknown_attribute.xml", 3, ":8:7", "attribute type=\"smart\" of <supports>"},
    {"unsupported_constraint.xml", 3, ":7:5", "constraint <allDistant>"},
    {"unsupported_in_group.xml", 3, ":7:7", "<spread> as a constraint template"},
    {"unsupported_set_variable.xml", 3, ":3:5", "variables of type \"set\""},
}};

}  // namespace arcwave::test
