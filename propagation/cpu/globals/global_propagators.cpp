// Definitions for propagation/cpu/globals/global_propagators.hpp: the dispatch on the kind.
#include "propagation/cpu/globals/global_propagators.hpp"

#include <fmt/format.h>

#include "arcwave/error.hpp"

namespace arcwave::cpu {

PropagatorList make_global_propagators(int constraint, const std::vector<int>& scope,
                                       const Constraint& c, const ModelDomains& domains) {
  return std::visit(
      [&](const auto& g) -> PropagatorList {
        using C = std::decay_t<decltype(g)>;
        if constexpr (std::is_same_v<C, ExtensionConstraint> ||
                      std::is_same_v<C, IntensionConstraint> ||
                      std::is_same_v<C, AllDifferentConstraint> ||
                      std::is_same_v<C, SumConstraint> || std::is_same_v<C, ElementConstraint> ||
                      std::is_same_v<C, InstantiationConstraint>) {
          // The indexer compiles these into their own propagators; never an IndexedGlobal.
          throw InternalError(
              fmt::format("constraint <{}> reached the global propagators", constraint_kind(c)));
        } else {
          return make_propagators(constraint, scope, g, domains);
        }
      },
      c);
}

}  // namespace arcwave::cpu
