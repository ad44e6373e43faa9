// instances/csp/sampling.hpp — drawing without replacement for the generators: distinct integers
// of a range, distinct variable pairs and scopes, distinct table tuples; all returned sorted, so
// that constraints and tuples come out in lexicographic order (as in the published families).
#pragma once

#include <cstdint>
#include <vector>

#include "instances/csp/rng.hpp"

namespace arcwave::gen {

/// `count` distinct integers of [0, population), increasing. InputError if count > population.
std::vector<std::uint64_t> sample_sorted(Rng& rng, std::uint64_t population, std::uint64_t count);

/// `count` distinct scopes of `arity` distinct variables among [0, n), each scope increasing,
/// the list in lexicographic order. InputError when fewer than `count` scopes exist.
std::vector<std::vector<int>> sample_scopes(Rng& rng, int n, int arity, std::uint64_t count);

/// `count` distinct tuples of [0, d)^arity (lexicographic order), flattened tuple-major.
/// `exclude` (optional, arity values) is never drawn. InputError on a table too large to hold.
std::vector<std::int32_t> sample_tuples(Rng& rng, int d, int arity, std::uint64_t count,
                                        const std::vector<std::int32_t>* exclude = nullptr);

/// d^arity, or nullopt-like UINT64_MAX when it exceeds 2^62.
std::uint64_t tuple_space(int d, int arity);

/// C(n, k), saturating at UINT64_MAX when it exceeds 2^62.
std::uint64_t binomial_saturated(int n, int k);

}  // namespace arcwave::gen
