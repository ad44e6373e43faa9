// parsers/xcsp/xcsp_reader.hpp — reading XCSP 2.1 and XCSP3 instances into a Model.
//
// read_xcsp() opens a file (compressed or not), tells the format from the root element and
// streams the document through the matching reader. Errors are InputError (FILE:LINE:COL,
// exit code 2) or Unsupported (exit code 3, for XCSP3 features arcwave does not implement).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "arcwave/model.hpp"
#include "parsers/input/byte_source.hpp"

namespace arcwave {

enum class XcspFormat : std::uint8_t { kXcsp21, kXcsp3 };
std::string_view to_string(XcspFormat format);

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
};

/// Reads `path` ("-" for standard input).
XcspInstance read_xcsp(const std::string& path);
/// Reads from an open source (its name is used in messages).
XcspInstance read_xcsp(ByteSource& source);

/// The format readers, on a source positioned at the document start.
XcspInstance read_xcsp21(ByteSource& source);
XcspInstance read_xcsp3(ByteSource& source);

}  // namespace arcwave
