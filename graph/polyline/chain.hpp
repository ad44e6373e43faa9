// graph/polyline/chain.hpp — one half of the meet-in-the-middle DP: the guides from a towards
// the meet level (forward chain) or from b back towards it (reversed chain). Both DPs run the
// same step over a chain; the reversed chain reads the link tables transposed, and because the
// angle predicate is unchanged by reversal (angle_limit.hpp) its steps are the forward steps.
// Host and device code.
#pragma once

#include "graph/polyline/layout.hpp"

namespace arcwave::polyline {

struct Chain {
  int nodes;      // K of the whole problem
  int points;     // N
  bool reversed;  // guide g of the chain is original guide K+1-g
  int levels;     // the chain has link levels 0..levels (guides 0..levels+1)

  ARCWAVE_PL_HD int original_guide(int g) const { return reversed ? nodes + 1 - g : g; }
  /// Original link level of chain level k.
  ARCWAVE_PL_HD int original_level(int k) const { return reversed ? nodes - k : k; }
  ARCWAVE_PL_HD bool endpoint(int g) const {
    const int o = original_guide(g);
    return o == 0 || o == nodes + 1;
  }
  ARCWAVE_PL_HD int size(int g) const { return endpoint(g) ? 1 : points; }
  /// The step that computes chain level k (1..levels) from level k-1.
  ARCWAVE_PL_HD StepShape step(int k) const {
    return StepShape{points,          size(k - 1), size(k),        size(k + 1),
                     endpoint(k - 1), endpoint(k), endpoint(k + 1)};
  }
};

/// The two chains of a problem with K nodes: forward over original levels 0..m, reversed over
/// original levels K..m (m = meet_level(K) = K/2).
ARCWAVE_PL_HD inline Chain forward_chain(int nodes, int points) {
  return Chain{nodes, points, false, nodes / 2};
}
ARCWAVE_PL_HD inline Chain reversed_chain(int nodes, int points) {
  return Chain{nodes, points, true, nodes - nodes / 2};
}

}  // namespace arcwave::polyline
