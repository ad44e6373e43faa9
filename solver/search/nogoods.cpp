// Definitions for solver/search/nogoods.hpp.
#include "solver/search/nogoods.hpp"

#include <algorithm>

namespace arcwave::search {

NogoodStore::NogoodStore(int variables)
    : watchers_(static_cast<std::size_t>(variables)),
      is_watched_var_(static_cast<std::size_t>(variables), 0),
      is_seen_(static_cast<std::size_t>(variables), 0) {}

NogoodStore::Truth NogoodStore::truth(const Engine& engine, Literal l) {
  if (!engine.contains(l.var, l.value)) return Truth::kFalse;
  return engine.size(l.var) == 1 ? Truth::kTrue : Truth::kUnknown;
}

void NogoodStore::watch(int nogood, int slot) {
  const auto g = static_cast<std::size_t>(nogood);
  const int x = literals_[first_[g] + watched_[slot][g]].var;
  const auto xi = static_cast<std::size_t>(x);
  watchers_[xi].push_back(static_cast<std::uint32_t>(nogood));
  if (is_watched_var_[xi] == 0) {
    is_watched_var_[xi] = 1;
    watched_vars_.push_back(x);
  }
}

bool NogoodStore::add(std::span<const Literal> lits) {
  if (lits.size() < 2) return true;
  if (literals_.size() + lits.size() > kMaxLiterals) return false;
  const auto g = static_cast<int>(first_.size());
  first_.push_back(static_cast<std::uint32_t>(literals_.size()));
  size_.push_back(static_cast<std::uint32_t>(lits.size()));
  literals_.insert(literals_.end(), lits.begin(), lits.end());
  // The last literal (the refuted value) and the deepest decision: the two that become true
  // last on the way back down the same branch.
  watched_[0].push_back(static_cast<std::uint32_t>(lits.size() - 1));
  watched_[1].push_back(static_cast<std::uint32_t>(lits.size() - 2));
  watch(g, 0);
  watch(g, 1);
  // Everything is looked at again (new watches may sit on variables already fixed).
  for (const Seen& s : seen_) is_seen_[static_cast<std::size_t>(s.var)] = 0;
  seen_.clear();
  return true;
}

// Nogood g has a true watched literal on x: move that watch to a literal that is not true, or
// make the other watch false (unit), or fail (all true).
bool NogoodStore::visit(Engine& engine, int x, bool& removed) {
  std::vector<std::uint32_t>& list = watchers_[static_cast<std::size_t>(x)];
  for (std::size_t k = 0; k < list.size();) {
    const std::uint32_t g = list[k];
    const std::uint32_t base = first_[g];
    const int slot = literals_[base + watched_[0][g]].var == x ? 0 : 1;
    const Literal mine = literals_[base + watched_[slot][g]];
    if (truth(engine, mine) != Truth::kTrue) {
      ++k;
      continue;
    }
    const Literal other = literals_[base + watched_[1 - slot][g]];
    const Truth other_truth = truth(engine, other);
    if (other_truth == Truth::kFalse) {  // satisfied
      ++k;
      continue;
    }
    // Another literal that is not true (and not the other watch) takes this watch.
    bool moved = false;
    for (std::uint32_t i = 0; i < size_[g]; ++i) {
      if (i == watched_[0][g] || i == watched_[1][g]) continue;
      if (truth(engine, literals_[base + i]) == Truth::kTrue) continue;
      watched_[slot][g] = i;
      watch(static_cast<int>(g), slot);
      list[k] = list.back();  // leaves x's list (the order of a watch list does not matter)
      list.pop_back();
      moved = true;
      break;
    }
    if (moved) continue;
    if (other_truth == Truth::kTrue) return false;  // every literal true
    ++removals_;
    removed = true;
    if (!engine.remove(other.var, other.value)) return false;
    ++k;
  }
  return true;
}

bool NogoodStore::propagate(Engine& engine) {
  if (first_.empty()) return true;
  const int depth = engine.depth();
  while (!seen_.empty() && seen_.back().depth > depth) {
    is_seen_[static_cast<std::size_t>(seen_.back().var)] = 0;
    seen_.pop_back();
  }
  for (bool again = true; again;) {
    again = false;
    // By index: visits move watches, which may add variables to the list.
    for (std::size_t i = 0; i < watched_vars_.size(); ++i) {
      const int x = watched_vars_[i];
      const auto xi = static_cast<std::size_t>(x);
      if (is_seen_[xi] != 0 || engine.size(x) != 1) continue;
      is_seen_[xi] = 1;
      seen_.push_back({depth, x});
      bool removed = false;
      if (!visit(engine, x, removed)) return false;
      again = again || removed;  // a removal may have fixed more variables
    }
  }
  return true;
}

}  // namespace arcwave::search
