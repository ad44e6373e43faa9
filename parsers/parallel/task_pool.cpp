// The worker threads of parsers/parallel/task_pool.hpp.
#include "parsers/parallel/task_pool.hpp"

#include <algorithm>
#include <cstdlib>
#include <system_error>
#include <utility>

namespace arcwave {

TaskPool::~TaskPool() {
  while (run_one()) {
  }
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  ready_.notify_all();
  for (std::thread& t : threads_) t.join();
}

void TaskPool::submit(std::function<void()> task) {
  {
    const std::lock_guard lock(mutex_);
    queue_.push_back(std::move(task));
    // Start the workers with the first task; a thread that cannot start leaves the work to
    // the others (and to run_one).
    if (threads_.empty() && workers_ > 0) {
      try {
        for (unsigned i = 0; i < workers_; ++i) threads_.emplace_back([this] { work(); });
      } catch (const std::system_error&) {
      }
    }
  }
  ready_.notify_one();
}

bool TaskPool::run_one() {
  std::function<void()> task;
  {
    const std::lock_guard lock(mutex_);
    if (queue_.empty()) return false;
    task = std::move(queue_.front());
    queue_.pop_front();
  }
  task();
  return true;
}

void TaskPool::work() {
  for (;;) {
    std::function<void()> task;
    {
      std::unique_lock lock(mutex_);
      ready_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;
      task = std::move(queue_.front());
      queue_.pop_front();
    }
    task();
  }
}

unsigned TaskPool::resolve_threads(unsigned requested) {
  if (requested > 0) return requested;
  if (const char* env = std::getenv("ARCWAVE_PARSE_THREADS")) {
    char* end = nullptr;
    const unsigned long n = std::strtoul(env, &end, 10);
    if (end != env && *end == '\0' && n > 0) return static_cast<unsigned>(std::min(n, 1024UL));
  }
  const unsigned cores = std::thread::hardware_concurrency();
  return cores > 0 ? cores : 1;
}

}  // namespace arcwave
