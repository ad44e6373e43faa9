// Backtracking reference for small models (tests/instances/csp/brute_force.hpp).
#include "brute_force.hpp"

#include <algorithm>

namespace arcwave::test {

namespace {

class Enumerator {
 public:
  Enumerator(const Model& model, std::uint64_t limit) : m_(model), limit_(limit) {
    const std::size_t n = model.variable_count();
    assignment_.assign(n, 0);
    checks_at_.resize(n);
    all_different_at_.resize(n);
    const std::vector<Constraint>& cs = model.constraints();
    for (std::size_t i = 0; i < cs.size(); ++i) {
      const std::vector<int> scope = constraint_scope(cs[i]);
      if (scope.empty()) {
        always_.push_back(i);
        continue;
      }
      checks_at_[static_cast<std::size_t>(*std::max_element(scope.begin(), scope.end()))].push_back(
          i);
      if (std::holds_alternative<AllDifferentConstraint>(cs[i]))
        for (int v : scope) all_different_at_[static_cast<std::size_t>(v)].push_back(i);
    }
  }

  std::uint64_t run() {
    for (std::size_t i : always_)
      if (!constraint_satisfied(m_.constraints()[i], assignment_)) return 0;
    descend(0);
    return count_;
  }
  [[nodiscard]] const std::optional<std::vector<Value>>& first() const { return first_; }

 private:
  // allDifferent on the assigned part: v's value must differ from earlier, non-excepted ones.
  bool partial_all_different(std::size_t v) const {
    for (std::size_t i : all_different_at_[v]) {
      const auto& c = std::get<AllDifferentConstraint>(m_.constraints()[i]);
      const Value x = assignment_[v];
      if (std::find(c.except.begin(), c.except.end(), x) != c.except.end()) continue;
      for (int w : c.scope)
        if (static_cast<std::size_t>(w) < v && assignment_[static_cast<std::size_t>(w)] == x)
          return false;
    }
    return true;
  }

  void descend(std::size_t v) {
    if (count_ >= limit_) return;
    if (v == assignment_.size()) {
      if (!first_) first_ = assignment_;
      ++count_;
      return;
    }
    for (Value value : m_.variables()[v].domain) {
      assignment_[v] = value;
      if (!partial_all_different(v)) continue;
      bool ok = true;
      for (std::size_t i : checks_at_[v])
        if (!(ok = constraint_satisfied(m_.constraints()[i], assignment_))) break;
      if (ok) descend(v + 1);
      if (count_ >= limit_) return;
    }
  }

  const Model& m_;
  std::uint64_t limit_;
  std::uint64_t count_ = 0;
  std::vector<Value> assignment_;
  std::vector<std::vector<std::size_t>> checks_at_;
  std::vector<std::vector<std::size_t>> all_different_at_;
  std::vector<std::size_t> always_;
  std::optional<std::vector<Value>> first_;
};

}  // namespace

std::uint64_t count_solutions(const Model& model, std::uint64_t limit) {
  return Enumerator(model, limit).run();
}

std::optional<std::vector<Value>> find_solution(const Model& model) {
  Enumerator e(model, 1);
  e.run();
  return e.first();
}

}  // namespace arcwave::test
