// propagation/cpu/propagator.hpp — what a CPU propagator is, and the Context it works through:
// the domains, the trail for its reversible state, removal (which wakes the propagators of the
// variable), and per-variable modification times ("has x changed since I last ran?").
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "propagation/cpu/domains.hpp"
#include "propagation/cpu/trail.hpp"

namespace arcwave::cpu {

class Context {
 public:
  explicit Context(const std::vector<int>& sizes, const std::vector<std::int64_t>& large_sizes = {})
      : domains(sizes, large_sizes), modified_(sizes.size(), 1), dirty_flag_(sizes.size(), 0) {}

  Domains domains;
  Trail trail;

  /// Removes a present value. False when that empties the domain (the conflict is recorded).
  bool remove(int x, int a) noexcept {
    ++removals;
    touch(x);
    if (domains.remove(x, a) == 0) {
      wiped_ = x;
      return false;
    }
    return true;
  }
  /// Removes every value index below a (above a): a jump of the bound on a large variable, the
  /// values one by one otherwise. False on a wipe-out.
  bool raise_min(int x, int a) noexcept {
    if (domains.large(x)) {
      if (a <= domains.min(x)) return true;
      ++removals;
      touch(x);
      if (domains.raise_min(x, a) == 0) return wiped_ = x, false;
      return true;
    }
    for (int b = domains.min(x); b >= 0 && b < a; b = domains.next(x, b))
      if (!remove(x, b)) return false;
    return true;
  }
  bool lower_max(int x, int a) noexcept {
    if (domains.large(x)) {
      if (a >= domains.max(x)) return true;
      ++removals;
      touch(x);
      if (domains.lower_max(x, a) == 0) return wiped_ = x, false;
      return true;
    }
    for (int b = domains.max(x); b > a; b = domains.prev(x, b))
      if (!remove(x, b)) return false;
    return true;
  }
  /// Removes every value but a (which must be present). False on a wipe-out (never here).
  bool reduce_to(int x, int a) noexcept {
    if (domains.large(x)) return raise_min(x, a) && lower_max(x, a);
    const std::int32_t* d = domains.dense(x);
    for (int i = domains.size(x) - 1; i >= 0; --i)
      if (d[i] != a) remove(x, d[i]);
    return domains.size(x) == 1;
  }

  /// Removes every present value a of x for which keep(a) is false; sets `changed` when one
  /// goes. False on a wipe-out. On a large variable only the bounds are tested (values are
  /// removed from each end while keep() is false): weaker, never wrong.
  template <typename Keep>
  bool filter(int x, Keep&& keep, bool& changed) {
    if (domains.large(x)) {
      for (int a = domains.min(x); a >= 0 && !keep(a); a = domains.min(x)) {
        changed = true;
        if (!remove(x, a)) return false;
      }
      for (int a = domains.max(x); a >= 0 && !keep(a); a = domains.max(x)) {
        changed = true;
        if (!remove(x, a)) return false;
      }
      return true;
    }
    const std::int32_t* d = domains.dense(x);
    for (int k = domains.size(x) - 1; k >= 0; --k) {
      const int a = d[k];  // removing a moves only values already visited (sparse set)
      if (keep(a)) continue;
      changed = true;
      if (!remove(x, a)) return false;
    }
    return true;
  }

  /// The current time: every propagator run and decision gets a new one.
  [[nodiscard]] std::uint64_t now() const noexcept { return time_; }
  std::uint64_t tick() noexcept { return ++time_; }
  /// Was x changed after time t?
  [[nodiscard]] bool changed_since(int x, std::uint64_t t) const noexcept {
    return modified_[x] > t;
  }

  /// Variables changed since the last take_dirty().
  std::vector<int>& dirty() noexcept { return dirty_; }
  void clear_dirty() noexcept {
    for (int x : dirty_) dirty_flag_[x] = 0;
    dirty_.clear();
  }

  std::uint64_t removals = 0;
  /// The variable the last wipe-out emptied, and the constraint a propagator blamed (or -1).
  int wiped_ = -1;
  int blamed_ = -1;

 private:
  void touch(int x) noexcept {
    modified_[x] = time_;
    if (dirty_flag_[x] == 0) {
      dirty_flag_[x] = 1;
      dirty_.push_back(x);
    }
  }

  std::vector<std::uint64_t> modified_;
  std::vector<std::uint8_t> dirty_flag_;
  std::vector<int> dirty_;
  std::uint64_t time_ = 2;  // variables start as modified at time 1: everything is new at root
};

class Propagator {
 public:
  Propagator(int constraint, std::vector<int> vars)
      : constraint_(constraint), vars_(std::move(vars)) {}
  virtual ~Propagator() = default;
  Propagator(const Propagator&) = delete;
  Propagator& operator=(const Propagator&) = delete;

  /// Filters to this propagator's own fixpoint; false on a wipe-out.
  virtual bool propagate(Context& ctx) = 0;
  /// The engine is popping back to domain-log position `mark` (the domains are not restored
  /// yet: log entries from `mark` on are the removals being undone).
  virtual void backtrack(const Domains& /*domains*/, std::size_t /*mark*/) {}
  /// Expensive propagators run after the cheap ones have reached their fixpoint.
  [[nodiscard]] virtual bool expensive() const { return false; }
  /// True when backtrack() must be called on every pop (state tied to the removal log rather
  /// than saved on the trail).
  [[nodiscard]] virtual bool needs_backtrack() const { return false; }

  /// The engine constraint that conflicts are charged to (a propagator covering several sets
  /// Context::blamed_).
  [[nodiscard]] int constraint() const noexcept { return constraint_; }
  /// The variables whose changes wake this propagator.
  [[nodiscard]] const std::vector<int>& vars() const noexcept { return vars_; }

  std::uint64_t last_run = 0;  // Context time of the previous run

 protected:
  /// Runs `pass(changed)` until a pass changes nothing (the propagator's own fixpoint), noting
  /// the run's time; false on a wipe-out.
  template <typename Pass>
  bool repeat_passes(Context& ctx, Pass&& pass) {
    last_run = ctx.now();
    for (bool changed = true; changed;) {
      changed = false;
      if (!pass(changed)) return false;
    }
    return true;
  }

  int constraint_;
  std::vector<int> vars_;
};

}  // namespace arcwave::cpu
