// XCSP3 reader — being written (see issue 2); until then it reports itself unsupported.
#include "arcwave/error.hpp"
#include "parsers/xcsp/xcsp_reader.hpp"

namespace arcwave {
XcspInstance read_xcsp3(ByteSource& source) {
  throw Unsupported(SourcePosition{source.name()}, "XCSP3 (reader not written yet)");
}
}  // namespace arcwave
