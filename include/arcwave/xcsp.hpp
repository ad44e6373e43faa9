// arcwave/xcsp.hpp — reading an XCSP 2.1 or XCSP3 instance into a Model (arcwave/model.hpp),
// with what the file says about itself and where the reading spent its time.
//
//   const arcwave::XcspFile f = arcwave::read_xcsp_file("queens-8.xml");
//   // f.model, to_string(f.format) == "XCSP3", f.seconds, f.stats.threads
//   arcwave::Solver solver(f.model);
//
// The file may be compressed (.lzma, .xz, .bz2, .gz, detected by content); "-" reads standard
// input. Uncompressed files are memory-mapped. Tables (most of the bytes) are read on all cores
// while libxml2 streams the rest; the model and the error messages are those of a one-thread
// reading. Cost: O(file size); memory: the model, plus at most max_pending_bytes of table text.
// Throws InputError (FILE:LINE:COLUMN) on bad input, Unsupported for XCSP3 features arcwave does
// not implement.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "arcwave/model.hpp"

namespace arcwave {

enum class XcspFormat : std::uint8_t { kXcsp21, kXcsp3 };
/// "XCSP 2.1" or "XCSP3".
std::string_view to_string(XcspFormat format);

/// Where a reading spent its time.
struct XcspReadStats {
  unsigned threads = 1;             // threads the reading could use
  std::size_t tables_deferred = 0;  // tables read by the workers
  std::size_t parts = 0;            // parts of the tables cut for reading (0: none cut)
  double stream_seconds = 0;        // the XML stream, with the tables read on its thread
  double wait_seconds = 0;          // after the stream, waiting for (and helping) the workers
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

/// An instance as read from its file.
struct XcspFile {
  Model model;
  XcspFormat format = XcspFormat::kXcsp3;
  std::string type = "CSP";  // the XCSP3 type attribute (CSP, COP); "CSP" for XCSP 2.1
  std::string name;          // the XCSP 2.1 presentation name, when there is one
  std::uint64_t tuples = 0;  // table tuples read (relations, extension tables), as stored
  double seconds = 0;        // wall clock of the whole reading
  XcspReadStats stats;
};

/// Reads `path` ("-" for standard input); see the header comment.
XcspFile read_xcsp_file(const std::string& path, const XcspReadOptions& options = {});

}  // namespace arcwave
