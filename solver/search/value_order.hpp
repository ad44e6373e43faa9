// solver/search/value_order.hpp — which way each variable improves the objective, read off the
// model: a term of the objective (a variable, a sum's term, a linear expression's term) by its
// coefficient's sign and the sense of optimisation; a term of a sum that defines one of those
// (sum(c_i x_i) = y, y already directed) by the sign of c_i times y's direction, and so on. A
// variable reached both ways has no direction. The search tries the better end of such a
// variable's domain first (largest values where larger ones improve the objective): in a
// maximisation of q = sum(b_i), the Booleans b_i are tried at 1 first, so the first solutions
// place pieces rather than none.
#pragma once

#include <vector>

#include "arcwave/model.hpp"

namespace arcwave::search {

/// Per variable: +1 where larger values improve the objective, -1 where smaller ones do, 0
/// where neither is known (always 0 without an objective).
std::vector<int> improving_direction(const Model& model);

/// Per variable: the index of the value to try first, or -1. A variable x with a directed
/// indicator b = eq(x, v) (an auxiliary of the reader: b = 1 improves the objective, as b_i in
/// q = sum(b_i)) tries v first, so the search places a piece rather than an empty cell (the
/// first such indicator met decides).
std::vector<int> preferred_values(const Model& model, const std::vector<int>& direction);

}  // namespace arcwave::search
