// propagation/cpu/globals/boxes_projection.hpp — a redundant view of a 2-D noOverlap on one axis
// (the "time" axis t; the other axis y is the "resource"): every box lies inside the bounding box
// of the current bounds, whose height C along y is the capacity of the projection. Rules, to a
// fixpoint:
//   - time-tabling: the boxes' compulsory parts along t, with their minimum heights, never
//     stack above C (fails otherwise), and a box's origin leaves the positions where it would
//     push that profile (without its own part) above C;
//   - no waste: the bounding box has C x T cells and the boxes cover at least sum(min area) of
//     them, so at most S = C x T - sum(min area) cells stay empty. Over an interval [a, b) of
//     t between two of the boxes' earliest starts and latest ends, a box covers at most its
//     largest height times its largest overlap with [a, b) from any origin (energetic
//     reasoning's maximal intersection); when the cells left over exceed S there is no
//     packing, and when they would exceed S without box i, box i must reach into [a, b) (its
//     origin is cut to a - max length + 1 .. b - 1 and its sizes to what the interval needs).
// Pairwise separation (no_overlap_boxes.hpp) cannot see either: both are sums over many boxes
// (a column that nothing can fill, a pile of compulsory parts taller than the strip).
// A box whose lengths may be 0 adds nothing to the profile or to the covered cells (it may
// still cover some: the largest overlaps count it).
// A box's smallest area is the product of its sizes' minima, or, when a table ties its two
// sizes (a rotation: (w, h) in {(2, 12), (12, 2)}), the smallest product of a pair that table
// allows among the values left: 24 rather than 4, which is what makes the no-waste rule bite
// before the orientations are chosen.
// The bounding box ends where a box can end at most: o + l for the largest origin and length
// unless the model ties them (a relation or table over the two, or a sum o + l <= c, or
// o + l <= H for a variable H): a strip 20 wide stated as y <= 20 - h leaves y.max + h.max =
// 30 by bounds, a capacity at which neither rule bites; the pairs it allows give 20.
#pragma once

#include <memory>
#include <utility>
#include <vector>

#include "arcwave/model.hpp"
#include "propagation/cpu/globals/value_bounds.hpp"
#include "propagation/cpu/propagator.hpp"
#include "propagation/indexed/indexed_model.hpp"

namespace arcwave::cpu {

class BoxesProjectionPropagator final : public Propagator {
 public:
  __extension__ typedef __int128 Wide;  // areas of boxes up to 2^40 on a side
  /// The no-waste rule looks at every interval between two event points up to this many
  /// points (2 per box), at consecutive ones beyond.
  static constexpr std::size_t kAllIntervalsUpTo = 64;
  struct Box {
    Term t, length, y, height;  // origin and length along t, origin and length along y
  };
  BoxesProjectionPropagator(int constraint, std::vector<int> scope, std::vector<Box> boxes);
  bool propagate(Context& ctx) override;
  [[nodiscard]] bool expensive() const override { return true; }
  /// The (length, height) pairs of value indices box `i` may take (from a table on both).
  void restrict_sizes(std::size_t i, std::vector<std::pair<int, int>> pairs);
  [[nodiscard]] const std::vector<Box>& boxes() const noexcept { return boxes_; }
  /// Axis 0: the box's origin and length along t; axis 1: along y.
  [[nodiscard]] std::pair<Term, Term> along(std::size_t i, int axis) const {
    const Box& b = boxes_[i];
    return axis == 0 ? std::pair{b.t, b.length} : std::pair{b.y, b.height};
  }
  /// The (origin, length) pairs of value indices box `i` may take along `axis`.
  void restrict_ends(std::size_t i, int axis, std::vector<std::pair<int, int>> pairs);
  /// Box `i` ends at most at `bound`'s largest value + `offset` along `axis` (a constant
  /// `bound`: a fixed end).
  void cap_end(std::size_t i, int axis, Term bound, Value offset);
  /// The largest end of box `i` along `axis` (origin + length) the ties allow.
  [[nodiscard]] Value largest_end(const Domains& d, std::size_t i, int axis) const;

 private:
  struct Bounds {
    Value tmin, tmax, lmin, lmax, hmin, hmax, emax;  // emax: the largest end along t
    [[nodiscard]] bool compulsory() const { return lmin > 0 && hmin > 0 && tmax < tmin + lmin; }
  };
  struct Segment {
    Value from, to, load;  // [from, to)
  };
  void read(const Domains& d);
  bool time_table(Context& ctx, Value capacity, bool& changed);
  bool no_waste(Context& ctx, Value capacity, bool& changed);
  [[nodiscard]] Value min_area(const Domains& d, std::size_t i) const;
  // The no-waste rule over the intervals between event points, in Int arithmetic.
  template <typename Int>
  bool intervals(Context& ctx, Value capacity, Int slack, std::vector<Int>& reach, bool& changed);
  // The most cells box i can cover of [a, z) x the strip.
  template <typename Int>
  [[nodiscard]] Int most_inside(std::size_t i, Value a, Value z) const;

  std::vector<Box> boxes_;
  std::vector<Bounds> b_;
  std::vector<std::pair<Value, Value>> events_;
  std::vector<Segment> profile_;
  std::vector<Value> points_;
  std::vector<Wide> reach_;  // per box: most_inside for the interval at hand
  std::vector<Value> reach_small_;
  std::vector<std::size_t> near_;  // the boxes that can reach beyond an interval's start
  std::vector<std::vector<std::pair<int, int>>> sizes_;        // per box; empty: not tied
  std::vector<std::vector<std::pair<Value, Value>>> present_;  // sizes_ left, as values
  struct EndTie {
    std::vector<std::pair<int, int>> pairs;  // (origin, length) indices, largest end first
    std::vector<std::pair<Term, Value>> caps;
  };
  std::vector<EndTie> ends_[2];  // per axis, per box
};

/// Gives each projection propagator the size pairs that the model's tables (binary relations
/// and support tables over both sizes of a box) allow, and the (origin, length) pairs and end
/// caps that its relations, tables and sums give along each axis.
void tie_boxes(const std::vector<std::unique_ptr<Propagator>>& propagators,
               const IndexedModel& model);

}  // namespace arcwave::cpu
