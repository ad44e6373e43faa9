// fuzz/parallel_check.hpp — the differential check of the XCSP fuzz targets: the input read on
// several threads, every table deferred and cut into parts of a few bytes, must give what the
// one-thread reading gave (the same error message, or as many constraints and tuples); a
// difference aborts, so that libFuzzer keeps the input.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "arcwave/error.hpp"
#include "parsers/input/byte_source.hpp"
#include "parsers/xcsp/xcsp_reader.hpp"

namespace arcwave::fuzz {

/// "error: MESSAGE", or the counts of the model read.
template <typename Read>
std::string outcome(std::string_view bytes, const XcspReadOptions& options, Read read) {
  try {
    auto source = memory_input("fuzz.xml", bytes);
    const XcspInstance inst = read(*source, options);
    return std::to_string(inst.model.constraints().size()) + " constraints, " +
           std::to_string(inst.tuples) + " tuples";
  } catch (const Error& e) {
    return std::string("error: ") + e.what();
  }
}

template <typename Read>
void check_parallel_reading(std::string_view bytes, Read read) {
  const std::string one = outcome(bytes, {.threads = 1}, read);
  const std::string several =
      outcome(bytes, {.threads = 3, .defer_bytes = 0, .split_bytes = 7}, read);
  if (one != several) std::abort();
}

}  // namespace arcwave::fuzz
