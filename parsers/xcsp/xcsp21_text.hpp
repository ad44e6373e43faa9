// parsers/xcsp/xcsp21_text.hpp — the text-level pieces of the XCSP 2.1 reader: attributes and
// declared counts, whitespace-separated names, domain contents ("1..5 7 9..10") and relation
// tuples ("1 2|2 3|3 1") scanned straight into table cells. Every error is an InputError at
// the exact position (text) or at the element's start tag (attributes).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "arcwave/model.hpp"
#include "parsers/xcsp/table_jobs.hpp"
#include "parsers/xml/xml_stream.hpp"

namespace arcwave::xcsp21 {

/// Hashing that lets maps keyed by std::string be searched with a std::string_view.
struct NameHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view s) const noexcept {
    return std::hash<std::string_view>{}(s);
  }
};
template <typename T>
using NameMap = std::unordered_map<std::string, T, NameHash, std::equal_to<>>;

/// The largest number of values one domain is enumerated with (a single range of more, up to
/// Domain::kMaxValues, is kept as its bounds: a large domain), and the most all variables
/// together may hold (each holds its own copy of its domain): beyond that reading is refused
/// (ResourceError) before the memory is allocated.
inline constexpr std::uint64_t kMaxDomainValues = Domain::kMaxEnumerated;
inline constexpr std::uint64_t kMaxTotalDomainValues = std::uint64_t{1} << 26;

[[noreturn]] void fail_at_tag(const XmlNode& node, const std::string& message);

/// The value of a required attribute (InputError naming the element when it is missing).
const std::string& required_attribute(const XmlNode& node, std::string_view key);
/// A non-negative integer attribute (nbValues, arity, ...); nullopt when absent.
std::optional<std::uint64_t> optional_count(const XmlNode& node, std::string_view key);
std::uint64_t required_count(const XmlNode& node, std::string_view key);
/// A signed 64-bit integer written in `text` (an attribute value of `node`).
std::int64_t parse_integer(const XmlNode& node, std::string_view text, std::string_view what);

/// True for the characters XML text uses as whitespace.
inline bool is_space(char c) noexcept {
  return c == ' ' || c == '\n' || c == '\t' || c == '\r';
}
/// A whitespace-separated word and its offset in the text it was cut from.
struct Word {
  std::string_view text;
  std::size_t offset = 0;
};
/// The whitespace-separated words of `text`.
std::vector<Word> split_words(std::string_view text);
/// Is `word` an integer (optional sign, then digits only)?
bool looks_like_integer(std::string_view word) noexcept;

/// The values of a <domain> element's text, sorted and distinct.
Domain parse_domain_values(const XmlNode& domain);

/// Reads the tuples of a <relation> element's text into `cells` (appended, tuple-major) and
/// returns how many there are. Values must fit table cells (32-bit, the star value excluded).
std::uint64_t scan_tuples(const XmlNode& relation, int arity, std::uint64_t declared_tuples,
                          std::vector<std::int32_t>& cells);
/// How relation tuples are cut into parts read in parallel (parsers/xcsp/table_jobs.hpp).
const TupleSyntax& relation_tuple_syntax();

}  // namespace arcwave::xcsp21
