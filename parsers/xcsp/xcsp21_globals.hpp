// parsers/xcsp/xcsp21_globals.hpp — XCSP 2.1 global constraints (reference="global:NAME") with
// their parameters in the abridged notation:
//   global:allDifferent  [ X0 X1 X2 ]            (no <parameters>: the scope)
//   global:weightedSum   [ { 2 X0 } { -1 X1 } ] <le/> 7
//   global:element       I [ X0 5 X2 ] V         (V = list[I], indices from 1)
// Any other global constraint is Unsupported.
#pragma once

#include <string_view>
#include <vector>

#include "arcwave/model.hpp"
#include "parsers/xcsp/xcsp21_symbols.hpp"
#include "parsers/xml/xml_stream.hpp"

namespace arcwave::xcsp21 {

/// Is `reference` "global:NAME" for this lower-case name, in any letter case (writers disagree:
/// global:allDifferent, global:alldifferent)?
bool is_global(std::string_view reference, std::string_view lower_name);

/// The constraint of a <constraint> element whose reference is "global:NAME"; `scope` holds
/// the variables of its scope attribute (parameters may only use those).
Constraint read_global(const XmlNode& constraint, std::string_view reference,
                       const std::vector<int>& scope, const Symbols& symbols);

}  // namespace arcwave::xcsp21
