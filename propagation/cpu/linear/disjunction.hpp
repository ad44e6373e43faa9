// propagation/cpu/linear/disjunction.hpp — a disjunction of linear literals (sum <= 0, = 0,
// != 0): disjunctive pairs `or(le(add(s1,d1),s2), le(add(s2,d2),s1))`, with a machine or
// resource condition `or(ne(m1,m2), ...)`, implications `imp(eq(a,b), eq(c,d))`, `in` sets.
//
// GAC, literal by literal: a value of x has a support iff some literal that is not false has one
// with x at that value (the literals may share variables: only one of them has to hold). So
//  - a literal that is surely true (over the box of the bounds) entails the disjunction;
//  - with every literal false the disjunction fails; with one left it is enforced (linear_sum);
//  - otherwise x keeps everything while some open literal does not hold it, and else keeps the
//    union of the open literals' projections onto it: a prefix or suffix of its values for an
//    inequality (the others at their best bounds), every value but at most one for a
//    disequality (when the others are fixed), the values with a partner for an equality of two
//    variables. The values outside are removed (for a disjunctive pair: the gap between the
//    two orders, the pair's hole).
// Exact on every literal but equalities of three variables or more, whose status and projection
// come from bounds (sound, weaker); a lone equality left is enforced as linear_eq.hpp says.
#pragma once

#include <vector>

#include "propagation/cpu/linear/linear_sum.hpp"
#include "propagation/cpu/propagator.hpp"

namespace arcwave::cpu {

class Disjunction final : public Propagator {
 public:
  Disjunction(int constraint, const LinearClause& clause, const std::vector<Domain>& domains);
  bool propagate(Context& ctx) override;

 private:
  enum class Status : std::uint8_t { kFalse, kOpen, kTrue };
  using Wide = LinearSum::Wide;

  [[nodiscard]] Status status(const Domains& d, std::size_t j);
  // Does the equality j (two variables) hold x = a (position i of x in it) for some partner?
  [[nodiscard]] bool partner(const Domains& d, std::size_t j, std::size_t i, int a) const;
  // Is value a of the variable at position i of literal j in that literal's projection?
  [[nodiscard]] bool projected(const Domains& d, std::size_t j, std::size_t i, int a) const;
  bool once(Context& ctx, bool& changed);
  bool filter(Context& ctx, std::size_t u, bool& changed);
  template <typename Kept>
  bool cut_large(Context& ctx, int x, std::int64_t prefix_end, std::int64_t suffix_start,
                 bool others, Kept&& kept, bool& changed);
  static constexpr std::int64_t kMaxLargeHoles = 64;  // most values removed inside a large domain

  std::vector<LinearSum> sums_;
  std::vector<Relation> ops_;
  std::vector<std::vector<int>> pos_;  // per literal, per variable: position in it or -1
  std::vector<std::size_t> open_;
  std::vector<int> witness_;  // per literal: a value index of its first variable (equalities)
};

}  // namespace arcwave::cpu
