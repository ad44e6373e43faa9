// solver/api/stop_watcher.hpp — raises a solve's stop flag at its time limit or when an outside
// flag (a signal handler's) is raised; its thread is joined on destruction.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace arcwave {

class StopWatcher {
 public:
  StopWatcher(std::atomic<bool>& stop, const std::atomic<bool>* external, double seconds)
      : stop_(stop), external_(external) {
    if (seconds <= 0 && external == nullptr) return;
    const auto deadline = std::chrono::steady_clock::now() +
                          std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                              std::chrono::duration<double>(seconds > 0 ? seconds : 1e9));
    thread_ = std::thread([this, deadline] {
      std::unique_lock lock(mutex_);
      while (!done_) {
        if ((external_ != nullptr && external_->load()) ||
            std::chrono::steady_clock::now() >= deadline) {
          stop_.store(true);
          return;
        }
        cv_.wait_for(lock, std::chrono::milliseconds(10));
      }
    });
  }
  ~StopWatcher() {
    if (!thread_.joinable()) return;
    {
      std::lock_guard lock(mutex_);
      done_ = true;
    }
    cv_.notify_all();
    thread_.join();
  }
  StopWatcher(const StopWatcher&) = delete;
  StopWatcher& operator=(const StopWatcher&) = delete;

 private:
  std::atomic<bool>& stop_;
  const std::atomic<bool>* external_;
  std::mutex mutex_;
  std::condition_variable cv_;
  bool done_ = false;
  std::thread thread_;
};

}  // namespace arcwave
