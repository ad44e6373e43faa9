// Backtracking reference for small models (tests/instances/csp/brute_force.hpp).
#include "brute_force.hpp"

#include <algorithm>

namespace arcwave::test {

namespace {

class Enumerator {
 public:
  Enumerator(const Model& model, const SearchLimits& limits) : m_(model), limits_(limits) {
    const std::size_t n = model.variable_count();
    assignment_.assign(n, 0);
    order_.resize(n);
    position_.resize(n);
    for (std::size_t i = 0; i < n; ++i) order_[i] = limits.reverse_order ? n - 1 - i : i;
    for (std::size_t i = 0; i < n; ++i) position_[order_[i]] = i;
    checks_at_.resize(n);
    all_different_at_.resize(n);
    const std::vector<Constraint>& cs = model.constraints();
    for (std::size_t i = 0; i < cs.size(); ++i) {
      const std::vector<int> scope = constraint_scope(cs[i]);
      if (scope.empty()) {
        always_.push_back(i);
        continue;
      }
      std::size_t last = 0;  // the position at which the scope becomes fully assigned
      for (int v : scope) last = std::max(last, position_[static_cast<std::size_t>(v)]);
      checks_at_[last].push_back(i);
      if (std::holds_alternative<AllDifferentConstraint>(cs[i]))
        for (int v : scope) all_different_at_[position_[static_cast<std::size_t>(v)]].push_back(i);
    }
  }

  SearchResult run() {
    for (std::size_t i : always_)
      if (!constraint_satisfied(m_.constraints()[i], assignment_)) {
        result_.complete = true;
        return result_;
      }
    descend(0);
    result_.complete = !stopped_;
    return result_;
  }

 private:
  // allDifferent on the assigned part: the new value differs from earlier, non-excepted ones.
  bool partial_all_different(std::size_t pos) const {
    const std::size_t v = order_[pos];
    const Value x = assignment_[v];
    for (std::size_t i : all_different_at_[pos]) {
      const auto& c = std::get<AllDifferentConstraint>(m_.constraints()[i]);
      if (std::find(c.except.begin(), c.except.end(), x) != c.except.end()) continue;
      for (int w : c.scope) {
        const auto wu = static_cast<std::size_t>(w);
        if (wu != v && position_[wu] < pos && assignment_[wu] == x) return false;
      }
    }
    return true;
  }

  void descend(std::size_t pos) {
    if (pos == order_.size()) {
      if (!result_.first) result_.first = assignment_;
      if (++result_.solutions >= limits_.max_solutions) stopped_ = true;
      return;
    }
    const std::size_t v = order_[pos];
    for (Value value : m_.variables()[v].domain) {
      if (++nodes_ > limits_.max_nodes) stopped_ = true;
      if (stopped_) return;
      assignment_[v] = value;
      if (!partial_all_different(pos)) continue;
      bool ok = true;
      for (std::size_t i : checks_at_[pos])
        if (!(ok = constraint_satisfied(m_.constraints()[i], assignment_))) break;
      if (ok) descend(pos + 1);
    }
  }

  const Model& m_;
  SearchLimits limits_;
  SearchResult result_;
  bool stopped_ = false;
  std::uint64_t nodes_ = 0;
  std::vector<Value> assignment_;
  std::vector<std::size_t> order_, position_;
  std::vector<std::vector<std::size_t>> checks_at_;
  std::vector<std::vector<std::size_t>> all_different_at_;
  std::vector<std::size_t> always_;
};

}  // namespace

SearchResult enumerate(const Model& model, const SearchLimits& limits) {
  return Enumerator(model, limits).run();
}

std::uint64_t count_solutions(const Model& model, std::uint64_t limit) {
  return enumerate(model, {limit, UINT64_MAX, false}).solutions;
}

std::optional<std::vector<Value>> find_solution(const Model& model) {
  return enumerate(model, {1, UINT64_MAX, false}).first;
}

}  // namespace arcwave::test
