// Error messages name FILE:LINE:COL and map to the documented exit codes.
#include "arcwave/error.hpp"
#include "tests/support/catch.hpp"

using namespace arcwave;

TEST_CASE("InputError formats file:line:column", "[core]") {
  const InputError e(SourcePosition{"a.xml", 12, 7}, "expected ')'");
  CHECK(std::string(e.what()) == "a.xml:12:7: expected ')'");
  CHECK(e.exit_code() == 2);
  CHECK(e.where().line == 12);
  CHECK(std::string(InputError(SourcePosition{"b.xml", 3, 0}, "x").what()) == "b.xml:3: x");
}

TEST_CASE("exit codes per error kind", "[core]") {
  CHECK(Unsupported(SourcePosition{"f", 1, 1}, "<mdd>").exit_code() == 3);
  CHECK(std::string(Unsupported(SourcePosition{"f", 2, 5}, "<mdd>").what()) ==
        "unsupported: <mdd> at f:2:5");
  CHECK(ResourceError("x").exit_code() == 4);
  CHECK(CudaError("x").exit_code() == 5);
  CHECK(InternalError("x").exit_code() == 70);
}
