// The expression grammar on bad input: each error is an InputError with the exact position of
// the offending character and a message that says what was wrong.
#include <string>
#include <vector>

#include "tests/parsers/expr/expr_test_support.hpp"
#include "tests/support/catch.hpp"

using namespace arcwave;
using arcwave::test::parse_failure;

namespace {

struct ErrorRow {
  std::string text;
  std::uint64_t column;
  std::string message;  // expected to be contained in the error message
};

void check_errors(const std::vector<ErrorRow>& rows) {
  for (const ErrorRow& row : rows) {
    INFO("input: " << row.text);
    const auto failure = parse_failure(row.text);
    REQUIRE(failure.has_value());
    INFO("message: " << failure->message);
    CHECK(failure->column == row.column);
    CHECK(failure->message.find(row.message) != std::string::npos);
  }
}

}  // namespace

TEST_CASE("unknown operators are reported at their name", "[expr][parser][errors]") {
  check_errors({
      {"foo(1,2)", 1, "unknown operator 'foo'"},
      {"eq(X,bar(1))", 6, "unknown operator 'bar'"},
      {"  Add(1,2)", 3, "unknown operator 'Add'"},
  });
}

TEST_CASE("wrong arities are reported at the operator", "[expr][parser][errors]") {
  check_errors({
      {"sub(1,2,3)", 1, "operator 'sub' expects 2 arguments, found 3"},
      {"eq(1)", 1, "operator 'eq' expects at least 2 arguments, found 1"},
      {"le(X, if(1,2))", 7, "operator 'if' expects 3 arguments, found 2"},
      {"neg()", 1, "operator 'neg' expects 1 argument, found 0"},
      {"not(1,0)", 1, "operator 'not' expects 1 argument, found 2"},
      {"dist(1)", 1, "operator 'dist' expects 2 arguments, found 1"},
      {"imp(1,0,1)", 1, "operator 'imp' expects 2 arguments, found 3"},
      {"in(x,3)", 1, "operator 'in' expects two arguments, a value and set(...)"},
      {"notin(x,set(1),2)", 1, "operator 'notin' expects two arguments"},
      {"in(x)", 1, "operator 'in' expects two arguments"},
      {"add(set(1),2)", 5, "set(...) may only be the second argument of in or notin"},
      {"in(set(1),set(2))", 4, "set(...) may only be the second argument"},
      {"set(1,2)", 1, "set(...) may only be the second argument"},
  });
}

TEST_CASE("bad tokens and unbalanced parentheses", "[expr][parser][errors]") {
  check_errors({
      {"", 1, "expected an expression, found the end of the text"},
      {"   ", 4, "expected an expression, found the end of the text"},
      {")", 1, "expected an expression, found ')'"},
      {"add(1,)", 7, "expected an expression, found ')'"},
      {"add(1 2)", 7, "expected ',' or ')', found '2'"},
      {"add(1,2", 8, "expected ',' or ')', found the end of the text"},
      {"add(", 5, "expected an expression or ')', found the end of the text"},
      {"add(1,2))", 9, "unexpected ')' after the expression"},
      {"eq(X,Y) Z", 9, "unexpected 'Z' after the expression"},
      {"eq(X,#)", 6, "expected an expression, found '#'"},
      {"eq(X,%)", 6, "expected an expression, found '%'"},
      {"eq(x[,1)", 6, "expected an index, found ','"},
      {"eq(x[1,1)", 7, "expected ']', found ','"},
      {"eq(X;Y)", 5, "expected ',' or ')', found ';'"},
      {"\xff\x01", 1, "expected an expression, found '\\xff'"},
      {"eq(X,Y)\x01", 8, "unexpected '\\x01' after the expression"},
      {"((1))", 1, "expected an expression, found '('"},
  });
}

TEST_CASE("integers outside the 64-bit range", "[expr][parser][errors]") {
  check_errors({
      {"9223372036854775808", 1, "integer out of the 64-bit range"},
      {"eq(X,-9223372036854775809)", 6, "integer out of the 64-bit range"},
      {"add(1,  123456789012345678901234567890)", 9, "integer out of the 64-bit range"},
      {"eq(%99999999999,1)", 4, "parameter number out of range"},
      {"eq(%1000000,1)", 4, "parameter number out of range (at most %999999)"},
  });
}

TEST_CASE("nesting deeper than kMaxExprDepth is an error, not a stack overflow",
          "[expr][parser][errors]") {
  const auto nested = [](int depth, const std::string& op) {
    std::string text;
    for (int i = 0; i < depth; ++i) text += op + "(";
    text += "1";
    for (int i = 0; i < depth; ++i) text += ")";
    return text;
  };
  // The call that opens level kMaxExprDepth + 1 is the one reported.
  const std::uint64_t col = static_cast<std::uint64_t>(kMaxExprDepth) * 4 + 1;
  check_errors({
      {nested(kMaxExprDepth + 1, "neg"), col, "nested deeper than"},
      {nested(100000, "neg"), col, "nested deeper than"},
      {nested(100000, "abs"), col, "nested deeper than"},
  });
  // Unbalanced and very deep: the depth is still what fails first.
  std::string open_only;
  for (int i = 0; i < 100000; ++i) open_only += "not(";
  check_errors({{open_only, col, "nested deeper than"}});
}

TEST_CASE("positions go through the locator", "[expr][parser][errors]") {
  // A locator for text spanning lines, as an XML element's content does.
  const std::string text = "eq(X,\n   add(Y,\n      zz(1)))";
  const TextLocator locate = [&](std::size_t offset) {
    SourcePosition p{"inst.xml", 10, 7};
    for (std::size_t i = 0; i < offset; ++i) {
      if (text[i] == '\n') {
        ++p.line;
        p.column = 1;
      } else {
        ++p.column;
      }
    }
    return p;
  };
  try {
    (void)parse_expression(text, locate);
    FAIL("no error");
  } catch (const InputError& e) {
    CHECK(e.where().file == "inst.xml");
    CHECK(e.where().line == 12);
    CHECK(e.where().column == 7);
    CHECK(std::string(e.what()).find("inst.xml:12:7") != std::string::npos);
  }
}
