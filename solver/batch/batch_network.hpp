// solver/batch/batch_network.hpp — a binary constraint network laid out for the batched MAC
// search (solver/batch/searcher.hpp): every domain is W 64-bit words (W from the largest
// domain), every directed arc x <- y carries the bit rows of its relation (row a: the values of
// y that support value a of x), and each variable lists the arcs to revise when its domain
// shrinks. The same arrays serve the host searcher and, copied as they are, the device.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "propagation/indexed/indexed_model.hpp"

namespace arcwave::batch {

struct BatchNetwork {
  int n = 0;      // variables
  int words = 1;  // W: words per domain
  int constraints = 0;
  std::vector<int> sizes;  // initial domain size per variable
  // Directed arcs: revise arc_x[a] against arc_y[a] with the rows at relations[arc_rel[a]]
  // (sizes[x] rows of W words).
  std::vector<int> arc_x;
  std::vector<int> arc_y;
  std::vector<int> arc_constraint;
  std::vector<std::uint64_t> arc_rel;
  std::vector<std::uint64_t> relations;
  // Per variable y: the arcs x <- y (CSR over variables).
  std::vector<int> watch_offset;
  std::vector<int> watch_arcs;
  // Per variable: its constraints and the other variable of each (CSR; for dom/wdeg).
  std::vector<int> con_offset;
  std::vector<int> con_id;
  std::vector<int> con_other;
  // Tables of arity >= 3 (supports, no `*`): for table c, tuples at table_tuple_base[c]..,
  // its scope at table_scope_base[c].., and for each scope position i and value a a bitset of
  // the tuples with that value there (table_words[c] words each) at
  // table_support_base[c] + (value_base of position i + a) * table_words[c].
  int tables = 0;
  std::vector<int> table_arity;
  std::vector<int> table_scope_base;
  std::vector<int> table_scope;
  std::vector<int> table_words;
  std::vector<std::uint64_t> table_support_base;
  std::vector<int> table_value_base;  // per scope position: first value row (relative)
  std::vector<std::uint64_t> table_supports;
  std::vector<int> table_constraint;  // the dom/wdeg constraint id
  // Per variable: the tables it is in (CSR).
  std::vector<int> var_table_offset;
  std::vector<int> var_tables;
  int max_table_words = 0;
  /// The values behind the indices: value index a of x is values[value_base[x] + a] (device
  /// propagators reason on values).
  std::vector<long long> values;
  std::vector<int> value_base;  // n + 1
  // Device propagators of the other constraints (solver/batch/props/): propagator p is of kind
  // prop_kind[p] (props/prop_kinds.hpp), reads its parameters at prop_data[prop_base[p]..] and
  // charges its failures to constraint prop_constraint[p]; per variable, the propagators its
  // changes wake (CSR). Each propagator's parameters start with a variable of its scope (where
  // its failures show), then follow its kind's layout.
  int props = 0;
  std::vector<int> prop_kind;
  std::vector<int> prop_constraint;
  std::vector<std::uint64_t> prop_base;
  std::vector<long long> prop_data;
  std::vector<int> var_prop_offset;
  std::vector<int> var_props;
  /// Domains after the unary constraints (n x W words); empty domains mean no solution.
  std::vector<std::uint64_t> root;
  /// The objective (solver/batch/props/objective.hpp): its form (ObjectiveKind,
  /// props/prop_kinds.hpp), its parameters, its direction.
  int objective_kind = 0;
  std::vector<long long> objective_data;
  bool minimize = true;
  [[nodiscard]] bool has_objective() const { return objective_kind != 0; }

  [[nodiscard]] std::size_t state_words() const {
    return static_cast<std::size_t>(n) * static_cast<std::size_t>(words);
  }
};

/// Why a model cannot run on the batched search (the first constraint it cannot take: one
/// without a device propagator, a table whose supports exceed `table_limit` tuples once stars
/// and conflicts are expanded; or an objective it cannot bound), or nullopt.
std::optional<std::string> batch_refusal(const IndexedModel& model,
                                         std::size_t table_limit = 1'000'000);

/// Lays out a model that batch_refusal() accepts (throws Unsupported otherwise).
BatchNetwork make_batch_network(const IndexedModel& model, std::size_t table_limit = 1'000'000);

}  // namespace arcwave::batch
