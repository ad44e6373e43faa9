// read_xcsp21 (parsers/xcsp/xcsp_reader.hpp): the XCSP 2.1 document reader of
// parsers/xcsp/xcsp21_document.hpp.
#include "parsers/xcsp/xcsp21_document.hpp"
#include "parsers/xcsp/xcsp_reader.hpp"

namespace arcwave {
XcspInstance read_xcsp21(ByteSource& source, const XcspReadOptions& options) {
  return xcsp21::read_document(source, options);
}
}  // namespace arcwave
