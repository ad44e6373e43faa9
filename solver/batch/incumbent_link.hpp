// solver/batch/incumbent_link.hpp — the batched search's incumbent shared with a search that
// runs beside it (the CPU workers of a hybrid solve): the host relay reads the outside best at
// every tick and hands it to the devices as their bound, and hands each better solution the
// devices report (at the end of a round) out with its objective value; LNS on the device also
// centres its neighbourhoods on the outside's solution when that one is better.
#pragma once

#include <optional>
#include <span>
#include <vector>

namespace arcwave::batch {

class IncumbentLink {
 public:
  IncumbentLink() = default;
  virtual ~IncumbentLink() = default;
  IncumbentLink(const IncumbentLink&) = delete;
  IncumbentLink& operator=(const IncumbentLink&) = delete;

  /// The best objective value found outside (none yet: nullopt). Called often, from the relay
  /// thread: it must be cheap and must not wait for the batched search.
  [[nodiscard]] virtual std::optional<long long> outside() const = 0;
  /// The outside's best solution as value indices (one per variable), or nullopt (none, or not
  /// known): the centre of the device's LNS neighbourhoods when it is better than the device's
  /// own (solver/batch/lns_search.hpp). Called once per LNS round.
  [[nodiscard]] virtual std::optional<std::vector<int>> outside_solution() const {
    return std::nullopt;
  }
  /// A solution of the batched search (one value index per variable) with its objective value,
  /// better than every solution the batched search found before (not necessarily better than
  /// the outside's). Called from the search's threads, one call at a time.
  virtual void improved(std::span<const int> solution, long long value) = 0;
};

}  // namespace arcwave::batch
