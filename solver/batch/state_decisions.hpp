// solver/batch/state_decisions.hpp — the two names of one subproblem: a batch state (domains in
// the BatchNetwork layout, what the batched search takes and gives away) and a decision list
// replayed on an Engine from its root fixpoint (solver/search/subproblem.hpp, what the parallel
// and MPI searches hand around). Both name values by their index in the model's domain.
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "propagation/engine/engine.hpp"
#include "solver/batch/batch_network.hpp"
#include "solver/batch/batch_search.hpp"
#include "solver/search/subproblem.hpp"

namespace arcwave::batch {

/// The engine's current domains in the layout of `net`.
Subproblem read_state(const Engine& engine, const BatchNetwork& net);

/// Replays `decisions` on `engine` (at its root fixpoint), reads the domains and backtracks to
/// where it was; nullopt when the decisions wipe a domain out (nothing to search).
std::optional<Subproblem> state_of(Engine& engine, const BatchNetwork& net,
                                   const search::Subproblem& decisions);

/// A decision list for `state`: x != a for every value a of `root` (the root fixpoint's
/// domains) that `state` lacks. Replayed from that fixpoint it leaves exactly the assignments
/// of `state` (propagation may prune more, but only what no solution of `state` uses), so a
/// state handed on this way is searched once, whole. `state` must be within `root`.
search::Subproblem decisions_of(const BatchNetwork& net, std::span<const std::uint64_t> root,
                                std::span<const std::uint64_t> state);

}  // namespace arcwave::batch
