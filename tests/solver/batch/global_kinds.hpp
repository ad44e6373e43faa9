// tests/solver/batch/global_kinds.hpp — the constraint kinds the device propagators take, each
// as a random model generator (tests/solver/batch/global_models.hpp) with how its fixpoints
// compare with the CPU engine's.
#pragma once

#include <algorithm>
#include <memory>
#include <tuple>
#include <vector>

#include "tests/solver/batch/global_models.hpp"

namespace arcwave::test {

inline std::vector<GlobalKind> global_kinds() {
  std::vector<GlobalKind> kinds;
  kinds.push_back(
      {"sum", [](Model& m, const std::vector<int>& vars, gen::Rng& rng) {
         std::vector<int> scope = pick_vars(rng, vars, 2 + rng.below(4));
         if (rng.below(4) == 0) scope.push_back(scope[0]);  // a repeated variable
         std::vector<Value> coeffs;
         for (std::size_t i = 0; i < scope.size(); ++i) {
           const Value c = rng.between(1, 3);
           coeffs.push_back(rng.below(2) == 0 ? c : -c);
         }
         m.add_constraint(SumConstraint{scope, coeffs, random_condition(rng, vars, -8, 8)});
       }});
  GlobalKind all_different{"allDifferent",
                           [](Model& m, const std::vector<int>& vars, gen::Rng& rng) {
                             AllDifferentConstraint a;
                             a.scope = pick_vars(rng, vars, 3 + rng.below(4));
                             if (rng.below(3) == 0) a.except.push_back(rng.between(0, 2));
                             m.add_constraint(a);
                           }};
  all_different.lo = 0;
  all_different.hi = 6;
  all_different.value_elimination = true;
  kinds.push_back(all_different);
  for (bool variables : {false, true}) {
    GlobalKind count{variables ? "count (value variables)" : "count",
                     [variables](Model& m, const std::vector<int>& vars, gen::Rng& rng) {
                       CountConstraint c;
                       c.scope = pick_vars(rng, vars, 3 + rng.below(3));
                       if (rng.below(4) == 0) c.scope.push_back(c.scope[1]);
                       const auto values = 1 + rng.below(3);
                       for (std::uint64_t k = 0; k < values; ++k)
                         c.values.push_back({false, rng.between(-1, 3)});
                       if (variables) c.values.push_back({true, vars[rng.below(vars.size())]});
                       c.condition = random_condition(rng, vars, 0, 4);
                       m.add_constraint(c);
                     }};
    // The CPU also filters the value variables.
    if (variables) count.relation = FixpointRelation::kWeaker;
    kinds.push_back(count);
  }
  GlobalKind extremum{"minimum / maximum",
                      [](Model& m, const std::vector<int>& vars, gen::Rng& rng) {
                        ExtremumConstraint e;
                        e.maximum = rng.below(2) == 0;
                        e.scope = pick_vars(rng, vars, 2 + rng.below(4));
                        e.condition = random_condition(rng, vars, -3, 5);
                        m.add_constraint(e);
                      }};
  extremum.relation = FixpointRelation::kWeaker;  // bounds; the CPU's is GAC
  kinds.push_back(extremum);
  kinds.push_back({"element", [](Model& m, const std::vector<int>& vars, gen::Rng& rng) {
                     ElementConstraint e;
                     const std::vector<int> list = pick_vars(rng, vars, 3 + rng.below(3));
                     for (int x : list)
                       e.list.push_back(rng.below(4) == 0 ? Operand{false, rng.between(-3, 5)}
                                                          : Operand{true, x});
                     if (rng.below(5) != 0) e.index = vars[rng.below(vars.size())];
                     e.start_index = rng.between(-1, 1);
                     e.condition = random_condition(rng, vars, -3, 5);
                     m.add_constraint(e);
                   }});
  kinds.push_back({"ordered", [](Model& m, const std::vector<int>& vars, gen::Rng& rng) {
                     OrderedConstraint o;
                     o.scope = pick_vars(rng, vars, 2 + rng.below(3));
                     static constexpr Relation kOps[] = {Relation::kLt, Relation::kLe,
                                                         Relation::kGe, Relation::kGt};
                     o.op = kOps[rng.below(4)];
                     if (rng.below(2) == 0)
                       for (std::size_t i = 0; i + 1 < o.scope.size(); ++i)
                         o.lengths.push_back(rng.below(3) == 0
                                                 ? Operand{true, vars[rng.below(vars.size())]}
                                                 : Operand{false, rng.between(-1, 2)});
                     m.add_constraint(o);
                   }});
  for (const bool repeated : {false, true}) {
    GlobalKind lex{repeated ? "lex (variables in several places)" : "lex",
                   [repeated](Model& m, const std::vector<int>& vars, gen::Rng& rng) {
                     LexConstraint l;
                     static constexpr Relation kOps[] = {Relation::kLt, Relation::kLe,
                                                         Relation::kGe, Relation::kGt};
                     l.op = kOps[rng.below(4)];
                     const std::size_t length = 2 + rng.below(2);
                     const auto lists = repeated ? 2 + rng.below(2) : 2;
                     // Distinct variables: a shuffled pick for both lists.
                     const std::vector<int> distinct = pick_vars(rng, vars, 2 * length);
                     for (std::uint64_t k = 0; k < lists; ++k) {
                       std::vector<Operand> list;
                       for (std::size_t i = 0; i < length; ++i) {
                         const int x = repeated ? vars[rng.below(vars.size())]
                                                : distinct[(k * length + i) % distinct.size()];
                         list.push_back(rng.below(5) == 0 ? Operand{false, rng.between(-1, 3)}
                                                          : Operand{true, x});
                       }
                       l.lists.push_back(list);
                     }
                     m.add_constraint(l);
                   }};
    if (repeated) lex.relation = FixpointRelation::kSound;
    kinds.push_back(lex);
  }
  kinds.push_back({"allEqual", [](Model& m, const std::vector<int>& vars, gen::Rng& rng) {
                     m.add_constraint(AllEqualConstraint{pick_vars(rng, vars, 2 + rng.below(3))});
                   }});
  for (const bool general : {false, true}) {
    // Constant lengths and heights, no ends (weaker than the CPU's), or variable lengths,
    // heights, capacities and ends with every condition (sound: the device also bounds lengths
    // through the ends where the CPU may not).
    GlobalKind cumulative{general ? "cumulative (variables, ends, conditions)" : "cumulative",
                          [general](Model& m, const std::vector<int>& vars, gen::Rng& rng) {
                            CumulativeConstraint c;
                            const std::size_t tasks = 2 + rng.below(3);
                            std::vector<int> pool = pick_vars(rng, vars, vars.size());
                            for (std::size_t i = 0; i < tasks; ++i) {
                              c.origins.push_back(pool[i % pool.size()]);
                              auto operand = [&](Value lo, Value hi) {
                                return general && rng.below(3) == 0
                                           ? Operand{true, vars[rng.below(vars.size())]}
                                           : Operand{false, rng.between(lo, hi)};
                              };
                              c.lengths.push_back(operand(0, 3));
                              c.heights.push_back(Operand{false, rng.between(0, 3)});
                              if (general && rng.below(3) == 0) c.heights.back() = operand(0, 3);
                            }
                            if (general && rng.below(2) == 0)
                              for (std::size_t i = 0; i < tasks; ++i)
                                c.ends.push_back(vars[rng.below(vars.size())]);
                            if (general) {
                              c.condition = random_condition(rng, vars, 1, 5);
                            } else {
                              c.condition.op = rng.below(2) == 0 ? Relation::kLe : Relation::kLt;
                              c.condition.value = rng.between(1, 4);
                            }
                            m.add_constraint(c);
                          }};
    cumulative.lo = 0;  // non-negative heights when a variable gives them
    cumulative.hi = 6;
    cumulative.relation = general ? FixpointRelation::kSound : FixpointRelation::kWeaker;
    kinds.push_back(cumulative);
  }
  for (const bool general : {false, true}) {
    GlobalKind no_overlap{general ? "noOverlap (2-D, variable lengths)" : "noOverlap",
                          [general](Model& m, const std::vector<int>& vars, gen::Rng& rng) {
                            NoOverlapConstraint c;
                            const std::size_t dims = general ? 1 + rng.below(2) : 1;
                            // Two or three boxes, or one per variable (tight enough for small
                            // search trees).
                            const std::size_t boxes =
                                rng.below(2) == 0 ? 2 + rng.below(2)
                                                  : std::max<std::size_t>(2, vars.size() / dims);
                            c.zero_ignored = rng.below(2) == 0;
                            std::vector<int> pool = pick_vars(rng, vars, vars.size());
                            for (std::size_t b = 0; b < boxes; ++b) {
                              std::vector<int> origins;
                              std::vector<Operand> lengths;
                              for (std::size_t d = 0; d < dims; ++d) {
                                origins.push_back(pool[(b * dims + d) % pool.size()]);
                                lengths.push_back(general && rng.below(3) == 0
                                                      ? Operand{true, vars[rng.below(vars.size())]}
                                                      : Operand{false, rng.between(0, 3)});
                              }
                              c.origins.push_back(origins);
                              c.lengths.push_back(lengths);
                            }
                            m.add_constraint(c);
                          }};
    no_overlap.relation = general ? FixpointRelation::kSound : FixpointRelation::kWeaker;
    kinds.push_back(no_overlap);
  }
  GlobalKind n_values{"nValues", [](Model& m, const std::vector<int>& vars, gen::Rng& rng) {
                        NValuesConstraint c;
                        c.scope = pick_vars(rng, vars, 2 + rng.below(4));
                        if (rng.below(3) == 0) c.except.push_back(rng.between(0, 2));
                        c.condition = random_condition(rng, vars, 0, 4);
                        m.add_constraint(c);
                      }};
  n_values.relation = FixpointRelation::kWeaker;
  kinds.push_back(n_values);
  GlobalKind circuit{"circuit", [](Model& m, const std::vector<int>& vars, gen::Rng& rng) {
                       CircuitConstraint c;
                       c.scope = pick_vars(rng, vars, 3 + rng.below(3));
                       c.start_index = rng.between(0, 1);
                       if (rng.below(3) == 0)
                         c.size = rng.below(2) == 0 ? Operand{false, rng.between(2, 4)}
                                                    : Operand{true, vars[rng.below(vars.size())]};
                       m.add_constraint(c);
                     }};
  circuit.constraints = 1;
  circuit.lo = 0;
  circuit.hi = 5;
  circuit.relation = FixpointRelation::kWeaker;
  kinds.push_back(circuit);
  GlobalKind cardinality{"cardinality", [](Model& m, const std::vector<int>& vars, gen::Rng& rng) {
                           CardinalityConstraint c;
                           c.scope = pick_vars(rng, vars, 3 + rng.below(3));
                           const auto values = 1 + rng.below(3);
                           for (std::uint64_t k = 0; k < values; ++k) {
                             const Value v = rng.between(0, 4);
                             bool seen = false;
                             for (const Operand& o : c.values)
                               seen = seen || (!o.is_variable && o.value == v);
                             if (seen) continue;
                             c.values.push_back(Operand{false, v});
                             Condition occ;
                             if (rng.below(3) == 0) {
                               occ.kind = Condition::Kind::kVariable;
                               occ.value = vars[rng.below(vars.size())];
                             } else if (rng.below(2) == 0) {
                               occ.op = Relation::kIn;
                               occ.kind = Condition::Kind::kRange;
                               occ.lo = rng.between(0, 1);
                               occ.hi = occ.lo + rng.between(0, 2);
                             } else {
                               occ.value = rng.between(0, 2);
                             }
                             c.occurs.push_back(occ);
                           }
                           c.closed = rng.below(4) == 0;
                           m.add_constraint(c);
                         }};
  cardinality.lo = 0;
  cardinality.hi = 5;
  cardinality.relation = FixpointRelation::kWeaker;  // counts per value; the CPU's is a flow
  kinds.push_back(cardinality);
  for (const int form : {0, 1, 2}) {
    // A random automaton (non-deterministic for regular; layered, one final, for mdd) over
    // 3 to 5 distinct variables: GAC on the layered graph on both sides. The long form, an mdd
    // over 40 variables, two nodes a layer and few edges, has more layers than the device keeps
    // forward sets for (props/regular.hpp recomputes them).
    const bool mdd = form > 0;
    const bool wide = form == 2;
    GlobalKind regular{
        form == 0 ? "regular" : (wide ? "mdd (40 layers)" : "mdd"),
        [mdd, wide](Model& m, const std::vector<int>& vars, gen::Rng& rng) {
          RegularConstraint c;
          c.scope = pick_vars(rng, vars, wide ? vars.size() : 3 + rng.below(3));
          c.mdd = mdd;
          auto a = std::make_shared<Automaton>();
          const int n = static_cast<int>(c.scope.size());
          if (mdd) {
            // Layer i holds 1 to 3 nodes; node 0 the root, the last one the terminal.
            std::vector<std::vector<int>> layers{{0}};
            a->states = 1;
            for (int i = 1; i < n; ++i) {
              layers.emplace_back();
              const int width = wide ? 2 : 1 + static_cast<int>(rng.below(3));
              for (int k = 0; k < width; ++k) layers.back().push_back(a->states++);
            }
            layers.push_back({a->states++});
            for (int i = 0; i < n; ++i)
              for (int q : layers[static_cast<std::size_t>(i)])
                for (int e = 0; e < (wide ? 1 + static_cast<int>(rng.below(10) < 2)
                                          : 2 + static_cast<int>(rng.below(3)));
                     ++e) {
                  const auto& next = layers[static_cast<std::size_t>(i) + 1];
                  a->transitions.push_back({q, wide ? rng.between(0, 1) : rng.between(-2, 4),
                                            next[rng.below(next.size())]});
                }
            a->finals = {a->states - 1};
          } else {
            a->states = 2 + static_cast<int>(rng.below(3));
            for (int q = 0; q < a->states; ++q)
              if (rng.below(2) == 0 || a->finals.empty()) a->finals.push_back(q);
            const int edges = 3 * a->states + static_cast<int>(rng.below(4));
            for (int e = 0; e < edges; ++e)
              a->transitions.push_back(
                  {static_cast<int>(rng.below(static_cast<std::uint64_t>(a->states))),
                   rng.between(-2, 4),
                   static_cast<int>(rng.below(static_cast<std::uint64_t>(a->states)))});
          }
          // No repeated transitions (the reader lists each once).
          std::sort(a->transitions.begin(), a->transitions.end(), [](const auto& l, const auto& r) {
            return std::tie(l.from, l.value, l.to) < std::tie(r.from, r.value, r.to);
          });
          a->transitions.erase(std::unique(a->transitions.begin(), a->transitions.end()),
                               a->transitions.end());
          c.automaton = std::move(a);
          m.add_constraint(c);
        }};
    regular.lo = wide ? 0 : -2;
    regular.hi = wide ? 1 : 4;  // long: domains 0..1, every edge alive at the root
    if (wide) {
      regular.variables = 40;
      regular.constraints = 1;
    }
    kinds.push_back(regular);
  }
  for (const int form : {0, 1, 2}) {
    // One list, two lists (of equal length or the second longer) or a 0/1 list with a value
    // variable; distinct variables in each constraint. Value elimination: weaker than the CPU's
    // matchings (the value form is GAC on both sides).
    static constexpr const char* kNames[] = {"channel", "channel (two lists)",
                                             "channel (value variable)"};
    GlobalKind channel{kNames[form], [form](Model& m, const std::vector<int>& vars, gen::Rng& rng) {
                         ChannelConstraint c;
                         c.start = rng.between(0, 1);
                         const std::size_t n = 2 + rng.below(3);
                         if (form == 0) {
                           c.list = pick_vars(rng, vars, n + 1);
                         } else if (form == 1) {
                           const std::size_t k = 2 + rng.below(2);
                           const std::size_t extra = rng.below(2);
                           const std::vector<int> pool = pick_vars(rng, vars, 2 * k + extra);
                           c.list.assign(pool.begin(), pool.begin() + static_cast<long>(k));
                           c.other.assign(pool.begin() + static_cast<long>(k), pool.end());
                           c.other_start = rng.between(0, 1);
                         } else {
                           const std::vector<int> pool = pick_vars(rng, vars, n + 1);
                           c.list.assign(pool.begin(), pool.end() - 1);
                           c.value = pool.back();
                         }
                         m.add_constraint(c);
                       }};
    channel.variables = 7;
    channel.constraints = 2;
    channel.lo = 0;
    channel.hi = form == 2 ? 4 : 5;
    channel.relation = FixpointRelation::kWeaker;
    kinds.push_back(channel);
  }
  GlobalKind precedence{"precedence", [](Model& m, const std::vector<int>& vars, gen::Rng& rng) {
                          PrecedenceConstraint c;
                          c.scope = pick_vars(rng, vars, 3 + rng.below(3));
                          const auto values = 2 + rng.below(2);
                          for (std::uint64_t k = 0; k < values; ++k) {
                            const Value v = rng.between(0, 4);
                            if (std::find(c.values.begin(), c.values.end(), v) == c.values.end())
                              c.values.push_back(v);
                          }
                          c.covered = rng.below(4) == 0;
                          m.add_constraint(c);
                        }};
  precedence.lo = 0;
  precedence.hi = 4;
  kinds.push_back(precedence);
  for (const int form : {0, 1, 2}) {
    // Items of sizes -1..3 (zero and negative ones too); bins bounded by a condition (every
    // value listed, as the reader lists them), by limits or by loads, constants or variables.
    static constexpr const char* kNames[] = {"binPacking (condition)", "binPacking (limits)",
                                             "binPacking (loads)"};
    GlobalKind bin_packing{
        kNames[form], [form](Model& m, const std::vector<int>& vars, gen::Rng& rng) {
          BinPackingConstraint c;
          c.scope = pick_vars(rng, vars, 3 + rng.below(3));
          for (std::size_t i = 0; i < c.scope.size(); ++i)
            c.sizes.push_back(rng.below(5) == 0 ? rng.between(-1, 0) : rng.between(1, 3));
          if (form == 0) {
            c.condition = random_condition(rng, vars, 0, 5);
            for (Value v = 0; v <= 4; ++v) c.bins.push_back(v);
          } else {
            // Constant bounds from a planted packing (items in bins their domains hold), so
            // that some models have solutions; some bounds variables (fewer loads: a variable
            // load rarely holds the planted one).
            c.start_index = rng.between(0, 1);
            const auto bins = static_cast<Value>(3 + rng.below(3));
            std::vector<Value> planted(static_cast<std::size_t>(bins), 0);
            for (std::size_t i = 0; i < c.scope.size(); ++i) {
              const Domain& d = m.variables()[static_cast<std::size_t>(c.scope[i])].domain;
              const Value v = d[rng.below(d.size())];
              if (v >= c.start_index && v < c.start_index + bins)
                planted[static_cast<std::size_t>(v - c.start_index)] += c.sizes[i];
            }
            std::vector<Operand>& bounds = form == 1 ? c.limits : c.loads;
            for (const Value load : planted)
              bounds.push_back(rng.below(form == 1 ? 3 : 6) == 0
                                   ? Operand{true, vars[rng.below(vars.size())]}
                                   : Operand{false, load + (form == 1 ? rng.between(0, 2) : 0)});
          }
          m.add_constraint(c);
        }};
    bin_packing.lo = 0;
    bin_packing.hi = 4;
    if (form == 2) bin_packing.constraints = 1;  // two packings with exact loads rarely agree
    // Bounds per bin; the CPU also reasons on the total size (weaker), but checks a condition
    // other than an order or a range only on fixed items, where the device filters by its hull.
    bin_packing.relation = form == 0 ? FixpointRelation::kSound : FixpointRelation::kWeaker;
    kinds.push_back(bin_packing);
  }
  GlobalKind intension{"intension (not tabulated)",
                       [](Model& m, const std::vector<int>& vars, gen::Rng& rng) {
                         const std::vector<int> scope = pick_vars(rng, vars, 2 + rng.below(3));
                         gen::ExprBuilder b;
                         random_predicate(b, rng, static_cast<std::uint32_t>(scope.size()), 3);
                         m.add_constraint(IntensionConstraint{scope, b.build()});
                       }};
  intension.index.intension_table_limit = 0;       // every intension stays an expression
  intension.relation = FixpointRelation::kWeaker;  // the CPU also enumerates small products
  kinds.push_back(intension);
  return kinds;
}

}  // namespace arcwave::test
