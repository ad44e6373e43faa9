// solver/batch/props/circuit.hpp — circuit on the device (with loops: s[i] = i + start puts node
// i outside the circuit, the other arcs form exactly one cycle of at least two nodes, of `size`
// nodes when given). A subset of the CPU's CircuitPropagator (propagation/cpu/globals/
// circuit.hpp) and of the allDifferent it posts beside it:
//  - successors stay within the nodes, and a fixed successor leaves the other domains (value
//    elimination: the successors are a permutation);
//  - chains: the path b -> ... -> e of fixed arcs from each node b that does not loop loses
//    its closing arc e -> b unless that cycle could be the whole circuit (every node outside
//    it can loop, and the size allows its length); a path that closes on b is the circuit:
//    every other node loops and the size is its length;
//  - size: within max(2, nodes that cannot loop) .. nodes that may leave their loop; no node
//    able to leave its loop fails.
// Exact on full assignments (a permutation of one cycle and loops); weaker than the CPU's
// (no reachability) and sound. Walks are bounded by the node count, so that domains other
// threads shrink meanwhile cannot make one loop forever.
//
// Layout: n, start, whether a size follows, the size (is_variable, value), the n variables.
#pragma once

#include <climits>

#include "solver/batch/props/prop_context.hpp"

namespace arcwave::batch {

template <class G>
ARCWAVE_HD bool propagate_circuit(PropContext<G>& ctx, const long long* p) {
  const int n = static_cast<int>(p[0]);
  const long long start = p[1];
  const bool sized = p[2] != 0;
  const bool size_var = p[3] != 0;
  const long long size_value = p[4];
  const long long* vars = p + 5;
  auto var = [&](int i) { return static_cast<int>(vars[i]); };
  auto can_loop = [&](int i) { return ctx.has_value(var(i), i + start); };
  auto size_allows = [&](long long len) {
    if (!sized) return true;
    return size_var ? ctx.has_value(static_cast<int>(size_value), len) : size_value == len;
  };
  // The node i's fixed successor, or -1 (unfixed or out of range).
  auto successor = [&](int i) {
    const int x = var(i);
    if (!ctx.fixed(x) || ctx.first(x) < 0) return -1;
    const long long j = ctx.min(x) - start;
    return j >= 0 && j < n ? static_cast<int>(j) : -1;
  };
  int must = 0;   // nodes that cannot loop
  int leave = 0;  // nodes that may leave their loop
  for (int i = 0; i < n; ++i) {
    const int x = var(i);
    if (!ctx.keep_values(x, start, start + n - 1)) return false;
    if (!can_loop(i)) ++must;
    if (ctx.size(x) > 1 || !can_loop(i)) ++leave;
    const int j = successor(i);
    if (j < 0) continue;
    for (int k = 0; k < n; ++k)
      if (k != i && !ctx.remove_value(var(k), j + start)) return false;
  }
  if (leave == 0) return ctx.fail();
  if (sized && size_var &&
      !ctx.keep_values(static_cast<int>(size_value), must > 2 ? must : 2, leave))
    return false;
  if (sized && !size_var && (size_value < (must > 2 ? must : 2) || size_value > leave))
    return ctx.fail();
  for (int b = 0; b < n; ++b) {
    int e = b;
    int j = successor(b);
    if (j == b) continue;  // b loops
    int length = 1;        // nodes on the path b .. e
    int must_on = can_loop(b) ? 0 : 1;
    while (j >= 0 && j != b && length <= n) {
      e = j;
      ++length;
      if (!can_loop(e)) ++must_on;
      j = successor(e);
    }
    if (length > n) continue;  // a domain changed under the walk: the next round sees it
    if (j == b) {
      // A closed cycle: the circuit. Every node off it loops.
      if (sized && size_var && !ctx.keep_values(static_cast<int>(size_value), length, length))
        return false;
      if (!size_allows(length)) return ctx.fail(var(b));
      for (int i = 0; i < n; ++i) {
        bool on = i == b;
        for (int k = successor(b), steps = 0; !on && k >= 0 && k != b && steps < n; ++steps) {
          on = k == i;
          k = successor(k);
        }
        if (!on && !ctx.fix(var(i), ctx.index_of(var(i), i + start))) return false;
      }
      return true;
    }
    if (e == b) continue;  // b alone: its own loop is not a cycle of the circuit
    // The arc e -> b would close b .. e: keep it only if that cycle could be the circuit.
    // (must is a count from before the walk: more nodes may have lost their loop since, so
    // only fewer on the path than it proves that one outside cannot loop.)
    if (must_on >= must && size_allows(length)) continue;
    if (!ctx.remove_value(var(e), b + start)) return false;
  }
  return true;
}

}  // namespace arcwave::batch
