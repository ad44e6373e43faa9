// parsers/xcsp/xcsp21_predicates.hpp — XCSP 2.1 predicates: a <predicate> element (typed formal
// parameters and a functional body, parsed once) and the intension constraints that reference
// it with effective parameters (variables or integer constants).
#pragma once

#include <vector>

#include "arcwave/model.hpp"
#include "parsers/xcsp/xcsp21_symbols.hpp"
#include "parsers/xml/xml_stream.hpp"

namespace arcwave::xcsp21 {

/// Reads a <predicate> element: <parameters> "int X int Y ..." and
/// <expression><functional> body </functional></expression>.
PredicateDef read_predicate(const XmlNode& predicate);

/// The intension constraint of a <constraint> that references `def`: `parameters` is its
/// <parameters> child, `scope` the variables of its scope attribute. The constraint's scope is
/// the distinct variables of the effective parameters, in order of first appearance.
IntensionConstraint bind_predicate(PredicateDef& def, const XmlNode& parameters,
                                   const std::vector<int>& scope, const Symbols& symbols);

}  // namespace arcwave::xcsp21
