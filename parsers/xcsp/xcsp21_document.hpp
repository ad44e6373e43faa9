// parsers/xcsp/xcsp21_document.hpp — reads a whole XCSP 2.1 document into an XcspInstance
// (what read_xcsp21 in parsers/xcsp/xcsp_reader.hpp does).
#pragma once

#include "parsers/input/byte_source.hpp"
#include "parsers/xcsp/xcsp_reader.hpp"

namespace arcwave::xcsp21 {

/// Reads the document from `source` (positioned at its start). Errors: InputError at
/// FILE:LINE:COL, Unsupported for weighted CSP, soft relations and other global constraints,
/// ResourceError for domains larger than the limits of parsers/xcsp/xcsp21_text.hpp.
XcspInstance read_document(ByteSource& source, const XcspReadOptions& options = {});

}  // namespace arcwave::xcsp21
