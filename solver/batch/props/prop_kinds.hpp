// solver/batch/props/prop_kinds.hpp — the kinds of device propagators of the batched search
// (one file each in solver/batch/props/), as BatchNetwork::prop_kind numbers them.
#pragma once

namespace arcwave::batch {

enum PropKind : int {
  kPropSum = 0,       // sum.hpp
  kPropAllDifferent,  // all_different.hpp
  kPropCount,         // count.hpp
  kPropExtremum,      // extremum.hpp
  kPropElement,       // element.hpp
  kPropKindCount
};

}  // namespace arcwave::batch
