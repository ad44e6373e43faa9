// solver/batch/lns_search.hpp — large neighbourhood search on the device: the batched search
// optimising on one device alternates slices of its complete search (from the root, under the
// best bound; each slice twice as long as the one before, so that one of them eventually runs to
// the end) with LNS phases as long as the slice before them. An LNS phase is a sequence of
// rounds; each round searches many neighbourhoods of the incumbent at once, one per searcher,
// each an item of the root's domains with the variables a search::Neighbourhoods draws fixed to
// the incumbent's values, searched under the bound with the incumbent's values first until it is
// exhausted or fails `fail_limit` times. How the round's items ended (exhausted, limited,
// improved) adapts the share of freed variables and the kinds of neighbourhoods drawn.
// An LNS round proves nothing: only a complete slice that runs to its end proves the optimum.
// The incumbent is relayed to and from a search outside through BatchOptions::link as in
// search_on_devices, at every tick.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "solver/batch/batch_network.hpp"
#include "solver/batch/batch_search.hpp"
#include "solver/batch/search_device.hpp"

namespace arcwave::batch {

/// The search described above on the device `make` makes (on a thread of its own); `items`: the
/// complete search's subproblems (the root).
BatchResult search_with_lns(const BatchNetwork& net, const std::vector<Subproblem>& items,
                            const BatchOptions& options, const DeviceFactory& make);

/// Whether search_with_lns runs rather than search_on_devices: LNS asked for, optimising, one
/// device.
inline bool lns_applies(const BatchNetwork& net, const BatchOptions& options, std::size_t devices) {
  return options.lns.on && net.has_objective() && !options.all_solutions && devices == 1;
}

/// A neighbourhood as an item: `root` with each variable of `fixed` reduced to its value in
/// `incumbent` (value indices; a value `root` lacks leaves the variable as it is).
Subproblem neighbourhood_item(const BatchNetwork& net, std::span<const std::uint64_t> root,
                              std::span<const int> fixed, std::span<const int> incumbent);

}  // namespace arcwave::batch
