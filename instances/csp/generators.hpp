// instances/csp/generators.hpp — CSP instance generators (fixed seeds give the same model on
// every machine): n-queens, random RB-model networks, composed networks, random networks of
// any arity, latin squares / quasigroup completion, Langford. Used by tests, benchmarks and the
// `arcwave-gen` tool that writes them as XCSP3 or XCSP 2.1 files.
#pragma once

#include <cstdint>

#include "arcwave/model.hpp"

namespace arcwave::gen {

/// How n-queens is stated: pairwise intension constraints, pairwise extension tables, or one
/// allDifferent plus diagonal intensions.
enum class QueensEncoding : std::uint8_t { kIntension, kExtension, kAllDifferent };
Model queens(int n, QueensEncoding encoding = QueensEncoding::kIntension);

/// RB model (Xu & Li): n variables of domain size d, e binary constraints on distinct random
/// pairs, each forbidding round(tightness * d * d) random tuples (conflict tables).
struct RbParams {
  int n = 40;
  int d = 8;
  int e = 100;
  double tightness = 0.5;
  std::uint64_t seed = 1;
  bool supports = false;  // state the tables as supports instead of conflicts
};
Model rb(const RbParams& params);

/// Composed networks (Lecoutre's composed-n-s-k families): a main random component plus
/// satellites linked to it; see the implementation for the exact construction.
struct ComposedParams {
  int main_vars = 25;
  int satellites = 1;
  int satellite_vars = 10;
  int domain = 10;
  std::uint64_t seed = 1;
};
Model composed(const ComposedParams& params);

/// Random network of a given arity: n variables (domain size d), `constraints` extension
/// constraints on random scopes, each keeping a random (1 - tightness) share of all tuples.
struct RandomParams {
  int n = 10;
  int d = 4;
  int arity = 2;
  int constraints = 20;
  double tightness = 0.3;
  std::uint64_t seed = 1;
};
Model random_network(const RandomParams& params);

/// Latin square of order n with a share of cells pre-assigned from a random latin square
/// (quasigroup with holes: always satisfiable); holes = 1.0 leaves every cell free.
Model latin_square(int n, double holes, std::uint64_t seed, bool use_all_different = true);

/// Langford's problem L(k, n): k copies of 1..n in a row, the copies of i i+1 apart.
Model langford(int k, int n);

}  // namespace arcwave::gen
