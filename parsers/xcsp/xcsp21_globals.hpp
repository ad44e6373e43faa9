// parsers/xcsp/xcsp21_globals.hpp — XCSP 2.1 global constraints (reference="global:NAME") with
// their parameters in the abridged notation:
//   global:allDifferent  [ X0 X1 X2 ]            (no <parameters>: the scope)
//   global:weightedSum   [ { 2 X0 } { -1 X1 } ] <le/> 7
//   global:element       I [ X0 5 X2 ] V         (V = list[I], indices from 1)
// and, with the arguments of the Global Constraint Catalog in its order:
//   global:among         N [ X0 X1 ] [ 1 2 ]      (N of the variables take one of the values)
//   global:atleast       N [ X0 X1 ] 3            (at least N take the value; atmost: at most)
//   global:global_cardinality [ X0 X1 ] [ { 1 N1 } { 2 N2 } ]
//   global:nvalue        N [ X0 X1 X2 ]           (N distinct values)
//   global:cumulative    [ { O0 2 <nil/> 1 } { O1 D1 E1 H1 } ] L   (origin duration end height)
//   global:disjunctive   [ { O0 2 } { O1 D1 } ]
//   global:diffn         [ [ { X0 2 } { Y0 1 } ] [ { X1 1 } { Y1 3 } ] ]
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
