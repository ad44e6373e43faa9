// Definitions for solver/search/neighbourhoods.hpp.
#include "solver/search/neighbourhoods.hpp"

#include <algorithm>
#include <cmath>
#include <deque>

namespace arcwave::search {

namespace {

constexpr double kMinFree = 0.02;
constexpr double kMaxFree = 0.9;
constexpr double kDecay = 0.9;  // weight of the past in each kind's improvement rate

}  // namespace

Neighbourhoods::Neighbourhoods(const Engine& engine, std::vector<int> objective_vars,
                               std::uint64_t seed)
    : n_(engine.variable_count()), objective_vars_(std::move(objective_vars)), rng_(seed + 17) {
  link(engine.constraint_count(), [&](int c) { return engine.constraint_scope(c); });
}

Neighbourhoods::Neighbourhoods(int variables, std::span<const std::vector<int>> scopes,
                               std::vector<int> objective_vars, std::uint64_t seed)
    : n_(variables), objective_vars_(std::move(objective_vars)), rng_(seed + 17) {
  link(static_cast<int>(scopes.size()),
       [&](int c) { return std::span<const int>(scopes[static_cast<std::size_t>(c)]); });
}

template <class ScopeOf>
void Neighbourhoods::link(int constraints, ScopeOf scope_of) {
  // Neighbours through the constraints of at most 32 variables (larger scopes link everything
  // and say little about where propagation acts), up to a budget of links.
  const auto n = static_cast<std::size_t>(n_);
  std::vector<std::vector<int>> adjacent(n);
  constexpr std::size_t kMaxLinks = std::size_t{1} << 24;
  std::size_t links = 0;
  for (int c = 0; c < constraints; ++c) {
    const std::span<const int> scope = scope_of(c);
    if (scope.size() < 2 || scope.size() > 32) continue;
    links += scope.size() * (scope.size() - 1);
    if (links > kMaxLinks) break;
    for (const int x : scope)
      for (const int y : scope)
        if (x != y) adjacent[static_cast<std::size_t>(x)].push_back(y);
  }
  var_offset_.assign(n + 1, 0);
  for (std::size_t x = 0; x < n; ++x) {
    std::sort(adjacent[x].begin(), adjacent[x].end());
    adjacent[x].erase(std::unique(adjacent[x].begin(), adjacent[x].end()), adjacent[x].end());
    var_offset_[x + 1] = var_offset_[x] + adjacent[x].size();
  }
  neighbours_.reserve(var_offset_[n]);
  for (const auto& a : adjacent) neighbours_.insert(neighbours_.end(), a.begin(), a.end());
}

Neighbourhoods::Kind Neighbourhoods::pick_kind() {
  // Roulette over the recent improvement rates, every kind kept possible.
  const bool has_objective = !objective_vars_.empty();
  std::array<double, 3> w{score_[0] + 0.05, score_[1] + 0.05,
                          has_objective ? score_[2] + 0.05 : 0.0};
  std::discrete_distribution<int> pick(w.begin(), w.end());
  return static_cast<Kind>(pick(rng_));
}

void Neighbourhoods::free_by_walk(std::vector<std::uint8_t>& freed, std::size_t want, int start) {
  std::deque<int> queue{start};
  std::size_t count = 0;
  for (const std::uint8_t f : freed) count += f;
  while (count < want) {
    if (queue.empty()) {  // another component: a new random start
      std::uniform_int_distribution<int> any(0, n_ - 1);
      int x = any(rng_);
      for (int tries = 0; tries < 16 && freed[static_cast<std::size_t>(x)] != 0; ++tries)
        x = any(rng_);
      queue.push_back(x);
    }
    const int x = queue.front();
    queue.pop_front();
    if (freed[static_cast<std::size_t>(x)] == 0) {
      freed[static_cast<std::size_t>(x)] = 1;
      ++count;
    }
    const auto xi = static_cast<std::size_t>(x);
    // Neighbours in random order, so that walks from one start differ.
    const std::size_t first = var_offset_[xi];
    const std::size_t degree = var_offset_[xi + 1] - first;
    if (degree == 0) continue;
    const std::size_t offset = std::uniform_int_distribution<std::size_t>(0, degree - 1)(rng_);
    for (std::size_t k = 0; k < degree; ++k) {
      const int y = neighbours_[first + (offset + k) % degree];
      if (freed[static_cast<std::size_t>(y)] == 0) queue.push_back(y);
    }
  }
}

std::vector<int> Neighbourhoods::next() {
  return pick().fixed;
}

Neighbourhoods::Pick Neighbourhoods::pick() {
  last_ = pick_kind();
  ++tried_total_;
  const auto n = static_cast<std::size_t>(n_);
  const auto want = std::max<std::size_t>(
      1, static_cast<std::size_t>(std::lround(free_share_ * static_cast<double>(n))));
  std::vector<std::uint8_t> freed(n, 0);
  std::uniform_int_distribution<int> any(0, n_ - 1);
  switch (last_) {
    case Kind::kRandom: {
      std::vector<int> order(n);
      for (std::size_t x = 0; x < n; ++x) order[x] = static_cast<int>(x);
      std::shuffle(order.begin(), order.end(), rng_);
      for (std::size_t k = 0; k < want && k < n; ++k) freed[static_cast<std::size_t>(order[k])] = 1;
      break;
    }
    case Kind::kGraph:
      free_by_walk(freed, want, any(rng_));
      break;
    case Kind::kObjective: {
      // A random part of the objective's variables, then the walk from them.
      std::vector<int> objective = objective_vars_;
      std::shuffle(objective.begin(), objective.end(), rng_);
      const std::size_t take = std::max<std::size_t>(1, std::min(objective.size(), want / 2));
      for (std::size_t k = 0; k < take; ++k) freed[static_cast<std::size_t>(objective[k])] = 1;
      free_by_walk(freed, want, objective[0]);
      break;
    }
  }
  std::vector<int> fixed;
  fixed.reserve(n);
  for (std::size_t x = 0; x < n; ++x)
    if (freed[x] == 0) fixed.push_back(static_cast<int>(x));
  std::shuffle(fixed.begin(), fixed.end(), rng_);
  return {std::move(fixed), last_};
}

void Neighbourhoods::report(Outcome outcome) {
  const auto k = static_cast<std::size_t>(last_);
  score_[k] = kDecay * score_[k] + (1 - kDecay) * (outcome == Outcome::kImproved ? 1.0 : 0.0);
  switch (outcome) {
    case Outcome::kImproved:
      ++improved_total_;
      break;
    case Outcome::kExhausted:  // nothing better in it: look wider
      free_share_ = std::min(kMaxFree, free_share_ * 1.15);
      break;
    case Outcome::kLimit:  // too wide to search within the limit: look narrower
      free_share_ = std::max(kMinFree, free_share_ * 0.95);
      break;
  }
}

void Neighbourhoods::report_many(std::span<const Kind> kinds, std::span<const Outcome> outcomes) {
  std::array<double, 3> tried{};
  std::array<double, 3> improved{};
  std::size_t exhausted = 0;
  std::size_t limited = 0;
  for (std::size_t i = 0; i < kinds.size() && i < outcomes.size(); ++i) {
    const auto k = static_cast<std::size_t>(kinds[i]);
    tried[k] += 1;
    switch (outcomes[i]) {
      case Outcome::kImproved:
        improved[k] += 1;
        ++improved_total_;
        break;
      case Outcome::kExhausted:
        ++exhausted;
        break;
      case Outcome::kLimit:
        ++limited;
        break;
    }
  }
  for (std::size_t k = 0; k < 3; ++k)
    if (tried[k] > 0) score_[k] = kDecay * score_[k] + (1 - kDecay) * improved[k] / tried[k];
  // The geometric mean of report()'s steps over the batch: the same balance of exhaustion and
  // limits as one neighbourhood at a time, in one move per batch.
  const double all = static_cast<double>(std::max<std::size_t>(1, outcomes.size()));
  free_share_ *= std::pow(1.15, static_cast<double>(exhausted) / all) *
                 std::pow(0.95, static_cast<double>(limited) / all);
  free_share_ = std::clamp(free_share_, kMinFree, kMaxFree);
}

}  // namespace arcwave::search
