// Plain and decompressing byte sources (parsers/input/byte_source.hpp).
#include "parsers/input/byte_source.hpp"

#include <bzlib.h>
#include <lzma.h>
#include <sys/mman.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "arcwave/error.hpp"
#include "core/mapped_bytes.hpp"

namespace arcwave {

namespace {

constexpr std::size_t kChunk = 1 << 16;

// Where the (possibly compressed) bytes come from: a FILE*, or a memory span (bytes given by the
// caller, or a file mapped here).
class RawInput {
 public:
  RawInput(std::string name, std::FILE* file, bool owned)
      : name_(std::move(name)), file_(file), owned_(owned) {}
  RawInput(std::string name, std::string_view bytes, bool mapped = false)
      : name_(std::move(name)), memory_(bytes), mapped_(mapped) {}
  RawInput(const RawInput&) = delete;
  RawInput& operator=(const RawInput&) = delete;
  ~RawInput() {
    if (owned_ && file_ != nullptr) std::fclose(file_);
    if (mapped_) unmap_file_bytes(memory_);
  }
  std::size_t read(char* out, std::size_t size) {
    if (pushback_pos_ < pushback_.size()) {
      const std::size_t n = std::min(size, pushback_.size() - pushback_pos_);
      std::memcpy(out, pushback_.data() + pushback_pos_, n);
      pushback_pos_ += n;
      return n;
    }
    std::size_t n = 0;
    if (file_ != nullptr) {
      n = std::fread(out, 1, size, file_);
      if (n == 0 && std::ferror(file_) != 0)
        throw InputError(SourcePosition{name_}, std::string("read error: ") + std::strerror(errno));
    } else {
      n = std::min(size, memory_.size() - memory_pos_);
      std::memcpy(out, memory_.data() + memory_pos_, n);
      memory_pos_ += n;
      if (mapped_ && memory_pos_ - released_ >= kReleaseBytes) release_read_pages();
    }
    total_ += n;
    return n;
  }
  /// Reads the first bytes for detection and keeps them to be read again.
  std::string peek(std::size_t size) {
    if (file_ == nullptr) return std::string(memory_.substr(0, size));
    std::string head(size, '\0');
    std::size_t got = 0;
    while (got < size) {
      const std::size_t n = read(head.data() + got, size - got);
      if (n == 0) break;
      got += n;
    }
    head.resize(got);
    pushback_ = head;
    pushback_pos_ = 0;
    return head;
  }
  // A mapped file's pages count in the resident memory once read: those read are given back
  // as the reading goes on (they are reloaded from the page cache if touched again).
  static constexpr std::size_t kReleaseBytes = std::size_t{8} << 20;
  void release_read_pages() {
    const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    const std::size_t end = memory_pos_ / page * page;  // the mapping starts on a page
    if (end <= released_) return;
    ::madvise(const_cast<char*>(memory_.data()) + released_, end - released_, MADV_DONTNEED);
    released_ = end;
  }

  /// The bytes not read yet, for a memory span.
  [[nodiscard]] std::optional<std::string_view> in_memory() const {
    if (file_ != nullptr) return std::nullopt;
    return memory_.substr(memory_pos_);
  }
  [[nodiscard]] std::uint64_t total() const noexcept { return total_; }
  [[nodiscard]] const std::string& name() const noexcept { return name_; }

 private:
  std::string name_;
  std::FILE* file_ = nullptr;
  bool owned_ = false;
  std::string_view memory_;
  bool mapped_ = false;
  std::size_t memory_pos_ = 0;
  std::size_t released_ = 0;  // mapped bytes given back (a multiple of the page size)
  std::string pushback_;
  std::size_t pushback_pos_ = 0;
  std::uint64_t total_ = 0;
};

// Maps a regular, non-empty file; nullptr when it cannot (the caller reads it instead).
std::unique_ptr<RawInput> map_file(const std::string& path) {
  const std::string_view bytes = map_file_bytes(path, /*populate=*/false);
  if (bytes.empty()) return nullptr;
  // Read front to back: the kernel reads ahead further.
  ::madvise(const_cast<char*>(bytes.data()), bytes.size(), MADV_SEQUENTIAL);
  return std::make_unique<RawInput>(path, bytes, /*mapped=*/true);
}

[[noreturn]] void corrupt(const std::string& name, Compression c, const std::string& why) {
  throw InputError(SourcePosition{name}, std::string("corrupt or truncated ") +
                                             std::string(to_string(c)) + " data: " + why);
}

class PlainSource final : public ByteSource {
 public:
  explicit PlainSource(std::unique_ptr<RawInput> raw)
      : ByteSource(raw->name(), Compression::kNone), raw_(std::move(raw)) {}
  std::size_t read(char* buffer, std::size_t size) override { return raw_->read(buffer, size); }
  [[nodiscard]] std::uint64_t raw_bytes_read() const noexcept override { return raw_->total(); }
  [[nodiscard]] std::optional<std::string_view> in_memory() const override {
    return raw_->in_memory();
  }

 private:
  std::unique_ptr<RawInput> raw_;
};

// Shared loop of the three decompressors: refill the input buffer, run one step.
class DecompressingSource : public ByteSource {
 public:
  DecompressingSource(std::unique_ptr<RawInput> raw, Compression c)
      : ByteSource(raw->name(), c), raw_(std::move(raw)), in_(kChunk) {}
  [[nodiscard]] std::uint64_t raw_bytes_read() const noexcept override { return raw_->total(); }

 protected:
  std::size_t refill() {
    in_size_ = raw_->read(in_.data(), in_.size());
    return in_size_;
  }
  // A decoding error after `produced` bytes of this call: they are delivered, and the error on
  // the next call, so that how a reader sizes its reads never changes what it sees first.
  std::size_t fail_after(std::size_t produced, const std::string& why) {
    if (produced == 0) corrupt(name(), compression(), why);
    pending_error_ = why;
    return produced;
  }
  void throw_pending_error() const {
    if (!pending_error_.empty()) corrupt(name(), compression(), pending_error_);
  }
  std::unique_ptr<RawInput> raw_;
  std::vector<char> in_;
  std::size_t in_size_ = 0;
  bool finished_ = false;
  std::string pending_error_;
};

class LzmaSource final : public DecompressingSource {
 public:
  LzmaSource(std::unique_ptr<RawInput> raw, Compression c)
      : DecompressingSource(std::move(raw), c) {
    // lzma_auto_decoder reads both .xz and the legacy .lzma ("alone") container.
    if (lzma_auto_decoder(&stream_, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK)
      corrupt(name(), compression(), "cannot initialise the LZMA decoder");
  }
  LzmaSource(const LzmaSource&) = delete;
  LzmaSource& operator=(const LzmaSource&) = delete;
  ~LzmaSource() override { lzma_end(&stream_); }
  std::size_t read(char* buffer, std::size_t size) override {
    throw_pending_error();
    if (finished_ || size == 0) return 0;
    stream_.next_out = reinterpret_cast<std::uint8_t*>(buffer);
    stream_.avail_out = size;
    while (stream_.avail_out == size) {
      lzma_action action = LZMA_RUN;
      if (stream_.avail_in == 0 && !eof_) {
        if (refill() == 0) eof_ = true;
        stream_.next_in = reinterpret_cast<const std::uint8_t*>(in_.data());
        stream_.avail_in = in_size_;
      }
      if (eof_) action = LZMA_FINISH;
      const lzma_ret ret = lzma_code(&stream_, action);
      if (ret == LZMA_STREAM_END) {
        finished_ = true;
        break;
      }
      if (ret != LZMA_OK)
        return fail_after(size - stream_.avail_out, "liblzma error " + std::to_string(ret));
      if (eof_ && stream_.avail_out == size) corrupt(name(), compression(), "unexpected end");
    }
    return size - stream_.avail_out;
  }

 private:
  lzma_stream stream_ = LZMA_STREAM_INIT;
  bool eof_ = false;
};

class Bzip2Source final : public DecompressingSource {
 public:
  explicit Bzip2Source(std::unique_ptr<RawInput> raw)
      : DecompressingSource(std::move(raw), Compression::kBzip2) {
    if (BZ2_bzDecompressInit(&stream_, 0, 0) != BZ_OK)
      corrupt(name(), compression(), "cannot initialise the bzip2 decoder");
  }
  Bzip2Source(const Bzip2Source&) = delete;
  Bzip2Source& operator=(const Bzip2Source&) = delete;
  ~Bzip2Source() override { BZ2_bzDecompressEnd(&stream_); }
  std::size_t read(char* buffer, std::size_t size) override {
    throw_pending_error();
    if (finished_ || size == 0) return 0;
    const auto capacity = static_cast<unsigned>(std::min<std::size_t>(size, 1U << 30));
    stream_.next_out = buffer;
    stream_.avail_out = capacity;
    while (stream_.avail_out == capacity) {
      if (stream_.avail_in == 0) {
        if (refill() == 0) corrupt(name(), compression(), "unexpected end");
        stream_.next_in = in_.data();
        stream_.avail_in = static_cast<unsigned>(in_size_);
      }
      const int ret = BZ2_bzDecompress(&stream_);
      if (ret == BZ_STREAM_END) {
        finished_ = true;
        break;
      }
      if (ret != BZ_OK)
        return fail_after(capacity - stream_.avail_out, "libbz2 error " + std::to_string(ret));
    }
    return capacity - stream_.avail_out;
  }

 private:
  bz_stream stream_{};
};

class GzipSource final : public DecompressingSource {
 public:
  explicit GzipSource(std::unique_ptr<RawInput> raw)
      : DecompressingSource(std::move(raw), Compression::kGzip) {
    if (inflateInit2(&stream_, 15 + 32) != Z_OK)  // 15 + 32: zlib or gzip header, detected
      corrupt(name(), compression(), "cannot initialise the zlib decoder");
  }
  GzipSource(const GzipSource&) = delete;
  GzipSource& operator=(const GzipSource&) = delete;
  ~GzipSource() override { inflateEnd(&stream_); }
  std::size_t read(char* buffer, std::size_t size) override {
    throw_pending_error();
    if (finished_ || size == 0) return 0;
    const auto capacity = static_cast<uInt>(std::min<std::size_t>(size, 1U << 30));
    stream_.next_out = reinterpret_cast<Bytef*>(buffer);
    stream_.avail_out = capacity;
    while (stream_.avail_out == capacity) {
      if (stream_.avail_in == 0) {
        if (refill() == 0) corrupt(name(), compression(), "unexpected end");
        stream_.next_in = reinterpret_cast<Bytef*>(in_.data());
        stream_.avail_in = static_cast<uInt>(in_size_);
      }
      const int ret = inflate(&stream_, Z_NO_FLUSH);
      if (ret == Z_STREAM_END) {
        finished_ = true;
        break;
      }
      if (ret != Z_OK)
        return fail_after(capacity - stream_.avail_out, stream_.msg ? stream_.msg : "zlib error");
    }
    return capacity - stream_.avail_out;
  }

 private:
  z_stream stream_{};
};

std::unique_ptr<ByteSource> wrap(std::unique_ptr<RawInput> raw) {
  const Compression c = detect_compression(raw->peek(16));
  switch (c) {
    case Compression::kXz:
    case Compression::kLzma:
      return std::make_unique<LzmaSource>(std::move(raw), c);
    case Compression::kBzip2:
      return std::make_unique<Bzip2Source>(std::move(raw));
    case Compression::kGzip:
      return std::make_unique<GzipSource>(std::move(raw));
    case Compression::kNone:
      break;
  }
  return std::make_unique<PlainSource>(std::move(raw));
}

// Decompression on a thread of its own: the decoder runs a few chunks ahead of the reader.
class ReadAheadSource final : public ByteSource {
 public:
  explicit ReadAheadSource(ByteSource& inner)
      : ByteSource(inner.name(), inner.compression()), inner_(inner) {
    thread_ = std::thread([this] { produce(); });
  }
  ReadAheadSource(const ReadAheadSource&) = delete;
  ReadAheadSource& operator=(const ReadAheadSource&) = delete;
  ~ReadAheadSource() override {
    {
      const std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    changed_.notify_all();
    thread_.join();
  }

  std::size_t read(char* buffer, std::size_t size) override {
    while (used_ == current_.size()) {
      std::unique_lock lock(mutex_);
      changed_.wait(lock, [this] { return !chunks_.empty() || ended_; });
      if (chunks_.empty()) {
        if (error_) std::rethrow_exception(error_);
        return 0;
      }
      current_ = std::move(chunks_.front());
      chunks_.pop_front();
      used_ = 0;
      lock.unlock();
      changed_.notify_all();
    }
    const std::size_t n = std::min(size, current_.size() - used_);
    std::memcpy(buffer, current_.data() + used_, n);
    used_ += n;
    return n;
  }
  [[nodiscard]] std::uint64_t raw_bytes_read() const noexcept override { return raw_bytes_; }

 private:
  static constexpr std::size_t kChunkBytes = std::size_t{1} << 20;
  static constexpr std::size_t kChunksAhead = 4;

  void produce() {
    for (;;) {
      std::string chunk(kChunkBytes, '\0');
      std::size_t n = 0;
      std::exception_ptr error;
      try {
        n = inner_.read(chunk.data(), chunk.size());
      } catch (...) {
        error = std::current_exception();
      }
      raw_bytes_ = inner_.raw_bytes_read();
      std::unique_lock lock(mutex_);
      if (error || n == 0) {
        error_ = error;
        ended_ = true;
        lock.unlock();
        changed_.notify_all();
        return;
      }
      chunk.resize(n);
      changed_.wait(lock, [this] { return chunks_.size() < kChunksAhead || stopping_; });
      if (stopping_) return;
      chunks_.push_back(std::move(chunk));
      lock.unlock();
      changed_.notify_all();
    }
  }

  ByteSource& inner_;
  std::string current_;  // the chunk being read (reader's thread only)
  std::size_t used_ = 0;
  std::atomic<std::uint64_t> raw_bytes_{0};
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::string> chunks_;  // decoded, not read yet
  bool ended_ = false;              // the decoder has delivered everything (or failed)
  std::exception_ptr error_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace

std::unique_ptr<ByteSource> read_ahead(ByteSource& inner) {
  return std::make_unique<ReadAheadSource>(inner);
}

std::string_view to_string(Compression c) {
  switch (c) {
    case Compression::kNone:
      return "uncompressed";
    case Compression::kXz:
      return "xz";
    case Compression::kLzma:
      return "lzma";
    case Compression::kBzip2:
      return "bzip2";
    case Compression::kGzip:
      return "gzip";
  }
  return "?";
}

Compression detect_compression(std::string_view head) {
  auto byte = [&](std::size_t i) { return static_cast<unsigned char>(head[i]); };
  if (head.size() >= 6 && head.substr(0, 6) == std::string_view("\xFD"
                                                                "7zXZ\0",
                                                                6))
    return Compression::kXz;
  if (head.size() >= 3 && head.substr(0, 3) == "BZh") return Compression::kBzip2;
  if (head.size() >= 2 && byte(0) == 0x1F && byte(1) == 0x8B) return Compression::kGzip;
  // lzma-alone: properties byte lc/lp/pb (< 225; 0x5D for the usual 3/0/2), then a 32-bit
  // dictionary size that is a power of two (or 2^n + 2^(n-1)) and a 64-bit size or all-ones.
  if (head.size() >= 13 && byte(0) < 225) {
    const std::uint32_t dict =
        byte(1) | (byte(2) << 8) | (byte(3) << 16) | (static_cast<std::uint32_t>(byte(4)) << 24);
    // 2^n or 2^n + 2^(n-1), as the encoders write it.
    const std::uint32_t high = dict & (dict >> 1);
    const std::uint32_t rest = dict - high;
    const bool dict_ok = dict != 0 && (rest & (rest - 1)) == 0 && (high & (high - 1)) == 0;
    bool size_unknown = true;
    for (std::size_t i = 5; i < 13; ++i) size_unknown = size_unknown && byte(i) == 0xFF;
    const bool size_plausible = byte(12) == 0 || size_unknown;  // < 2^56 bytes or unknown
    if (dict_ok && size_plausible) return Compression::kLzma;
  }
  return Compression::kNone;
}

std::unique_ptr<ByteSource> open_input(const std::string& path) {
  if (path == "-") return wrap(std::make_unique<RawInput>("<stdin>", stdin, false));
  if (std::unique_ptr<RawInput> mapped = map_file(path)) return wrap(std::move(mapped));
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (file == nullptr)
    throw InputError(SourcePosition{path}, std::string("cannot open: ") + std::strerror(errno));
  return wrap(std::make_unique<RawInput>(path, file, true));
}

std::unique_ptr<ByteSource> memory_input(std::string name, std::string_view bytes) {
  return wrap(std::make_unique<RawInput>(std::move(name), bytes));
}

std::string read_all(ByteSource& source) {
  std::string out;
  std::size_t used = 0;
  for (;;) {
    if (out.size() - used < kChunk)
      out.resize(std::max<std::size_t>(out.size() * 2, used + kChunk));
    const std::size_t n = source.read(out.data() + used, out.size() - used);
    if (n == 0) break;
    used += n;
  }
  out.resize(used);
  return out;
}

}  // namespace arcwave
