// propagation/cpu/trail.hpp — reversible state of the CPU propagators: a location saved on the
// trail gets its old value back when the engine pops the choice point it was saved under.
// Propagators save a location at most once per choice point by comparing epochs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace arcwave::cpu {

class Trail {
 public:
  struct Mark {
    std::size_t u64 = 0;
    std::size_t i32 = 0;
  };

  void save(std::uint64_t& ref) { u64_.push_back({&ref, ref}); }
  void save(std::int32_t& ref) { i32_.push_back({&ref, ref}); }

  [[nodiscard]] Mark mark() const noexcept { return {u64_.size(), i32_.size()}; }
  /// Writes back the saved values, newest first, down to `m`.
  void restore(const Mark& m) noexcept {
    while (u64_.size() > m.u64) {
      *u64_.back().ref = u64_.back().old;
      u64_.pop_back();
    }
    while (i32_.size() > m.i32) {
      *i32_.back().ref = i32_.back().old;
      i32_.pop_back();
    }
  }

  /// Changes at every push and pop: a location stamped with the current epoch was saved already.
  [[nodiscard]] std::uint64_t epoch() const noexcept { return epoch_; }
  void next_epoch() noexcept { ++epoch_; }

 private:
  template <typename T>
  struct Saved {
    T* ref;
    T old;
  };
  std::vector<Saved<std::uint64_t>> u64_;
  std::vector<Saved<std::int32_t>> i32_;
  std::uint64_t epoch_ = 1;
};

}  // namespace arcwave::cpu
