// instances/csp/writers/xml_text.hpp — pieces both XCSP writers share: identifiers, domains as
// values and ranges, comment text.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "arcwave/model.hpp"
#include "instances/csp/writers/text_out.hpp"

namespace arcwave::gen {

/// A letter, then letters, digits and '_' (the identifiers of XCSP3 and XCSP 2.1).
bool is_identifier(std::string_view name);

/// A sorted domain as values and ranges: "0..7", "1 3 5", "0..3 8 10..12" (runs of three or
/// more values become ranges).
void write_domain(TextOut& out, const std::vector<Value>& domain);

/// Text safe inside <!-- --> (no "--").
std::string comment_text(std::string_view text);

}  // namespace arcwave::gen
