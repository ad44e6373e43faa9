// propagation/cpu/globals/circuit.hpp — circuit with loops: node i's successor is s[i] - start;
// s[i] = i + start puts i outside the circuit, the other arcs form exactly one cycle of at
// least two nodes (of `size` nodes when given). The successors are also all different: the
// factory posts the matching allDifferent beside this propagator.
//
// Not GAC (deciding a Hamiltonian cycle is NP-hard); this propagator enforces, to its own
// fixpoint:
//  - chains: every path a -> ... -> b of fixed arcs loses its closing arc b -> a unless that
//    cycle could be the whole circuit (every node outside the chain can loop, and the size
//    allows its length); a node fixed to loop at the end of a chain, two arcs into one node,
//    or two closed cycles fail; one closed cycle sends every other node to its loop (and fixes
//    the size);
//  - reachability: the cycle lies inside one strongly connected component of the possible
//    arcs (loops excluded), containing every node that cannot loop and at least max(2, size)
//    nodes: nodes outside such components loop, arcs between components go;
//  - size: at least max(2, number of nodes that cannot loop), at most the largest candidate
//    component; a size equal to the number of nodes that cannot loop sends the others to
//    their loops, and one equal to the only candidate component's size removes its loops.
// A pass is linear in the nodes and the domains.
#pragma once

#include <optional>
#include <vector>

#include "arcwave/model.hpp"
#include "propagation/cpu/globals/strong_components.hpp"
#include "propagation/cpu/propagator.hpp"

namespace arcwave::cpu {

class CircuitPropagator final : public Propagator {
 public:
  CircuitPropagator(int constraint, std::vector<int> scope, const CircuitConstraint& c,
                    const std::vector<Domain>& domains);
  bool propagate(Context& ctx) override;
  // Linear in the domains per pass, like the matching allDifferent beside it.
  [[nodiscard]] bool expensive() const override { return true; }

 private:
  bool once(Context& ctx, bool& changed);
  bool chains(Context& ctx, bool& changed, bool& closed);
  bool reachability(Context& ctx, bool& changed);
  bool restrict_size(Context& ctx, Value lo, Value hi, bool& changed);
  bool force_loop(Context& ctx, std::size_t i, bool& changed);
  bool remove(Context& ctx, int x, int a, bool& changed) {
    changed = true;
    return ctx.remove(x, a);
  }
  [[nodiscard]] int node(std::size_t i, int a) const {  // value index a of s[i] -> node or -1
    return target_[offset_[i] + static_cast<std::size_t>(a)];
  }
  [[nodiscard]] bool can_loop(const Domains& d, std::size_t i) const {
    return loop_[i] >= 0 && d.contains(succ_vars_[i], loop_[i]);
  }
  // Size bounds under the current domains, and whether the size may be `length`.
  [[nodiscard]] Value size_lo(const Domains& d) const;
  [[nodiscard]] Value size_hi(const Domains& d) const;
  [[nodiscard]] bool size_allows(const Domains& d, Value length) const;

  std::vector<int> succ_vars_;
  Value start_;
  std::optional<Operand> size_;
  const std::vector<Domain>* domains_;
  std::vector<std::size_t> offset_;
  std::vector<int> target_;
  std::vector<int> loop_;  // per node: value index of its own node, or -1
  std::vector<int> succ_, pred_, comp_size_;
  std::vector<std::uint8_t> mandatory_, visited_, candidate_;
  StrongComponents components_;
};

}  // namespace arcwave::cpu
