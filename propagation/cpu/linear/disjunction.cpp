// Definitions for propagation/cpu/linear/disjunction.hpp.
#include "propagation/cpu/linear/disjunction.hpp"

#include <algorithm>

namespace arcwave::cpu {

namespace {

std::vector<int> union_of(const LinearClause& clause) {
  std::vector<int> vars;
  for (const LinearLiteral& l : clause)
    for (int x : l.vars)
      if (std::find(vars.begin(), vars.end(), x) == vars.end()) vars.push_back(x);
  return vars;
}

}  // namespace

Disjunction::Disjunction(int constraint, const LinearClause& clause,
                         const std::vector<Domain>& domains)
    : Propagator(constraint, union_of(clause)) {
  for (const LinearLiteral& l : clause) {
    sums_.emplace_back(l, domains);
    ops_.push_back(l.op);
    std::vector<int> pos(vars_.size());
    for (std::size_t u = 0; u < vars_.size(); ++u) pos[u] = sums_.back().position(vars_[u]);
    pos_.push_back(std::move(pos));
  }
  witness_.assign(clause.size(), -1);
}

bool Disjunction::partner(const Domains& d, std::size_t j, std::size_t i, int a) const {
  const LinearSum& s = sums_[j];
  const std::size_t other = 1 - i;
  const int b = s.zero_of(other, s.constant() + s.term(i, a));
  return b >= 0 && d.contains(s.var(other), b);
}

Disjunction::Status Disjunction::status(const Domains& d, std::size_t j) {
  const LinearSum& s = sums_[j];
  const Wide lo = s.min(d);
  const Wide hi = s.max(d);
  switch (ops_[j]) {
    case Relation::kLe:
      return lo > 0 ? Status::kFalse : hi <= 0 ? Status::kTrue : Status::kOpen;
    case Relation::kNe:
      if (lo > 0 || hi < 0) return Status::kTrue;
      return lo == 0 && hi == 0 ? Status::kFalse : Status::kOpen;
    default:
      break;
  }
  if (lo > 0 || hi < 0) return Status::kFalse;
  if (lo == 0 && hi == 0) return Status::kTrue;
  if (s.size() == 1) {
    const int a = s.zero_of(0, s.constant());
    return a >= 0 && d.contains(s.var(0), a) ? Status::kOpen : Status::kFalse;
  }
  if (s.size() > 2) return Status::kOpen;  // bounds only
  // Two variables: a pair, the last one found first.
  if (d.large(s.var(0)) || d.large(s.var(1))) {  // no value lists: bounds only, exact when fixed
    if (d.size(s.var(0)) > 1 || d.size(s.var(1)) > 1) return Status::kOpen;
    return partner(d, j, 0, d.min(s.var(0))) ? Status::kOpen : Status::kFalse;
  }
  int& w = witness_[j];
  if (w >= 0 && d.contains(s.var(0), w) && partner(d, j, 0, w)) return Status::kOpen;
  const std::size_t small = d.size(s.var(0)) <= d.size(s.var(1)) ? 0 : 1;
  const std::int32_t* dense = d.dense(s.var(small));
  for (int k = 0; k < d.size(s.var(small)); ++k) {
    const int a = dense[k];
    if (!partner(d, j, small, a)) continue;
    w = small == 0 ? a : s.zero_of(0, s.constant() + s.term(1, a));
    return Status::kOpen;
  }
  return Status::kFalse;
}

bool Disjunction::projected(const Domains& d, std::size_t j, std::size_t i, int a) const {
  const LinearSum& s = sums_[j];
  const Wide t = s.term(i, a);
  switch (ops_[j]) {
    case Relation::kLe:
      return t + (s.min(d) - s.term_min(d, i)) <= 0;
    case Relation::kNe: {
      for (std::size_t k = 0; k < s.size(); ++k)
        if (k != i && d.size(s.var(k)) > 1) return true;
      return t + (s.min(d) - s.term_min(d, i)) != 0;  // the others fixed: min is their sum
    }
    default:
      break;
  }
  if (s.size() == 1) return t + s.constant() == 0;
  if (s.size() == 2) return partner(d, j, i, a);
  const Wide rest_lo = s.min(d) - s.term_min(d, i);
  const Wide rest_hi = s.max(d) - s.term_max(d, i);
  return t + rest_lo <= 0 && t + rest_hi >= 0;
}

bool Disjunction::filter(Context& ctx, std::size_t u, bool& changed) {
  const Domains& d = ctx.domains;
  const int x = vars_[u];
  // Only values outside every open literal's projection go. A disequality with another
  // unfixed variable projects onto everything; with the others fixed, onto all values but the
  // one zeroing it: then that value is the only candidate.
  int candidate = -1;
  bool has_candidate = false;
  for (std::size_t j : open_) {
    if (ops_[j] != Relation::kNe) continue;
    const LinearSum& s = sums_[j];
    const auto i = static_cast<std::size_t>(pos_[j][u]);
    LinearSum::Wide rest = s.constant();
    for (std::size_t k = 0; k < s.size(); ++k) {
      if (k == i) continue;
      if (d.size(s.var(k)) > 1) return true;
      rest += s.term(k, d.min(s.var(k)));
    }
    const int a = s.zero_of(i, rest);
    if (a < 0 || !d.contains(x, a) || (has_candidate && a != candidate)) return true;
    candidate = a;
    has_candidate = true;
  }
  auto kept = [&](int a) {
    for (std::size_t j : open_)
      if (ops_[j] != Relation::kNe && projected(d, j, static_cast<std::size_t>(pos_[j][u]), a))
        return true;
    return false;
  };
  if (has_candidate) {
    if (kept(candidate)) return true;
    changed = true;
    return ctx.remove(x, candidate);
  }
  // Inequalities keep a prefix (positive coefficient) or a suffix of the values: the values
  // between the longest prefix and the longest suffix are the only candidates.
  std::int64_t prefix_end = 0;  // value indices [0, prefix_end) kept
  std::int64_t suffix_start =   // value indices [suffix_start, ...) kept
      sums_[open_[0]].count(static_cast<std::size_t>(pos_[open_[0]][u]));
  bool others = false;
  for (std::size_t j : open_) {
    if (ops_[j] != Relation::kLe) {
      others = true;
      continue;
    }
    const LinearSum& s = sums_[j];
    const auto i = static_cast<std::size_t>(pos_[j][u]);
    const Wide bound = s.term_min(d, i) - s.min(d);  // term <= bound
    // The term is monotone in the value index: a binary search over the initial domain finds
    // where it crosses the bound (present or not, the region between is what matters).
    const bool rising = s.coeff(i) > 0;
    std::int64_t lo = 0;
    std::int64_t hi = s.count(i);  // first index on the far side of the bound
    while (lo < hi) {
      const std::int64_t mid = lo + (hi - lo) / 2;
      if ((s.term(i, static_cast<int>(mid)) > bound) == rising)
        hi = mid;
      else
        lo = mid + 1;
    }
    if (rising)
      prefix_end = std::max(prefix_end, lo);
    else
      suffix_start = std::min(suffix_start, lo);
  }
  if (d.large(x)) return cut_large(ctx, x, prefix_end, suffix_start, others, kept, changed);
  const int first = prefix_end == 0 ? d.min(x) : d.next(x, static_cast<int>(prefix_end - 1));
  for (int a = first; a >= 0 && a < suffix_start;) {
    const int next = d.next(x, a);
    if (!others || !kept(a)) {
      changed = true;
      if (!ctx.remove(x, a)) return false;
    }
    a = next;
  }
  return true;
}

// The values of indices [prefix_end, suffix_start) of a large x, those no literal keeps: a bound
// jump where the region reaches an end of the domain; inside, removed only when few.
template <typename Kept>
bool Disjunction::cut_large(Context& ctx, int x, std::int64_t prefix_end, std::int64_t suffix_start,
                            bool others, Kept&& kept, bool& changed) {
  const Domains& d = ctx.domains;
  const std::int64_t lo = std::max<std::int64_t>(prefix_end, d.min(x));
  const std::int64_t hi = std::min<std::int64_t>(suffix_start - 1, d.max(x));
  if (lo > hi) return true;
  if (!others && lo == d.min(x)) {
    changed = true;
    return ctx.raise_min(x, static_cast<int>(hi + 1));
  }
  if (!others && hi == d.max(x)) {
    changed = true;
    return ctx.lower_max(x, static_cast<int>(lo - 1));
  }
  if (hi - lo >= kMaxLargeHoles) return true;
  for (int a = d.contains(x, static_cast<int>(lo)) ? static_cast<int>(lo)
                                                   : d.next(x, static_cast<int>(lo));
       a >= 0 && a <= hi;) {
    const int next = d.next(x, a);
    if (!others || !kept(a)) {
      changed = true;
      if (!ctx.remove(x, a)) return false;
    }
    a = next;
  }
  return true;
}

bool Disjunction::once(Context& ctx, bool& changed) {
  const Domains& d = ctx.domains;
  open_.clear();
  for (std::size_t j = 0; j < sums_.size(); ++j) {
    const Status st = status(d, j);
    if (st == Status::kTrue) return true;
    if (st == Status::kOpen) open_.push_back(j);
  }
  if (open_.empty()) return false;
  if (open_.size() == 1) {
    const std::size_t j = open_[0];
    switch (ops_[j]) {
      case Relation::kLe:
        return sums_[j].enforce_le(ctx, changed);
      case Relation::kEq:
        return sums_[j].enforce_eq(ctx, changed);
      default:
        return sums_[j].enforce_ne(ctx, changed);
    }
  }
  for (std::size_t u = 0; u < vars_.size(); ++u) {
    bool everywhere = true;  // does every open literal hold x?
    for (std::size_t j : open_) everywhere = everywhere && pos_[j][u] >= 0;
    if (everywhere && !filter(ctx, u, changed)) return false;
  }
  return true;
}

bool Disjunction::propagate(Context& ctx) {
  return repeat_passes(ctx, [&](bool& changed) { return once(ctx, changed); });
}

}  // namespace arcwave::cpu
