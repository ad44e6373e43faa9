// cli/apsp_output.hpp — the files `arcwave apsp` writes, filled while the shortest paths are
// computed: to FILE.part, renamed to FILE at the end (an error or a negative cycle leaves no
// file behind), or to standard output. A binary file is written by position, by the thread that
// hands the block over (several devices' threads at once, in any order); CSV and standard output
// are written in order: each block is copied into a queue and written by a thread of its own (at
// most a few blocks wait, so memory stays bounded).
//
// Binary format (--format bin), little-endian:
//   "ARCWAPSP"                         8 bytes
//   u32 version = 2
//   u32 value type: 1 int64, 2 float64, 3 int32, 4 float32 (distances), 5 uint32 (predecessors)
//   u64 n (vertices), u64 s (sources)
//   u32 vertex numbering base (1 for .gr / .mtx, 0 for edge lists), u32 0
//   s x u32: the sources, in file numbering
//   s rows of n values: row i is sources[i]'s distances to vertices 0..n-1 (infinity: INT64_MAX,
//   INT32_MAX or +inf), or its predecessors (file numbering; 0xFFFFFFFF for the source itself
//   and for vertices out of reach)
// Version 1 files (types 1 and 2 only) have the same layout.
// CSV: a header "source,<vertex>...", then one row per source ("inf" out of reach; in the
// predecessor file "-" where there is no predecessor).
#pragma once

#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <exception>
#include <mutex>
#include <span>
#include <string>
#include <thread>
#include <vector>

namespace arcwave::cli {

enum class ApspValue : std::uint32_t {
  kInt64 = 1,
  kFloat64 = 2,
  kInt32 = 3,
  kFloat32 = 4,
  kPredecessor = 5
};

template <typename T>
constexpr ApspValue apsp_value_type();

/// One output file (or standard output when `path` is empty) of rows of T.
template <typename T>
class ApspRowFile {
 public:
  ApspRowFile(std::string path, bool binary, std::uint32_t n, std::uint32_t base,
              const std::vector<std::uint32_t>& sources);
  ApspRowFile(const ApspRowFile&) = delete;
  ApspRowFile& operator=(const ApspRowFile&) = delete;
  /// Unless finish() ran: stops the writer and removes the partial file.
  ~ApspRowFile();

  /// Rows for sources[first .. first + count): written at their place (positional()), or copied
  /// and queued (waits while the queue is full); rethrows a write error.
  void rows(std::uint64_t first, std::uint64_t count, std::span<const T> values);
  /// Blocks may come in any order and from several threads at once (a binary file).
  [[nodiscard]] bool positional() const { return fd_ >= 0; }
  /// Writes what is queued, closes and renames the file; throws ResourceError on a write error.
  void finish();

 private:
  struct Block {
    std::uint64_t first = 0;
    std::uint64_t count = 0;
    std::vector<T> values;
  };
  void work();
  void write(const Block& b);
  void write_at(std::uint64_t first, std::span<const T> values) const;

  std::string path_;
  std::string part_;
  bool binary_;
  std::uint32_t n_;
  std::uint32_t base_;
  const std::vector<std::uint32_t>& sources_;
  std::FILE* file_ = nullptr;
  bool owns_file_ = false;
  int fd_ = -1;                    // positional writes (binary files)
  std::uint64_t data_offset_ = 0;  // where row 0 starts
  std::thread worker_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<Block> queue_;
  bool busy_ = false;
  bool stop_ = false;
  bool failed_ = false;
  std::exception_ptr failure_;
  std::string text_;  // csv formatting buffer (writer thread)
};

}  // namespace arcwave::cli
