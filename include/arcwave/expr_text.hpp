// arcwave/expr_text.hpp — intension constraints and expressions written in the functional
// syntax of XCSP (`eq(x,add(y,1))`, `and(ne(q0,q1),ne(abs(sub(q0,q1)),1))`), for models built
// in code (arcwave/model.hpp).
//
//   arcwave::Model m;
//   m.add_variable("x", {0, 1, 2});
//   m.add_variable("y", {0, 1, 2});
//   m.add_constraint(arcwave::intension(m, "lt(add(x,1),y)"));
//
// Operators are those of XCSP3 (neg abs add sub mul div mod sqr pow min max dist lt le ge gt ne
// eq in notin set not and or xor iff imp if); integers are 64-bit. Parsing is linear in the
// text; nesting deeper than kMaxExprDepth is refused.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "arcwave/expr.hpp"
#include "arcwave/model.hpp"

namespace arcwave {

struct ParsedExpr {
  Expr expr;                             // slot i is identifiers[i]
  std::vector<std::string> identifiers;  // distinct, in order of first appearance
};

/// Parses one expression. Throws InputError naming the column ("expression:1:COL: ...") for
/// bad syntax, an unknown operator, a wrong number of operands or an integer out of range.
ParsedExpr parse_expr(std::string_view text);

/// The intension constraint of `text` whose identifiers are names of the model's variables
/// (as printed: "x", "q[3]"). O(text + variables). Throws InputError for bad syntax or a name
/// that is not a variable of the model. Add it with Model::add_constraint.
IntensionConstraint intension(const Model& model, std::string_view text);

}  // namespace arcwave
