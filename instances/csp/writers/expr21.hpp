// instances/csp/writers/expr21.hpp — an expression in the XCSP 2.1 functional syntax, with its
// constants lifted into parameters so that expressions of one shape share a predicate.
//
// Scope slot i becomes parameter Xi; the j-th constant met (left to right) becomes X(k+j),
// k the number of slots. Operators XCSP 2.1 lacks are rewritten into ones it has: dist(a,b) ->
// abs(sub(a,b)), sqr(a) -> mul(a,a), imp(a,b) -> or(not(a),b), in/notin -> or/and of eq/ne,
// n-ary add/mul/min/max/and/or/xor -> nested binary, n-ary eq/ne/iff -> and of binary ones.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "arcwave/expr.hpp"

namespace arcwave::gen {

struct LiftedExpr {
  std::string text;              // e.g. "and(ne(X0,X1),ne(abs(sub(X0,X1)),X2))"
  std::vector<Value> constants;  // the values of X(k), X(k+1), ...
};

/// `slots`: the scope size (parameters X0..X(slots-1) are the scope's variables).
LiftedExpr lift_xcsp21(const Expr& expr, std::size_t slots);

}  // namespace arcwave::gen
