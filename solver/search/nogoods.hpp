// solver/search/nogoods.hpp — nogoods recorded from restarts (Lecoutre, Sais, Tabary & Vidal,
// "Recording and minimizing nogoods from restarts", 2007). At a restart, the branch from the
// root holds positive decisions δ1..δm and refutations; a refutation x != a taken right after
// δ1..δk closed a subtree that was searched to its end, so ¬(δ1 ∧ ... ∧ δk ∧ x = a) holds (a
// reduced nld-nogood). Kept, they stop the next runs from searching those subtrees again, which
// is what restarts otherwise throw away.
//
// A nogood is a set of literals x = a (true when D(x) = {a}, false when a ∉ D(x)). Two watched
// literals per nogood: when all of its literals but one are true, that one is made false (a is
// removed from D(x)); when all are true, the node fails. Nogoods hold for any tighter objective
// bound than the one they were found under, so branch and bound keeps them.
//
// The store sees the engine only through the Engine interface: after each fixpoint it looks at
// the watched variables that became fixed since the last look at this depth (a stack of what it
// has seen, cut back when the search backtracks).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "propagation/engine/engine.hpp"

namespace arcwave::search {

class NogoodStore {
 public:
  struct Literal {
    int var;
    int value;
  };

  explicit NogoodStore(int variables);

  /// Records ¬(lits). Nogoods of one literal are not stored: the caller removes that value at
  /// the root. Returns false when the store is full (kMaxLiterals in all) and dropped it.
  bool add(std::span<const Literal> lits);

  /// Unit propagation at the engine's current node, to a fixpoint together with the engine.
  /// False on a conflict: every literal of a nogood true, or a removal the engine fails on.
  bool propagate(Engine& engine);

  [[nodiscard]] std::size_t size() const noexcept { return first_.size(); }
  [[nodiscard]] std::uint64_t removals() const noexcept { return removals_; }

  /// Literals kept in all (about 8 bytes each, plus the watch lists).
  static constexpr std::size_t kMaxLiterals = std::size_t{1} << 24;

 private:
  enum class Truth : std::uint8_t { kFalse, kTrue, kUnknown };
  static Truth truth(const Engine& engine, Literal l);
  /// Re-examines the nogoods watching variable x (fixed); false on a conflict.
  bool visit(Engine& engine, int x, bool& removed);
  void watch(int nogood, int slot);

  std::vector<Literal> literals_;
  std::vector<std::uint32_t>
      first_;  // per nogood: its literals are literals_[first_, first_+size_)
  std::vector<std::uint32_t> size_;
  std::vector<std::uint32_t> watched_[2];  // per nogood: the positions of its two watches
  std::vector<std::vector<std::uint32_t>> watchers_;  // per variable: nogoods watching it
  std::vector<int> watched_vars_;                     // variables with watchers, once each
  std::vector<std::uint8_t> is_watched_var_;
  // Fixed watched variables already visited, with the engine depth they were visited at.
  struct Seen {
    int depth;
    int var;
  };
  std::vector<Seen> seen_;
  std::vector<std::uint8_t> is_seen_;
  std::uint64_t removals_ = 0;
};

}  // namespace arcwave::search
