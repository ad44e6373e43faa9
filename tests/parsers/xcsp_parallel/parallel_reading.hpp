// tests/parsers/xcsp_parallel/parallel_reading.hpp — reading one document sequentially and in
// the parallel ways the tests force (several threads, every table deferred, tiny parts, a
// pending-text limit that makes the stream wait), and the outcome of a reading: the instance,
// or the error's type and complete message.
#pragma once

#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <typeinfo>
#include <vector>

#include "arcwave/error.hpp"
#include "parsers/input/byte_source.hpp"
#include "parsers/xcsp/xcsp_reader.hpp"

namespace arcwave::test {

inline constexpr XcspReadOptions kSequential{.threads = 1};

/// The parallel configurations every test compares with kSequential.
inline std::vector<XcspReadOptions> parallel_options() {
  return {
      {.threads = 4, .defer_bytes = 0, .split_bytes = 1},  // every tuple its own part
      {.threads = 2, .defer_bytes = 0, .split_bytes = 13},
      {.threads = 3, .defer_bytes = 0, .split_bytes = std::size_t{1} << 20},  // no cut
      {.threads = 4, .defer_bytes = 64, .split_bytes = 200, .max_pending_bytes = 1},
  };
}

inline std::string describe(const XcspReadOptions& o) {
  return "threads " + std::to_string(o.threads) + ", defer " + std::to_string(o.defer_bytes) +
         ", split " + std::to_string(o.split_bytes) + ", pending " +
         std::to_string(o.max_pending_bytes);
}

struct Outcome {
  std::optional<XcspInstance> instance;
  std::string error;  // "<type>: <what>" when the reading failed
};

inline Outcome read_outcome(const std::string& name, const std::string& bytes,
                            const XcspReadOptions& options) {
  Outcome o;
  try {
    const std::unique_ptr<ByteSource> source = memory_input(name, bytes);
    o.instance = read_xcsp(*source, options);
  } catch (const std::exception& e) {
    o.error = std::string(typeid(e).name()) + ": " + e.what();
  }
  return o;
}

inline Outcome read_outcome_file(const std::string& path, const XcspReadOptions& options) {
  Outcome o;
  try {
    o.instance = read_xcsp(path, options);
  } catch (const std::exception& e) {
    o.error = std::string(typeid(e).name()) + ": " + e.what();
  }
  return o;
}

}  // namespace arcwave::test
