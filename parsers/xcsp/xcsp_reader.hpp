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
#include "parsers/input/byte_source.hpp"

namespace arcwave {

enum class XcspFormat : std::uint8_t { kXcsp21, kXcsp3 };
std::string_view to_string(XcspFormat format);

/// Counts an XCSP 2.1 file declares (nbVariables="…" etc.); absent for XCSP3.
struct XcspDeclaredCounts {
  std::optional<std::uint64_t> domains, variables, relations, predicates, constraints;
};

/// Where a reading spent its time (for `arcwave info` and the benchmarks).
struct XcspReadStats {
  unsigned threads = 1;             // threads the reading could use
  std::size_t tables_deferred = 0;  // tables read by the workers
  std::size_t parts = 0;            // parts of the tables cut for reading (0: none cut)
  double stream_seconds = 0;        // the XML stream, with the tables read on its thread
  double wait_seconds = 0;          // after the stream, waiting for (and helping) the workers
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

/// How a reading uses the cores. The defaults suit every file; tests force the others.
struct XcspReadOptions {
  /// Threads: 0 = the environment variable ARCWAVE_PARSE_THREADS when set, else every core;
  /// 1 = everything on the calling thread (the sequential reader).
  unsigned threads = 0;
  /// Tables of at least this many bytes of text are read by the workers.
  std::size_t defer_bytes = std::size_t{4} << 10;
  /// Tables longer than this are cut into parts of about this size, read in parallel.
  std::size_t split_bytes = std::size_t{1} << 20;
  /// Table text waiting for the workers beyond which the stream pauses (bounds the memory).
  std::size_t max_pending_bytes = std::size_t{64} << 20;
};

/// Reads `path` ("-" for standard input).
XcspInstance read_xcsp(const std::string& path, const XcspReadOptions& options = {});
/// Reads from an open source (its name is used in messages).
XcspInstance read_xcsp(ByteSource& source, const XcspReadOptions& options = {});

/// The format readers, on a source positioned at the document start.
XcspInstance read_xcsp21(ByteSource& source, const XcspReadOptions& options = {});
XcspInstance read_xcsp3(ByteSource& source, const XcspReadOptions& options = {});

}  // namespace arcwave
