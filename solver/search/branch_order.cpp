// Definitions for solver/search/branch_order.hpp.
#include "solver/search/branch_order.hpp"

#include <algorithm>
#include <variant>

namespace arcwave::search {

std::vector<int> packing_sizes(const Model& model) {
  const auto n = static_cast<std::size_t>(model.variable_count());
  std::vector<char> size(n, 0), origin(n, 0);
  bool any = false;
  for (const Constraint& c : model.constraints()) {
    const auto* no_overlap = std::get_if<NoOverlapConstraint>(&c);
    if (no_overlap == nullptr || no_overlap->origins.empty() ||
        no_overlap->origins.front().size() < 2)
      continue;
    for (const std::vector<int>& box : no_overlap->origins)
      for (int x : box) origin[static_cast<std::size_t>(x)] = 1;
    for (const std::vector<Operand>& box : no_overlap->lengths)
      for (const Operand& l : box)
        if (l.is_variable) {
          size[static_cast<std::size_t>(l.value)] = 1;
          any = true;
        }
  }
  if (!any) return {};
  for (std::size_t x = 0; x < n; ++x)
    if (origin[x] != 0) size[x] = 0;  // a place is never deferred
  // Variables whose every constraint lies within the sizes (and themselves), tying some.
  std::vector<char> ties(n, 1), touches(n, 0);
  for (const Constraint& c : model.constraints()) {
    const std::vector<int> scope = constraint_scope(c);
    for (int x : scope) {
      const auto ux = static_cast<std::size_t>(x);
      if (size[ux] != 0) continue;
      const bool others_sizes = std::all_of(scope.begin(), scope.end(), [&](int y) {
        return y == x || size[static_cast<std::size_t>(y)] != 0;
      });
      if (!others_sizes) ties[ux] = 0;
      if (others_sizes && scope.size() > 1) touches[ux] = 1;
    }
  }
  std::vector<int> last;
  for (std::size_t x = 0; x < n; ++x)
    if (size[x] != 0 || (origin[x] == 0 && ties[x] != 0 && touches[x] != 0))
      last.push_back(static_cast<int>(x));
  return last;
}

}  // namespace arcwave::search
