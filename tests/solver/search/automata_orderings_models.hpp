// tests/solver/search/automata_orderings_models.hpp — random small models of regular, mdd,
// stretch, ordered, lex and precedence for the propagator tests, each with a flag saying
// whether every one of its constraints is in a form whose propagator claims GAC (then the
// engine's fixpoint must be exactly the GAC closure).
#pragma once

#include <algorithm>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "arcwave/model.hpp"

namespace arcwave::test {

enum class Family { kRegular, kMdd, kStretch, kOrdered, kLex, kPrecedence };

inline const Family kFamilies[] = {Family::kRegular, Family::kMdd, Family::kStretch,
                                   Family::kOrdered, Family::kLex, Family::kPrecedence};

inline std::string family_name(Family f) {
  switch (f) {
    case Family::kRegular:
      return "regular";
    case Family::kMdd:
      return "mdd";
    case Family::kStretch:
      return "stretch";
    case Family::kOrdered:
      return "ordered";
    case Family::kLex:
      return "lex";
    case Family::kPrecedence:
      return "precedence";
  }
  return "?";
}

struct FamilyModel {
  Model model;
  bool gac = true;  // every constraint is in a form its propagator makes GAC
};

class FamilyGenerator {
 public:
  explicit FamilyGenerator(std::uint64_t seed) : rng_(seed) {}

  FamilyModel make(Family f) {
    FamilyModel out;
    const int n = pick(3, 7);
    for (int i = 0; i < n; ++i) {
      std::vector<Value> d;
      for (int k = pick(2, 5); k > 0; --k) d.push_back(pick(-1, 3));
      out.model.add_variable(fmt::format("x{}", i), d);
    }
    for (int c = pick(1, 2); c > 0; --c) {
      // One constraint in five may repeat a variable (soundness only).
      const bool repeat = pick(0, 4) == 0;
      switch (f) {
        case Family::kRegular:
          regular(out, n, repeat);
          break;
        case Family::kMdd:
          mdd(out, n, repeat);
          break;
        case Family::kStretch:
          stretch(out, n, repeat);
          break;
        case Family::kOrdered:
          ordered(out, n, repeat);
          break;
        case Family::kLex:
          lex(out, n, repeat);
          break;
        case Family::kPrecedence:
          precedence(out, n, repeat);
          break;
      }
    }
    return out;
  }

 private:
  int pick(int lo, int hi) {
    return lo + static_cast<int>(rng_() % static_cast<std::uint64_t>(hi - lo + 1));
  }

  std::vector<int> list(int n, int k, bool repeat, FamilyModel& out) {
    std::vector<int> all(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) all[static_cast<std::size_t>(i)] = i;
    std::shuffle(all.begin(), all.end(), rng_);
    all.resize(static_cast<std::size_t>(std::min(n, k)));
    if (repeat && all.size() >= 2) {
      all[all.size() - 1] =
          all[static_cast<std::size_t>(pick(0, static_cast<int>(all.size()) - 2))];
      out.gac = false;
    }
    return all;
  }

  void regular(FamilyModel& out, int n, bool repeat) {
    auto a = std::make_shared<Automaton>();
    a->states = pick(1, 5);
    a->start = pick(0, a->states - 1);
    for (int q = 0; q < a->states; ++q)
      if (pick(0, 2) == 0) a->finals.push_back(q);
    if (a->finals.empty()) a->finals.push_back(pick(0, a->states - 1));
    // Each (state, value) gets no transition, one, or (non-deterministic) two.
    const int branching = pick(1, 2);
    const int density = pick(1, 3);  // in 4
    for (int q = 0; q < a->states; ++q)
      for (Value v = -1; v <= 3; ++v)
        for (int k = 0; k < branching; ++k)
          if (pick(1, 4) <= density) a->transitions.push_back({q, v, pick(0, a->states - 1)});
    out.model.add_constraint(RegularConstraint{list(n, pick(1, 6), repeat, out), a, false});
  }

  // A random layered diagram: a root, `layers - 1` inner layers of 1..3 nodes, one terminal.
  void mdd(FamilyModel& out, int n, bool repeat) {
    const int layers = pick(1, std::min(n, 5));
    auto a = std::make_shared<Automaton>();
    std::vector<std::vector<int>> nodes(static_cast<std::size_t>(layers) + 1);
    nodes[0].push_back(a->states++);
    for (int l = 1; l < layers; ++l)
      for (int k = pick(1, 3); k > 0; --k)
        nodes[static_cast<std::size_t>(l)].push_back(a->states++);
    nodes[static_cast<std::size_t>(layers)].push_back(a->states++);
    for (int l = 0; l < layers; ++l)
      for (int from : nodes[static_cast<std::size_t>(l)]) {
        const auto& next = nodes[static_cast<std::size_t>(l) + 1];
        std::vector<Value> used;
        for (int k = pick(1, 4); k > 0; --k) {
          const Value v = pick(-1, 3);
          if (std::find(used.begin(), used.end(), v) != used.end()) continue;
          used.push_back(v);
          a->transitions.push_back(
              {from, v,
               next[static_cast<std::size_t>(pick(0, static_cast<int>(next.size()) - 1))]});
        }
      }
    a->start = nodes[0][0];
    a->finals = {nodes[static_cast<std::size_t>(layers)][0]};
    out.model.add_constraint(RegularConstraint{list(n, layers, repeat, out), a, true});
  }

  void stretch(FamilyModel& out, int n, bool repeat) {
    StretchConstraint c;
    c.scope = list(n, pick(1, 7), repeat, out);
    for (int k = pick(2, 6); k > 0; --k) {
      const Value v = pick(-1, 3);
      if (std::find(c.values.begin(), c.values.end(), v) != c.values.end()) continue;
      c.values.push_back(v);
      c.min_width.push_back(pick(0, 2));
      c.max_width.push_back(std::max<Value>(c.min_width.back(), 1) +
                            (pick(0, 3) == 0 ? 100 : pick(0, 3)));
    }
    if (pick(0, 2) == 0)
      for (int k = pick(2, 5); k > 0; --k)
        c.patterns.emplace_back(
            c.values[static_cast<std::size_t>(pick(0, static_cast<int>(c.values.size()) - 1))],
            c.values[static_cast<std::size_t>(pick(0, static_cast<int>(c.values.size()) - 1))]);
    out.model.add_constraint(c);
  }

  Relation order_op() {
    const Relation ops[] = {Relation::kLt, Relation::kLe, Relation::kGe, Relation::kGt};
    return ops[pick(0, 3)];
  }

  void ordered(FamilyModel& out, int n, bool repeat) {
    OrderedConstraint c;
    c.op = order_op();
    const int lengths = pick(0, 2);  // none, constants, some variables
    // Variable lengths are variables left out of the list.
    std::vector<int> all = list(n, n, false, out);
    const int k = pick(2, std::min(n, 5));
    c.scope.assign(all.begin(), all.begin() + k);
    if (repeat) {
      c.scope.back() = c.scope.front();
      out.gac = false;
    }
    for (std::size_t i = 0; lengths > 0 && i + 1 < c.scope.size(); ++i) {
      if (lengths == 2 && k < n && pick(0, 1) == 0) {
        c.lengths.push_back({true, all[static_cast<std::size_t>(pick(k, n - 1))]});
        out.gac = false;
      } else {
        c.lengths.push_back({false, pick(-1, 1)});
      }
    }
    out.model.add_constraint(c);
  }

  void lex(FamilyModel& out, int n, bool repeat) {
    LexConstraint c;
    c.op = order_op();
    const int lists = pick(2, 3);
    const int len = pick(1, std::max(1, std::min(4, n / lists)));
    if (lists > 2) out.gac = false;
    std::vector<int> vars = list(n, n, false, out);
    std::size_t next = 0;
    for (int l = 0; l < lists; ++l) {
      std::vector<Operand>& row = c.lists.emplace_back();
      for (int i = 0; i < len; ++i) {
        // Each list starts with a variable (a constraint on constants only is outside what
        // naive_gac checks).
        if ((i > 0 && pick(0, 4) == 0) || next >= vars.size())
          row.push_back({false, pick(-1, 3)});
        else
          row.push_back({true, vars[next++]});
      }
    }
    if (repeat) {  // a variable in two places
      c.lists.back().front() = {true, vars[0]};
      out.gac = false;
    }
    out.model.add_constraint(c);
  }

  void precedence(FamilyModel& out, int n, bool repeat) {
    PrecedenceConstraint c;
    c.scope = list(n, pick(1, 7), repeat, out);
    for (int k = pick(1, 3); k > 0; --k) {
      const Value v = pick(-1, 3);
      if (std::find(c.values.begin(), c.values.end(), v) == c.values.end()) c.values.push_back(v);
    }
    c.covered = pick(0, 2) == 0;
    if (c.covered || c.values.size() > 2) out.gac = false;
    out.model.add_constraint(c);
  }

  std::mt19937_64 rng_;
};

}  // namespace arcwave::test
