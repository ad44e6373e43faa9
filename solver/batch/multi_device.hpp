// solver/batch/multi_device.hpp — the batched search over several devices, coordinated by the
// host and written once for any device (GPU or host thread: solver/batch/search_device.hpp), so
// that the CPU tests run the very coordination several GPUs run.
//
// One host thread per device makes it (its GPU then current on that thread) and runs its
// rounds. The decomposition's subproblems are dealt to one queue per device. A device whose
// round ends takes the next items from its own queue; when that is empty, half of the longest
// other queue; when every queue is empty, it asks the busy devices for work: it raises their
// outbox request, their searchers give open branches to the outbox (host memory), and the
// idle device's thread takes them from there. The calling thread relays the incumbent (each
// device's published best to every device's bound) and raises every device's stop on a first
// solution, the time limit or the caller's stop flag. The search is over when every device is
// idle and no queue or outbox holds an item.
#pragma once

#include <vector>

#include "solver/batch/batch_search.hpp"
#include "solver/batch/search_device.hpp"

namespace arcwave::batch {

/// Searches `items` on one device per factory (see the file comment).
BatchResult search_on_devices(const BatchNetwork& net, const std::vector<Subproblem>& items,
                              const BatchOptions& options,
                              const std::vector<DeviceFactory>& devices);

/// Splits subproblems until there are at least `target` (or none can be split): the first item
/// is replaced by one item per value of its unfixed variable with the smallest domain. No
/// propagation (each searcher propagates an item first), so the items partition the search
/// space exactly and counts stay exact.
std::vector<Subproblem> split_items(const BatchNetwork& net, std::vector<Subproblem> items,
                                    std::size_t target);

}  // namespace arcwave::batch
