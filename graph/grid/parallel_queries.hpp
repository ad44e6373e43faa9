// graph/grid/parallel_queries.hpp — a batch of point-to-point queries on a pool of threads, each
// thread with its own searcher (a workspace over the map), queries handed out in small chunks
// through an atomic counter (query costs vary by orders of magnitude). The first exception
// stops the pool and is rethrown.
#pragma once

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <span>
#include <thread>
#include <vector>

#include "graph/grid/astar.hpp"
#include "graph/grid/grid.hpp"

namespace arcwave::grid {

struct Query {
  Point start;
  Point goal;
};

/// Threads a batch uses: `threads` (0: every hardware thread), at most one per query.
inline unsigned batch_threads(unsigned threads, std::size_t queries) {
  if (threads == 0) threads = std::max(1U, std::thread::hardware_concurrency());
  return static_cast<unsigned>(std::min<std::size_t>(threads, std::max<std::size_t>(1, queries)));
}

/// Answers every query in order; `make()` builds one searcher per thread, with
/// `SearchResult search(Point start, Point goal, bool want_path)`.
template <class MakeSearcher>
std::vector<SearchResult> solve_queries_parallel(std::span<const Query> queries, bool want_paths,
                                                 unsigned threads, const MakeSearcher& make) {
  std::vector<SearchResult> results(queries.size());
  threads = batch_threads(threads, queries.size());
  constexpr std::size_t kChunk = 4;
  std::atomic<std::size_t> next{0};
  std::exception_ptr failure;
  std::mutex failure_lock;
  const auto work = [&] {
    try {
      auto searcher = make();
      for (std::size_t first = next.fetch_add(kChunk); first < queries.size();
           first = next.fetch_add(kChunk)) {
        const std::size_t last = std::min(first + kChunk, queries.size());
        for (std::size_t i = first; i < last; ++i)
          results[i] = searcher.search(queries[i].start, queries[i].goal, want_paths);
      }
    } catch (...) {
      const std::lock_guard<std::mutex> lock(failure_lock);
      if (!failure) failure = std::current_exception();
      next = queries.size();
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
  return results;
}

}  // namespace arcwave::grid
