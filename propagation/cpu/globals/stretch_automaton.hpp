// propagation/cpu/globals/stretch_automaton.hpp — stretch as an automaton, so that the regular
// propagator enforces it with GAC. A state is (value k, length l of the current stretch so
// far); from (k, l) the word may go on with values[k] while l < max, or start a stretch of
// another value j once l >= min (and (values[k], values[j]) is a pattern, when patterns are
// given). Lengths are counted up to the scope's length n: a width range that reaches n is
// unbounded, and its states stop at the minimum, whose state loops. A value whose widths admit
// no stretch within n positions gets no state. Values listed twice count once (the first).
#pragma once

#include <cstddef>

#include "arcwave/model.hpp"

namespace arcwave::cpu {

/// The automaton accepting exactly the words of length n that satisfy `c` (n = c.scope.size()).
Automaton stretch_automaton(const StretchConstraint& c);

}  // namespace arcwave::cpu
