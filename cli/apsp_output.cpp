// Definitions for cli/apsp_output.hpp.
#include "cli/apsp_output.hpp"

#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <type_traits>

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "arcwave/paths.hpp"
#include "cli/stop_guard.hpp"

namespace arcwave::cli {

namespace {

constexpr std::size_t kQueuedBlocks = 3;

}  // namespace

template <>
constexpr ApspValue apsp_value_type<std::int64_t>() {
  return ApspValue::kInt64;
}
template <>
constexpr ApspValue apsp_value_type<double>() {
  return ApspValue::kFloat64;
}
template <>
constexpr ApspValue apsp_value_type<std::int32_t>() {
  return ApspValue::kInt32;
}
template <>
constexpr ApspValue apsp_value_type<float>() {
  return ApspValue::kFloat32;
}
template <>
constexpr ApspValue apsp_value_type<std::uint32_t>() {
  return ApspValue::kPredecessor;
}

template <typename T>
ApspRowFile<T>::ApspRowFile(std::string path, bool binary, std::uint32_t n, std::uint32_t base,
                            const std::vector<std::uint32_t>& sources)
    : path_(std::move(path)), binary_(binary), n_(n), base_(base), sources_(sources) {
  if (path_.empty()) {
    file_ = stdout;
  } else {
    part_ = path_ + ".part";
    file_ = std::fopen(part_.c_str(), binary ? "wb" : "w");
    if (file_ == nullptr) throw InputError(fmt::format("cannot write '{}'", path_));
    owns_file_ = true;
    note_partial_output(part_);  // a stop before the end removes it
  }
  if (binary_) {
    std::fwrite("ARCWAPSP", 1, 8, file_);
    const std::uint32_t head[2] = {2, static_cast<std::uint32_t>(apsp_value_type<T>())};
    const std::uint64_t sizes[2] = {n, sources.size()};
    const std::uint32_t numbering[2] = {base, 0};
    std::fwrite(head, sizeof head, 1, file_);
    std::fwrite(sizes, sizeof sizes, 1, file_);
    std::fwrite(numbering, sizeof numbering, 1, file_);
    std::vector<std::uint32_t> ids(sources.size());
    for (std::size_t i = 0; i < sources.size(); ++i) ids[i] = sources[i] + base;
    if (!ids.empty()) std::fwrite(ids.data(), sizeof(std::uint32_t), ids.size(), file_);
    if (owns_file_) {
      // The rows by position from here on: the header goes out first.
      if (std::fflush(file_) != 0) {
        std::fclose(file_);
        std::filesystem::remove(part_);
        throw ResourceError(fmt::format("writing '{}' failed (disk full?)", path_));
      }
      fd_ = fileno(file_);
      data_offset_ = 8 + sizeof head + sizeof sizes + sizeof numbering +
                     sizeof(std::uint32_t) * static_cast<std::uint64_t>(sources.size());
      return;  // no writer thread
    }
  } else {
    std::string line = "source";
    for (std::uint32_t v = 0; v < n; ++v) line += fmt::format(",{}", v + base);
    line += '\n';
    std::fputs(line.c_str(), file_);
  }
  worker_ = std::thread([this] { work(); });
}

template <typename T>
ApspRowFile<T>::~ApspRowFile() {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
    queue_.clear();
  }
  changed_.notify_all();
  if (worker_.joinable()) worker_.join();
  if (owns_file_ && file_ != nullptr) {  // not finished: leave no partial file
    std::fclose(file_);
    std::filesystem::remove(part_);
  }
  if (owns_file_) forget_partial_output(part_);
}

template <typename T>
void ApspRowFile<T>::write_at(std::uint64_t first, std::span<const T> values) const {
  std::vector<std::uint32_t> ids;  // predecessors in file numbering
  const char* bytes = reinterpret_cast<const char*>(values.data());
  if constexpr (std::is_same_v<T, std::uint32_t>) {
    if (base_ != 0) {
      ids.assign(values.begin(), values.end());
      for (std::uint32_t& id : ids)
        if (id != kNoVertex) id += base_;
      bytes = reinterpret_cast<const char*>(ids.data());
    }
  }
  std::uint64_t left = values.size_bytes();
  auto offset = static_cast<off_t>(data_offset_ + first * n_ * sizeof(T));
  while (left > 0) {
    const ssize_t wrote = ::pwrite(fd_, bytes, left, offset);
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote <= 0) throw ResourceError(fmt::format("writing '{}' failed (disk full?)", path_));
    bytes += wrote;
    left -= static_cast<std::uint64_t>(wrote);
    offset += wrote;
  }
}

template <typename T>
void ApspRowFile<T>::rows(std::uint64_t first, std::uint64_t count, std::span<const T> values) {
  if (positional()) {
    write_at(first, values);
    return;
  }
  Block b{first, count, std::vector<T>(values.begin(), values.end())};
  std::unique_lock<std::mutex> lock(mutex_);
  changed_.wait(lock, [&] { return failed_ || queue_.size() < kQueuedBlocks; });
  if (failed_) std::rethrow_exception(failure_);
  queue_.push_back(std::move(b));
  changed_.notify_all();
}

template <typename T>
void ApspRowFile<T>::work() {
  for (;;) {
    Block b;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      changed_.wait(lock, [&] { return stop_ || !queue_.empty(); });
      if (queue_.empty()) return;
      b = std::move(queue_.front());
      queue_.pop_front();
      busy_ = true;
    }
    try {
      write(b);
    } catch (...) {
      const std::lock_guard<std::mutex> lock(mutex_);
      failed_ = true;
      failure_ = std::current_exception();
    }
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      busy_ = false;
    }
    changed_.notify_all();
  }
}

template <typename T>
void ApspRowFile<T>::write(const Block& b) {
  if (binary_) {
    if (std::is_same_v<T, std::uint32_t> && base_ != 0) {
      std::vector<std::uint32_t> ids(b.values.begin(), b.values.end());
      for (std::uint32_t& id : ids)
        if (id != kNoVertex) id += base_;
      std::fwrite(ids.data(), sizeof(std::uint32_t), ids.size(), file_);
    } else if (!b.values.empty()) {
      std::fwrite(b.values.data(), sizeof(T), b.values.size(), file_);
    }
  } else {
    for (std::uint64_t i = 0; i < b.count; ++i) {
      text_.clear();
      fmt::format_to(std::back_inserter(text_), "{}", sources_[b.first + i] + base_);
      const T* row = b.values.data() + i * n_;
      for (std::uint32_t v = 0; v < n_; ++v) {
        if constexpr (std::is_same_v<T, std::uint32_t>) {
          if (row[v] == kNoVertex)
            text_ += ",-";
          else
            fmt::format_to(std::back_inserter(text_), ",{}", row[v] + base_);
        } else if (row[v] == unreachable<T>()) {
          text_ += ",inf";
        } else {
          fmt::format_to(std::back_inserter(text_), ",{}", row[v]);
        }
      }
      text_ += '\n';
      std::fwrite(text_.data(), 1, text_.size(), file_);
    }
  }
  if (std::ferror(file_) != 0)
    throw ResourceError(fmt::format("writing '{}' failed (disk full?)",
                                    path_.empty() ? std::string("standard output") : path_));
}

template <typename T>
void ApspRowFile<T>::finish() {
  {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [&] { return failed_ || (queue_.empty() && !busy_); });
    if (failed_) std::rethrow_exception(failure_);
    stop_ = true;
  }
  changed_.notify_all();
  if (worker_.joinable()) worker_.join();
  if (!owns_file_) {
    std::fflush(file_);
    return;
  }
  const bool failed = std::ferror(file_) != 0;
  const bool closed = std::fclose(file_) == 0;
  file_ = nullptr;
  if (failed || !closed) {
    std::filesystem::remove(part_);
    throw ResourceError(fmt::format("writing '{}' failed (disk full?)", path_));
  }
  std::filesystem::rename(part_, path_);
}

template class ApspRowFile<std::int64_t>;
template class ApspRowFile<double>;
template class ApspRowFile<std::int32_t>;
template class ApspRowFile<float>;
template class ApspRowFile<std::uint32_t>;

}  // namespace arcwave::cli
