// Definitions for propagation/cpu/globals/stretch_automaton.hpp.
#include "propagation/cpu/globals/stretch_automaton.hpp"

#include <algorithm>
#include <vector>

namespace arcwave::cpu {

namespace {

struct Stretch {
  Value value = 0;
  Value min = 0;       // the shortest stretch, at least 1
  int count = 0;       // states (k, 1..count); 0: the value cannot appear
  bool loops = false;  // (k, count) stands for every length >= count
  int first = 0;       // the state id of (k, 1)
};

}  // namespace

Automaton stretch_automaton(const StretchConstraint& c) {
  const auto n = static_cast<Value>(c.scope.size());
  std::vector<Stretch> kinds;
  int states = 1;  // state 0 is the start: no stretch yet
  for (std::size_t k = 0; k < c.values.size(); ++k) {
    const bool seen = std::any_of(kinds.begin(), kinds.end(),
                                  [&](const Stretch& s) { return s.value == c.values[k]; });
    if (seen) continue;
    Stretch s;
    s.value = c.values[k];
    s.min = std::max<Value>(c.min_width[k], 1);
    const Value max = std::min(c.max_width[k], n);
    if (s.min <= max) {
      s.loops = c.max_width[k] >= n;
      s.count = static_cast<int>(s.loops ? s.min : max);
      s.first = states;
      states += s.count;
    }
    kinds.push_back(s);
  }

  auto follows = [&](const Stretch& from, const Stretch& to) {
    return c.patterns.empty() ||
           std::find(c.patterns.begin(), c.patterns.end(),
                     std::pair<Value, Value>{from.value, to.value}) != c.patterns.end();
  };
  Automaton a;
  a.states = states;
  a.start = 0;
  if (n == 0) a.finals.push_back(0);
  for (const Stretch& s : kinds) {
    if (s.count == 0) continue;
    a.transitions.push_back({0, s.value, s.first});
    for (int l = 1; l <= s.count; ++l) {
      const int state = s.first + l - 1;
      if (l < s.count)
        a.transitions.push_back({state, s.value, state + 1});
      else if (s.loops)
        a.transitions.push_back({state, s.value, state});
      if (l < s.min) continue;
      a.finals.push_back(state);
      for (const Stretch& next : kinds)
        if (&next != &s && next.count > 0 && follows(s, next))
          a.transitions.push_back({state, next.value, next.first});
    }
  }
  std::sort(a.finals.begin(), a.finals.end());
  return a;
}

}  // namespace arcwave::cpu
