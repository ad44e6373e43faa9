// propagation/gpu/gpu_engine.hpp — the MAC search's Engine (propagation/engine/engine.hpp) on
// the GPU: AC4GPU+ with domains, counters and trail resident on the device (DeviceAc), and a
// host mirror of the domains kept in step by copying back only the values each decision
// deleted. An assignment or a backtrack costs device work proportional to what changed.
//
// The model is compiled to a binary compact network (make_compact_network: the relations' bits
// go to the device, BuildNE expands them there); n-ary tables, and
// objectives other than a single variable, are Unsupported here (--backend auto then uses
// the CPU engine and says why).
#pragma once

#include <memory>

#include "arcwave/model.hpp"
#include "propagation/engine/engine.hpp"

namespace arcwave {

/// Throws Unsupported (the model does not fit the N-E model) or ResourceError (no GPU, or the
/// N-E model does not fit the device memory).
std::unique_ptr<Engine> make_gpu_engine(const Model& model);

}  // namespace arcwave
