// Definitions for parsers/xcsp/xcsp21_text.hpp.
#include "parsers/xcsp/xcsp21_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <utility>

#include "arcwave/error.hpp"
#include "parsers/text/count_byte.hpp"
#include "parsers/text/scanner.hpp"
#include "parsers/xcsp/domain_ranges.hpp"

namespace arcwave::xcsp21 {

namespace {

[[noreturn]] void fail_in_text(const XmlNode& node, std::size_t offset,
                               const std::string& message) {
  throw InputError(node.text_position(offset), message);
}

// A short quotation of the text at `offset`, for messages.
std::string quote_at(std::string_view text, std::size_t offset) {
  if (offset >= text.size()) return "the end of the element";
  std::size_t end = offset;
  while (end < text.size() && end - offset < 16 && !is_space(text[end])) ++end;
  std::string q;
  for (std::size_t i = offset; i < std::max(end, offset + 1); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    q += c >= 0x20 && c < 0x7f ? std::string(1, static_cast<char>(c)) : fmt::format("\\x{:02x}", c);
  }
  return "'" + q + "'";
}

}  // namespace

void fail_at_tag(const XmlNode& node, const std::string& message) {
  throw InputError(node.position, message);
}

const std::string& required_attribute(const XmlNode& node, std::string_view key) {
  const std::string* value = node.attribute(key);
  if (value == nullptr)
    fail_at_tag(node, fmt::format("<{}> needs the attribute '{}'", node.name, key));
  return *value;
}

std::int64_t parse_integer(const XmlNode& node, std::string_view text, std::string_view what) {
  TextScanner scan(node, text);
  const std::int64_t value = scan.read_int(what);
  scan.skip_space();
  if (!scan.at_end())
    fail_at_tag(node, fmt::format("<{}>: {} '{}' is not an integer", node.name, what, text));
  return value;
}

std::optional<std::uint64_t> optional_count(const XmlNode& node, std::string_view key) {
  const std::string* value = node.attribute(key);
  if (value == nullptr) return std::nullopt;
  const std::int64_t n = parse_integer(node, *value, fmt::format("attribute {}", key));
  if (n < 0)
    fail_at_tag(
        node, fmt::format("<{}>: attribute {} must not be negative, found {}", node.name, key, n));
  return static_cast<std::uint64_t>(n);
}

std::uint64_t required_count(const XmlNode& node, std::string_view key) {
  (void)required_attribute(node, key);
  return *optional_count(node, key);
}

std::vector<Word> split_words(std::string_view text) {
  std::vector<Word> words;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && is_space(text[i])) ++i;
    const std::size_t start = i;
    while (i < text.size() && !is_space(text[i])) ++i;
    if (i > start) words.push_back({text.substr(start, i - start), start});
  }
  return words;
}

bool looks_like_integer(std::string_view word) noexcept {
  std::size_t i = 0;
  if (!word.empty() && (word[0] == '-' || word[0] == '+')) i = 1;
  if (i == word.size()) return false;
  for (; i < word.size(); ++i)
    if (word[i] < '0' || word[i] > '9') return false;
  return true;
}

Domain parse_domain_values(const XmlNode& domain) {
  // Ranges are collected first and merged, so that the number of distinct values is known (and
  // checked against the limit) before any range is expanded.
  std::vector<std::pair<Value, Value>> ranges;
  TextScanner scan(domain);
  while (true) {
    scan.skip_space();
    if (scan.at_end()) break;
    const std::size_t start = scan.offset();
    const Value lo = scan.read_int("a domain value");
    Value hi = lo;
    if (scan.rest().substr(0, 2) == "..") {
      scan.advance(2);
      if (scan.at_end() || TextScanner::is_space(scan.peek()))
        scan.fail("expected the upper bound of the range");
      hi = scan.read_int("the upper bound of the range");
      if (hi < lo) scan.fail_at(start, fmt::format("reversed range {}..{}", lo, hi));
    }
    if (!scan.at_end() && !TextScanner::is_space(scan.peek()))
      scan.fail("expected a space between domain values, found " +
                quote_at(domain.text, scan.offset()));
    ranges.emplace_back(lo, hi);
  }
  if (ranges.empty()) fail_at_tag(domain, "empty domain");
  const parsers::MergedRanges merged = parsers::merge_ranges(std::move(ranges));
  const std::uint64_t count = merged.count;
  if (count > Domain::kMaxValues)
    throw Unsupported(domain.position,
                      fmt::format("domain '{}' has more than 2^31 values",
                                  domain.attribute("name") ? *domain.attribute("name") : ""));
  if (count > kMaxDomainValues) {
    if (merged.ranges.size() > 1)
      throw Unsupported(
          domain.position,
          fmt::format("domain '{}' has more than {} values and holes (a large "
                      "domain must be one range)",
                      domain.attribute("name") ? *domain.attribute("name") : "", kMaxDomainValues));
    return Domain::range(merged.ranges.front().first, merged.ranges.front().second);
  }
  return parsers::enumerated_domain(merged);
}

namespace {

// Reads the tuples of text[from, to) of `relation`, handing each value to `emit`; returns how
// many tuples there are. Errors name their exact position in the relation's text.
template <typename Emit>
std::uint64_t scan_tuple_range(const XmlNode& relation, std::size_t from, std::size_t to, int arity,
                               Emit&& emit) {
  const std::string& text = relation.text;
  const char* const begin = text.data();
  const char* const end = begin + to;
  const char* p = begin + from;
  const auto offset = [&](const char* at) { return static_cast<std::size_t>(at - begin); };
  const auto skip_space = [&] {
    while (p != end && is_space(*p)) ++p;
  };
  constexpr std::uint64_t kLimit = std::numeric_limits<std::int32_t>::max();
  std::uint64_t tuples = 0;
  skip_space();
  if (p == end) return 0;
  while (true) {
    for (int k = 0; k < arity; ++k) {
      skip_space();
      const char* start = p;
      bool negative = false;
      if (p != end && (*p == '-' || *p == '+')) {
        negative = *p == '-';
        ++p;
      }
      if (p == end || *p < '0' || *p > '9') {
        if (k > 0 && (p == end || *p == '|'))
          fail_in_text(relation, offset(start),
                       fmt::format("tuple {} has {} value{}, the relation's arity is {}",
                                   tuples + 1, k, k == 1 ? "" : "s", arity));
        fail_in_text(relation, offset(start),
                     "expected a tuple value, found " + quote_at(text, offset(start)));
      }
      std::uint64_t magnitude = 0;
      while (p != end && *p >= '0' && *p <= '9') {
        magnitude = magnitude * 10 + static_cast<std::uint64_t>(*p - '0');
        if (magnitude > kLimit)  // also excludes INT32_MIN, the star of short tables
          fail_in_text(relation, offset(start),
                       "tuple value out of the 32-bit range of table cells");
        ++p;
      }
      if (p != end && !is_space(*p) && *p != '|')
        fail_in_text(
            relation, offset(p),
            "expected a space or '|' after a tuple value, found " + quote_at(text, offset(p)));
      const auto v = static_cast<std::int32_t>(magnitude);
      emit(negative ? -v : v);
    }
    ++tuples;
    skip_space();
    if (p == end) break;
    if (*p != '|') {
      if (*p == '-' || *p == '+' || (*p >= '0' && *p <= '9'))
        fail_in_text(
            relation, offset(p),
            fmt::format("tuple {} has more values than the relation's arity {}", tuples, arity));
      fail_in_text(relation, offset(p),
                   "expected '|' between tuples, found " + quote_at(text, offset(p)));
    }
    ++p;
  }
  return tuples;
}

// XCSP 2.1 tuple lists cut for parallel reading: parts are separated by a '|' (a part of a
// well-formed list holds one tuple more than it has '|').
class RelationTupleSyntax final : public TupleSyntax {
 public:
  [[nodiscard]] std::size_t next_cut(std::string_view text, std::size_t from) const override {
    return text.find('|', from);
  }
  [[nodiscard]] std::size_t separator_width() const override { return 1; }
  [[nodiscard]] std::size_t count_tuples(std::string_view part) const override {
    return count_byte(part, '|') + 1;
  }
  // A part holds at most one tuple more than its '|' and each tuple `arity` values: the writes
  // stay inside `out`.
  bool read_part(const XmlNode& node, std::size_t from, std::size_t to, int arity,
                 std::span<std::int32_t> out, bool& /*has_star*/) const override {
    std::int32_t* next = out.data();
    try {
      const std::uint64_t tuples =
          scan_tuple_range(node, from, to, arity, [&](std::int32_t v) { *next++ = v; });
      return tuples * static_cast<std::uint64_t>(arity) == out.size();
    } catch (...) {
      return false;
    }
  }
};

}  // namespace

std::uint64_t scan_tuples(const XmlNode& relation, int arity, std::uint64_t declared_tuples,
                          std::vector<std::int32_t>& cells) {
  const std::string& text = relation.text;
  // Every cell takes at least two characters ("1 "), so the text bounds the reservation even
  // when nbTuples is absurd.
  const std::uint64_t by_text = text.size() / 2 + 1;
  const std::uint64_t by_count = declared_tuples * static_cast<std::uint64_t>(arity);
  const bool count_overflows =
      arity > 0 && declared_tuples > std::numeric_limits<std::uint64_t>::max() / arity;
  cells.reserve(cells.size() +
                static_cast<std::size_t>(count_overflows ? by_text : std::min(by_count, by_text)));
  return scan_tuple_range(relation, 0, text.size(), arity,
                          [&](std::int32_t v) { cells.push_back(v); });
}

const TupleSyntax& relation_tuple_syntax() {
  static const RelationTupleSyntax syntax;
  return syntax;
}

}  // namespace arcwave::xcsp21
