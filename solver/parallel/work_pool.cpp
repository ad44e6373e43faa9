// Definitions for solver/parallel/work_pool.hpp.
#include "solver/parallel/work_pool.hpp"

#include <chrono>

namespace arcwave::parallel {

WorkPool::WorkPool(int workers, bool self_terminating, const std::atomic<bool>& halt)
    : workers_(workers), self_terminating_(self_terminating), halt_(halt) {}

void WorkPool::update_hunger() {
  const int idle = open_ && local_stealing_ ? waiting_ - static_cast<int>(queue_.size()) : 0;
  hunger_.store((idle > 0 ? idle : 0) + external_wanted_, std::memory_order_relaxed);
}

void WorkPool::add(std::vector<search::Subproblem> items) {
  {
    std::lock_guard lock(mutex_);
    for (search::Subproblem& s : items) queue_.push_back(std::move(s));
    handled_ += items.size();
    update_hunger();
  }
  cv_.notify_all();
}

void WorkPool::open() {
  {
    std::lock_guard lock(mutex_);
    open_ = true;
    if (self_terminating_ && waiting_ == workers_ && queue_.empty()) finished_ = exhausted_ = true;
    update_hunger();
  }
  cv_.notify_all();
}

bool WorkPool::take(search::Subproblem& out) {
  std::unique_lock lock(mutex_);
  ++waiting_;
  update_hunger();
  for (;;) {
    if (finished_ || halt_.load()) break;
    if (!queue_.empty()) {
      out = std::move(queue_.front());
      queue_.pop_front();
      --waiting_;
      update_hunger();
      return true;
    }
    // Every worker waits and nothing is queued: nobody can produce more work.
    if (self_terminating_ && open_ && waiting_ == workers_) {
      finished_ = exhausted_ = true;
      cv_.notify_all();
      break;
    }
    // Timed, so that a raised halt flag (set by code that knows nothing of the pool) is seen.
    cv_.wait_for(lock, std::chrono::milliseconds(5));
  }
  --waiting_;
  update_hunger();
  return false;
}

std::size_t WorkPool::take_queued(std::vector<search::Subproblem>& out, std::size_t max) {
  std::lock_guard lock(mutex_);
  std::size_t moved = 0;
  for (; moved < max && !queue_.empty(); ++moved) {
    out.push_back(std::move(queue_.front()));
    queue_.pop_front();
  }
  update_hunger();
  return moved;
}

void WorkPool::give(search::Subproblem gift) {
  {
    std::lock_guard lock(mutex_);
    ++handled_;
    if (external_wanted_ > 0) {
      --external_wanted_;
      outbox_.push_back(std::move(gift));
    } else {
      queue_.push_back(std::move(gift));
    }
    update_hunger();
  }
  cv_.notify_one();
}

void WorkPool::finish() {
  {
    std::lock_guard lock(mutex_);
    finished_ = true;
  }
  cv_.notify_all();
}

void WorkPool::want_external(int n) {
  std::lock_guard lock(mutex_);
  external_wanted_ += n;
  update_hunger();
}

void WorkPool::set_local_stealing(bool on) {
  std::lock_guard lock(mutex_);
  local_stealing_ = on;
  update_hunger();
}

std::vector<search::Subproblem> WorkPool::close_external() {
  std::lock_guard lock(mutex_);
  external_wanted_ = 0;
  update_hunger();
  std::vector<search::Subproblem> out = std::move(outbox_);
  outbox_.clear();
  return out;
}

WorkPool::State WorkPool::state() const {
  std::lock_guard lock(mutex_);
  return {waiting_, queue_.size(), external_wanted_, outbox_.size()};
}

bool WorkPool::exhausted() const {
  std::lock_guard lock(mutex_);
  return exhausted_;
}

std::uint64_t WorkPool::handled() const {
  std::lock_guard lock(mutex_);
  return handled_;
}

}  // namespace arcwave::parallel
