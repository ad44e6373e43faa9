// tests/solver/batch/recording_link.hpp — an incumbent link for the batched search's tests: a
// fixed outside value (none by default), and every improvement the devices hand out recorded.
#pragma once

#include <mutex>
#include <optional>
#include <span>
#include <vector>

#include "solver/batch/incumbent_link.hpp"

namespace arcwave::test {

class RecordingLink final : public batch::IncumbentLink {
 public:
  explicit RecordingLink(std::optional<long long> outside = std::nullopt) : outside_(outside) {}
  [[nodiscard]] std::optional<long long> outside() const override { return outside_; }
  void improved(std::span<const int> solution, long long value) override {
    const std::lock_guard lock(mutex_);
    solutions.emplace_back(solution.begin(), solution.end());
    values.push_back(value);
  }
  std::vector<std::vector<int>> solutions;
  std::vector<long long> values;

 private:
  std::optional<long long> outside_;
  std::mutex mutex_;
};

}  // namespace arcwave::test
