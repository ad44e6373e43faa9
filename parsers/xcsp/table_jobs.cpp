// Definitions for parsers/xcsp/table_jobs.hpp.
#include "parsers/xcsp/table_jobs.hpp"

#include <algorithm>
#include <chrono>
#include <exception>
#include <string_view>
#include <utility>

namespace arcwave {

struct TableJobs::Job {
  DeferredTable spec;
  std::size_t bytes = 0;
  // Parts of a cut table: part i is text[starts[i], ends[i]) and its tuples begin at first[i].
  std::vector<std::size_t> starts, ends, first;
  std::unique_ptr<std::atomic<bool>[]> star;  // per part: a '*' was read
  std::atomic<std::size_t> parts_left{0};     // parts still counting, then still reading
  std::atomic<bool> part_failed{false};
  std::exception_ptr error;
  bool done = false;  // guarded by TableJobs::mutex_
};

namespace {
// How long a waiting reader sleeps before it looks for queued work again.
constexpr auto kPoll = std::chrono::milliseconds(1);
}  // namespace

TableJobs::TableJobs(const XcspReadOptions& options)
    : threads_(TaskPool::resolve_threads(options.threads)),
      defer_bytes_(options.defer_bytes),
      split_bytes_(std::max<std::size_t>(options.split_bytes, 1)),
      max_pending_bytes_(options.max_pending_bytes),
      pool_(threads_ > 1 ? threads_ - 1 : 0) {}

TableJobs::~TableJobs() {
  abandoned_ = true;
  // pool_ (destroyed first) runs what is queued, which returns at once, and joins its threads.
}

void TableJobs::defer(DeferredTable table) {
  throw_if_failed();
  auto job = std::make_unique<Job>();
  job->bytes = table.node.text.size();
  job->spec = std::move(table);
  Job& j = *job;
  {
    const std::lock_guard lock(mutex_);
    jobs_.push_back(std::move(job));
    pending_bytes_ += j.bytes;
  }
  start(j);
  // Bounded memory: past the limit, the stream waits, reading tables itself meanwhile.
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      if (pending_bytes_ <= max_pending_bytes_) break;
    }
    if (pool_.run_one()) continue;
    std::unique_lock lock(mutex_);
    completed_.wait_for(lock, kPoll, [this] { return pending_bytes_ <= max_pending_bytes_; });
  }
}

void TableJobs::start(Job& job) {
  const std::string& text = job.spec.node.text;
  const TupleSyntax* syntax = job.spec.syntax;
  if (syntax != nullptr && text.size() > split_bytes_) {
    // Parts of about split_bytes_, each cut at the first separator after that size.
    for (std::size_t start = 0;;) {
      job.starts.push_back(start);
      const std::size_t target = start + split_bytes_;
      const std::size_t cut =
          target < text.size() ? syntax->next_cut(text, target) : std::string_view::npos;
      if (cut == std::string_view::npos) {
        job.ends.push_back(text.size());
        break;
      }
      job.ends.push_back(cut);
      start = cut + syntax->separator_width();
    }
  }
  if (job.starts.size() <= 1) {
    job.starts.clear();
    job.ends.clear();
    pool_.submit([this, &job] { read_exactly(job); });
    return;
  }
  const std::size_t parts = job.starts.size();
  job.first.assign(parts + 1, 0);
  job.star = std::make_unique<std::atomic<bool>[]>(parts);
  job.parts_left = parts;
  for (std::size_t i = 0; i < parts; ++i) {
    pool_.submit([this, &job, i] {
      if (!abandoned_) {
        const std::string_view all(job.spec.node.text);
        job.first[i + 1] =
            job.spec.syntax->count_tuples(all.substr(job.starts[i], job.ends[i] - job.starts[i]));
      }
      if (job.parts_left.fetch_sub(1) == 1) plan_parts(job);
    });
  }
}

// Every part has counted its tuples: place them, then read the parts into their places.
void TableJobs::plan_parts(Job& job) {
  if (abandoned_) return complete(job);
  const std::size_t parts = job.starts.size();
  for (std::size_t i = 0; i < parts; ++i) job.first[i + 1] += job.first[i];
  const std::size_t tuples = job.first[parts];
  Table& table = *job.spec.table;
  if (job.spec.expected_tuples && *job.spec.expected_tuples != tuples) return read_exactly(job);
  try {
    table.cells.resize(tuples * static_cast<std::size_t>(table.arity));
  } catch (...) {
    return read_exactly(job);
  }
  job.parts_left = parts;
  for (std::size_t i = 0; i < parts; ++i) {
    pool_.submit([this, &job, i] {
      Table& t = *job.spec.table;
      if (!abandoned_ && !job.part_failed) {
        const auto arity = static_cast<std::size_t>(t.arity);
        bool star = false;
        const std::span<std::int32_t> out(t.cells.data() + job.first[i] * arity,
                                          (job.first[i + 1] - job.first[i]) * arity);
        if (!job.spec.syntax->read_part(job.spec.node, job.starts[i], job.ends[i], t.arity, out,
                                        star))
          job.part_failed = true;
        job.star[i] = star;
      }
      if (job.parts_left.fetch_sub(1) != 1) return;
      if (job.part_failed) return read_exactly(job);
      for (std::size_t k = 0; k < job.starts.size(); ++k) t.has_star = t.has_star || job.star[k];
      complete(job);
    });
  }
}

// The sequential reading of the whole table: the fallback that gives the exact error.
void TableJobs::read_exactly(Job& job) noexcept {
  if (!abandoned_) {
    Table& table = *job.spec.table;
    try {
      table.cells.clear();
      table.cells.shrink_to_fit();
      table.has_star = false;
      job.spec.read_all(job.spec.node, table);
    } catch (...) {
      job.error = std::current_exception();
      failed_ = true;
    }
  }
  complete(job);
}

void TableJobs::complete(Job& job) noexcept {
  // The text is no longer needed; the error (if any) holds its own copy of the position.
  XmlNode().text.swap(job.spec.node.text);
  std::vector<XmlNode::TextAnchor>().swap(job.spec.node.anchors);
  {
    const std::lock_guard lock(mutex_);
    pending_bytes_ -= job.bytes;
    job.done = true;
    ++done_;
  }
  completed_.notify_all();
}

void TableJobs::wait_all() {
  for (;;) {
    while (pool_.run_one()) {
    }
    std::unique_lock lock(mutex_);
    if (done_ == jobs_.size()) return;
    completed_.wait_for(lock, kPoll, [this] { return done_ == jobs_.size(); });
    if (done_ == jobs_.size()) return;
  }
}

void TableJobs::throw_first_failure() {
  for (const std::unique_ptr<Job>& job : jobs_)
    if (job->error) std::rethrow_exception(job->error);
}

void TableJobs::throw_if_failed() {
  if (!failed_.load(std::memory_order_relaxed)) return;
  wait_all();
  throw_first_failure();
}

void TableJobs::rethrow_earlier_failure() {
  wait_all();
  throw_first_failure();
}

std::uint64_t TableJobs::finish() {
  wait_all();
  throw_first_failure();
  std::uint64_t tuples = 0;
  for (const std::unique_ptr<Job>& job : jobs_) tuples += job->spec.table->size();
  return tuples;
}

void TableJobs::count_into(XcspReadStats& stats) const {
  stats.threads = threads_;
  stats.tables_deferred = jobs_.size();
  stats.parts = 0;
  for (const std::unique_ptr<Job>& job : jobs_) stats.parts += job->starts.size();
}

}  // namespace arcwave
