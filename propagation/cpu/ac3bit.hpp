// propagation/cpu/ac3bit.hpp — bitset AC3 with residual supports (AC3bit+rm, Lecoutre & Vion
// 2008) over all the binary constraints of a network, variable-oriented: when D(x) shrinks,
// every neighbour y is revised against x along each constraint (x, y). A value's supports are a
// bitset row; a value stays while its row meets D(x), the word where a support was last found
// (the residue) being tried first; residues need no restoring on backtrack. Two shortcuts:
//  - a revision is skipped while fewer values have left x than the smallest number of supports
//    a value of y has in D0(x) (each value of y then keeps one);
//  - when D(x) is small (after a decision it is one value) D(y) is intersected with the union of
//    the rows of x's remaining values, a few word operations instead of one test per value.
// The changed variables are read from the domains' removal log (as AC4 reads its deletions), so
// one engine propagator runs the whole binary network to its fixpoint.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "propagation/cpu/propagator.hpp"
#include "propagation/indexed/bit_relation.hpp"

namespace arcwave::cpu {

/// A binary constraint: `xy` rows are values of x with bits over values of y; `yx` is its
/// transpose (both may be shared between constraints with the same relation).
struct BinaryConstraint {
  int constraint;
  int x, y;
  std::shared_ptr<const BitRelation> xy, yx;
};

class Ac3BitPropagator final : public Propagator {
 public:
  Ac3BitPropagator(const Domains& domains, const std::vector<BinaryConstraint>& constraints);
  bool propagate(Context& ctx) override;
  void backtrack(const Domains& domains, std::size_t mark) override;

 private:
  // Revising `target` when `source` changed, along one constraint.
  struct Arc {
    int source;
    int target;
    int constraint;
    int min_support;               // fewest supports a value of target has in D0(source)
    const BitRelation* of_target;  // rows: target values, bits: source values
    const BitRelation* of_source;  // rows: source values, bits: target values
    std::size_t residues;          // offset into residues_, one per target value
  };

  // Revises the neighbours of x against D(x); false on a wipe-out.
  bool process(Context& ctx, int x);
  bool revise_by_residues(Context& ctx, const Arc& arc);
  bool revise_by_union(Context& ctx, const Arc& arc);

  std::vector<std::shared_ptr<const BitRelation>> relations_;  // keeps the arcs' rows alive
  std::vector<Arc> arcs_;                                      // grouped by source
  std::vector<std::size_t> arcs_offset_;                       // per variable, into arcs_
  std::vector<std::int32_t> residues_;  // word index of the last support found
  std::vector<std::uint64_t> mask_;     // scratch: union of rows

  std::size_t processed_ = 0;  // removal-log entries read
  // x was last revised against when the log had done_pos_[x] entries, in generation
  // done_gen_[x] (a backtrack starts a new generation: positions after it are reused).
  std::vector<std::size_t> done_pos_;
  std::vector<std::uint64_t> done_gen_;
  std::uint64_t generation_ = 1;
  bool first_ = true;
};

}  // namespace arcwave::cpu
