// Definitions for include/arcwave/expr_text.hpp: the XCSP expression parser (parsers/expr)
// behind a public entry point, and intension constraints over a model's variable names.
#include "arcwave/expr_text.hpp"

#include <memory>
#include <unordered_map>

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "parsers/expr/expr_parser.hpp"

namespace arcwave {

ParsedExpr parse_expr(std::string_view text) {
  const TextLocator locate = [](std::size_t offset) {
    return SourcePosition{"expression", 1, offset + 1};
  };
  ParsedExpression parsed = parse_expression(text, locate);
  return {std::move(parsed.expr), std::move(parsed.identifiers)};
}

IntensionConstraint intension(const Model& model, std::string_view text) {
  ParsedExpr parsed = parse_expr(text);
  if (parsed.expr.param_count() != 0)
    throw InputError(SourcePosition{"expression", 1, 0},
                     fmt::format("'{}': parameters (%i) have no value here", text));
  std::unordered_map<std::string_view, int> index;
  index.reserve(model.variables().size());
  for (std::size_t v = 0; v < model.variables().size(); ++v)
    index.emplace(model.variables()[v].name, static_cast<int>(v));
  IntensionConstraint c;
  for (const std::string& name : parsed.identifiers) {
    const auto it = index.find(name);
    if (it == index.end())
      throw InputError(SourcePosition{"expression", 1, 0},
                       fmt::format("'{}': '{}' is not a variable of the model", text, name));
    c.scope.push_back(it->second);
  }
  c.expr = std::make_shared<const Expr>(std::move(parsed.expr));
  return c;
}

}  // namespace arcwave
