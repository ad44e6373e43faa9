// instances/csp/writers/xcsp_writer.hpp — writes a Model as an XCSP3 or XCSP 2.1 document.
//
// Output is streamed (a buffer of 1 MB, then the stream), so instances of hundreds of MB are
// never built in memory. XCSP3: one array or var per declaration, extension tables shared by
// several constraints as a <group> (written where the first of them stands), intension through
// Expr::to_string with the variables' names, allDifferent, sum, element, instantiation and the
// objective. XCSP 2.1: shared domains, one relation per table, one predicate per expression
// shape (its constants become parameters, so `ne(abs(sub(X0,X1)),X2)` serves every queens
// pair), XCSP3-only operators rewritten (dist, sqr, imp, in, n-ary forms), allDifferent,
// weightedSum and element as global constraints. What a format cannot state is Unsupported.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "arcwave/model.hpp"

namespace arcwave::gen {

enum class XcspDialect : std::uint8_t { kXcsp3, kXcsp21 };

/// "xcsp3" or "xcsp21" (also "xcsp2.1", "2.1", "3"), case-sensitive; nullopt otherwise.
std::optional<XcspDialect> parse_dialect(std::string_view text);

struct WriteOptions {
  std::string name = "arcwave";  // XCSP 2.1 presentation name; an XCSP3 comment
  std::string comment;           // optional: a comment line (how the file was made)
};

void write_xcsp3(const Model& model, std::ostream& out, const WriteOptions& options = {});
void write_xcsp21(const Model& model, std::ostream& out, const WriteOptions& options = {});
void write_xcsp(const Model& model, XcspDialect dialect, std::ostream& out,
                const WriteOptions& options = {});

/// Writes `path` ("-": standard output) through a temporary file renamed on success, so that a
/// failure leaves no partial file behind.
void write_xcsp_file(const Model& model, XcspDialect dialect, const std::string& path,
                     const WriteOptions& options = {});

}  // namespace arcwave::gen
