// parsers/xcsp/xcsp3_tables.hpp — the tables of XCSP3 <extension> constraints, scanned by hand
// straight into Table::cells (one reservation, no allocation per tuple): ordinary tuples
// "(1,2)(0,*)", and the value lists of unary tables "1 2 4 8..10". When the model has symbolic
// variables, cells may be symbols ("(red,blue)"), read off the fast path. Large tables are
// read by the workers of parsers/xcsp/table_jobs.hpp (cut at tuples when very large).
//
// Internal to the XCSP3 reader; header-only so that the reader stays one translation unit.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "arcwave/error.hpp"
#include "arcwave/model.hpp"
#include "parsers/text/count_byte.hpp"
#include "parsers/text/scanner.hpp"
#include "parsers/xcsp/table_jobs.hpp"
#include "parsers/xcsp/xcsp3_text.hpp"
#include "parsers/xcsp/xcsp3_variables.hpp"
#include "parsers/xml/xml_stream.hpp"

namespace arcwave::xcsp3 {

namespace detail {

inline bool is_space(char c) noexcept {
  return c == ' ' || c == '\n' || c == '\t' || c == '\r';
}

// What scan_cell found where it returned nullptr.
enum class CellProblem : std::uint8_t { kNotACell, kBeyond32Bits, kBeyond64Bits };

// Reads one table cell at `p` ('*' or an integer that fits a 32-bit cell other than kStar's
// value); returns the position after it, or nullptr when there is no cell there (`problem` says
// why: no integer, or one that a 32-bit cell cannot hold, or one beyond the 64-bit range).
inline const char* scan_cell(const char* p, const char* end, std::int32_t& cell, bool& star,
                             CellProblem& problem) {
  problem = CellProblem::kNotACell;
  if (p < end && *p == '*') {
    cell = Table::kStar;
    star = true;
    return p + 1;
  }
  bool negative = false;
  if (p < end && (*p == '-' || *p == '+')) negative = *p++ == '-';
  if (p == end || *p < '0' || *p > '9') return nullptr;
  // Leading zeros, then up to 19 significant digits accumulate without overflow (10^19 < 2^64);
  // no check per digit, as this loop reads every value of every table.
  while (p < end && *p == '0') ++p;
  const char* const significant = p;
  std::uint64_t value = 0;
  while (p < end && *p >= '0' && *p <= '9') {
    if (p - significant < 19) value = value * 10 + static_cast<std::uint64_t>(*p - '0');
    ++p;
  }
  constexpr std::uint64_t kLimit64 = std::uint64_t{1} << 63;  // |INT64_MIN|
  if (p - significant > 19 || value > kLimit64 || (!negative && value == kLimit64)) {
    problem = CellProblem::kBeyond64Bits;
    return nullptr;
  }
  // INT32_MIN is the star marker, so it cannot be a value.
  constexpr auto kMax32 = static_cast<std::uint64_t>(std::numeric_limits<std::int32_t>::max());
  if (value > kMax32) {
    problem = CellProblem::kBeyond32Bits;
    return nullptr;
  }
  cell = static_cast<std::int32_t>(negative ? -static_cast<std::int64_t>(value)
                                            : static_cast<std::int64_t>(value));
  return p;
}

inline bool symbol_start(char c) noexcept {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

// Reads a symbol cell at `p` (a symbol of a symbolic domain); returns the position after it.
inline const char* scan_symbol(const XmlNode& node, const char* begin, const char* p,
                               const char* end, const VariableTable& vars, std::int32_t& cell) {
  const char* q = p;
  while (q < end && (symbol_start(*q) || (*q >= '0' && *q <= '9') || *q == '_')) ++q;
  const std::string_view name(p, static_cast<std::size_t>(q - p));
  const std::optional<Value> v = vars.symbol(name);
  if (!v)
    throw InputError(node.text_position(static_cast<std::size_t>(p - begin)),
                     "'" + std::string(name) + "' is not a symbol of a symbolic domain");
  cell = static_cast<std::int32_t>(*v);
  return q;
}

}  // namespace detail

namespace detail {

// Reads the tuples of text[from, to) of `node` (a <supports> or <conflicts>), handing each cell
// to `emit`; returns the number of tuples. `arity` is the scope size, or -1 when only the tuples
// tell it (then the first tuple fixes it and `on_arity` hears of it). `vars` resolves symbols
// (nullptr: no symbols). Errors name their exact position in the node's text.
template <typename Emit, typename OnArity>
std::size_t scan_tuple_text(const XmlNode& node, std::size_t from, std::size_t to, int& arity,
                            const VariableTable* vars, bool& has_star, Emit&& emit,
                            OnArity&& on_arity) {
  const bool symbols = vars != nullptr && vars->has_symbols();
  const char* const begin = node.text.data();
  const char* const end = begin + to;
  auto fail = [&](const char* at, const std::string& message) -> void {
    throw InputError(node.text_position(static_cast<std::size_t>(at - begin)), message);
  };
  std::size_t tuples = 0;
  const char* p = begin + from;
  for (;;) {
    while (p < end && is_space(*p)) ++p;
    if (p == end) break;
    if (*p != '(') fail(p, "expected '(' to open a tuple");
    const char* const tuple_start = p++;
    int values = 0;
    for (;;) {
      while (p < end && is_space(*p)) ++p;
      std::int32_t cell = 0;
      CellProblem problem = CellProblem::kNotACell;
      const char* next = scan_cell(p, end, cell, has_star, problem);
      if (next == nullptr && symbols && p < end && symbol_start(*p))
        next = scan_symbol(node, begin, p, end, *vars, cell);
      if (next == nullptr) {
        if (problem == CellProblem::kBeyond64Bits) fail(p, "table value out of the 64-bit range");
        if (problem == CellProblem::kBeyond32Bits)
          throw Unsupported(node.text_position(static_cast<std::size_t>(p - begin)),
                            "table value beyond the 32-bit range of table cells");
        fail(p, p == end ? "the tuple is not closed" : "expected an integer or '*' in a tuple");
      }
      p = next;
      if (arity > 0 && values == arity)
        fail(tuple_start, "tuple has more than " + std::to_string(arity) +
                              " values (the scope has " + std::to_string(arity) + ")");
      emit(cell);
      ++values;
      while (p < end && is_space(*p)) ++p;
      if (p < end && *p == ',') {
        ++p;
        continue;
      }
      if (p < end && *p == ')') {
        ++p;
        break;
      }
      fail(p, p == end ? "the tuple is not closed" : "expected ',' or ')' in a tuple");
    }
    if (arity < 0) {
      arity = values;
      on_arity(arity);
    }
    if (values != arity)
      fail(tuple_start, "tuple has " + std::to_string(values) + " value(s), the scope has " +
                            std::to_string(arity));
    ++tuples;
  }
  return tuples;
}

}  // namespace detail

/// Reads the tuples of `node` (a <supports> or <conflicts>) into `table` (cells empty). `arity`
/// is the scope size, or -1 when only the tuples tell it. `vars` resolves symbols (or nullptr).
inline void read_tuples_into(const XmlNode& node, int arity, const VariableTable* vars,
                             Table& table) {
  const std::string& text = node.text;
  const std::size_t tuples = count_byte(text, '(');
  if (arity > 0) table.cells.reserve(tuples * static_cast<std::size_t>(arity));
  detail::scan_tuple_text(
      node, 0, text.size(), arity, vars, table.has_star,
      [&](std::int32_t cell) { table.cells.push_back(cell); },
      [&](int a) { table.cells.reserve(tuples * static_cast<std::size_t>(a)); });
  // 0 only for an empty table whose arity nothing tells (a template over %...). Written only
  // when it changes: a table read by a worker is already in the model, its arity read there.
  if (table.arity != std::max(arity, 0)) table.arity = std::max(arity, 0);
}

inline std::shared_ptr<Table> read_tuples(const XmlNode& node, int arity, bool supports,
                                          const VariableTable& vars) {
  auto table = std::make_shared<Table>();
  table->supports = supports;
  read_tuples_into(node, arity, &vars, *table);
  return table;
}

/// XCSP3 tuple lists cut for parallel reading: a part starts at a tuple's '('.
class TupleListSyntax final : public TupleSyntax {
 public:
  [[nodiscard]] std::size_t next_cut(std::string_view text, std::size_t from) const override {
    return text.find('(', from);
  }
  [[nodiscard]] std::size_t separator_width() const override { return 0; }
  [[nodiscard]] std::size_t count_tuples(std::string_view part) const override {
    return count_byte(part, '(');
  }
  // A part holds at most as many tuples as '(' and each tuple `arity` cells: the writes stay
  // inside `out`.
  bool read_part(const XmlNode& node, std::size_t from, std::size_t to, int arity,
                 std::span<std::int32_t> out, bool& has_star) const override {
    std::int32_t* next = out.data();
    try {
      int a = arity;
      const std::size_t tuples = detail::scan_tuple_text(
          node, from, to, a, nullptr, has_star, [&](std::int32_t cell) { *next++ = cell; },
          [](int) {});
      return tuples * static_cast<std::size_t>(arity) == out.size();
    } catch (...) {
      return false;
    }
  }
};
inline const TupleListSyntax kTupleListSyntax;

/// Reads a unary table "v1 v2 lo..hi ..." (values and ranges). A range lists only the values of
/// `universe` (sorted) it contains: values no variable can take never matter, and ranges may be
/// far wider than any domain.
inline std::shared_ptr<Table> read_unary(const XmlNode& node, std::span<const Value> universe,
                                         bool supports, const VariableTable& vars) {
  TextScanner s(node);
  auto table = std::make_shared<Table>();
  table->arity = 1;
  table->supports = supports;
  auto push = [&](Value v, std::size_t offset) {
    if (v > std::numeric_limits<std::int32_t>::max() ||
        v <= std::numeric_limits<std::int32_t>::min())
      throw Unsupported(s.position_at(offset), "table value " + std::to_string(v) +
                                                   " beyond the 32-bit range of table cells");
    table->cells.push_back(static_cast<std::int32_t>(v));
  };
  for (Token t = next_token(s); !t.empty(); t = next_token(s)) {
    if (vars.has_symbols() && detail::symbol_start(t.text[0])) {
      const std::optional<Value> v = vars.symbol(t.text);
      if (!v) s.fail_at(t.offset, quoted(t.text) + " is not a symbol of a symbolic domain");
      push(*v, t.offset);
      continue;
    }
    const IntOrRange r = read_int_or_range(s, t, "a value");
    if (!r.is_range) {
      push(r.lo, t.offset);
      continue;
    }
    auto it = std::lower_bound(universe.begin(), universe.end(), r.lo);
    for (; it != universe.end() && *it <= r.hi; ++it) push(*it, t.offset);
  }
  std::sort(table->cells.begin(), table->cells.end());
  table->cells.erase(std::unique(table->cells.begin(), table->cells.end()), table->cells.end());
  return table;
}

/// Is the text of a table that of a unary value list (rather than of tuples)?
inline bool looks_unary(std::string_view text) {
  for (char c : text) {
    if (!detail::is_space(c)) return c != '(';
  }
  return false;
}

}  // namespace arcwave::xcsp3
