// parsers/graph/read_graph.hpp: DIMACS shortest-path (.gr) files.
#include <algorithm>
#include <cstdint>

#include "parsers/graph/line_cursor.hpp"
#include "parsers/graph/read_graph.hpp"
#include "parsers/graph/weights.hpp"

namespace arcwave {

GraphFile read_dimacs(std::string_view text, const std::string& name) {
  GraphFile file;
  file.name = name;
  file.format = GraphFormat::kDimacs;
  file.index_base = 1;
  WeightCollector weights(file);
  LineCursor cur(text, name);
  bool have_problem = false;
  std::uint64_t announced = 0;
  std::uint64_t problem_line = 0;
  while (cur.next_line()) {
    const Token kind = cur.next_token();
    if (kind.text.empty() || kind.text == "c") continue;
    if (kind.text == "p") {
      if (have_problem)
        cur.fail(kind.column,
                 "second 'p' line (the first is on line " + std::to_string(problem_line) + ")");
      const Token sp = cur.next_token();
      if (sp.text != "sp")
        cur.fail(sp.column,
                 "expected 'sp' (shortest-path problem), found '" + std::string(sp.text) + "'");
      const Token n_token = cur.next_token();
      const std::uint64_t n = cur.parse_unsigned(n_token, "vertex count");
      if (n > UINT32_MAX) cur.fail(n_token.column, "more than 4294967295 vertices");
      announced = cur.parse_unsigned(cur.next_token(), "arc count");
      if (!cur.at_line_end()) {
        const Token extra = cur.next_token();
        cur.fail(extra.column, "unexpected '" + std::string(extra.text) + "' after the arc count");
      }
      file.vertex_count = static_cast<std::uint32_t>(n);
      // Reserve no more than the text could hold, whatever the p line claims.
      const std::uint64_t room = std::min<std::uint64_t>(announced, text.size() / 6 + 1);
      file.sources.reserve(room);
      file.targets.reserve(room);
      have_problem = true;
      problem_line = cur.line_number();
      continue;
    }
    if (kind.text != "a")
      cur.fail(kind.column,
               "expected a 'c', 'p' or 'a' line, found '" + std::string(kind.text) + "'");
    if (!have_problem) cur.fail(kind.column, "arc before the 'p sp N M' line");
    std::uint32_t ends[2] = {0, 0};
    for (std::uint32_t& end : ends) {
      const Token t = cur.next_token();
      const std::uint64_t v = cur.parse_unsigned(t, "vertex");
      if (v < 1 || v > file.vertex_count)
        cur.fail(t.column, "vertex " + std::to_string(v) + " outside 1.." +
                               std::to_string(file.vertex_count));
      end = static_cast<std::uint32_t>(v - 1);
    }
    weights.add(cur, cur.next_token(), false, false);
    if (!cur.at_line_end()) {
      const Token extra = cur.next_token();
      cur.fail(extra.column, "unexpected '" + std::string(extra.text) + "' after the weight");
    }
    file.sources.push_back(ends[0]);
    file.targets.push_back(ends[1]);
  }
  if (!have_problem)
    throw InputError(SourcePosition{name, cur.line_number() + 1, 1}, "missing 'p sp N M' line");
  if (file.edge_count() != announced)
    throw InputError(SourcePosition{name, problem_line, 1},
                     "the 'p' line announces " + std::to_string(announced) + " arcs but " +
                         std::to_string(file.edge_count()) + " were found");
  return file;
}

}  // namespace arcwave
