// solver/batch/props/dispatch.hpp — runs device propagator p of the network (its kind's function
// from solver/batch/props/) on one thread of the group. False: it emptied a domain.
#pragma once

#include "solver/batch/props/all_different.hpp"
#include "solver/batch/props/all_equal.hpp"
#include "solver/batch/props/bin_packing.hpp"
#include "solver/batch/props/channel.hpp"
#include "solver/batch/props/circuit.hpp"
#include "solver/batch/props/count.hpp"
#include "solver/batch/props/cumulative.hpp"
#include "solver/batch/props/element.hpp"
#include "solver/batch/props/extremum.hpp"
#include "solver/batch/props/intension.hpp"
#include "solver/batch/props/lex.hpp"
#include "solver/batch/props/n_values.hpp"
#include "solver/batch/props/no_overlap.hpp"
#include "solver/batch/props/ordered.hpp"
#include "solver/batch/props/precedence.hpp"
#include "solver/batch/props/prop_context.hpp"
#include "solver/batch/props/prop_kinds.hpp"
#include "solver/batch/props/regular.hpp"
#include "solver/batch/props/sum.hpp"

namespace arcwave::batch {

template <class G>
ARCWAVE_HD bool run_prop(PropContext<G>& ctx, int kind, const long long* data) {
  switch (kind) {
    case kPropSum:
      return propagate_sum(ctx, data);
    case kPropAllDifferent:
      return propagate_all_different(ctx, data);
    case kPropCount:
      return propagate_count(ctx, data);
    case kPropExtremum:
      return propagate_extremum(ctx, data);
    case kPropElement:
      return propagate_element(ctx, data);
    case kPropIntension:
      return propagate_intension(ctx, data);
    case kPropOrdered:
      return propagate_ordered(ctx, data);
    case kPropLex:
      return propagate_lex(ctx, data);
    case kPropAllEqual:
      return propagate_all_equal(ctx, data);
    case kPropCumulative:
      return propagate_cumulative(ctx, data);
    case kPropNoOverlap:
      return propagate_no_overlap(ctx, data);
    case kPropNValues:
      return propagate_n_values(ctx, data);
    case kPropCircuit:
      return propagate_circuit(ctx, data);
    case kPropRegular:
      return propagate_regular(ctx, data);
    case kPropChannel:
      return propagate_channel(ctx, data);
    case kPropPrecedence:
      return propagate_precedence(ctx, data);
    case kPropBinPacking:
      return propagate_bin_packing(ctx, data);
    default:
      return true;
  }
}

}  // namespace arcwave::batch
