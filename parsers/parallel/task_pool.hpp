// parsers/parallel/task_pool.hpp — a small pool of worker threads for the readers: tasks are
// queued in order and run by the workers, and the thread that queues them may run queued tasks
// itself (run_one) while it waits, so that N threads in all share the work. Threads start with
// the first task: a read that queues nothing starts none.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace arcwave {

class TaskPool {
 public:
  /// A pool of `workers` threads (0: tasks run only through run_one).
  explicit TaskPool(unsigned workers) : workers_(workers) {}
  TaskPool(const TaskPool&) = delete;
  TaskPool& operator=(const TaskPool&) = delete;
  /// Runs what is still queued, then joins the workers.
  ~TaskPool();

  /// Queues a task. Tasks must not throw (they report failures their own way).
  void submit(std::function<void()> task);
  /// Runs one queued task on the calling thread; false when none was queued.
  bool run_one();

  /// The number of threads a read uses: `requested`, or when it is 0 the environment variable
  /// ARCWAVE_PARSE_THREADS, or else every core.
  static unsigned resolve_threads(unsigned requested);

 private:
  void work();

  unsigned workers_;
  std::vector<std::thread> threads_;
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::function<void()>> queue_;
  bool stopping_ = false;
};

}  // namespace arcwave
