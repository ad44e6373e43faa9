// parsers/xcsp/xcsp21_constraints.hpp — one XCSP 2.1 <constraint> element into the model: its
// scope, and what its reference names (a relation, a predicate or a global constraint).
#pragma once

#include "arcwave/model.hpp"
#include "parsers/xcsp/xcsp21_symbols.hpp"
#include "parsers/xml/xml_stream.hpp"

namespace arcwave::xcsp21 {

/// Reads a <constraint name= arity= scope= reference=> element and adds its constraint to
/// `model`; returns its arity (the number of variables of its scope).
std::size_t read_constraint(const XmlNode& constraint, Symbols& symbols, Model& model);

}  // namespace arcwave::xcsp21
