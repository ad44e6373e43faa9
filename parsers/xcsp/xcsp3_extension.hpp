// parsers/xcsp/xcsp3_extension.hpp — an XCSP3 <extension> (supports or conflicts, ordinary or
// short tables, unary value lists, empty tables), read once and posted once, or — as a group or
// slide template — posted once per set of arguments with one shared table.
//
// Internal to the XCSP3 reader; header-only so that the reader stays one translation unit.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "arcwave/error.hpp"
#include "arcwave/model.hpp"
#include "parsers/xcsp/xcsp3_lists.hpp"
#include "parsers/xcsp/xcsp3_tables.hpp"
#include "parsers/xcsp/xcsp3_variables.hpp"
#include "parsers/xml/xml_stream.hpp"

namespace arcwave::xcsp3 {

class ExtensionSpec {
 public:
  /// Reads the element; `is_template` allows %i / %... in its list. Adds the tuples read to
  /// `tuples`, or hands a large table to `jobs` (its text is moved there, its tuples counted
  /// when read).
  ExtensionSpec(XmlNode& node, VariableTable& vars, bool is_template, std::uint64_t& tuples,
                TableJobs* jobs)
      : where_(node.position), vars_(&vars) {
    VariableTable::check_attributes(node, {"id", "class", "note"});
    check_children(node, {"list", "supports", "conflicts"});
    check_no_text(node);
    const XmlNode* list = single_child(node, "list", true);
    VariableTable::check_attributes(*list, {});
    const XmlNode* supports = single_child(node, "supports", false);
    const XmlNode* conflicts = single_child(node, "conflicts", false);
    if ((supports == nullptr) == (conflicts == nullptr))
      throw InputError(node.position, "<extension> needs exactly one of <supports>, <conflicts>");
    const XmlNode& tuples_node = supports != nullptr ? *supports : *conflicts;
    VariableTable::check_attributes(tuples_node, {});
    read_items(*list, vars, is_template);
    if (items_.empty()) throw InputError(list->position, "<extension> with an empty scope");

    // One scope entry and a value list: a unary table (%... stands for one variable then).
    if (items_.size() == 1 && looks_unary(tuples_node.text)) {
      // Values outside every domain the scope can have never matter: ranges list only the others.
      const std::vector<Value>* universe = &vars.all_values();
      if (items_[0].kind == Item::kVariable)
        universe =
            &vars.model().variables()[static_cast<std::size_t>(items_[0].value)].domain.values();
      table_ = read_unary(tuples_node, *universe, supports != nullptr, vars);
    } else if (const int arity = has_ellipsis_ ? -1 : static_cast<int>(items_.size());
               jobs != nullptr && arity > 0 && !vars.has_symbols() &&
               jobs->defers(tuples_node.text.size())) {
      auto table = std::make_shared<Table>();
      table->arity = arity;
      table->supports = supports != nullptr;
      table_ = table;
      // `node` is the reader's own (mutable) element: its tuples child can give up its text.
      jobs->defer({std::move(const_cast<XmlNode&>(tuples_node)), std::move(table),
                   [arity](const XmlNode& n, Table& t) { read_tuples_into(n, arity, nullptr, t); },
                   &kTupleListSyntax, std::nullopt});
      return;
    } else {
      table_ = read_tuples(tuples_node, arity, supports != nullptr, vars);
    }
    tuples += table_->size();
  }

  /// 1 + the largest %i used (0 if none), and whether %... is used.
  [[nodiscard]] std::size_t params() const noexcept { return params_; }
  [[nodiscard]] bool has_ellipsis() const noexcept { return has_ellipsis_; }
  [[nodiscard]] const std::shared_ptr<const Table>& table() const noexcept { return table_; }

  /// Posts the constraint (over `args` for a template).
  void post(Model& model, const TemplateArgs* args) {
    std::vector<int> scope;
    scope.reserve(items_.size());
    for (const Item& item : items_) {
      switch (item.kind) {
        case Item::kVariable:
          scope.push_back(item.value);
          break;
        case Item::kParam:
          push_argument(scope, argument(*args, static_cast<std::size_t>(item.value), *vars_),
                        *args);
          break;
        case Item::kEllipsis:
          for (std::size_t i = args->ellipsis_from; i < args->values.size(); ++i)
            push_argument(scope, argument(*args, i, *vars_), *args);
          break;
      }
    }
    std::shared_ptr<const Table> table = table_;
    if (table->arity == 0) table = empty_table_of_arity(scope.size());
    if (static_cast<std::size_t>(table->arity) != scope.size())
      throw InputError(args != nullptr ? args->where : where_,
                       "the table has tuples of " + std::to_string(table->arity) +
                           " values but the scope has " + std::to_string(scope.size()) +
                           " variables");
    post(model, ExtensionConstraint{std::move(scope), std::move(table)},
         args != nullptr ? args->where : where_);
  }

 private:
  struct Item {
    enum Kind : std::uint8_t { kVariable, kParam, kEllipsis } kind;
    int value;  // variable index or parameter number
  };

  void read_items(const XmlNode& list, const VariableTable& vars, bool is_template) {
    TextScanner s(list);
    std::vector<int> found;
    for (Token t = next_token(s); !t.empty(); t = next_token(s)) {
      std::size_t index = 0;
      const ParamKind kind = is_template ? parse_param(t.text, index) : ParamKind::kNone;
      if (kind == ParamKind::kEllipsis) {
        if (has_ellipsis_) s.fail_at(t.offset, "%... used twice");
        has_ellipsis_ = true;
        items_.push_back({Item::kEllipsis, 0});
      } else if (kind == ParamKind::kIndex) {
        if (index >= (1u << 20)) s.fail_at(t.offset, "parameter number too large");
        items_.push_back({Item::kParam, static_cast<int>(index)});
        params_ = std::max(params_, index + 1);
      } else {
        if (starts_like_integer(t.text))
          s.fail_at(t.offset, "expected a variable in the scope, found " + quoted(t.text));
        found.clear();
        vars.resolve(s, t, found);
        for (int v : found) items_.push_back({Item::kVariable, v});
      }
    }
  }

  void push_argument(std::vector<int>& scope, const Operand& arg, const TemplateArgs& args) const {
    if (!arg.is_variable)
      throw InputError(args.where, "the constant " + std::to_string(arg.value) +
                                       " is an argument of an <extension>, whose scope "
                                       "holds only variables");
    scope.push_back(static_cast<int>(arg.value));
  }

  std::shared_ptr<const Table> empty_table_of_arity(std::size_t arity) {
    std::shared_ptr<const Table>& t = empty_by_arity_[arity];
    if (!t) {
      auto table = std::make_shared<Table>(*table_);
      table->arity = static_cast<int>(arity);
      t = std::move(table);
    }
    return t;
  }

  static void post(Model& model, Constraint c, const SourcePosition& where) {
    xcsp3::post(model, std::move(c), where);
  }

  SourcePosition where_;
  const VariableTable* vars_;
  std::vector<Item> items_;
  std::size_t params_ = 0;
  bool has_ellipsis_ = false;
  std::shared_ptr<const Table> table_;
  std::map<std::size_t, std::shared_ptr<const Table>> empty_by_arity_;
};

}  // namespace arcwave::xcsp3
