// parsers/graph/weights.hpp — collects a reader's weights as integers until the first real
// number, then as reals (converting the integers read so far).
#pragma once

#include <cstdint>

#include "parsers/graph/graph_file.hpp"
#include "parsers/graph/line_cursor.hpp"

namespace arcwave {

class WeightCollector {
 public:
  explicit WeightCollector(GraphFile& file) : file_(&file) {}
  /// Reads the weight in `token`; `integers_only` rejects real numbers (Matrix Market
  /// "integer" fields), `as_real` stores every weight as a real ("real" fields).
  void add(const LineCursor& cursor, const Token& token, bool integers_only, bool as_real) {
    std::int64_t integer = 0;
    double real = 0;
    const bool is_integer = cursor.parse_weight(token, integer, real);
    if (!is_integer && integers_only)
      cursor.fail(token.column,
                  "expected an integer value, found '" + std::string(token.text) + "'");
    if (is_integer && !as_real && file_->weight_kind != WeightKind::kReal) {
      file_->weight_kind = WeightKind::kInteger;
      file_->integer_weights.push_back(integer);
      return;
    }
    if (file_->weight_kind != WeightKind::kReal) {
      file_->real_weights.reserve(file_->integer_weights.size() + 1);
      for (const std::int64_t w : file_->integer_weights)
        file_->real_weights.push_back(static_cast<double>(w));
      file_->integer_weights.clear();
      file_->integer_weights.shrink_to_fit();
      file_->weight_kind = WeightKind::kReal;
    }
    file_->real_weights.push_back(is_integer ? static_cast<double>(integer) : real);
  }

 private:
  GraphFile* file_;
};

}  // namespace arcwave
