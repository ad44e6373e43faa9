// Definitions for solver/batch/batch_network.hpp.
#include "solver/batch/batch_network.hpp"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "solver/batch/props/expr_eval.hpp"
#include "solver/batch/props/layout.hpp"
#include "solver/batch/props/prop_kinds.hpp"

namespace arcwave::batch {

namespace {

std::vector<std::size_t> sizes_of(const IndexedModel& model, const std::vector<int>& scope) {
  std::vector<std::size_t> sizes;
  for (int v : scope) sizes.push_back(model.domains[static_cast<std::size_t>(v)].size());
  return sizes;
}

}  // namespace

std::optional<std::string> batch_refusal(const IndexedModel& model, std::size_t table_limit) {
  for (std::size_t k = 0; k < model.constraints.size(); ++k) {
    const IndexedConstraint& c = model.constraints[k];
    if (std::holds_alternative<IndexedUnary>(c) || std::holds_alternative<IndexedBinary>(c))
      continue;
    if (const auto* e = std::get_if<IndexedExtension>(&c)) {
      if (plain_supports(*e->table, sizes_of(model, e->scope), table_limit)) continue;
      return fmt::format(
          "constraint #{} is a table on {} variables whose supports exceed {} "
          "tuples once stars and conflicts are expanded",
          model.origin[k], e->scope.size(), table_limit);
    }
    if (const auto why = prop_refusal(model, c))
      return fmt::format(
          "constraint #{} ({}, on {} variables) has no device propagator in the batched GPU "
          "search",
          model.origin[k], *why, model.scopes[k].size());
  }
  if (model.objective && model.objective->kind == Objective::Kind::kExpression &&
      !expr_fits(*model.objective->expr))
    return fmt::format(
        "the objective is an expression whose evaluation needs more than {} stack entries",
        kExprStack);
  return std::nullopt;
}

BatchNetwork make_batch_network(const IndexedModel& model, std::size_t table_limit) {
  if (const auto why = batch_refusal(model, table_limit)) throw Unsupported(SourcePosition{}, *why);
  BatchNetwork net;
  net.n = static_cast<int>(model.domains.size());
  int max_size = 1;
  for (const auto& d : model.domains) {
    net.sizes.push_back(static_cast<int>(d.size()));
    max_size = std::max(max_size, static_cast<int>(d.size()));
  }
  net.words = (max_size + 63) / 64;
  const auto W = static_cast<std::size_t>(net.words);
  net.root.assign(net.state_words(), 0);
  for (int x = 0; x < net.n; ++x)
    for (int a = 0; a < net.sizes[static_cast<std::size_t>(x)]; ++a)
      net.root[static_cast<std::size_t>(x) * W + static_cast<std::size_t>(a >> 6)] |=
          std::uint64_t{1} << (a & 63);

  // Relation rows padded to W words; a relation shared by several constraints is laid out once
  // per direction.
  std::map<const BitRelation*, std::uint64_t> forward;
  std::map<const BitRelation*, std::uint64_t> backward;
  auto lay_out = [&](const BitRelation& r, bool transpose) {
    const std::uint64_t at = net.relations.size();
    const int rows = transpose ? r.cols() : r.rows();
    for (int a = 0; a < rows; ++a) {
      const std::size_t base = net.relations.size();
      net.relations.resize(base + W, 0);
      if (!transpose) {
        std::copy(r.row(a), r.row(a) + r.words(), net.relations.begin() + base);
      } else {
        for (int b = 0; b < r.rows(); ++b)
          if (r.test(b, a))
            net.relations[base + static_cast<std::size_t>(b >> 6)] |= std::uint64_t{1} << (b & 63);
      }
    }
    return at;
  };
  std::vector<std::vector<int>> watches(static_cast<std::size_t>(net.n));
  std::vector<std::vector<std::pair<int, int>>> cons(static_cast<std::size_t>(net.n));
  std::vector<std::vector<int>> var_tables(static_cast<std::size_t>(net.n));
  std::vector<std::vector<int>> var_props(static_cast<std::size_t>(net.n));
  for (std::size_t k = 0; k < model.constraints.size(); ++k) {
    const IndexedConstraint& c = model.constraints[k];
    if (const auto* u = std::get_if<IndexedUnary>(&c)) {
      for (std::size_t a = 0; a < u->allowed.size(); ++a)
        if (u->allowed[a] == 0)
          net.root[static_cast<std::size_t>(u->var) * W + (a >> 6)] &=
              ~(std::uint64_t{1} << (a & 63));
      continue;
    }
    if (const auto* e = std::get_if<IndexedExtension>(&c)) {
      const auto plain = plain_supports(*e->table, sizes_of(model, e->scope), table_limit);
      const int id = net.constraints++;
      const int t = net.tables++;
      const std::size_t count = plain->size();
      const int words = static_cast<int>(std::max<std::size_t>(1, (count + 63) / 64));
      net.table_arity.push_back(static_cast<int>(e->scope.size()));
      net.table_scope_base.push_back(static_cast<int>(net.table_scope.size()));
      net.table_words.push_back(words);
      net.table_support_base.push_back(net.table_supports.size());
      net.table_constraint.push_back(id);
      net.max_table_words = std::max(net.max_table_words, words);
      int rows = 0;
      for (int x : e->scope) {
        net.table_scope.push_back(x);
        net.table_value_base.push_back(rows);
        rows += net.sizes[static_cast<std::size_t>(x)];
        var_tables[static_cast<std::size_t>(x)].push_back(t);
        cons[static_cast<std::size_t>(x)].emplace_back(id, -1);
      }
      const std::size_t base = net.table_supports.size();
      net.table_supports.resize(
          base + static_cast<std::size_t>(rows) * static_cast<std::size_t>(words), 0);
      for (std::size_t tuple = 0; tuple < count; ++tuple) {
        const std::int32_t* row = plain->tuple(tuple);
        int value_row = 0;
        for (std::size_t i = 0; i < e->scope.size(); ++i) {
          const std::size_t at =
              base +
              static_cast<std::size_t>(value_row + row[i]) * static_cast<std::size_t>(words) +
              tuple / 64;
          net.table_supports[at] |= std::uint64_t{1} << (tuple % 64);
          value_row += net.sizes[static_cast<std::size_t>(e->scope[i])];
        }
      }
      continue;
    }
    if (!std::holds_alternative<IndexedBinary>(c)) {
      const int id = net.constraints++;
      for (PropSpec& spec : prop_specs(model, c)) {
        const int p = net.props++;
        net.prop_kind.push_back(spec.kind);
        net.prop_constraint.push_back(id);
        net.prop_base.push_back(net.prop_data.size());
        net.prop_data.push_back(spec.scope.at(0));  // where its failures show
        net.prop_data.insert(net.prop_data.end(), spec.data.begin(), spec.data.end());
        for (int x : spec.scope) var_props[static_cast<std::size_t>(x)].push_back(p);
      }
      for (int x : model.scopes[k]) cons[static_cast<std::size_t>(x)].emplace_back(id, -1);
      continue;
    }
    const auto& b = std::get<IndexedBinary>(c);
    const BitRelation* r = b.relation.get();
    if (!forward.contains(r)) forward[r] = lay_out(*r, false);
    if (!backward.contains(r)) backward[r] = lay_out(*r, true);
    const int id = net.constraints++;
    for (int dir = 0; dir < 2; ++dir) {
      const int x = dir == 0 ? b.x : b.y;
      const int y = dir == 0 ? b.y : b.x;
      const int arc = static_cast<int>(net.arc_x.size());
      net.arc_x.push_back(x);
      net.arc_y.push_back(y);
      net.arc_constraint.push_back(id);
      net.arc_rel.push_back(dir == 0 ? forward[r] : backward[r]);
      watches[static_cast<std::size_t>(y)].push_back(arc);
      cons[static_cast<std::size_t>(x)].emplace_back(id, y);
    }
  }
  net.watch_offset.push_back(0);
  net.con_offset.push_back(0);
  net.var_table_offset.push_back(0);
  net.var_prop_offset.push_back(0);
  net.prop_base.push_back(net.prop_data.size());
  net.value_base.push_back(0);
  for (int x = 0; x < net.n; ++x) {
    if (model.domains[static_cast<std::size_t>(x)].large())
      throw Unsupported(SourcePosition{},
                        "the batched GPU search takes no variable with a large domain (more "
                        "than 2^24 values); run it with --backend cpu");
    const std::vector<Value>& d = model.domains[static_cast<std::size_t>(x)].values();
    net.values.insert(net.values.end(), d.begin(), d.end());
    net.value_base.push_back(static_cast<int>(net.values.size()));
    for (int p : var_props[static_cast<std::size_t>(x)]) net.var_props.push_back(p);
    net.var_prop_offset.push_back(static_cast<int>(net.var_props.size()));
    for (int a : watches[static_cast<std::size_t>(x)]) net.watch_arcs.push_back(a);
    net.watch_offset.push_back(static_cast<int>(net.watch_arcs.size()));
    for (const auto& [id, other] : cons[static_cast<std::size_t>(x)]) {
      net.con_id.push_back(id);
      net.con_other.push_back(other);
    }
    net.con_offset.push_back(static_cast<int>(net.con_id.size()));
    for (int t : var_tables[static_cast<std::size_t>(x)]) net.var_tables.push_back(t);
    net.var_table_offset.push_back(static_cast<int>(net.var_tables.size()));
  }
  if (const std::optional<Objective>& o = model.objective) {
    net.minimize = o->minimize;
    if (o->kind == Objective::Kind::kVariable) {
      net.objective_kind = kObjectiveVariable;
      net.objective_data.push_back(o->variable);
    } else if (o->kind == Objective::Kind::kExpression) {
      net.objective_kind = kObjectiveExpression;
      append_expr(net.objective_data, o->scope, *o->expr);
    } else {
      // Repeated variables merged; terms with a zero coefficient dropped.
      std::vector<std::pair<int, long long>> terms;
      for (std::size_t i = 0; i < o->scope.size(); ++i) {
        auto it = std::find_if(terms.begin(), terms.end(),
                               [&](const auto& t) { return t.first == o->scope[i]; });
        if (it == terms.end())
          terms.emplace_back(o->scope[i], o->coeffs[i]);
        else
          it->second += o->coeffs[i];
      }
      std::erase_if(terms, [](const auto& t) { return t.second == 0; });
      net.objective_kind = kObjectiveSum;
      net.objective_data.push_back(static_cast<long long>(terms.size()));
      for (const auto& [x, c] : terms) {
        net.objective_data.push_back(x);
        net.objective_data.push_back(c);
      }
    }
  }
  return net;
}

}  // namespace arcwave::batch
