// Definitions for solver/batch/props/layout.hpp.
#include "solver/batch/props/layout.hpp"

#include <algorithm>
#include <tuple>

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "solver/batch/props/bin_packing.hpp"
#include "solver/batch/props/channel.hpp"
#include "solver/batch/props/expr_eval.hpp"
#include "solver/batch/props/prop_kinds.hpp"
#include "solver/batch/props/regular.hpp"

namespace arcwave::batch {

namespace {

PropSpec sum_spec(const IndexedSum& s) {
  PropSpec p;
  p.kind = kPropSum;
  p.scope = s.scope;
  p.data.push_back(static_cast<long long>(s.scope.size()));
  append_condition(p.data, s.condition);
  for (std::size_t i = 0; i < s.scope.size(); ++i) {
    p.data.push_back(s.scope[i]);
    p.data.push_back(s.coeffs[i]);
  }
  return p;
}

PropSpec all_different_spec(const IndexedAllDifferent& a) {
  PropSpec p;
  p.kind = kPropAllDifferent;
  p.scope = a.scope;
  p.data.push_back(static_cast<long long>(a.scope.size()));
  p.data.insert(p.data.end(), a.scope.begin(), a.scope.end());
  p.data.push_back(static_cast<long long>(a.except.size()));
  p.data.insert(p.data.end(), a.except.begin(), a.except.end());
  return p;
}

PropSpec count_spec(const CountConstraint& c) {
  PropSpec p;
  p.kind = kPropCount;
  p.scope = constraint_scope(Constraint{c});
  std::vector<std::pair<int, long long>> list;
  for (int x : c.scope) {
    auto it = std::find_if(list.begin(), list.end(), [&](const auto& e) { return e.first == x; });
    if (it == list.end())
      list.emplace_back(x, 1);
    else
      ++it->second;
  }
  p.data.push_back(static_cast<long long>(list.size()));
  for (const auto& [x, times] : list) {
    p.data.push_back(x);
    p.data.push_back(times);
  }
  std::vector<long long> constants;
  std::vector<long long> vars;
  for (const Operand& o : c.values) {
    if (!o.is_variable)
      constants.push_back(o.value);
    else if (std::find(vars.begin(), vars.end(), o.value) == vars.end())
      vars.push_back(o.value);
  }
  std::sort(constants.begin(), constants.end());
  constants.erase(std::unique(constants.begin(), constants.end()), constants.end());
  p.data.push_back(static_cast<long long>(constants.size()));
  p.data.insert(p.data.end(), constants.begin(), constants.end());
  p.data.push_back(static_cast<long long>(vars.size()));
  p.data.insert(p.data.end(), vars.begin(), vars.end());
  append_condition(p.data, c.condition);
  return p;
}

PropSpec extremum_spec(const ExtremumConstraint& c) {
  PropSpec p;
  p.kind = kPropExtremum;
  p.scope = constraint_scope(Constraint{c});
  p.data.push_back(c.maximum ? 1 : 0);
  p.data.push_back(static_cast<long long>(c.scope.size()));
  p.data.insert(p.data.end(), c.scope.begin(), c.scope.end());
  append_condition(p.data, c.condition);
  return p;
}

PropSpec element_spec(const ElementConstraint& e) {
  PropSpec p;
  p.kind = kPropElement;
  p.scope = constraint_scope(Constraint{e});
  p.data.push_back(static_cast<long long>(e.list.size()));
  p.data.push_back(e.start_index);
  p.data.push_back(e.index);
  append_condition(p.data, e.condition);
  for (const Operand& o : e.list) {
    p.data.push_back(o.is_variable ? 1 : 0);
    p.data.push_back(o.value);
  }
  return p;
}

// The deepest stack the program needs (-1: a parameter is left, it cannot run).
int stack_depth(const Expr& e) {
  int depth = 0;
  int deepest = 0;
  for (const ExprInstr& in : e.code()) {
    if (in.op == ExprOp::kParam) return -1;
    depth += in.op == ExprOp::kConst || in.op == ExprOp::kSlot ? 1 : 1 - static_cast<int>(in.arity);
    deepest = std::max(deepest, depth);
  }
  return deepest;
}

PropSpec intension_spec(const IndexedIntension& c) {
  PropSpec p;
  p.kind = kPropIntension;
  p.scope = c.scope;
  append_expr(p.data, c.scope, *c.expr);
  return p;
}

void append_operand(std::vector<long long>& data, const Operand& o) {
  data.push_back(o.is_variable ? 1 : 0);
  data.push_back(o.value);
}

PropSpec ordered_spec(const OrderedConstraint& c) {
  PropSpec p;
  p.kind = kPropOrdered;
  p.scope = constraint_scope(Constraint{c});
  const bool backwards = c.op == Relation::kGe || c.op == Relation::kGt;
  p.data.push_back(static_cast<long long>(c.scope.size()));
  p.data.push_back(backwards ? -1 : 1);
  p.data.push_back(c.op == Relation::kLt || c.op == Relation::kGt ? 1 : 0);
  p.data.push_back(backwards ? 1 : 0);
  p.data.insert(p.data.end(), c.scope.begin(), c.scope.end());
  for (std::size_t i = 0; i + 1 < c.scope.size(); ++i)
    append_operand(p.data, c.lengths.empty() ? Operand{false, 0} : c.lengths[i]);
  return p;
}

// One propagator per consecutive pair of lists (ge / gt: the pair swapped).
std::vector<PropSpec> lex_specs(const LexConstraint& c) {
  std::vector<PropSpec> out;
  const bool swap = c.op == Relation::kGe || c.op == Relation::kGt;
  const bool strict = c.op == Relation::kLt || c.op == Relation::kGt;
  for (std::size_t k = 0; k + 1 < c.lists.size(); ++k) {
    const std::vector<Operand>& x = swap ? c.lists[k + 1] : c.lists[k];
    const std::vector<Operand>& y = swap ? c.lists[k] : c.lists[k + 1];
    PropSpec p;
    p.kind = kPropLex;
    for (const auto* l : {&x, &y})
      for (const Operand& o : *l)
        if (o.is_variable && std::find(p.scope.begin(), p.scope.end(), o.value) == p.scope.end())
          p.scope.push_back(static_cast<int>(o.value));
    if (p.scope.empty()) continue;  // two constant lists: checked when the model is compiled
    p.data.push_back(static_cast<long long>(x.size()));
    p.data.push_back(strict ? 1 : 0);
    for (const Operand& o : x) append_operand(p.data, o);
    for (const Operand& o : y) append_operand(p.data, o);
    out.push_back(std::move(p));
  }
  return out;
}

PropSpec all_equal_spec(const AllEqualConstraint& c) {
  PropSpec p;
  p.kind = kPropAllEqual;
  p.scope = constraint_scope(Constraint{c});
  p.data.push_back(static_cast<long long>(p.scope.size()));
  p.data.insert(p.data.end(), p.scope.begin(), p.scope.end());
  return p;
}

void add_variable(std::vector<int>& scope, long long x) {
  if (std::find(scope.begin(), scope.end(), x) == scope.end()) scope.push_back(static_cast<int>(x));
}

PropSpec cumulative_spec(const CumulativeConstraint& c) {
  PropSpec p;
  p.kind = kPropCumulative;
  p.scope = constraint_scope(Constraint{c});
  p.data.push_back(static_cast<long long>(c.origins.size()));
  p.data.push_back(c.ends.empty() ? 0 : 1);
  append_condition(p.data, c.condition);
  for (std::size_t i = 0; i < c.origins.size(); ++i) {
    p.data.push_back(c.origins[i]);
    append_operand(p.data, c.lengths[i]);
    append_operand(p.data, c.heights[i]);
    p.data.push_back(c.ends.empty() ? -1 : c.ends[i]);
  }
  return p;
}

// One propagator per pair of boxes.
std::vector<PropSpec> no_overlap_specs(const NoOverlapConstraint& c) {
  std::vector<PropSpec> out;
  const std::size_t k = c.origins.empty() ? 0 : c.origins[0].size();
  for (std::size_t i = 0; i < c.origins.size(); ++i)
    for (std::size_t j = i + 1; j < c.origins.size(); ++j) {
      PropSpec p;
      p.kind = kPropNoOverlap;
      p.data.push_back(static_cast<long long>(k));
      p.data.push_back(c.zero_ignored ? 1 : 0);
      for (const std::size_t b : {i, j})
        for (std::size_t d = 0; d < k; ++d) {
          const Operand& len = c.lengths[b][d];
          p.data.push_back(c.origins[b][d]);
          append_operand(p.data, len);
          add_variable(p.scope, c.origins[b][d]);
          if (len.is_variable) add_variable(p.scope, len.value);
        }
      out.push_back(std::move(p));
    }
  return out;
}

PropSpec n_values_spec(const NValuesConstraint& c) {
  PropSpec p;
  p.kind = kPropNValues;
  p.scope = constraint_scope(Constraint{c});
  p.data.push_back(static_cast<long long>(c.scope.size()));
  p.data.insert(p.data.end(), c.scope.begin(), c.scope.end());
  p.data.push_back(static_cast<long long>(c.except.size()));
  p.data.insert(p.data.end(), c.except.begin(), c.except.end());
  append_condition(p.data, c.condition);
  return p;
}

PropSpec circuit_spec(const CircuitConstraint& c) {
  PropSpec p;
  p.kind = kPropCircuit;
  p.scope = constraint_scope(Constraint{c});
  p.data.push_back(static_cast<long long>(c.scope.size()));
  p.data.push_back(c.start_index);
  p.data.push_back(c.size ? 1 : 0);
  append_operand(p.data, c.size.value_or(Operand{false, 0}));
  p.data.insert(p.data.end(), c.scope.begin(), c.scope.end());
  return p;
}

PropSpec regular_spec(const RegularConstraint& c) {
  const Automaton& a = *c.automaton;
  PropSpec p;
  p.kind = kPropRegular;
  p.scope = constraint_scope(Constraint{c});
  p.data.push_back(static_cast<long long>(c.scope.size()));
  p.data.push_back(std::max(1, (a.states + 63) / 64));
  p.data.push_back(a.start);
  p.data.push_back(static_cast<long long>(a.finals.size()));
  p.data.insert(p.data.end(), a.finals.begin(), a.finals.end());
  std::vector<Automaton::Transition> ts = a.transitions;
  std::sort(ts.begin(), ts.end(), [](const auto& l, const auto& r) {
    return std::tie(l.value, l.from, l.to) < std::tie(r.value, r.from, r.to);
  });
  p.data.push_back(static_cast<long long>(ts.size()));
  for (const Automaton::Transition& t : ts) {
    p.data.push_back(t.value);
    p.data.push_back(t.from);
    p.data.push_back(t.to);
  }
  p.data.insert(p.data.end(), c.scope.begin(), c.scope.end());
  return p;
}

// cardinality as counts (props/count.hpp): the occurrences of each value satisfy its condition,
// and when closed every variable takes one of the values (all of them counted).
std::vector<PropSpec> cardinality_specs(const CardinalityConstraint& c) {
  std::vector<PropSpec> out;
  for (std::size_t j = 0; j < c.values.size(); ++j)
    out.push_back(count_spec(CountConstraint{c.scope, {c.values[j]}, c.occurs[j]}));
  if (c.closed) {
    Condition all;
    all.value = static_cast<Value>(c.scope.size());
    out.push_back(count_spec(CountConstraint{c.scope, c.values, all}));
  }
  return out;
}

PropSpec channel_spec(const ChannelConstraint& c) {
  PropSpec p;
  p.kind = kPropChannel;
  p.scope = constraint_scope(Constraint{c});
  const int form = c.value >= 0 ? kChannelValue : c.other.empty() ? kChannelSelf : kChannelLists;
  p.data.push_back(form);
  p.data.push_back(static_cast<long long>(c.list.size()));
  p.data.push_back(c.start);
  if (form == kChannelValue) p.data.push_back(c.value);
  if (form == kChannelLists) {
    p.data.push_back(static_cast<long long>(c.other.size()));
    p.data.push_back(c.other_start);
  }
  p.data.insert(p.data.end(), c.list.begin(), c.list.end());
  p.data.insert(p.data.end(), c.other.begin(), c.other.end());
  return p;
}

PropSpec precedence_spec(const PrecedenceConstraint& c) {
  PropSpec p;
  p.kind = kPropPrecedence;
  p.scope = constraint_scope(Constraint{c});
  p.data.push_back(static_cast<long long>(c.scope.size()));
  p.data.push_back(static_cast<long long>(c.values.size()));
  p.data.push_back(c.covered ? 1 : 0);
  p.data.insert(p.data.end(), c.scope.begin(), c.scope.end());
  p.data.insert(p.data.end(), c.values.begin(), c.values.end());
  return p;
}

// The condition form binds the listed bins and every value of the items' domains (the latter
// only once an item is in it); the limits and loads forms bind start_index + j.
PropSpec bin_packing_spec(const IndexedModel& model, const BinPackingConstraint& c) {
  PropSpec p;
  p.kind = kPropBinPacking;
  p.scope = constraint_scope(Constraint{c});
  const std::vector<Operand>& bounds = c.limits.empty() ? c.loads : c.limits;
  std::vector<std::pair<Value, bool>> bins;  // value, listed
  if (c.condition) {
    for (Value b : c.bins) bins.emplace_back(b, true);
    for (int x : c.scope)
      for (Value v : model.domains[static_cast<std::size_t>(x)]) bins.emplace_back(v, false);
    // Sorted by value with the listed copy first; one entry per value.
    std::sort(bins.begin(), bins.end(), [](const auto& l, const auto& r) {
      return l.first != r.first ? l.first < r.first : l.second > r.second;
    });
    bins.erase(std::unique(bins.begin(), bins.end(),
                           [](const auto& l, const auto& r) { return l.first == r.first; }),
               bins.end());
  } else {
    for (std::size_t j = 0; j < bounds.size(); ++j)
      bins.emplace_back(c.start_index + static_cast<Value>(j), true);
  }
  p.data.push_back(static_cast<long long>(c.scope.size()));
  p.data.push_back(c.condition ? kBinCondition : c.limits.empty() ? kBinLoads : kBinLimits);
  p.data.push_back(static_cast<long long>(bins.size()));
  for (std::size_t i = 0; i < c.scope.size(); ++i) {
    p.data.push_back(c.scope[i]);
    p.data.push_back(c.sizes[i]);
  }
  for (const auto& [value, listed] : bins) {
    p.data.push_back(value);
    p.data.push_back(listed ? 1 : 0);
  }
  if (c.condition)
    append_condition(p.data, *c.condition);
  else
    for (const Operand& o : bounds) append_operand(p.data, o);
  return p;
}

// The model's global constraints with device propagators (empty: none).
std::vector<PropSpec> global_specs(const IndexedModel& model, const Constraint& c) {
  if (const auto* k = std::get_if<CountConstraint>(&c)) return {count_spec(*k)};
  if (const auto* e = std::get_if<ExtremumConstraint>(&c)) return {extremum_spec(*e)};
  if (const auto* o = std::get_if<OrderedConstraint>(&c)) return {ordered_spec(*o)};
  if (const auto* l = std::get_if<LexConstraint>(&c)) return lex_specs(*l);
  if (const auto* a = std::get_if<AllEqualConstraint>(&c)) return {all_equal_spec(*a)};
  if (const auto* u = std::get_if<CumulativeConstraint>(&c)) return {cumulative_spec(*u)};
  if (const auto* o = std::get_if<NoOverlapConstraint>(&c)) return no_overlap_specs(*o);
  if (const auto* v = std::get_if<NValuesConstraint>(&c)) return {n_values_spec(*v)};
  if (const auto* r = std::get_if<CircuitConstraint>(&c)) return {circuit_spec(*r)};
  if (const auto* k = std::get_if<CardinalityConstraint>(&c)) return cardinality_specs(*k);
  if (const auto* g = std::get_if<RegularConstraint>(&c)) return {regular_spec(*g)};
  if (const auto* h = std::get_if<ChannelConstraint>(&c)) return {channel_spec(*h)};
  if (const auto* d = std::get_if<PrecedenceConstraint>(&c)) return {precedence_spec(*d)};
  if (const auto* b = std::get_if<BinPackingConstraint>(&c)) return {bin_packing_spec(model, *b)};
  return {};
}

// Whether the model's global constraint has device propagators.
bool has_global_specs(const Constraint& c) {
  return std::holds_alternative<CountConstraint>(c) ||
         std::holds_alternative<ExtremumConstraint>(c) ||
         std::holds_alternative<OrderedConstraint>(c) || std::holds_alternative<LexConstraint>(c) ||
         std::holds_alternative<AllEqualConstraint>(c) ||
         std::holds_alternative<CumulativeConstraint>(c) ||
         std::holds_alternative<NoOverlapConstraint>(c) ||
         std::holds_alternative<NValuesConstraint>(c) ||
         std::holds_alternative<CircuitConstraint>(c) ||
         std::holds_alternative<CardinalityConstraint>(c) ||
         std::holds_alternative<RegularConstraint>(c) ||
         std::holds_alternative<ChannelConstraint>(c) ||
         std::holds_alternative<PrecedenceConstraint>(c) ||
         std::holds_alternative<BinPackingConstraint>(c);
}

// Whether a height of the cumulative may be negative (its profile would not bound the load).
bool negative_height(const IndexedModel& model, const CumulativeConstraint& c) {
  for (const Operand& h : c.heights) {
    const Value least =
        h.is_variable ? model.domains[static_cast<std::size_t>(h.value)].front() : h.value;
    if (least < 0) return true;
  }
  return false;
}

}  // namespace

bool expr_fits(const Expr& e) {
  const int depth = stack_depth(e);
  return depth >= 0 && depth <= kExprStack;
}

void append_expr(std::vector<long long>& data, const std::vector<int>& scope, const Expr& e) {
  data.push_back(static_cast<long long>(scope.size()));
  data.insert(data.end(), scope.begin(), scope.end());
  data.push_back(static_cast<long long>(e.code().size()));
  for (const ExprInstr& in : e.code()) {
    data.push_back(static_cast<long long>(in.op));
    data.push_back(static_cast<long long>(in.arity));
    data.push_back(in.operand);
  }
}

void append_condition(std::vector<long long>& data, const Condition& c) {
  data.push_back(static_cast<long long>(c.op));
  data.push_back(static_cast<long long>(c.kind));
  data.push_back(c.value);
  data.push_back(c.lo);
  data.push_back(c.hi);
  data.push_back(static_cast<long long>(c.set.size()));
  data.insert(data.end(), c.set.begin(), c.set.end());
}

std::optional<std::string> prop_refusal(const IndexedModel& model, const IndexedConstraint& c) {
  if (std::holds_alternative<IndexedSum>(c) || std::holds_alternative<IndexedAllDifferent>(c))
    return std::nullopt;
  if (const auto* e = std::get_if<IndexedIntension>(&c)) {
    if (expr_fits(*e->expr)) return std::nullopt;
    return fmt::format(
        "an intension too large to tabulate whose expression needs more than {} "
        "stack entries",
        kExprStack);
  }
  if (std::holds_alternative<IndexedElement>(c)) return std::nullopt;
  if (const auto* g = std::get_if<IndexedGlobal>(&c)) {
    if (const auto* u = std::get_if<CumulativeConstraint>(&g->constraint);
        u != nullptr && negative_height(model, *u))
      return std::string("cumulative with heights that may be negative");
    if (const auto* r = std::get_if<RegularConstraint>(&g->constraint);
        r != nullptr && r->automaton->states > kRegularStates)
      return fmt::format("{} with {} states (the device takes {} at most)",
                         constraint_kind(g->constraint), r->automaton->states, kRegularStates);
    if (has_global_specs(g->constraint)) return std::nullopt;
    return std::string(constraint_kind(g->constraint));
  }
  return std::string("a constraint without a device propagator");
}

std::vector<PropSpec> prop_specs(const IndexedModel& model, const IndexedConstraint& c) {
  if (const auto* s = std::get_if<IndexedSum>(&c)) return {sum_spec(*s)};
  if (const auto* a = std::get_if<IndexedAllDifferent>(&c)) return {all_different_spec(*a)};
  if (const auto* e = std::get_if<IndexedElement>(&c)) return {element_spec(e->element)};
  if (const auto* e = std::get_if<IndexedIntension>(&c)) return {intension_spec(*e)};
  if (const auto* g = std::get_if<IndexedGlobal>(&c)) return global_specs(model, g->constraint);
  throw Unsupported(SourcePosition{}, "batch search: no device propagator for this constraint");
}

}  // namespace arcwave::batch
