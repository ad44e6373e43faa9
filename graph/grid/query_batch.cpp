// Definitions for graph/grid/query_batch.hpp.
#include "graph/grid/query_batch.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>

namespace arcwave::grid {

std::vector<SearchResult> solve_queries_cpu(const SearchMap& map, std::span<const Query> queries,
                                            bool want_paths, unsigned threads) {
  std::vector<SearchResult> results(queries.size());
  if (threads == 0) threads = std::max(1U, std::thread::hardware_concurrency());
  threads = static_cast<unsigned>(
      std::min<std::size_t>(threads, std::max<std::size_t>(1, queries.size())));
  // Small chunks: query costs vary by orders of magnitude (scenario buckets).
  constexpr std::size_t kChunk = 4;
  std::atomic<std::size_t> next{0};
  std::exception_ptr failure;
  std::mutex failure_lock;
  const auto work = [&] {
    try {
      AStar search(map);
      for (std::size_t first = next.fetch_add(kChunk); first < queries.size();
           first = next.fetch_add(kChunk)) {
        const std::size_t last = std::min(first + kChunk, queries.size());
        for (std::size_t i = first; i < last; ++i)
          results[i] = search.search(queries[i].start, queries[i].goal, want_paths);
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
