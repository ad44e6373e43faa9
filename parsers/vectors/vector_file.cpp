// Definitions for parsers/vectors/vector_file.hpp: a streaming text parser (the file is read in
// chunks, never whole), the packed reader, and the writers.
#include "parsers/vectors/vector_file.hpp"

#include <bit>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <ostream>

#include <fmt/format.h>

#include "arcwave/error.hpp"

namespace arcwave {

static_assert(std::endian::native == std::endian::little,
              "the packed vector format is read as little-endian words");

namespace {

constexpr std::size_t kChunk = std::size_t{1} << 20;
constexpr std::uint64_t kMaxBits = std::uint64_t{1} << 31;

std::string describe(char c) {
  const auto byte = static_cast<unsigned char>(c);
  if (c == ' ') return "a space";
  if (c == '\t') return "a tab";
  if (byte >= 0x21 && byte < 0x7F) return fmt::format("'{}'", c);
  return fmt::format("byte 0x{:02X}", byte);
}

/// The text format, fed in chunks.
class TextParser {
 public:
  explicit TextParser(std::string name) : name_(std::move(name)) {}

  void feed(const char* data, std::size_t size) {
    for (std::size_t i = 0; i < size; ++i) step(data[i]);
  }

  BitVectors finish() {
    if (state_ == State::kInVector) end_vector();
    if (out_.count == 0)
      throw InputError(SourcePosition{name_, line_, column_},
                       "no vectors (expected lines of '0' and '1')");
    return std::move(out_);
  }

 private:
  enum class State : std::uint8_t { kLineStart, kInVector, kAfterVector, kComment };

  [[noreturn]] void fail(const std::string& message) const {
    throw InputError(SourcePosition{name_, line_, column_}, message);
  }

  void step(char c) {
    switch (state_) {
      case State::kLineStart:
        if (c == '0' || c == '1') {
          start_vector();
          digit(c);
        } else if (c == '#') {
          state_ = State::kComment;
        } else if (c == '\n') {
          new_line();
          return;
        } else if (c != ' ' && c != '\t' && c != '\r') {
          fail(fmt::format("expected '0' or '1' (or '#' for a comment), found {}", describe(c)));
        }
        break;
      case State::kInVector:
        if (c == '0' || c == '1') {
          digit(c);
        } else if (c == '\n') {
          end_vector();
          new_line();
          return;
        } else if (c == ' ' || c == '\t' || c == '\r') {
          end_vector();
          state_ = State::kAfterVector;
        } else {
          fail(fmt::format("expected '0' or '1', found {}", describe(c)));
        }
        break;
      case State::kAfterVector:
        if (c == '\n') {
          new_line();
          return;
        }
        if (c != ' ' && c != '\t' && c != '\r')
          fail(
              fmt::format("unexpected {} after the vector (one vector per line, no spaces "
                          "inside a vector)",
                          describe(c)));
        break;
      case State::kComment:
        if (c == '\n') {
          new_line();
          return;
        }
        break;
    }
    ++column_;
  }

  void new_line() {
    ++line_;
    column_ = 1;
    state_ = State::kLineStart;
  }

  void start_vector() {
    state_ = State::kInVector;
    length_ = 0;
    if (out_.bits == 0)
      row_.clear();
    else
      std::fill(row_.begin(), row_.end(), 0);
  }

  void digit(char c) {
    if (out_.bits != 0 && length_ == out_.bits)
      fail(fmt::format("vector longer than the first one ({} bits, line {})", out_.bits,
                       first_line_));
    if (out_.bits == 0) {
      if (length_ == kMaxBits) fail(fmt::format("vector longer than {} bits", kMaxBits));
      if (length_ % 64 == 0) row_.push_back(0);
    }
    if (c == '1') row_[length_ / 64] |= std::uint64_t{1} << (length_ % 64);
    ++length_;
  }

  void end_vector() {
    if (out_.bits == 0) {
      out_.bits = static_cast<std::uint32_t>(length_);
      out_.words = BitVectors::words_for(out_.bits);
      first_line_ = line_;
    } else if (length_ != out_.bits) {
      fail(fmt::format("vector has {} bits, expected {} (the length of the first one, line {})",
                       length_, out_.bits, first_line_));
    }
    out_.push_back(row_);
  }

  std::string name_;
  BitVectors out_;
  std::vector<std::uint64_t> row_;
  std::uint64_t length_ = 0;
  std::uint64_t line_ = 1;
  std::uint64_t column_ = 1;
  std::uint64_t first_line_ = 0;
  State state_ = State::kLineStart;
};

std::uint64_t load_u64(const unsigned char* p) {
  std::uint64_t v = 0;
  std::memcpy(&v, p, sizeof v);
  return v;
}
std::uint32_t load_u32(const unsigned char* p) {
  std::uint32_t v = 0;
  std::memcpy(&v, p, sizeof v);
  return v;
}

/// Reads exactly `size` bytes unless the source ends first; returns how many were read.
std::size_t read_full(ByteSource& source, char* buffer, std::size_t size) {
  std::size_t got = 0;
  while (got < size) {
    const std::size_t r = source.read(buffer + got, size - got);
    if (r == 0) break;
    got += r;
  }
  return got;
}

/// The packed format; `head` holds the bytes already read from the source.
BitVectors read_packed(ByteSource& source, std::string head) {
  const std::string& name = source.name();
  const SourcePosition where{name, 0, 0};
  if (head.size() < kPackedVectorHeaderBytes) {
    const std::size_t have = head.size();
    head.resize(kPackedVectorHeaderBytes);
    head.resize(have + read_full(source, head.data() + have, kPackedVectorHeaderBytes - have));
  }
  if (head.size() < kPackedVectorHeaderBytes)
    throw InputError(where, fmt::format("packed vectors: the file ends inside the {}-byte header",
                                        kPackedVectorHeaderBytes));
  const auto* h = reinterpret_cast<const unsigned char*>(head.data());
  const std::uint32_t bits = load_u32(h + 8);
  const std::uint32_t flags = load_u32(h + 12);
  const std::uint64_t count = load_u64(h + 16);
  if (bits == 0) throw InputError(where, "packed vectors: ℓ (bytes 8-11) is 0");
  if (flags != 0)
    throw InputError(where,
                     fmt::format("packed vectors: flags (bytes 12-15) are {}, expected 0", flags));
  if (count == 0) throw InputError(where, "packed vectors: n (bytes 16-23) is 0");
  BitVectors out;
  out.bits = bits;
  out.words = BitVectors::words_for(bits);
  const std::uint64_t row_bytes = std::uint64_t{out.words} * 8;
  if (count > (std::uint64_t{1} << 62) / row_bytes)
    throw InputError(where, fmt::format("packed vectors: n = {} is too large", count));
  const std::uint64_t payload = count * row_bytes;
  // Grow with the data actually read, so that a wrong n cannot ask for a huge buffer.
  out.data.reserve(static_cast<std::size_t>(std::min<std::uint64_t>(payload, kChunk) / 8));
  const std::uint64_t padding = ~BitVectors::last_word_mask(bits);
  std::string pending = head.substr(kPackedVectorHeaderBytes);  // bytes not consumed yet
  std::uint64_t have = 0;                                       // payload bytes consumed
  std::vector<char> buffer(kChunk);
  for (;;) {
    std::size_t used = 0;
    while (have < payload && pending.size() - used >= 8) {
      const std::uint64_t word =
          load_u64(reinterpret_cast<const unsigned char*>(pending.data() + used));
      const std::uint64_t index = have / 8;
      if (index % out.words == out.words - 1 && (word & padding) != 0)
        throw InputError(where,
                         fmt::format("packed vectors: vector {} has padding bits beyond "
                                     "bit {} set (byte offset {})",
                                     index / out.words, bits, kPackedVectorHeaderBytes + have));
      out.data.push_back(word);
      used += 8;
      have += 8;
    }
    pending.erase(0, used);
    if (have == payload) break;
    const std::size_t r = source.read(buffer.data(), buffer.size());
    if (r == 0) break;
    pending.append(buffer.data(), r);
  }
  if (have < payload)
    throw InputError(where, fmt::format("packed vectors: the file ends after {} of the {} payload "
                                        "bytes (in vector {})",
                                        have, payload, have / row_bytes));
  if (!pending.empty() || read_full(source, buffer.data(), 1) != 0)
    throw InputError(where, fmt::format("packed vectors: extra bytes after the {} vectors (byte "
                                        "offset {})",
                                        count, kPackedVectorHeaderBytes + payload));
  out.count = count;
  return out;
}

}  // namespace

BitVectors read_vectors(ByteSource& source) {
  std::string head(kChunk, '\0');
  head.resize(read_full(source, head.data(), head.size()));
  if (head.size() >= kPackedVectorMagic.size() &&
      std::string_view(head).substr(0, kPackedVectorMagic.size()) == kPackedVectorMagic)
    return read_packed(source, std::move(head));
  TextParser parser(source.name());
  parser.feed(head.data(), head.size());
  std::vector<char> buffer(kChunk);
  for (std::size_t r; (r = source.read(buffer.data(), buffer.size())) > 0;)
    parser.feed(buffer.data(), r);
  return parser.finish();
}

BitVectors read_vectors(const std::string& path) {
  const std::unique_ptr<ByteSource> source = open_input(path);
  return read_vectors(*source);
}

BitVectors parse_vectors_text(std::string_view text, const std::string& name) {
  TextParser parser(name);
  parser.feed(text.data(), text.size());
  return parser.finish();
}

void write_vectors_text(std::ostream& out, const BitVectors& vectors, std::string_view comment) {
  std::size_t start = 0;
  while (start < comment.size()) {
    const std::size_t end = std::min(comment.find('\n', start), comment.size());
    out << "# " << comment.substr(start, end - start) << '\n';
    start = end + 1;
  }
  std::string line(vectors.bits + 1, '\n');
  for (std::uint64_t i = 0; i < vectors.count; ++i) {
    for (std::uint32_t k = 0; k < vectors.bits; ++k) line[k] = vectors.get(i, k) ? '1' : '0';
    out.write(line.data(), static_cast<std::streamsize>(line.size()));
  }
}

void write_vectors_packed(std::ostream& out, const BitVectors& vectors) {
  unsigned char header[kPackedVectorHeaderBytes] = {};
  std::memcpy(header, kPackedVectorMagic.data(), kPackedVectorMagic.size());
  const std::uint32_t flags = 0;
  std::memcpy(header + 8, &vectors.bits, 4);
  std::memcpy(header + 12, &flags, 4);
  std::memcpy(header + 16, &vectors.count, 8);
  out.write(reinterpret_cast<const char*>(header), sizeof header);
  out.write(reinterpret_cast<const char*>(vectors.data.data()),
            static_cast<std::streamsize>(vectors.data.size() * 8));
}

void write_vectors_file(const std::string& path, const BitVectors& vectors, VectorFormat format,
                        std::string_view comment) {
  const std::string temp = path + ".tmp";
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    if (!out) throw InputError(SourcePosition{path}, "cannot open for writing");
    if (format == VectorFormat::kPacked)
      write_vectors_packed(out, vectors);
    else
      write_vectors_text(out, vectors, comment);
    out.flush();
    if (!out) {
      std::remove(temp.c_str());
      throw ResourceError(fmt::format("{}: write failed (disk full?)", path));
    }
  }
  std::error_code ec;
  std::filesystem::rename(temp, path, ec);
  if (ec) {
    std::remove(temp.c_str());
    throw InputError(SourcePosition{path}, "cannot write: " + ec.message());
  }
}

std::vector<std::uint64_t> parse_vector_argument(std::string_view text, std::uint32_t bits,
                                                 const std::string& what) {
  std::vector<std::uint64_t> row(BitVectors::words_for(bits), 0);
  for (std::size_t k = 0; k < text.size(); ++k) {
    const char c = text[k];
    if (c != '0' && c != '1')
      throw InputError(SourcePosition{what, 1, k + 1},
                       fmt::format("expected '0' or '1', found {}", describe(c)));
    if (k >= bits)
      throw InputError(SourcePosition{what, 1, k + 1},
                       fmt::format("vector longer than the cells' {} bits", bits));
    if (c == '1') row[k / 64] |= std::uint64_t{1} << (k % 64);
  }
  if (text.size() != bits)
    throw InputError(SourcePosition{what, 1, text.size() + 1},
                     fmt::format("vector has {} bits, the cells have {}", text.size(), bits));
  return row;
}

}  // namespace arcwave
