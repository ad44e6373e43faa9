// tests/parsers/expr/expr_test_support.hpp — helpers shared by the expression grammar tests: a
// locator that reports offsets as columns of line 1, and parse-then-evaluate.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arcwave/error.hpp"
#include "arcwave/expr.hpp"
#include "parsers/expr/expr_parser.hpp"

namespace arcwave::test {

/// Offset o of the text is reported as expr:1:(o + 1).
inline SourcePosition column_of(std::size_t offset) {
  return SourcePosition{"expr", 1, offset + 1};
}

inline ParsedExpression parse(std::string_view text) {
  return parse_expression(text, column_of);
}

/// Parses `text` and evaluates it with identifiers valued by `values` (missing ones are 0).
inline std::optional<Value> parse_and_eval(std::string_view text,
                                           const std::map<std::string, Value>& values = {}) {
  const ParsedExpression p = parse(text);
  std::vector<Value> slots;
  for (const std::string& id : p.identifiers) {
    const auto it = values.find(id);
    slots.push_back(it == values.end() ? 0 : it->second);
  }
  return p.expr.evaluate(slots);
}

/// The InputError message and column `text` gives; fails the test if it parses.
struct ParseFailure {
  std::string message;
  std::uint64_t column = 0;
};

inline std::optional<ParseFailure> parse_failure(std::string_view text) {
  try {
    (void)parse(text);
  } catch (const InputError& e) {
    return ParseFailure{e.message(), e.where().column};
  }
  return std::nullopt;
}

}  // namespace arcwave::test
