// parsers/xcsp/xcsp3_intension.hpp — an XCSP3 <intension> (the expression as text or inside
// <function>), parsed once. As a group or slide template its parameters are bound per set of
// arguments; instances whose arguments are distinct new variables share one bound expression.
//
// Internal to the XCSP3 reader; header-only so that the reader stays one translation unit.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "arcwave/error.hpp"
#include "arcwave/expr.hpp"
#include "arcwave/model.hpp"
#include "parsers/expr/expr_parser.hpp"
#include "parsers/xcsp/xcsp3_auxiliary.hpp"
#include "parsers/xcsp/xcsp3_lists.hpp"
#include "parsers/xcsp/xcsp3_variables.hpp"
#include "parsers/xml/xml_stream.hpp"

namespace arcwave::xcsp3 {

class IntensionSpec {
 public:
  /// `budget` counts the expressions bound per use of a template.
  IntensionSpec(const XmlNode& node, const VariableTable& vars, bool is_template,
                ModelBudget* budget = nullptr)
      : where_(node.position), vars_(&vars), budget_(budget) {
    VariableTable::check_attributes(node, {"id", "class", "note"});
    check_children(node, {"function"});
    const XmlNode* function = single_child(node, "function", false);
    if (function != nullptr) check_no_text(node);
    const XmlNode& text_node = function != nullptr ? *function : node;
    ResolvedExpression r = resolve_expression(text_node, vars);
    fixed_ = std::move(r.scope);
    expr_ = std::move(r.expr);
    params_ = expr_.param_count();
    if (params_ > 0 && !is_template) {
      const std::size_t at = text_node.text.find('%');
      throw InputError(text_node.text_position(at == std::string::npos ? 0 : at),
                       "parameter outside a group or slide template");
    }
    // Parameter p becomes slot fixed + p: shared by every instance over distinct new variables.
    std::vector<Expr::Binding> shift(params_);
    for (std::size_t p = 0; p < params_; ++p)
      shift[p] = Expr::Binding{false, static_cast<Value>(fixed_.size() + p)};
    shared_ = std::make_shared<const Expr>(params_ > 0 ? expr_.bind(shift) : expr_);
  }

  [[nodiscard]] std::size_t params() const noexcept { return params_; }

  void post(Model& model, const TemplateArgs* args) {
    if (args == nullptr || params_ == 0) {
      xcsp3::post(model, IntensionConstraint{fixed_, shared_}, args ? args->where : where_);
      return;
    }
    std::vector<Operand>& values = scratch_;  // reused: groups post millions of instances
    values.resize(params_);
    for (std::size_t p = 0; p < params_; ++p) values[p] = argument(*args, p, *vars_);
    std::vector<int> scope = fixed_;
    bool simple = true;
    for (std::size_t p = 0; p < params_ && simple; ++p) {
      const Operand& a = values[p];
      simple = a.is_variable &&
               std::find(scope.begin(), scope.end(), static_cast<int>(a.value)) == scope.end();
      if (simple) scope.push_back(static_cast<int>(a.value));
    }
    if (simple) {
      xcsp3::post(model, IntensionConstraint{std::move(scope), shared_}, args->where);
      return;
    }
    // Constants or repeated variables: bind each parameter to a constant or a slot.
    scope = fixed_;
    std::vector<Expr::Binding> bindings(params_);
    std::string key;
    for (std::size_t p = 0; p < params_; ++p) {
      const Operand& a = values[p];
      if (!a.is_variable) {
        bindings[p] = Expr::Binding{true, a.value};
      } else {
        const auto it = std::find(scope.begin(), scope.end(), static_cast<int>(a.value));
        const std::size_t slot = static_cast<std::size_t>(it - scope.begin());
        if (it == scope.end()) scope.push_back(static_cast<int>(a.value));
        bindings[p] = Expr::Binding{false, static_cast<Value>(slot)};
      }
      key.append(reinterpret_cast<const char*>(&bindings[p].value), sizeof(Value));
      key.push_back(bindings[p].is_constant ? 'c' : 's');
    }
    // Instances with the same pattern of slots and constants share their bound expression.
    auto it = bound_.find(key);
    if (it == bound_.end()) {
      if (budget_ != nullptr) budget_->add(expr_.code().size(), args->where);
      if (bound_.size() >= kMaxCached) bound_.clear();
      it = bound_.emplace(key, std::make_shared<const Expr>(expr_.bind(bindings))).first;
    }
    xcsp3::post(model, IntensionConstraint{std::move(scope), it->second}, args->where);
  }

 private:
  static constexpr std::size_t kMaxCached = 4096;

  SourcePosition where_;
  const VariableTable* vars_;
  ModelBudget* budget_;
  std::vector<int> fixed_;  // variables named in the expression itself
  Expr expr_;               // slots index fixed_, parameters unbound
  std::size_t params_ = 0;
  std::shared_ptr<const Expr> shared_;
  std::vector<Operand> scratch_;
  std::unordered_map<std::string, std::shared_ptr<const Expr>> bound_;
};

}  // namespace arcwave::xcsp3
