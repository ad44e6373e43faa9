// parsers/xcsp/xcsp3_text.hpp — the textual pieces of XCSP3 element contents: whitespace-separated
// tokens, integers (with the `vxk` repetition of integer lists), domains of values and ranges, and
// conditions "(op,operand)". Every error is an InputError at the exact FILE:LINE:COL.
//
// Internal to the XCSP3 reader (parsers/xcsp/xcsp3_reader.cpp); header-only so that the reader
// stays one translation unit of the parsers library.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "arcwave/error.hpp"
#include "arcwave/model.hpp"
#include "parsers/text/scanner.hpp"
#include "parsers/xcsp/domain_ranges.hpp"
#include "parsers/xml/xml_stream.hpp"

namespace arcwave::xcsp3 {

// Limits on what a document may make the reader allocate: a few bytes of XCSP3 can ask for
// billions of values (0..4000000000, x[] over a huge array, 1x99999999). Past them the reader
// throws ResourceError (exit code 4) naming the position, before allocating.

/// Largest number of values one domain may have enumerated; a single range of more is kept as
/// its bounds (a large domain, up to Domain::kMaxValues values).
inline constexpr std::uint64_t kMaxDomainValues = Domain::kMaxEnumerated;
/// Largest number of values all domains together may hold (8 bytes each).
inline constexpr std::uint64_t kMaxTotalDomainValues = std::uint64_t{1} << 26;
/// Largest number of variables (and of array cells, with or without a domain).
inline constexpr std::uint64_t kMaxVariables = std::uint64_t{1} << 22;
/// Longest list of operands or integers one element may expand to.
inline constexpr std::uint64_t kMaxListLength = std::uint64_t{1} << 24;
/// Largest number of scope entries all constraints together may have.
inline constexpr std::uint64_t kMaxScopeEntries = std::uint64_t{1} << 27;

/// What the constraints read so far hold, counted against kMaxScopeEntries: scope entries, other
/// per-constraint lists, and the instructions of expressions bound per template use. A short
/// <args> can stand for a whole array or a large template: without a bound the model could
/// outgrow any memory.
class ModelBudget {
 public:
  void add(std::uint64_t entries, const SourcePosition& where) {
    used_ += entries;
    if (used_ > kMaxScopeEntries)
      throw ResourceError(where.to_string() + ": the constraints hold more than " +
                          std::to_string(kMaxScopeEntries) + " entries in all");
  }

 private:
  std::uint64_t used_ = 0;
};

/// Throws ResourceError at `where` when a list would grow past kMaxListLength.
inline void check_list_length(std::uint64_t length, const SourcePosition& where) {
  if (length > kMaxListLength)
    throw ResourceError(where.to_string() + ": a list of more than " +
                        std::to_string(kMaxListLength) + " entries");
}

/// A whitespace-separated piece of element text and where it starts in that text.
struct Token {
  std::string_view text;
  std::size_t offset = 0;
  [[nodiscard]] bool empty() const noexcept { return text.empty(); }
};

/// The next token (empty at the end of the text). A token that opens parentheses (an expression
/// such as `add(x, 1)` in a list) runs on, whitespace included, until they are closed.
inline Token next_token(TextScanner& s) {
  s.skip_space();
  const std::size_t offset = s.offset();
  const std::string_view rest = s.rest();
  std::size_t end = 0;
  int depth = 0;
  while (end < rest.size() && (depth > 0 || !TextScanner::is_space(rest[end]))) {
    if (rest[end] == '(') ++depth;
    if (rest[end] == ')' && depth > 0) --depth;
    ++end;
  }
  s.advance(end);
  return Token{rest.substr(0, end), offset};
}

/// Is the token an expression (an operator applied to operands) rather than a name or a value?
inline bool is_expression(std::string_view token) {
  return token.find('(') != std::string_view::npos;
}

/// Does the text hold anything but whitespace?
inline bool has_content(std::string_view text) {
  return std::any_of(text.begin(), text.end(), [](char c) { return !TextScanner::is_space(c); });
}

inline std::string quoted(std::string_view text) {
  constexpr std::size_t kShown = 40;
  std::string s = "'" + std::string(text.substr(0, kShown));
  if (text.size() > kShown) s += "...";
  return s + "'";
}

enum class IntParse : std::uint8_t { kOk, kNotInteger, kOutOfRange };

/// Parses all of `text` as a signed decimal integer.
inline IntParse parse_int(std::string_view text, Value& out) {
  std::size_t i = 0;
  bool negative = false;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) negative = text[i++] == '-';
  if (i == text.size()) return IntParse::kNotInteger;
  // Accumulate negatively so that INT64_MIN is representable.
  constexpr Value kMin = std::numeric_limits<Value>::min();
  Value value = 0;
  bool overflow = false;
  for (; i < text.size(); ++i) {
    const char c = text[i];
    if (c < '0' || c > '9') return IntParse::kNotInteger;
    const int digit = c - '0';
    if (value < (kMin + digit) / 10) overflow = true;
    if (!overflow) value = value * 10 - digit;
  }
  if (overflow || (!negative && value == kMin)) return IntParse::kOutOfRange;
  out = negative ? value : -value;
  return IntParse::kOk;
}

inline bool starts_like_integer(std::string_view text) {
  if (text.empty()) return false;
  const char c = text[0];
  return (c >= '0' && c <= '9') || c == '-' || c == '+';
}

/// Parses `text` (a part of the scanner's text starting at `offset`) as an integer, or fails there.
inline Value int_or_fail(const TextScanner& s, std::string_view text, std::size_t offset,
                         std::string_view what) {
  Value v = 0;
  switch (parse_int(text, v)) {
    case IntParse::kOk:
      return v;
    case IntParse::kOutOfRange:
      s.fail_at(offset, std::string(what) + " " + quoted(text) + " is out of the 64-bit range");
    case IntParse::kNotInteger:
      break;
  }
  s.fail_at(offset, "expected " + std::string(what) + ", found " + quoted(text));
}

/// An integer token, or a range token "lo..hi" (lo == hi for a single value).
struct IntOrRange {
  Value lo = 0;
  Value hi = 0;
  bool is_range = false;
};

inline IntOrRange read_int_or_range(const TextScanner& s, const Token& t, std::string_view what) {
  const std::size_t dots = t.text.find("..");
  if (dots == std::string_view::npos) {
    const Value v = int_or_fail(s, t.text, t.offset, what);
    return {v, v, false};
  }
  const std::string_view lo_text = t.text.substr(0, dots);
  const std::string_view hi_text = t.text.substr(dots + 2);
  if (lo_text.find("infinity") != std::string_view::npos ||
      hi_text.find("infinity") != std::string_view::npos)
    throw Unsupported(s.position_at(t.offset), "infinite domain " + quoted(t.text));
  const Value lo = int_or_fail(s, lo_text, t.offset, what);
  const Value hi = int_or_fail(s, hi_text, t.offset + dots + 2, what);
  if (lo > hi) s.fail_at(t.offset, "reversed range " + quoted(t.text) + " (empty)");
  return {lo, hi, true};
}

using parsers::range_width;

/// A domain "v1 v2 lo..hi ..." (all of the node's text): sorted, distinct, non-empty. Up to
/// kMaxDomainValues values are enumerated; a single range of more (up to Domain::kMaxValues)
/// is kept as a large domain (its bounds).
inline Domain read_domain(const XmlNode& node, std::string_view owner) {
  TextScanner s(node);
  std::vector<std::pair<Value, Value>> ranges;
  std::size_t first_offset = 0;
  for (Token t = next_token(s); !t.empty(); t = next_token(s)) {
    if (!starts_like_integer(t.text) && t.text.find("..") == std::string_view::npos)
      throw Unsupported(s.position_at(t.offset),
                        "symbolic value " + quoted(t.text) + " in the domain of " + quoted(owner));
    const IntOrRange r = read_int_or_range(s, t, "a domain value");
    if (ranges.empty()) first_offset = t.offset;
    ranges.emplace_back(r.lo, r.hi);
  }
  if (ranges.empty()) throw InputError(node.position, "empty domain for " + quoted(owner));
  const parsers::MergedRanges merged = parsers::merge_ranges(std::move(ranges));
  const std::uint64_t count = merged.count;
  if (count > kMaxDomainValues) {
    if (merged.ranges.size() > 1)
      throw Unsupported(s.position_at(first_offset),
                        "the domain of " + quoted(owner) + " has more than " +
                            std::to_string(kMaxDomainValues) +
                            " values and holes (a large domain must be one range)");
    if (count > Domain::kMaxValues)
      throw Unsupported(s.position_at(first_offset),
                        "the domain of " + quoted(owner) + " has more than 2^31 values");
    return Domain::range(merged.ranges.front().first, merged.ranges.front().second);
  }
  return parsers::enumerated_domain(merged);
}

/// The values a domain takes in memory (a large one: its two bounds), for the readers' limits.
inline std::size_t stored_values(const Domain& d) {
  return d.large() ? 2 : d.size();
}

/// An integer list (coefficients, instantiation values, except values): integers separated by
/// whitespace, where `vxk` stands for k copies of v. `offsets` receives each value's token offset.
inline std::vector<Value> read_integer_list(const XmlNode& node, std::string_view what,
                                            std::vector<std::size_t>* offsets = nullptr) {
  TextScanner s(node);
  std::vector<Value> values;
  for (Token t = next_token(s); !t.empty(); t = next_token(s)) {
    const std::size_t x = t.text.find('x');
    if (x == std::string_view::npos) {
      check_list_length(values.size() + 1, s.position_at(t.offset));
      values.push_back(int_or_fail(s, t.text, t.offset, what));
      if (offsets != nullptr) offsets->push_back(t.offset);
      continue;
    }
    const Value v = int_or_fail(s, t.text.substr(0, x), t.offset, what);
    const Value k = int_or_fail(s, t.text.substr(x + 1), t.offset + x + 1, "a repetition count");
    if (k < 1) s.fail_at(t.offset + x + 1, "repetition count " + std::to_string(k) + " below 1");
    check_list_length(values.size() + static_cast<std::uint64_t>(k), s.position_at(t.offset));
    values.insert(values.end(), static_cast<std::size_t>(k), v);
    if (offsets != nullptr) offsets->insert(offsets->end(), static_cast<std::size_t>(k), t.offset);
  }
  return values;
}

/// A condition "(op,operand)" as written; a variable operand is left as a token for the caller.
struct ConditionText {
  Relation op = Relation::kEq;
  Condition::Kind kind = Condition::Kind::kConstant;
  Value value = 0;
  Value lo = 0, hi = 0;
  std::vector<Value> set;
  Token operand;  // the variable (or %i parameter) when kind is kVariable
};

inline bool relation_from_name(std::string_view name, Relation& op) {
  static constexpr std::pair<std::string_view, Relation> kOps[] = {
      {"lt", Relation::kLt}, {"le", Relation::kLe},      {"eq", Relation::kEq},
      {"ne", Relation::kNe}, {"ge", Relation::kGe},      {"gt", Relation::kGt},
      {"in", Relation::kIn}, {"notin", Relation::kNotIn}};
  for (const auto& [n, r] : kOps) {
    if (n == name) {
      op = r;
      return true;
    }
  }
  return false;
}

inline ConditionText read_condition(const XmlNode& node) {
  TextScanner s(node);
  ConditionText c;
  s.expect('(', "to open the condition \"(operator,operand)\"");
  s.skip_space();
  const std::size_t op_start = s.offset();
  while (!s.at_end() && s.peek() != ',' && s.peek() != ')' && !TextScanner::is_space(s.peek()))
    s.advance();
  const std::string_view op_name =
      std::string_view(node.text).substr(op_start, s.offset() - op_start);
  if (!relation_from_name(op_name, c.op))
    s.fail_at(op_start, "unknown operator " + quoted(op_name) +
                            " (expected lt, le, eq, ne, ge, gt, in or notin)");
  s.expect(',', "after the operator of the condition");
  s.skip_space();
  const bool set_op = c.op == Relation::kIn || c.op == Relation::kNotIn;
  const std::size_t operand_start = s.offset();
  if (s.accept('{')) {
    if (!set_op) s.fail_at(operand_start, "a set operand needs the operator 'in' or 'notin'");
    c.kind = Condition::Kind::kSet;
    if (!s.accept('}')) {
      do {
        c.set.push_back(s.read_int("a set value"));
      } while (s.accept(','));
      s.expect('}', "to close the set");
    }
    std::sort(c.set.begin(), c.set.end());
    c.set.erase(std::unique(c.set.begin(), c.set.end()), c.set.end());
  } else {
    while (!s.at_end() && s.peek() != ')' && !TextScanner::is_space(s.peek())) s.advance();
    const Token t{std::string_view(node.text).substr(operand_start, s.offset() - operand_start),
                  operand_start};
    if (t.empty()) s.fail_at(operand_start, "missing operand in the condition");
    if (t.text.find("..") != std::string_view::npos) {
      if (!set_op) s.fail_at(operand_start, "a range operand needs the operator 'in' or 'notin'");
      const IntOrRange r = read_int_or_range(s, t, "a range bound");
      c.kind = Condition::Kind::kRange;
      c.lo = r.lo;
      c.hi = r.hi;
    } else {
      if (set_op)
        s.fail_at(operand_start, "the operator " + quoted(op_name) + " needs a range or a set");
      if (starts_like_integer(t.text)) {
        c.kind = Condition::Kind::kConstant;
        c.value = int_or_fail(s, t.text, t.offset, "an integer");
      } else {
        c.kind = Condition::Kind::kVariable;
        c.operand = t;
      }
    }
  }
  s.expect(')', "to close the condition");
  s.skip_space();
  if (!s.at_end()) s.fail("unexpected text after the condition");
  return c;
}

}  // namespace arcwave::xcsp3
