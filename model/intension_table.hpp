// model/intension_table.hpp — the table of an intension constraint, for the propagators that
// work on tables, when the product of its domain sizes is small enough.
#pragma once

#include <cstddef>
#include <memory>

#include "arcwave/model.hpp"

namespace arcwave {

inline constexpr std::size_t kDefaultIntensionTableLimit = 1'000'000;

/// Enumerates the Cartesian product of the scope's domains and keeps the satisfying tuples
/// (a support table) or, when fewer, the violating ones (a conflict table). Returns nullptr when
/// the product exceeds `limit` or a domain value does not fit a 32-bit table cell.
std::shared_ptr<const Table> intension_to_table(const Model& model, const IntensionConstraint& c,
                                                std::size_t limit = kDefaultIntensionTableLimit);

}  // namespace arcwave
