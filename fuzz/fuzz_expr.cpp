// libFuzzer target: the expression grammar (parsers/expr). Any input must either parse into a
// well-formed program or throw InputError; a parsed program is then bound and evaluated.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "arcwave/error.hpp"
#include "arcwave/expr.hpp"
#include "parsers/expr/expr_parser.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  arcwave::ParsedExpression parsed;
  try {
    parsed = arcwave::parse_expression(text, [size](std::size_t offset) {
      if (offset > size) std::abort();  // positions must lie inside the text (or at its end)
      return arcwave::SourcePosition{"fuzz", 1, offset + 1};
    });
  } catch (const arcwave::InputError&) {
    return 0;
  }
  if (!parsed.expr.well_formed()) std::abort();
  if (parsed.expr.slot_count() != parsed.identifiers.size()) std::abort();
  // Parameters become constants, slots take small values: evaluation must not crash.
  std::vector<arcwave::Expr::Binding> bindings(parsed.expr.param_count(), {true, 3});
  const arcwave::Expr bound = parsed.expr.bind(bindings);
  std::vector<arcwave::Value> slots(parsed.identifiers.size());
  for (std::size_t i = 0; i < slots.size(); ++i) slots[i] = static_cast<arcwave::Value>(i) - 1;
  (void)bound.evaluate(slots);
  return 0;
}
