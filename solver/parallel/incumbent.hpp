// solver/parallel/incumbent.hpp — the best objective value found so far by any worker of a
// parallel search (and, under MPI, by any rank): workers read it often and without a lock to
// tighten their own bound; offers that improve it are rare and serialised.
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>
#include <optional>

#include "arcwave/model.hpp"

namespace arcwave::parallel {

class Incumbent {
 public:
  explicit Incumbent(bool minimize) : minimize_(minimize) {}

  /// True when a is strictly better than b for this objective.
  [[nodiscard]] bool better(Value a, Value b) const noexcept { return minimize_ ? a < b : a > b; }
  [[nodiscard]] bool minimize() const noexcept { return minimize_; }

  /// Records `value` when it beats the current best (or there is none); true when it did.
  bool offer(Value value) {
    std::lock_guard lock(mutex_);
    if (has_.load(std::memory_order_relaxed) && !better(value, best_.load())) return false;
    best_.store(value);
    has_.store(true, std::memory_order_release);
    version_.fetch_add(1, std::memory_order_release);
    return true;
  }
  [[nodiscard]] std::optional<Value> get() const noexcept {
    if (!has_.load(std::memory_order_acquire)) return std::nullopt;
    return best_.load();
  }
  /// Grows by one at each improvement (lets a thread notice a new bound cheaply).
  [[nodiscard]] std::uint64_t version() const noexcept {
    return version_.load(std::memory_order_acquire);
  }

 private:
  bool minimize_;
  std::mutex mutex_;
  std::atomic<Value> best_{0};
  std::atomic<bool> has_{false};
  std::atomic<std::uint64_t> version_{0};
};

}  // namespace arcwave::parallel
