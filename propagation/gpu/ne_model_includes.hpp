// propagation/gpu/ne_model_includes.hpp — the headers ne_model.inl needs, included at global
// scope by each translation unit that instantiates it for a Thrust system.
#pragma once

#include <thrust/binary_search.h>
#include <thrust/copy.h>
#include <thrust/device_allocator.h>
#include <thrust/device_vector.h>
#include <thrust/equal.h>
#include <thrust/extrema.h>
#include <thrust/fill.h>
#include <thrust/for_each.h>
#include <thrust/functional.h>
#include <thrust/gather.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/permutation_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/logical.h>
#include <thrust/memory.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/scatter.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/transform.h>

#include <algorithm>
#include <cstdint>
#include <new>
#include <utility>
#include <vector>

#include "core/atomics.hpp"
#include "propagation/gpu/ac_gpu.hpp"
#include "propagation/network/compact_network.hpp"
#include "propagation/network/table_network.hpp"
