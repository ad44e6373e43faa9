// solver/search/branch_order.hpp — variables the search branches on last, read off the model.
// In a packing (noOverlap in two or more dimensions) the boxes' places decide their sizes:
// once a box's origins are fixed, the room around it leaves it few orientations, whereas
// choosing orientations first (dom/wdeg's pick: two values each) leaves the placement to be
// searched again under every combination of them. So the sizes given by variables, and the
// variables that only tie such sizes together (an orientation r in a table over (r, w, h)),
// are branched on once the other variables are fixed.
#pragma once

#include <vector>

#include "arcwave/model.hpp"

namespace arcwave::search {

/// The variables of `model` to branch on last (sorted, distinct; empty without a packing).
std::vector<int> packing_sizes(const Model& model);

}  // namespace arcwave::search
