// parsers/xcsp/table_jobs.hpp — the tables of a document read on all cores while the XML stream
// goes on. The readers hand a table's text (moved, never copied) and its Table, already posted
// with its arity, to TableJobs; workers fill the cells. A table larger than the split size is
// cut at tuple boundaries: its parts count their tuples, then each reads its values straight
// into its place in the table.
//
// The result is the sequential reader's, cell for cell: the tables are the same objects, the
// parts land in order, and a table whose fast reading fails in any way is read again whole by
// the sequential code, which raises the exact error. The first error in document order wins:
// every table deferred precedes what the stream does next, so when the stream fails, or when
// the reading ends, the error of the first failed table (in the order deferred) is the one
// thrown, before any later error of the stream (rethrow_earlier_failure, finish).
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "arcwave/model.hpp"
#include "parsers/parallel/task_pool.hpp"
#include "parsers/xcsp/xcsp_reader.hpp"
#include "parsers/xml/xml_stream.hpp"

namespace arcwave {

/// How a dialect's tuple text can be cut into parts read independently.
class TupleSyntax {
 public:
  virtual ~TupleSyntax() = default;
  /// The first separator at or after `from` where the text may be cut (npos: none). A cut
  /// there ends one part at the separator and starts the next `separator_width()` later.
  [[nodiscard]] virtual std::size_t next_cut(std::string_view text, std::size_t from) const = 0;
  [[nodiscard]] virtual std::size_t separator_width() const = 0;
  /// The tuples a well-formed part holds, counted without reading values.
  [[nodiscard]] virtual std::size_t count_tuples(std::string_view part) const = 0;
  /// Reads text[from, to) of `node` into exactly `out.size()` cells (`out.size() / arity`
  /// tuples); false when the part is anything else (the whole table is then read again).
  virtual bool read_part(const XmlNode& node, std::size_t from, std::size_t to, int arity,
                         std::span<std::int32_t> out, bool& has_star) const = 0;
};

/// One table to read later.
struct DeferredTable {
  XmlNode node;                  // the element holding the tuples (its text is what is read)
  std::shared_ptr<Table> table;  // arity and supports set, cells empty; already in the model
  /// The sequential reading of the whole text into the table (it throws the exact errors).
  std::function<void(const XmlNode&, Table&)> read_all;
  const TupleSyntax* syntax = nullptr;  // how to cut it; nullptr: never cut
  /// The number of tuples the table must have (XCSP 2.1 nbTuples), when it is declared.
  std::optional<std::uint64_t> expected_tuples;
};

class TableJobs {
 public:
  explicit TableJobs(const XcspReadOptions& options);
  TableJobs(const TableJobs&) = delete;
  TableJobs& operator=(const TableJobs&) = delete;
  /// Abandons tables not started yet and waits for the others.
  ~TableJobs();

  /// Does a table of `text_bytes` bytes go to the workers? (Otherwise the reader reads it.)
  [[nodiscard]] bool defers(std::size_t text_bytes) const noexcept {
    return threads_ > 1 && text_bytes >= defer_bytes_;
  }
  /// Queues a table. Throws the first failure when a table deferred before has failed.
  void defer(DeferredTable table);
  /// Throws, once every table deferred so far is read, the error of the first that failed, if
  /// one did (cheap when none has).
  void throw_if_failed();
  /// For a reader whose stream failed: waits for the tables and throws the error of the first
  /// failed one, which precedes the stream's; returns when none failed.
  void rethrow_earlier_failure();
  /// Waits for every table and returns the tuples they hold; throws the first failure.
  std::uint64_t finish();
  /// Threads, tables deferred and parts so far.
  void count_into(XcspReadStats& stats) const;

 private:
  struct Job;
  void start(Job& job);
  void plan_parts(Job& job);
  void read_exactly(Job& job) noexcept;
  void complete(Job& job) noexcept;
  void wait_all();
  void throw_first_failure();

  unsigned threads_;
  std::size_t defer_bytes_;
  std::size_t split_bytes_;
  std::size_t max_pending_bytes_;
  std::vector<std::unique_ptr<Job>> jobs_;
  std::mutex mutex_;
  std::condition_variable completed_;
  std::size_t pending_bytes_ = 0;  // text of tables not read yet (guarded by mutex_)
  std::size_t done_ = 0;           // tables read (guarded by mutex_)
  std::atomic<bool> failed_{false};
  std::atomic<bool> abandoned_{false};
  TaskPool pool_;  // last: its threads stop before the jobs they work on are freed
};

}  // namespace arcwave
