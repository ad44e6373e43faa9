// instances/csp/generators.hpp — CSP instance generators (fixed seeds give the same model on
// every machine): n-queens, random RB-model networks, composed networks, random networks of
// any arity, latin squares / quasigroup completion, Langford. Used by tests, benchmarks and the
// `arcwave-gen` tool that writes them as XCSP3 or XCSP 2.1 files.
//
// Every generator names its variables as one XCSP3 array (q[], x[], p[][]), draws with
// gen::Rng (instances/csp/rng.hpp) and states its tables in lexicographic order. Bad parameters
// are InputError.
#pragma once

#include <cstdint>
#include <vector>

#include "arcwave/model.hpp"

namespace arcwave::gen {

/// How n-queens is stated: pairwise intension constraints, pairwise extension tables, or one
/// allDifferent plus diagonal intensions. Variables q[0..n-1], domains 0..n-1 (q[i] = column
/// of the queen of row i).
enum class QueensEncoding : std::uint8_t { kIntension, kExtension, kAllDifferent };
Model queens(int n, QueensEncoding encoding = QueensEncoding::kIntension);

/// RB model (Xu & Li): n variables of domain size d, e binary constraints on distinct random
/// pairs, each forbidding round(tightness * d * d) random tuples (conflict tables), drawn
/// without replacement. rand-2-40-180-84-900 is {n 40, d 180, e 84, tightness 0.9}.
struct RbParams {
  int n = 40;
  int d = 8;
  int e = 100;
  double tightness = 0.5;
  std::uint64_t seed = 1;
  bool supports = false;  // state the tables as supports (the complement): the same network
  bool forced = false;    // plant a random solution whose pairs are never forbidden (frb-style)
};
Model rb(const RbParams& params);
/// The solution planted by rb() when params.forced (value of x[i] at index i).
std::vector<Value> rb_forced_solution(const RbParams& params);

/// Composed networks (Lecoutre's composed-m-n-k families): a main random component of m
/// variables (main_constraints conflict tables of tightness main_tightness), n satellites of
/// satellite_vars variables (satellite_constraints support tables, tightness
/// satellite_tightness: small over-constrained pieces), and k = links random binary conflict
/// constraints between each satellite and the main component. All domains are 0..domain-1;
/// constraints are on distinct pairs. The defaults reproduce the shape of composed-25-1-25.
struct ComposedParams {
  int main_vars = 25;  // m
  int satellites = 1;  // n
  int links = 25;      // k, per satellite
  int satellite_vars = 8;
  int domain = 10;
  int main_constraints = 200;  // 8 m in the published families
  int satellite_constraints = 22;
  double main_tightness = 0.15;
  double satellite_tightness = 0.65;
  double link_tightness = 0.05;
  std::uint64_t seed = 1;
};
Model composed(const ComposedParams& params);
/// Parameters of composed-m-n-k as published (matching the files of that name in shape: 8 m
/// main constraints; satellite tightness 0.65 with one satellite, 0.5 with several, as in
/// composed-25-10-20).
ComposedParams composed_family(int m, int n, int k, std::uint64_t seed);

/// Random network of a given arity: n variables (domain size d), `constraints` extension
/// constraints on distinct random scopes, each keeping a random (1 - tightness) share of all
/// tuples as supports (d^arity - round(tightness d^arity) tuples, drawn without replacement).
struct RandomParams {
  int n = 10;
  int d = 4;
  int arity = 2;
  int constraints = 20;
  double tightness = 0.3;
  std::uint64_t seed = 1;
};
Model random_network(const RandomParams& params);

/// A random latin square of order n (row-major, symbols 0..n-1): the cyclic square moved by
/// Jacobson–Matthews steps. n <= kMaxLatinOrder.
inline constexpr int kMaxLatinOrder = 256;
std::vector<int> random_latin_square(int n, std::uint64_t seed);

/// Latin square of order n with a share of cells pre-assigned from random_latin_square(n, seed)
/// (quasigroup with holes: always satisfiable); holes = 1.0 leaves every cell free. Variables
/// x[r][c], domain 0..n-1 for holes and the planted symbol alone for pre-assigned cells; rows
/// and columns are allDifferent, or pairwise `ne` intensions when !use_all_different.
Model latin_square(int n, double holes, std::uint64_t seed, bool use_all_different = true);

/// Langford's problem L(k, n): k copies of 1..n in a row, the copies of i i+1 apart.
/// Variables p[i][j] = position (0..kn-1) of copy j of number i+1; p[i][j+1] = p[i][j] + i + 2
/// (intension), all positions distinct (allDifferent, or pairwise `ne` when
/// !use_all_different). A sequence and its reverse are two solutions of the model.
Model langford(int k, int n, bool use_all_different = true);

}  // namespace arcwave::gen
