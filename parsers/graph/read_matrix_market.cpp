// parsers/graph/read_graph.hpp: Matrix Market coordinate files as graphs.
#include <algorithm>
#include <cctype>
#include <cstdint>

#include "parsers/graph/line_cursor.hpp"
#include "parsers/graph/read_graph.hpp"
#include "parsers/graph/weights.hpp"

namespace arcwave {

namespace {

std::string lower(std::string_view text) {
  std::string s(text);
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

enum class Field : std::uint8_t { kReal, kInteger, kPattern };

}  // namespace

GraphFile read_matrix_market(std::string_view text, const std::string& name) {
  GraphFile file;
  file.name = name;
  file.format = GraphFormat::kMatrixMarket;
  file.index_base = 1;
  WeightCollector weights(file);
  LineCursor cur(text, name);
  if (!cur.next_line()) throw InputError(SourcePosition{name, 1, 1}, "empty Matrix Market file");
  const Token banner = cur.next_token();
  if (lower(banner.text) != "%%matrixmarket")
    cur.fail(banner.column, "expected the '%%MatrixMarket' banner");
  const Token object = cur.next_token();
  if (lower(object.text) != "matrix")
    throw Unsupported(cur.position(object.column),
                      "Matrix Market object '" + std::string(object.text) + "' (only 'matrix')");
  const Token format = cur.next_token();
  if (lower(format.text) == "array")
    throw Unsupported(cur.position(format.column), "Matrix Market 'array' (dense) format");
  if (lower(format.text) != "coordinate")
    cur.fail(format.column, "expected 'coordinate', found '" + std::string(format.text) + "'");
  const Token field_token = cur.next_token();
  const std::string field_name = lower(field_token.text);
  Field field = Field::kReal;
  if (field_name == "real" || field_name == "double") {
    field = Field::kReal;
  } else if (field_name == "integer") {
    field = Field::kInteger;
  } else if (field_name == "pattern") {
    field = Field::kPattern;
  } else if (field_name == "complex") {
    throw Unsupported(cur.position(field_token.column), "complex Matrix Market values");
  } else {
    cur.fail(field_token.column,
             "expected 'real', 'integer' or 'pattern', found '" + field_name + "'");
  }
  const Token symmetry = cur.next_token();
  const std::string symmetry_name = lower(symmetry.text);
  if (symmetry_name == "symmetric") {
    file.directed = false;
  } else if (symmetry_name == "skew-symmetric" || symmetry_name == "hermitian") {
    throw Unsupported(cur.position(symmetry.column), symmetry_name + " Matrix Market matrices");
  } else if (symmetry_name != "general") {
    cur.fail(symmetry.column, "expected 'general' or 'symmetric', found '" + symmetry_name + "'");
  }
  if (field == Field::kReal) file.weight_kind = WeightKind::kReal;

  // Size line: the first line that is neither a comment nor blank.
  bool have_size = false;
  std::uint64_t entries = 0;
  while (!have_size && cur.next_line()) {
    if (cur.at_line_end() || cur.peek() == '%') continue;
    const Token rows_token = cur.next_token();
    const std::uint64_t rows = cur.parse_unsigned(rows_token, "row count");
    const Token cols_token = cur.next_token();
    const std::uint64_t cols = cur.parse_unsigned(cols_token, "column count");
    entries = cur.parse_unsigned(cur.next_token(), "entry count");
    if (!cur.at_line_end()) {
      const Token extra = cur.next_token();
      cur.fail(extra.column, "unexpected '" + std::string(extra.text) + "' after the entry count");
    }
    if (rows != cols)
      cur.fail(cols_token.column, "a graph's matrix must be square, this one is " +
                                      std::to_string(rows) + " x " + std::to_string(cols));
    if (rows > UINT32_MAX) cur.fail(rows_token.column, "more than 4294967295 vertices");
    file.vertex_count = static_cast<std::uint32_t>(rows);
    const std::uint64_t room = std::min<std::uint64_t>(entries, text.size() / 4 + 1);
    file.sources.reserve(room);
    file.targets.reserve(room);
    have_size = true;
  }
  if (!have_size)
    throw InputError(SourcePosition{name, cur.line_number() + 1, 1},
                     "missing the size line 'rows columns entries'");
  const std::uint64_t size_line = cur.line_number();
  while (cur.next_line()) {
    if (cur.at_line_end() || cur.peek() == '%') continue;
    if (file.edge_count() == entries) {
      const Token extra = cur.next_token();
      cur.fail(extra.column, "more entries than the " + std::to_string(entries) +
                                 " announced on line " + std::to_string(size_line));
    }
    std::uint32_t ends[2] = {0, 0};
    for (std::uint32_t& end : ends) {
      const Token t = cur.next_token();
      const std::uint64_t v = cur.parse_unsigned(t, "index");
      if (v < 1 || v > file.vertex_count)
        cur.fail(t.column,
                 "index " + std::to_string(v) + " outside 1.." + std::to_string(file.vertex_count));
      end = static_cast<std::uint32_t>(v - 1);
    }
    if (field != Field::kPattern)
      weights.add(cur, cur.next_token(), field == Field::kInteger, field == Field::kReal);
    if (!cur.at_line_end()) {
      const Token extra = cur.next_token();
      cur.fail(extra.column, "unexpected '" + std::string(extra.text) + "' at the end of an entry");
    }
    file.sources.push_back(ends[0]);
    file.targets.push_back(ends[1]);
  }
  if (file.edge_count() != entries)
    throw InputError(SourcePosition{name, size_line, 1},
                     "the size line announces " + std::to_string(entries) + " entries but " +
                         std::to_string(file.edge_count()) + " were found");
  return file;
}

}  // namespace arcwave
