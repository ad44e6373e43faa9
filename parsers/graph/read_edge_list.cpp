// parsers/graph/read_graph.hpp: whitespace edge lists ("u v" or "u v w" per line, 0-based).
#include <algorithm>
#include <cstdint>

#include "parsers/graph/line_cursor.hpp"
#include "parsers/graph/read_graph.hpp"
#include "parsers/graph/weights.hpp"

namespace arcwave {

GraphFile read_edge_list(std::string_view text, const std::string& name) {
  GraphFile file;
  file.name = name;
  file.format = GraphFormat::kEdgeList;
  file.index_base = 0;
  WeightCollector weights(file);
  LineCursor cur(text, name);
  int columns = 0;  // decided by the first edge line
  std::uint64_t first_line = 0;
  std::uint64_t max_id = 0;
  while (cur.next_line()) {
    const char c = cur.peek();
    if (c == '\0' || c == '#' || c == '%') continue;
    std::uint32_t ends[2] = {0, 0};
    for (std::uint32_t& end : ends) {
      const Token t = cur.next_token();
      const std::uint64_t v = cur.parse_unsigned(t, "vertex");
      if (v >= UINT32_MAX) cur.fail(t.column, "vertex " + std::to_string(v) + " is too large");
      end = static_cast<std::uint32_t>(v);
      max_id = std::max(max_id, v);
    }
    const bool has_weight = !cur.at_line_end();
    if (columns == 0) {
      columns = has_weight ? 3 : 2;
      first_line = cur.line_number();
    } else if ((columns == 3) != has_weight) {
      if (has_weight) {
        const Token extra = cur.next_token();
        cur.fail(extra.column, "unexpected weight: line " + std::to_string(first_line) +
                                   " has no weight, so no line may have one");
      }
      throw InputError(cur.end_position(), "missing weight: line " + std::to_string(first_line) +
                                               " has one, so every line must");
    }
    if (has_weight) weights.add(cur, cur.next_token(), false, false);
    if (!cur.at_line_end()) {
      const Token extra = cur.next_token();
      cur.fail(extra.column, "unexpected '" + std::string(extra.text) + "' at the end of an edge");
    }
    file.sources.push_back(ends[0]);
    file.targets.push_back(ends[1]);
  }
  file.vertex_count = file.sources.empty() ? 0 : static_cast<std::uint32_t>(max_id + 1);
  return file;
}

}  // namespace arcwave
