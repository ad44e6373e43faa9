// Well-formed XCSP 2.1 that arcwave does not read (weighted CSP, other global constraints, ...)
// is Unsupported (exit code 3) naming what and where, never silently dropped.
#include <string>

#include "arcwave/error.hpp"
#include "tests/parsers/xcsp21/xcsp21_test_support.hpp"
#include "tests/support/catch.hpp"

using namespace arcwave;
using arcwave::test::read_xcsp_text;

namespace {

const std::string kHead = R"(<instance>
<domains nbDomains="1"><domain name="D" nbValues="2">0..1</domain></domains>
<variables nbVariables="2"><variable name="X" domain="D"/><variable name="Y" domain="D"/></variables>
)";

std::string unsupported_message(const std::string& doc) {
  try {
    (void)read_xcsp_text(doc);
  } catch (const Unsupported& e) {
    CHECK(e.exit_code() == 3);
    return e.what();
  }
  FAIL("no Unsupported error");
  return {};
}

}  // namespace

TEST_CASE("unsupported XCSP 2.1 features are named with their position", "[xcsp21][errors]") {
  CHECK(unsupported_message(kHead +
                            "<relations nbRelations=\"1\">\n<relation name=\"W\" arity=\"2\" "
                            "nbTuples=\"1\" semantics=\"soft\" defaultCost=\"1\">0:0 1</relation>"
                            "</relations></instance>") ==
        "unsupported: soft relation 'W' (weighted CSP) at mem.xml:5:1");
  CHECK(unsupported_message(kHead + "<constraints nbConstraints=\"1\">\n  <constraint name=\"C\" "
                                    "arity=\"2\" scope=\"X Y\" reference=\"global:lex_lesseq\"/>"
                                    "</constraints></instance>") ==
        "unsupported: global constraint 'global:lex_lesseq' at mem.xml:5:3");
  CHECK(unsupported_message(
            "<instance>\n<presentation type=\"WCSP\" format=\"XCSP 2.1\"/></instance>") ==
        "unsupported: XCSP 2.1 instance type 'WCSP' at mem.xml:2:1");
  CHECK(unsupported_message("<instance>\n<presentation format=\"XCSP 1.0\"/></instance>") ==
        "unsupported: format 'XCSP 1.0' (arcwave reads XCSP 2.x and XCSP3) at mem.xml:2:1");
  CHECK(unsupported_message(kHead + "<functions nbFunctions=\"0\"/></instance>") ==
        "unsupported: <functions> (weighted CSP cost functions) at mem.xml:4:1");
  CHECK(unsupported_message(
            kHead + "<predicates nbPredicates=\"1\"><predicate name=\"P\"><parameters>int A"
                    "</parameters><expression>\n<math><apply/></math></expression></predicate>"
                    "</predicates></instance>") ==
        "unsupported: <math> predicate bodies (only <functional> is read) at mem.xml:5:1");
  CHECK(unsupported_message(kHead + "<constraints nbConstraints=\"1\"><constraint name=\"C\" "
                                    "arity=\"2\" scope=\"X Y\" reference=\"global:allDifferent\">"
                                    "<parameters>[ X 1 Y ]</parameters></constraint>"
                                    "</constraints></instance>") ==
        "unsupported: integer constants in global:allDifferent at mem.xml:4:123");
}
