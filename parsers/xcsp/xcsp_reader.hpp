// parsers/xcsp/xcsp_reader.hpp — reading XCSP 2.1 and XCSP3 instances into a Model.
//
// read_xcsp() opens a file (compressed or not), tells the format from the root element and
// streams the document through the matching reader. Errors are InputError (FILE:LINE:COL,
// exit code 2) or Unsupported (exit code 3, for XCSP3 features arcwave does not implement).
//
// Tables are read on all cores while the stream goes on (parsers/xcsp/table_jobs.hpp): the
// model and the errors are those of a sequential reading, whatever the number of threads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "arcwave/model.hpp"
#include "arcwave/xcsp.hpp"  // XcspFormat, XcspReadStats, XcspReadOptions
#include "parsers/input/byte_source.hpp"

namespace arcwave {

/// Counts an XCSP 2.1 file declares (nbVariables="…" etc.); absent for XCSP3.
struct XcspDeclaredCounts {
  std::optional<std::uint64_t> domains, variables, relations, predicates, constraints;
};

struct XcspInstance {
  Model model;
  XcspFormat format = XcspFormat::kXcsp3;
  std::string type = "CSP";  // XCSP3 type attribute (CSP, COP); "CSP" for XCSP 2.1
  std::string name;          // XCSP 2.1 presentation name, when present
  XcspDeclaredCounts declared;
  std::uint64_t tuples = 0;  // table tuples read (relations / extension tables), as stored
  std::optional<std::int64_t> declared_max_satisfiable;  // XCSP 2.1 maxSatisfiableConstraints
  std::optional<std::string> declared_solution;          // XCSP 2.1 presentation solution="…"
  XcspReadStats stats;
};

/// Reads `path` ("-" for standard input).
XcspInstance read_xcsp(const std::string& path, const XcspReadOptions& options = {});
/// Reads from an open source (its name is used in messages).
XcspInstance read_xcsp(ByteSource& source, const XcspReadOptions& options = {});

/// The format readers, on a source positioned at the document start.
XcspInstance read_xcsp21(ByteSource& source, const XcspReadOptions& options = {});
XcspInstance read_xcsp3(ByteSource& source, const XcspReadOptions& options = {});

}  // namespace arcwave
