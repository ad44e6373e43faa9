// solver/batch/network_view.hpp — the searcher's view (raw arrays) of a BatchNetwork, from host
// arrays or from their device copies.
#pragma once

#include "solver/batch/batch_network.hpp"
#include "solver/batch/searcher_memory.hpp"

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
  v.tables = net.tables;
  v.max_table_words = net.max_table_words;
  v.objective_kind = net.objective_kind;
  v.minimize = net.minimize;
  return v;
}

/// The tables' arrays of a view (host arrays, or their device copies).
struct TableArrays {
  const int* arity;
  const int* scope_base;
  const int* scope;
  const int* words;
  const std::uint64_t* support_base;
  const int* value_base;
  const std::uint64_t* supports;
  const int* constraint;
  const int* var_offset;
  const int* var_tables;
};

inline void set_tables(NetworkView& v, const TableArrays& t) {
  v.table_arity = t.arity;
  v.table_scope_base = t.scope_base;
  v.table_scope = t.scope;
  v.table_words = t.words;
  v.table_support_base = t.support_base;
  v.table_value_base = t.value_base;
  v.table_supports = t.supports;
  v.table_constraint = t.constraint;
  v.var_table_offset = t.var_offset;
  v.var_tables = t.var_tables;
}

/// The values' and device propagators' arrays of a view (host arrays, or their device copies).
struct PropArrays {
  const long long* values;
  const int* value_base;
  const int* kind;
  const int* constraint;
  const std::uint64_t* base;
  const long long* data;
  const int* var_offset;
  const int* var_props;
  const long long* objective;
};

inline void set_props(NetworkView& v, const BatchNetwork& net, const PropArrays& p) {
  v.objective_data = p.objective;
  v.values = p.values;
  v.value_base = p.value_base;
  v.props = net.props;
  v.prop_kind = p.kind;
  v.prop_constraint = p.constraint;
  v.prop_base = p.base;
  v.prop_data = p.data;
  v.var_prop_offset = p.var_offset;
  v.var_props = p.var_props;
}

/// The view of a network's own (host) arrays.
inline NetworkView host_view(const BatchNetwork& net) {
  NetworkView v = network_view(net, net.sizes.data(), net.arc_x.data(), net.arc_y.data(),
                               net.arc_constraint.data(), net.arc_rel.data(), net.relations.data(),
                               net.watch_offset.data(), net.watch_arcs.data(),
                               net.con_offset.data(), net.con_id.data(), net.con_other.data());
  set_tables(v, {net.table_arity.data(), net.table_scope_base.data(), net.table_scope.data(),
                 net.table_words.data(), net.table_support_base.data(), net.table_value_base.data(),
                 net.table_supports.data(), net.table_constraint.data(),
                 net.var_table_offset.data(), net.var_tables.data()});
  set_props(v, net,
            {net.values.data(), net.value_base.data(), net.prop_kind.data(),
             net.prop_constraint.data(), net.prop_base.data(), net.prop_data.data(),
             net.var_prop_offset.data(), net.var_props.data(), net.objective_data.data()});
  return v;
}

}  // namespace arcwave::batch
