// Definitions for propagation/cpu/globals/generic.hpp.
#include "propagation/cpu/globals/generic.hpp"

#include <fmt/format.h>

#include "arcwave/error.hpp"

namespace arcwave::cpu {

GenericPropagator::GenericPropagator(int constraint, std::vector<int> scope, Constraint c,
                                     const std::vector<Domain>& domains,
                                     std::size_t enumeration_limit)
    : Propagator(constraint, std::move(scope)),
      c_(std::move(c)),
      domains_(&domains),
      limit_(enumeration_limit) {
  // It keeps a mark per value: a large domain is refused (exit code 3), not enumerated.
  for (int x : vars_)
    if (domains[static_cast<std::size_t>(x)].large())
      throw Unsupported(SourcePosition{},
                        fmt::format("constraint {} ({}) in a form arcwave propagates by "
                                    "enumeration, on a large domain (more than 2^24 values)",
                                    constraint, constraint_kind(c_)));
  for (int x : vars_) supported_.emplace_back(domains[static_cast<std::size_t>(x)].size(), 0);
}

bool GenericPropagator::satisfied(const std::vector<int>& index) const {
  // One model-sized assignment per thread (only the scope's entries are read).
  thread_local std::vector<Value> assignment;
  if (assignment.size() < domains_->size()) assignment.resize(domains_->size(), 0);
  for (std::size_t i = 0; i < vars_.size(); ++i) {
    const auto x = static_cast<std::size_t>(vars_[i]);
    assignment[x] = (*domains_)[x][static_cast<std::size_t>(index[i])];
  }
  return constraint_satisfied(c_, std::span<const Value>(assignment.data(), domains_->size()));
}

bool GenericPropagator::propagate(Context& ctx) {
  const Domains& d = ctx.domains;
  const std::size_t r = vars_.size();
  std::size_t product = 1;
  for (int x : vars_)
    if (__builtin_mul_overflow(product, static_cast<std::size_t>(d.size(x)), &product) ||
        product > limit_)
      return true;  // too many tuples to enumerate now: wait for more decisions
  // Odometer over the present values (dense order), marking the values of satisfying tuples.
  std::vector<int> cursor(r, 0);
  std::vector<int> index(r);
  for (std::size_t i = 0; i < r; ++i) {
    index[i] = d.dense(vars_[i])[0];
    std::fill(supported_[i].begin(), supported_[i].end(), 0);
  }
  for (;;) {
    if (satisfied(index))
      for (std::size_t i = 0; i < r; ++i) supported_[i][static_cast<std::size_t>(index[i])] = 1;
    std::size_t j = r;
    bool more = false;
    while (j-- > 0) {
      const int x = vars_[j];
      if (++cursor[j] < d.size(x)) {
        index[j] = d.dense(x)[cursor[j]];
        more = true;
        break;
      }
      cursor[j] = 0;
      index[j] = d.dense(x)[0];
    }
    if (!more) break;
  }
  for (std::size_t i = 0; i < r; ++i) {
    const int x = vars_[i];
    const std::int32_t* dense = d.dense(x);
    for (int k = d.size(x) - 1; k >= 0; --k) {
      const int a = dense[k];
      if (supported_[i][static_cast<std::size_t>(a)] == 0 && !ctx.remove(x, a)) return false;
    }
  }
  return true;
}

}  // namespace arcwave::cpu
