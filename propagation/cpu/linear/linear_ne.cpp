// Definitions for propagation/cpu/linear/linear_ne.hpp.
#include "propagation/cpu/linear/linear_ne.hpp"

#include <algorithm>

namespace arcwave::cpu {

namespace {

std::vector<int> union_of(const std::vector<LinearLiteral>& literals) {
  std::vector<int> vars;
  for (const LinearLiteral& l : literals)
    for (int x : l.vars)
      if (std::find(vars.begin(), vars.end(), x) == vars.end()) vars.push_back(x);
  return vars;
}

}  // namespace

LinearNotEqual::LinearNotEqual(int constraint, const std::vector<LinearLiteral>& literals,
                               const std::vector<Domain>& domains)
    : Propagator(constraint, union_of(literals)) {
  count_.assign(vars_.size(), 0);
  for (const LinearLiteral& l : literals) {
    sums_.emplace_back(l, domains);
    std::vector<int> pos(vars_.size(), -1);
    for (std::size_t u = 0; u < vars_.size(); ++u) {
      pos[u] = sums_.back().position(vars_[u]);
      if (pos[u] >= 0) ++count_[u];
    }
    pos_.push_back(std::move(pos));
  }
  abundant_.assign(vars_.size(), 0);
  covered_.assign(sums_.size(), 0);
  width_.resize(vars_.size());
  digit_.resize(vars_.size());
}

bool LinearNotEqual::surely_supported(std::size_t u) const {
  for (std::size_t j = 0; j < sums_.size(); ++j) {
    const int own = abundant_[u] != 0 && pos_[j][u] >= 0 ? 1 : 0;
    if (covered_[j] - own < 1) return false;
  }
  return true;
}

void LinearNotEqual::count_abundant(const Domains& d) {
  std::fill(covered_.begin(), covered_.end(), 0);
  for (std::size_t u = 0; u < vars_.size(); ++u) {
    abundant_[u] = d.size(vars_[u]) > count_[u] ? 1 : 0;
    if (abundant_[u] == 0) continue;
    for (std::size_t j = 0; j < sums_.size(); ++j)
      if (pos_[j][u] >= 0) ++covered_[j];
  }
}

namespace {

// The k-th present value of x: in dense order, or from the lower bound up on a large domain
// (k stays below a few counts there).
int nth_present(const Domains& d, int x, int k) {
  if (!d.large(x)) return d.dense(x)[k];
  int a = d.min(x);
  while (k-- > 0) a = d.next(x, a);
  return a;
}

}  // namespace

bool LinearNotEqual::filter(Context& ctx, std::size_t u, bool& changed) {
  const Domains& d = ctx.domains;
  others_.clear();
  std::size_t tuples = 1;
  for (std::size_t w = 0; w < vars_.size(); ++w) {
    if (w == u) continue;
    others_.push_back(w);
    width_[w] = std::min(d.size(vars_[w]), count_[w] + 1);
    digit_[w] = 0;
    tuples *= static_cast<std::size_t>(width_[w]);
    if (tuples > kTupleLimit) return true;  // too many to try now: wait for smaller domains
  }
  bool valid_seen = false;
  common_.clear();
  for (bool more = true; more;) {
    // The tuple: the digit_[w]-th present value (dense order) of every other variable.
    zeros_.clear();
    bool valid = true;
    for (std::size_t j = 0; j < sums_.size() && valid; ++j) {
      const LinearSum& s = sums_[j];
      LinearSum::Wide rest = s.constant();
      for (std::size_t w : others_) {
        const int p = pos_[j][w];
        if (p >= 0)
          rest += s.term(static_cast<std::size_t>(p), nth_present(d, vars_[w], digit_[w]));
      }
      const int p = pos_[j][u];
      if (p < 0) {
        valid = rest != 0;
        continue;
      }
      const int a = s.zero_of(static_cast<std::size_t>(p), rest);
      if (a >= 0 && d.contains(vars_[u], a)) zeros_.push_back(a);
    }
    if (valid) {
      if (!valid_seen) {
        common_ = zeros_;
        valid_seen = true;
      } else {
        std::erase_if(common_, [&](int a) {
          return std::find(zeros_.begin(), zeros_.end(), a) == zeros_.end();
        });
      }
      if (common_.empty()) return true;  // every value of the variable has a support
    }
    more = false;  // odometer
    for (std::size_t w : others_) {
      if (++digit_[w] < width_[w]) {
        more = true;
        break;
      }
      digit_[w] = 0;
    }
  }
  if (!valid_seen) return false;  // no tuple of the others satisfies the rest: no solution
  const int x = vars_[u];
  std::sort(common_.begin(), common_.end());
  common_.erase(std::unique(common_.begin(), common_.end()), common_.end());
  for (int a : common_) {
    if (!d.contains(x, a)) continue;
    changed = true;
    if (!ctx.remove(x, a)) return false;
  }
  return true;
}

bool LinearNotEqual::propagate(Context& ctx) {
  return repeat_passes(ctx, [&](bool& changed) {
    const Domains& d = ctx.domains;
    count_abundant(d);
    // Two variables with enough values in every disequality: every value has a support.
    if (std::all_of(covered_.begin(), covered_.end(), [](int c) { return c >= 2; })) return true;
    for (std::size_t u = 0; u < vars_.size(); ++u) {
      if (surely_supported(u)) continue;
      if (!filter(ctx, u, changed)) return false;
      if (abundant_[u] != 0 && d.size(vars_[u]) <= count_[u]) count_abundant(d);
    }
    return true;
  });
}

}  // namespace arcwave::cpu
