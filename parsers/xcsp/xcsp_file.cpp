// read_xcsp_file (include/arcwave/xcsp.hpp): the reader's instance, timed, as the public API
// shows it.
#include <utility>

#include "arcwave/xcsp.hpp"
#include "core/timer.hpp"
#include "parsers/xcsp/xcsp_reader.hpp"

namespace arcwave {

XcspFile read_xcsp_file(const std::string& path, const XcspReadOptions& options) {
  const Stopwatch clock;
  XcspInstance inst = read_xcsp(path, options);
  XcspFile file;
  file.seconds = clock.seconds();
  file.model = std::move(inst.model);
  file.format = inst.format;
  file.type = std::move(inst.type);
  file.name = std::move(inst.name);
  file.tuples = inst.tuples;
  file.stats = inst.stats;
  return file;
}

}  // namespace arcwave
