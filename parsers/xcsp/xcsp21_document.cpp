// The XCSP 2.1 document (parsers/xcsp/xcsp21_document.hpp): the sections stream through the
// SAX layer; every <domain>, <variable>, <relation>, <predicate> and <constraint> arrives as
// one small subtree (capture depth 2) and goes into the model at once.
//
//   <instance>
//     <presentation name= maxConstraintArity= format="XCSP 2.1"/>
//     <domains nbDomains=>        <domain name= nbValues=> 1..5 7 </domain> ...
//     <variables nbVariables=>    <variable name= domain=/> ...
//     <relations nbRelations=>    <relation name= arity= nbTuples= semantics=> 1 2|2 1 ...
//     <predicates nbPredicates=>  <predicate name=> <parameters/> <expression/> ...
//     <constraints nbConstraints=> <constraint name= arity= scope= reference=/> ...
//   </instance>
#include "parsers/xcsp/xcsp21_document.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <initializer_list>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "arcwave/error.hpp"
#include "core/timer.hpp"
#include "parsers/xcsp/table_jobs.hpp"
#include "parsers/xcsp/xcsp21_constraints.hpp"
#include "parsers/xcsp/xcsp21_predicates.hpp"
#include "parsers/xcsp/xcsp21_symbols.hpp"
#include "parsers/xcsp/xcsp21_text.hpp"
#include "parsers/xml/xml_stream.hpp"

namespace arcwave::xcsp21 {

namespace {

// The sections of a document, in the order they must appear.
enum class Section : int {
  kNone,
  kPresentation,
  kDomains,
  kVariables,
  kRelations,
  kPredicates,
  kConstraints
};

struct SectionInfo {
  Section section;
  std::string_view element;  // the section's element
  std::string_view item;     // the elements it holds
  std::string_view count;    // the attribute declaring how many
};

constexpr std::array<SectionInfo, 6> kSections{{
    {Section::kPresentation, "presentation", "", ""},
    {Section::kDomains, "domains", "domain", "nbDomains"},
    {Section::kVariables, "variables", "variable", "nbVariables"},
    {Section::kRelations, "relations", "relation", "nbRelations"},
    {Section::kPredicates, "predicates", "predicate", "nbPredicates"},
    {Section::kConstraints, "constraints", "constraint", "nbConstraints"},
}};

const SectionInfo* find_section(std::string_view element) {
  for (const SectionInfo& s : kSections)
    if (s.element == element) return &s;
  return nullptr;
}

[[noreturn]] void fail_unexpected_child(const XmlNode& parent, const XmlNode& child) {
  fail_at_tag(child, fmt::format("unexpected element <{}> in <{}>", child.name, parent.name));
}

// Fails on a child element outside `allowed` (none when empty).
void expect_children(const XmlNode& node, std::initializer_list<std::string_view> allowed) {
  for (const XmlNode& child : node.children)
    if (std::find(allowed.begin(), allowed.end(), child.name) == allowed.end())
      fail_unexpected_child(node, child);
}

// The elements an item may hold: <predicate> <parameters/> <expression><functional/>
// </expression>, <constraint> <parameters> (whose operator elements are empty); no others.
void check_structure(const XmlNode& item) {
  if (item.name == "predicate") {
    expect_children(item, {"parameters", "expression"});
    for (const XmlNode& child : item.children) {
      if (child.name == "parameters") expect_children(child, {});
      if (child.name == "expression") {
        expect_children(child, {"functional", "math"});
        for (const XmlNode& body : child.children)
          if (body.name == "functional") expect_children(body, {});
      }
    }
  } else if (item.name == "constraint") {
    expect_children(item, {"parameters"});
    for (const XmlNode& parameters : item.children)
      for (const XmlNode& op : parameters.children) expect_children(op, {});
  } else {
    expect_children(item, {});
  }
}

class Xcsp21Handler final : public XmlHandler {
 public:
  Xcsp21Handler(XcspInstance& out, TableJobs& jobs) : out_(out), jobs_(jobs) {}

  void open(const XmlNode& node, int depth) override {
    if (depth == 0) {
      if (node.name != "instance")
        fail_at_tag(node, fmt::format("the root element is <{}>; an XCSP 2.1 document has "
                                      "<instance>",
                                      node.name));
      return;
    }
    const SectionInfo* info = find_section(node.name);
    if (info == nullptr) {
      if (node.name == "functions")
        throw Unsupported(node.position, "<functions> (weighted CSP cost functions)");
      fail_at_tag(node, fmt::format("unexpected element <{}> in <instance>", node.name));
    }
    if (static_cast<int>(info->section) <= static_cast<int>(last_section_))
      fail_at_tag(node, fmt::format("<{}> out of place (sections come in the order presentation, "
                                    "domains, variables, relations, predicates, constraints, "
                                    "each once)",
                                    node.name));
    last_section_ = info->section;
    section_ = info;
    items_ = 0;
    if (info->section == Section::kPresentation) {
      read_presentation(node);
      return;
    }
    const std::optional<std::uint64_t> declared = optional_count(node, info->count);
    switch (info->section) {
      case Section::kDomains:
        out_.declared.domains = declared;
        break;
      case Section::kVariables:
        out_.declared.variables = declared;
        break;
      case Section::kRelations:
        out_.declared.relations = declared;
        break;
      case Section::kPredicates:
        out_.declared.predicates = declared;
        break;
      default:
        out_.declared.constraints = declared;
        break;
    }
    declared_items_ = declared;
  }

  void close(const XmlNode& node, int depth) override {
    if (depth == 0) {
      finish(node);
      return;
    }
    if (section_ != nullptr && section_->section != Section::kPresentation && declared_items_ &&
        *declared_items_ != items_)
      fail_at_tag(node, fmt::format("<{}> declares {}=\"{}\" but holds {} <{}> element{}",
                                    node.name, section_->count, *declared_items_, items_,
                                    section_->item, items_ == 1 ? "" : "s"));
    section_ = nullptr;
  }

  void subtree(XmlNode& node, int /*depth*/) override {
    jobs_.throw_if_failed();
    if (section_ == nullptr) fail_at_tag(node, "unexpected element");
    if (section_->section == Section::kPresentation) return;  // free-form description
    if (node.name != section_->item)
      fail_at_tag(node,
                  fmt::format("unexpected element <{}> in <{}>", node.name, section_->element));
    check_structure(node);
    ++items_;
    switch (section_->section) {
      case Section::kDomains:
        add_domain(node);
        break;
      case Section::kVariables:
        add_variable(node);
        break;
      case Section::kRelations:
        add_relation(node);
        break;
      case Section::kPredicates:
        add_predicate(node);
        break;
      default:
        add_constraint(node);
        break;
    }
  }

 private:
  void read_presentation(const XmlNode& node) {
    if (const std::string* format = node.attribute("format");
        format != nullptr && format->rfind("XCSP 2", 0) != 0)
      throw Unsupported(node.position, fmt::format("format '{}' (arcwave reads XCSP 2.x and "
                                                   "XCSP3)",
                                                   *format));
    if (const std::string* type = node.attribute("type"); type != nullptr && *type != "CSP")
      throw Unsupported(node.position, fmt::format("XCSP 2.1 instance type '{}'", *type));
    if (const std::string* name = node.attribute("name")) out_.name = *name;
    max_arity_ = optional_count(node, "maxConstraintArity");
    if (const std::string* solution = node.attribute("solution"))
      out_.declared_solution = *solution;
    if (const std::string* max_sat = node.attribute("maxSatisfiableConstraints"))
      out_.declared_max_satisfiable =
          parse_integer(node, *max_sat, "attribute maxSatisfiableConstraints");
  }

  void add_domain(const XmlNode& node) {
    const std::string& name = required_attribute(node, "name");
    const std::optional<std::uint64_t> declared = optional_count(node, "nbValues");
    auto values = std::make_shared<const Domain>(parse_domain_values(node));
    if (declared && *declared != values->size())
      fail_at_tag(node, fmt::format("domain '{}' declares nbValues=\"{}\" but has {} values", name,
                                    *declared, values->size()));
    if (!symbols_.domains.emplace(name, std::move(values)).second)
      fail_at_tag(node, fmt::format("domain name '{}' used twice", name));
  }

  void add_variable(const XmlNode& node) {
    const std::string& name = required_attribute(node, "name");
    const std::string& domain = required_attribute(node, "domain");
    const auto d = symbols_.domains.find(domain);
    if (d == symbols_.domains.end())
      fail_at_tag(node, fmt::format("variable '{}' has the unknown domain '{}'", name, domain));
    symbols_.total_domain_values += d->second->large() ? 2 : d->second->size();
    if (symbols_.total_domain_values > kMaxTotalDomainValues)
      throw ResourceError(
          fmt::format("{}: the variables' domains hold more than {} values in all, "
                      "the most arcwave reads",
                      node.position.to_string(), kMaxTotalDomainValues));
    const int index = static_cast<int>(out_.model.variable_count());
    if (!symbols_.variables.emplace(name, index).second)
      fail_at_tag(node, fmt::format("variable name '{}' used twice", name));
    out_.model.add_variable(name, *d->second);
  }

  void add_relation(const XmlNode& node) {
    const std::string& name = required_attribute(node, "name");
    const std::uint64_t arity = required_count(node, "arity");
    if (arity == 0 || arity > static_cast<std::uint64_t>(std::numeric_limits<int>::max()))
      fail_at_tag(node, fmt::format("relation '{}' has arity {}", name, arity));
    const std::uint64_t declared = required_count(node, "nbTuples");
    const std::string& semantics = required_attribute(node, "semantics");
    if (semantics == "soft")
      throw Unsupported(node.position, fmt::format("soft relation '{}' (weighted CSP)", name));
    if (semantics != "supports" && semantics != "conflicts")
      fail_at_tag(node, fmt::format("relation '{}' has semantics '{}' (expected supports or "
                                    "conflicts)",
                                    name, semantics));
    if (symbols_.relations.count(name) != 0 || symbols_.predicates.count(name) != 0)
      fail_at_tag(node, fmt::format("relation name '{}' used twice", name));
    auto table = std::make_shared<Table>();
    table->arity = static_cast<int>(arity);
    table->supports = semantics == "supports";
    symbols_.relations.emplace(name, table);
    if (jobs_.defers(node.text.size())) {
      // Read by the workers; constraints need only its arity meanwhile.
      auto read_all = [relation = name, declared](const XmlNode& n, Table& t) {
        read_relation_tuples(n, relation, declared, t);
      };
      jobs_.defer({std::move(node), std::move(table), std::move(read_all), &relation_tuple_syntax(),
                   declared});
      return;
    }
    out_.tuples += read_relation_tuples(node, name, declared, *table);
  }

  // The tuples of a relation (nbTuples="declared") into `table`, whose arity is set.
  static std::uint64_t read_relation_tuples(const XmlNode& node, const std::string& name,
                                            std::uint64_t declared, Table& table) {
    const std::uint64_t tuples = scan_tuples(node, table.arity, declared, table.cells);
    if (tuples != declared)
      fail_at_tag(node, fmt::format("relation '{}' declares nbTuples=\"{}\" but lists {} tuple{}",
                                    name, declared, tuples, tuples == 1 ? "" : "s"));
    return tuples;
  }

  void add_predicate(const XmlNode& node) {
    const std::string& name = required_attribute(node, "name");
    if (symbols_.relations.count(name) != 0 || symbols_.predicates.count(name) != 0)
      fail_at_tag(node, fmt::format("predicate name '{}' used twice", name));
    symbols_.predicates.emplace(name, xcsp21::read_predicate(node));
  }

  void add_constraint(const XmlNode& node) {
    const std::size_t arity = xcsp21::read_constraint(node, symbols_, out_.model);
    if (max_arity_ && arity > *max_arity_)
      fail_at_tag(node, fmt::format("constraint of arity {} in an instance declaring "
                                    "maxConstraintArity=\"{}\"",
                                    arity, *max_arity_));
  }

  void finish(const XmlNode& root) {
    if (static_cast<int>(last_section_) < static_cast<int>(Section::kVariables))
      fail_at_tag(root, "the instance has no <variables> section");
  }

  XcspInstance& out_;
  TableJobs& jobs_;
  Symbols symbols_;
  Section last_section_ = Section::kNone;
  const SectionInfo* section_ = nullptr;
  std::uint64_t items_ = 0;
  std::optional<std::uint64_t> declared_items_;
  std::optional<std::uint64_t> max_arity_;
};

}  // namespace

XcspInstance read_document(ByteSource& source, const XcspReadOptions& options) {
  XcspInstance out;
  out.format = XcspFormat::kXcsp21;
  out.type = "CSP";
  out.model.source_format = "XCSP 2.1";
  TableJobs jobs(options);
  Stopwatch clock;
  {
    Xcsp21Handler handler(out, jobs);
    try {
      parse_xml_stream(source, handler, 2);
    } catch (...) {
      jobs.rethrow_earlier_failure();  // a relation deferred before the failure comes first
      throw;
    }
  }
  out.stats.stream_seconds = clock.seconds();
  clock.restart();
  out.tuples += jobs.finish();
  out.stats.wait_seconds = clock.seconds();
  jobs.count_into(out.stats);
  return out;
}

}  // namespace arcwave::xcsp21
