// solver/batch/network_view.hpp — the searcher's view (raw arrays) of a BatchNetwork, from host
// arrays or from their device copies.
#pragma once

#include "solver/batch/batch_network.hpp"
#include "solver/batch/searcher.hpp"

namespace arcwave::batch {

inline NetworkView network_view(const BatchNetwork& net, const int* sizes, const int* arc_x,
                                const int* arc_y, const int* arc_constraint,
                                const std::uint64_t* arc_rel, const std::uint64_t* relations,
                                const int* watch_offset, const int* watch_arcs,
                                const int* con_offset, const int* con_id, const int* con_other) {
  NetworkView v;
  v.n = net.n;
  v.words = net.words;
  v.constraints = net.constraints;
  v.sizes = sizes;
  v.arc_x = arc_x;
  v.arc_y = arc_y;
  v.arc_constraint = arc_constraint;
  v.arc_rel = arc_rel;
  v.relations = relations;
  v.watch_offset = watch_offset;
  v.watch_arcs = watch_arcs;
  v.con_offset = con_offset;
  v.con_id = con_id;
  v.con_other = con_other;
  v.objective = net.objective;
  v.minimize = net.minimize;
  return v;
}

}  // namespace arcwave::batch
