// propagation/cpu/globals/cumulative.hpp — cumulative with the condition (le, capacity) or
// (lt, capacity), the capacity a constant or a variable: at every time, the heights of the
// tasks running then add up to at most the capacity (heights are non-negative here). Bounds
// reasoning by time-tabling on the profile of compulsory parts (task i surely runs over
// [max s_i, min s_i + min l_i) with at least min h_i), repeated to a fixpoint:
//   - a profile above the capacity's maximum fails; the capacity's minimum rises to the profile's
//     peak (to 0 once some task surely has a positive length);
//   - a start loses the positions where the task, with its minimum length and height, would push
//     the profile (without its own part) over the capacity (a range removal per segment);
//   - a height's maximum is cut to what the profile leaves free over the task's compulsory part;
//   - a length's maximum is cut so that the task ends before the first time after its latest
//     start where it cannot run;
//   - with a negative capacity no task may have a positive length;
//   - with ends: e_i = s_i + l_i by bounds on all three.
// Once every variable is fixed the compulsory parts are the tasks themselves, so the profile
// check is exact.
#pragma once

#include <vector>

#include "arcwave/model.hpp"
#include "propagation/cpu/globals/value_bounds.hpp"
#include "propagation/cpu/propagator.hpp"

namespace arcwave::cpu {

class CumulativePropagator final : public Propagator {
 public:
  struct Task {
    Term start, length, height, end;  // end: a variable, or unused when has_end is false
    bool has_end = false;
  };
  /// `strict`: the condition is lt (the load stays below the capacity).
  CumulativePropagator(int constraint, std::vector<int> scope, std::vector<Task> tasks,
                       Term capacity, bool strict);
  bool propagate(Context& ctx) override;
  /// Runs after the cheap propagators (sums, binary constraints) have settled the bounds.
  [[nodiscard]] bool expensive() const override { return true; }

 private:
  struct Segment {
    Value from, to, load;  // [from, to)
  };
  struct Bounds {
    Value smin, smax, lmin, hmin;
    [[nodiscard]] bool compulsory() const { return lmin > 0 && hmin > 0 && smax < smin + lmin; }
  };
  bool ends(Context& ctx, bool& changed);
  void build_profile();
  // The load over segment k without task t's own compulsory part.
  [[nodiscard]] Value others(std::size_t k, std::size_t t) const;
  bool filter_task(Context& ctx, std::size_t t, Value cap, bool& changed);

  std::vector<Task> tasks_;
  Term capacity_;
  bool strict_;
  std::vector<Bounds> b_;
  std::vector<Segment> profile_;
};

}  // namespace arcwave::cpu
