// parsers/xcsp/xcsp3_structure.hpp — the elements of XCSP3 <constraints>: the constraints arcwave
// models, and the structures around them: <group> (a template read once, then one constraint per
// <args>, streamed so that huge groups are never held whole), <slide> (collect / offset /
// circular windows over lists) and <block> (transparent). Anything else is Unsupported.
//
// Internal to the XCSP3 reader; header-only so that the reader stays one translation unit.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "arcwave/error.hpp"
#include "arcwave/model.hpp"
#include "parsers/xcsp/xcsp3_constraints.hpp"
#include "parsers/xcsp/xcsp3_extension.hpp"
#include "parsers/xcsp/xcsp3_intension.hpp"
#include "parsers/xcsp/xcsp3_lists.hpp"
#include "parsers/xcsp/xcsp3_variables.hpp"
#include "parsers/xml/xml_stream.hpp"

namespace arcwave::xcsp3 {

/// A constraint with parameters (%i, %...), posted once per set of arguments.
class ConstraintTemplate {
 public:
  ConstraintTemplate(XmlNode& node, VariableTable& vars, Model& model, std::uint64_t& tuples,
                     ModelBudget& budget, TableJobs* jobs)
      : vars_(vars), model_(model) {
    if (!is_constraint(node.name))
      throw Unsupported(node.position, "<" + node.name + "> as a constraint template");
    if (node.name == "extension") {
      extension_.emplace(node, vars, /*is_template=*/true, tuples, jobs);
      params_ = extension_->params();
      ellipsis_ = extension_->has_ellipsis();
    } else if (node.name == "intension") {
      intension_.emplace(node, vars, /*is_template=*/true, &budget);
      params_ = intension_->params();
    } else {
      generic_ = node;
      scan_params(node);
    }
  }

  [[nodiscard]] std::size_t params() const noexcept { return params_; }
  [[nodiscard]] bool has_ellipsis() const noexcept { return ellipsis_; }

  /// Posts one constraint; `args` must have been checked with check_count().
  void post(const TemplateArgs& args) {
    if (extension_) {
      extension_->post(model_, &args);
    } else if (intension_) {
      intension_->post(model_, &args);
    } else {
      post_global(generic_, vars_, model_, &args, &memo_);
    }
  }

  /// As many arguments as parameters (at least as many when %... takes the rest).
  void check_count(const TemplateArgs& args) const {
    const std::size_t n = args.values.size();
    if (ellipsis_ ? n < params_ : n != params_)
      throw InputError(args.where, std::to_string(n) + " argument(s) for a template of " +
                                       std::to_string(params_) + " parameter(s)" +
                                       (ellipsis_ ? " and %..." : ""));
  }

 private:
  // Parameters of a template read anew per use: every %i and %... in its text.
  void scan_params(const XmlNode& node) {
    const std::string& t = node.text;
    for (std::size_t at = t.find('%'); at != std::string::npos; at = t.find('%', at + 1)) {
      if (t.compare(at, 4, "%...") == 0) {
        ellipsis_ = true;
        continue;
      }
      std::size_t end = at + 1;
      while (end < t.size() && t[end] >= '0' && t[end] <= '9' && end - at < 8) ++end;
      std::size_t index = 0;
      if (parse_param(std::string_view(t).substr(at, end - at), index) == ParamKind::kIndex)
        params_ = std::max(params_, index + 1);
    }
    for (const XmlNode& c : node.children) scan_params(c);
  }

  VariableTable& vars_;
  Model& model_;
  std::optional<ExtensionSpec> extension_;
  std::optional<IntensionSpec> intension_;
  XmlNode generic_;
  TemplateMemo memo_;
  std::size_t params_ = 0;
  bool ellipsis_ = false;
};

class ConstraintReader {
 public:
  /// `jobs` reads large tables on the other cores (nullptr: every table is read at once).
  ConstraintReader(VariableTable& vars, Model& model, std::uint64_t& tuples, TableJobs* jobs)
      : vars_(vars), model_(model), tuples_(tuples), jobs_(jobs) {}

  /// A whole element of <constraints> or of a <block> (its tables' text may be moved away).
  void add(XmlNode& node) {
    add_element(node);
    account(node.position);
  }

  /// A <group> opened (its children then come one by one through group_child).
  void begin_group(const XmlNode& group) {
    VariableTable::check_attributes(group, {"id", "class", "note"});
    template_.reset();
  }

  /// The next child of the open group: the template first, then each <args>.
  void group_child(XmlNode& child) {
    if (!template_) {
      if (child.name == "args")
        throw InputError(child.position, "<args> before the group's constraint template");
      template_ =
          std::make_unique<ConstraintTemplate>(child, vars_, model_, tuples_, budget_, jobs_);
      return;
    }
    if (child.name != "args")
      throw InputError(child.position, "<" + child.name +
                                           "> in a <group> after its template "
                                           "(only <args> may follow)");
    VariableTable::check_attributes(child, {});
    check_children(child, {});
    read_arguments(child, vars_, args_);
    args_.ellipsis_from = template_->params();
    args_.where = child.position;
    template_->check_count(args_);
    template_->post(args_);
    account(child.position);
  }

  void end_group(const XmlNode& group) {
    check_no_text(group);
    if (!template_) throw InputError(group.position, "<group> without a constraint template");
    template_.reset();
  }

 private:
  // Counts the lists of the constraints posted since the last call in the budget.
  void account(const SourcePosition& where) {
    const std::vector<Constraint>& all = model_.constraints();
    std::uint64_t entries = 0;
    for (; counted_ < all.size(); ++counted_) {
      entries += 1 + std::visit(
                         [](const auto& c) -> std::size_t {
                           std::size_t n = 0;
                           if constexpr (requires { c.scope; }) n += c.scope.size();
                           if constexpr (requires { c.list; }) n += c.list.size();
                           if constexpr (requires { c.except; }) n += c.except.size();
                           if constexpr (requires { c.coeffs; }) n += c.coeffs.size();
                           if constexpr (requires { c.values; }) n += c.values.size();
                           if constexpr (requires { c.condition.set; }) n += c.condition.set.size();
                           return n;
                         },
                         all[counted_]);
    }
    budget_.add(entries, where);
  }

  void add_element(XmlNode& node) {
    if (node.name == "group") {
      begin_group(node);
      for (XmlNode& c : node.children) group_child(c);
      end_group(node);
    } else if (node.name == "block") {
      VariableTable::check_attributes(node, {"id", "class", "note"});
      check_no_text(node);
      for (XmlNode& c : node.children) add(c);
    } else if (node.name == "slide") {
      add_slide(node);
    } else if (node.name == "extension") {
      ExtensionSpec(node, vars_, /*is_template=*/false, tuples_, jobs_).post(model_, nullptr);
    } else if (node.name == "intension") {
      IntensionSpec(node, vars_, /*is_template=*/false).post(model_, nullptr);
    } else if (is_global_constraint(node.name)) {
      post_global(node, vars_, model_, nullptr, nullptr);
    } else {
      throw Unsupported(node.position, "constraint <" + node.name + ">");
    }
  }

  struct SlideList {
    std::vector<int> vars;
    std::size_t offset = 1;
    std::size_t collect = 0;  // 0: not given
  };

  static std::size_t positive_attribute(const XmlNode& node, const char* name) {
    const std::string* text = node.attribute(name);
    if (text == nullptr) return 0;
    Value v = 0;
    if (parse_int(*text, v) != IntParse::kOk || v < 1 || v > (Value{1} << 30))
      throw InputError(node.position,
                       std::string(name) + "=\"" + *text + "\" is not a positive integer");
    return static_cast<std::size_t>(v);
  }

  // slide: at step k, list j gives `collect_j` variables from index k * offset_j on (modulo its
  // length when circular). Without wrapping, the steps go on while every list can give them;
  // a circular slide takes one step per start k * offset_0 inside the first list (its windows
  // wrap around the end), as the XCSP3 reference parser builds them.
  void add_slide(XmlNode& node) {
    VariableTable::check_attributes(node, {"id", "class", "note", "circular"});
    check_no_text(node);
    bool circular = false;
    if (const std::string* c = node.attribute("circular")) {
      if (*c != "true" && *c != "false")
        throw InputError(node.position, "circular=\"" + *c + "\" is not true or false");
      circular = *c == "true";
    }
    std::vector<SlideList> lists;
    XmlNode* tmpl = nullptr;
    for (XmlNode& c : node.children) {
      if (c.name == "list") {
        if (tmpl != nullptr) throw InputError(c.position, "<list> after the slide's template");
        VariableTable::check_attributes(c, {"offset", "collect"});
        SlideList& l = lists.emplace_back();
        l.vars = read_variables(c, vars_, nullptr, "slide");
        if (l.vars.empty()) throw InputError(c.position, "empty <list> in <slide>");
        l.offset = std::max<std::size_t>(1, positive_attribute(c, "offset"));
        l.collect = positive_attribute(c, "collect");
      } else if (tmpl == nullptr) {
        tmpl = &c;
      } else {
        throw InputError(c.position, "a second constraint template in <slide>");
      }
    }
    if (lists.empty()) throw InputError(node.position, "<slide> without <list>");
    if (tmpl == nullptr) throw InputError(node.position, "<slide> without a constraint template");
    ConstraintTemplate t(*tmpl, vars_, model_, tuples_, budget_, jobs_);
    if (t.has_ellipsis()) throw Unsupported(tmpl->position, "%... in a slide template");
    std::size_t collected = 0;
    for (SlideList& l : lists) {
      if (l.collect == 0) l.collect = lists.size() == 1 ? t.params() : 1;
      collected += l.collect;
    }
    if (collected != t.params())
      throw InputError(node.position, "the slide collects " + std::to_string(collected) +
                                          " variable(s) per step but its template has " +
                                          std::to_string(t.params()) + " parameter(s)");
    // Number of steps: the fewest any list allows; circular: one per start in the first list.
    std::size_t steps = SIZE_MAX;
    if (circular) {
      steps = (lists.front().vars.size() - 1) / lists.front().offset + 1;
    } else {
      for (const SlideList& l : lists) {
        const std::size_t n = l.vars.size();
        steps = std::min(steps, n < l.collect ? 0 : (n - l.collect) / l.offset + 1);
      }
    }
    TemplateArgs args;
    args.where = node.position;
    args.ellipsis_from = t.params();
    for (std::size_t k = 0; k < steps; ++k) {
      args.values.clear();
      for (const SlideList& l : lists) {
        for (std::size_t i = 0; i < l.collect; ++i) {
          const std::size_t at = (k * l.offset + i) % l.vars.size();
          args.values.push_back(Operand{true, l.vars[at]});
        }
      }
      t.post(args);
    }
  }

  VariableTable& vars_;
  Model& model_;
  std::uint64_t& tuples_;
  TableJobs* jobs_;
  std::unique_ptr<ConstraintTemplate> template_;
  TemplateArgs args_;
  std::size_t counted_ = 0;  // constraints counted in the budget
  ModelBudget budget_;
};

}  // namespace arcwave::xcsp3
