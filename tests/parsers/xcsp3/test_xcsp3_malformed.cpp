// Malformed and unsupported XCSP3 files (tests/parsers/xcsp3/malformed/): each one raises the
// expected error — InputError (exit code 2) or Unsupported (3) — with its exact FILE:LINE:COL
// message, and never crashes or hangs.
#include <filesystem>
#include <iterator>
#include <string>

#include "arcwave/error.hpp"
#include "parsers/xcsp/xcsp_reader.hpp"
#include "tests/parsers/xcsp3/xcsp3_test_util.hpp"
#include "tests/support/catch.hpp"

using namespace arcwave;

namespace {

struct Outcome {
  int exit_code = 0;
  std::string message;
};

Outcome read_malformed(const std::string& path) {
  try {
    (void)read_xcsp(path);
  } catch (const Error& e) {
    return {e.exit_code(), e.what()};
  }
  return {0, ""};
}

}  // namespace

TEST_CASE("malformed XCSP3 files give their exact FILE:LINE:COL message", "[xcsp3][malformed]") {
  const struct {
    const char* file;
    int exit_code;
    const char* message;  // after "<path>"
  } cases[] = {
      {"truncated.xml", 2, ":9:1: XML error: "},
      {"unknown_reference.xml", 2, ":6:25: unknown variable 'y'"},
      {"value_outside_domain.xml", 2, ":8:18: value 7 is not in the domain of x[1]"},
      {"tuple_arity.xml", 2, ":8:23: tuple has more than 2 values (the scope has 2)"},
      {"bad_expression.xml", 2, ":6:37: expected ',' or ')', found the end of the text"},
      {"unknown_operator.xml", 2,
       ":8:20: unknown operator 'leq' (expected lt, le, eq, ne, ge, gt, in or notin)"},
      {"unknown_function.xml", 2, ":6:25: unknown operator 'plus'"},
      {"duplicate_id.xml", 2, ":5:5: duplicate id 'x' (first declared at 3:5)"},
      {"empty_domain.xml", 2, ":4:5: empty domain for 'y'"},
      {"reversed_range.xml", 2, ":3:22: reversed range '9..4' (empty)"},
      {"integer_out_of_range.xml", 2,
       ":3:21: a domain value '99999999999999999999' is out of the 64-bit range"},
      {"table_value_out_of_range.xml", 2, ":9:12: table value out of the 32-bit range"},
      {"binary_garbage.xml", 2, ":1:1: XML error: "},
      {"deep_xml_nesting.xml", 2, ":4:1786: elements nested deeper than 256 levels"},
      {"deep_expression_nesting.xml", 2, ":6:2065: expression nested deeper than 512 levels"},
      {"bad_array_size.xml", 2, ":3:5: bad array size '[3][0]': a dimension is not positive"},
      {"index_out_of_range.xml", 2, ":9:21: index '5' out of range 0..4 in 'x[5]'"},
      {"args_count.xml", 2, ":12:7: 3 argument(s) for a template of 2 parameter(s)"},
      {"cell_without_domain.xml", 2, ":8:28: 'x[1][1]' is not a variable (its cell has no domain)"},
      {"parameter_outside_group.xml", 2, ":7:19: parameter '%1' outside a group or slide template"},
      {"sum_without_condition.xml", 2, ":6:5: <sum> without <condition>"},
      {"symbolic_value_in_table.xml", 2, ":8:24: expected an integer or '*' in a tuple"},
      {"unsupported_constraint.xml", 3, ":7:5"},
      {"unsupported_symbolic.xml", 3, ":3:5"},
      {"unsupported_in_group.xml", 3, ":7:7"},
      {"unknown_attribute.xml", 3, ":8:7"},
      {"infinite_domain.xml", 3, ":3:18"},
  };
  for (const auto& c : cases) {
    const std::string path = (test::xcsp3_dir() / "malformed" / c.file).string();
    const Outcome o = read_malformed(path);
    INFO(c.file << ": " << o.message);
    CHECK(o.exit_code == c.exit_code);
    const std::string expected = c.exit_code == 2 ? path + c.message : " at " + path + c.message;
    CHECK(o.message.find(expected) != std::string::npos);
    if (c.exit_code == 2) CHECK(o.message.rfind(path + ":", 0) == 0);
  }
  // Every file of the folder is covered above.
  std::size_t files = 0;
  for (const auto& e : std::filesystem::directory_iterator(test::xcsp3_dir() / "malformed"))
    files += e.is_regular_file() ? 1 : 0;
  CHECK(files == std::size(cases));
}

TEST_CASE("unsupported messages name the element", "[xcsp3][malformed]") {
  const auto path = [](const char* f) { return (test::xcsp3_dir() / "malformed" / f).string(); };
  CHECK(read_malformed(path("unsupported_constraint.xml")).message ==
        "unsupported: constraint <count> at " + path("unsupported_constraint.xml") + ":7:5");
  CHECK(read_malformed(path("unsupported_symbolic.xml")).message ==
        "unsupported: variables of type \"symbolic\" at " + path("unsupported_symbolic.xml") +
            ":3:5");
  CHECK(read_malformed(path("unsupported_in_group.xml")).message ==
        "unsupported: <ordered> as a constraint template at " + path("unsupported_in_group.xml") +
            ":7:7");
  CHECK(read_malformed(path("unknown_attribute.xml")).message ==
        "unsupported: attribute type=\"smart\" of <supports> at " + path("unknown_attribute.xml") +
            ":8:7");
  CHECK(read_malformed(path("infinite_domain.xml")).message ==
        "unsupported: infinite domain '0..+infinity' at " + path("infinite_domain.xml") + ":3:18");
}
