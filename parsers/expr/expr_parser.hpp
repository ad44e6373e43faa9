// parsers/expr/expr_parser.hpp — the functional expression syntax of XCSP 2.1 and XCSP3
// (`eq(X0,add(X1,1))`, `le(dist(x[0],x[1]),%2)`), parsed by one Boost.Spirit X3 grammar.
//
// Identifiers (variable names, XCSP3 references such as `x[2][0]`, XCSP 2.1 formal
// parameters) become kSlot leaves numbered in order of first appearance; `%i` becomes a
// kParam leaf; integers become constants; `set(...)` inside in/notin is folded into the
// in/notin instruction. Errors are InputError at the exact position of the offending
// character, obtained through `locate(offset)`.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "arcwave/error.hpp"
#include "arcwave/expr.hpp"

namespace arcwave {

struct ParsedExpression {
  Expr expr;                             // slot i is identifiers[i]
  std::vector<std::string> identifiers;  // distinct, in order of first appearance
};

/// Maps an offset of the parsed text to a position in the source file.
using TextLocator = std::function<SourcePosition(std::size_t offset)>;

/// Parses one expression (surrounding whitespace allowed). Throws InputError for bad syntax,
/// unknown operators, wrong operator arity, integers out of the 64-bit range, or nesting
/// deeper than kMaxExprDepth.
ParsedExpression parse_expression(std::string_view text, const TextLocator& locate);

}  // namespace arcwave
