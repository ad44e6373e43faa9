// The XCSP3 reader (read_xcsp3 in parsers/xcsp/xcsp_reader.hpp): XCSP3-core as the competitions
// use it, streamed through libxml2 SAX.
//
// The stream captures subtrees at depth 3, so that the children of <variables>, <constraints>
// and <objectives> (depth 2) arrive as open / close events and their own children one by one:
// a <group>'s template is read once and each <args> is posted and freed as it arrives, and a
// <block> hands over its constraints one at a time. Other depth-2 elements are reassembled at
// their close and read whole (their tables live in a depth-3 child, moved, never copied).
//
// The XML layer accepts any nesting depth (XML_PARSE_HUGE lifts libxml2's limit), so every
// captured subtree is measured without recursion before it is read, refused when it nests
// deeper than any XCSP3 file does, and freed without recursion.
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "arcwave/error.hpp"
#include "core/timer.hpp"
#include "parsers/xcsp/table_jobs.hpp"
#include "parsers/xcsp/xcsp3_lists.hpp"
#include "parsers/xcsp/xcsp3_objectives.hpp"
#include "parsers/xcsp/xcsp3_structure.hpp"
#include "parsers/xcsp/xcsp3_variables.hpp"
#include "parsers/xcsp/xcsp_reader.hpp"
#include "parsers/xml/xml_stream.hpp"

namespace arcwave {

namespace {

using xcsp3::ConstraintReader;
using xcsp3::VariableTable;

constexpr int kCaptureDepth = 3;
// Deepest element (the root is at depth 0) a document may have: real files nest blocks a few
// levels at most. Bounds the recursion of the readers and of ~XmlNode.
constexpr std::size_t kMaxElementDepth = 256;

// Fails at the first element deeper than kMaxElementDepth in a subtree rooted at `depth`.
void check_nesting(const XmlNode& root, std::size_t depth) {
  std::vector<std::pair<const XmlNode*, std::size_t>> pending{{&root, depth}};
  while (!pending.empty()) {
    const auto [node, d] = pending.back();
    pending.pop_back();
    if (d > kMaxElementDepth)
      throw InputError(node->position, "elements nested deeper than " +
                                           std::to_string(kMaxElementDepth) + " levels");
    for (const XmlNode& c : node->children) pending.emplace_back(&c, d + 1);
  }
}

class Xcsp3Handler final : public XmlHandler {
 public:
  Xcsp3Handler(XcspInstance& inst, TableJobs& jobs)
      : inst_(inst),
        jobs_(jobs),
        vars_(inst.model),
        aux_(vars_, inst.model),
        constraints_(vars_, inst.model, inst.tuples, &jobs) {
    vars_.set_auxiliary(&aux_);
  }

  void open(const XmlNode& node, int depth) override {
    switch (depth) {
      case 0:
        open_instance(node);
        break;
      case 1:
        open_section(node);
        break;
      default:
        open_entry(node);
        break;
    }
  }

  void subtree(XmlNode& node, int depth) override {
    jobs_.throw_if_failed();
    check_nesting(node, static_cast<std::size_t>(depth));
    switch (pending_) {
      case Pending::kCollect:
        children_.push_back(std::move(node));
        break;
      case Pending::kGroup:
        constraints_.group_child(node);
        break;
      case Pending::kBlock:
        constraints_.add(node);
        break;
      case Pending::kIgnore:
        break;
    }
  }

  void close(const XmlNode& node, int depth) override {
    if (depth == 2) {
      close_entry(node);
    } else if (depth == 1 && section_ != Section::kAnnotations) {
      xcsp3::check_no_text(node);
      section_ = Section::kNone;
    } else if (depth == 1) {
      section_ = Section::kNone;
    }
  }

 private:
  enum class Section : std::uint8_t { kNone, kVariables, kConstraints, kObjectives, kAnnotations };
  enum class Pending : std::uint8_t { kCollect, kGroup, kBlock, kIgnore };

  void open_instance(const XmlNode& node) {
    if (node.name != "instance")
      throw InputError(node.position, "the root element is <" + node.name + ">, not <instance>");
    const std::string* format = node.attribute("format");
    if (format == nullptr || *format != "XCSP3")
      throw InputError(node.position, "<instance> without format=\"XCSP3\"");
    const std::string* type = node.attribute("type");
    if (type == nullptr) throw InputError(node.position, "<instance> without a type attribute");
    if (*type != "CSP" && *type != "COP")
      throw Unsupported(node.position, "instance type \"" + *type + "\" (only CSP and COP)");
    inst_.type = *type;
  }

  void open_section(const XmlNode& node) {
    Section s = Section::kNone;
    if (node.name == "variables") s = Section::kVariables;
    if (node.name == "constraints") s = Section::kConstraints;
    if (node.name == "objectives") s = Section::kObjectives;
    if (node.name == "annotations") s = Section::kAnnotations;
    if (s == Section::kNone) throw Unsupported(node.position, "<" + node.name + "> in <instance>");
    const auto index = static_cast<std::size_t>(s);
    if (seen_[index]) throw InputError(node.position, "a second <" + node.name + ">");
    seen_[index] = true;
    if (s == Section::kObjectives) VariableTable::check_attributes(node, {"combination"});
    section_ = s;
  }

  void open_entry(const XmlNode& node) {
    children_.clear();
    pending_ = Pending::kCollect;
    switch (section_) {
      case Section::kVariables:
        if (node.name != "var" && node.name != "array")
          throw Unsupported(node.position, "<" + node.name + "> in <variables>");
        break;
      case Section::kConstraints:
        if (node.name == "group") {
          constraints_.begin_group(node);
          pending_ = Pending::kGroup;
        } else if (node.name == "block") {
          VariableTable::check_attributes(node, {"id", "class", "note"});
          pending_ = Pending::kBlock;
        } else if (node.name != "slide" && !xcsp3::is_constraint(node.name)) {
          // Known at its start tag: say so before reading what may be a large element.
          throw Unsupported(node.position, "constraint <" + node.name + ">");
        }
        break;
      case Section::kObjectives:
        if (node.name != "minimize" && node.name != "maximize")
          throw Unsupported(node.position, "<" + node.name + "> in <objectives>");
        if (inst_.model.objective().has_value() || objective_seen_)
          throw Unsupported(node.position, "several objectives");
        objective_seen_ = true;
        break;
      case Section::kAnnotations:
        pending_ = Pending::kIgnore;
        break;
      case Section::kNone:
        break;
    }
  }

  void close_entry(const XmlNode& node) {
    switch (pending_) {
      case Pending::kGroup:
        constraints_.end_group(node);
        return;
      case Pending::kBlock:
        xcsp3::check_no_text(node);
        return;
      case Pending::kIgnore:
        return;
      case Pending::kCollect:
        break;
    }
    if (section_ == Section::kVariables) {
      if (node.name == "var") {
        if (!children_.empty())
          throw InputError(children_[0].position, "<" + children_[0].name + "> inside <var>");
        vars_.add_var(node);
      } else {
        vars_.add_array(node, children_);
      }
      children_.clear();
      return;
    }
    XmlNode whole;
    whole.name = node.name;
    whole.attributes = node.attributes;
    whole.text = node.text;
    whole.anchors = node.anchors;
    whole.position = node.position;
    whole.children = std::move(children_);
    children_.clear();
    if (section_ == Section::kConstraints) {
      constraints_.add(whole);
    } else if (section_ == Section::kObjectives) {
      Objective o = xcsp3::read_objective(whole, vars_);
      try {
        inst_.model.set_objective(std::move(o));
      } catch (const InputError& e) {
        if (e.where().line != 0) throw;
        throw InputError(whole.position, e.message());
      }
    }
  }

  XcspInstance& inst_;
  TableJobs& jobs_;
  VariableTable vars_;
  xcsp3::AuxiliaryVariables aux_;
  ConstraintReader constraints_;
  Section section_ = Section::kNone;
  bool seen_[5] = {};
  bool objective_seen_ = false;
  Pending pending_ = Pending::kCollect;
  std::vector<XmlNode> children_;
};

}  // namespace

XcspInstance read_xcsp3(ByteSource& source, const XcspReadOptions& options) {
  XcspInstance inst;
  inst.format = XcspFormat::kXcsp3;
  inst.model.source_format = "XCSP3";
  TableJobs jobs(options);
  Stopwatch clock;
  {
    Xcsp3Handler handler(inst, jobs);
    try {
      parse_xml_stream(source, handler, kCaptureDepth);
    } catch (...) {
      jobs.rethrow_earlier_failure();  // a table deferred before the failure comes first
      throw;
    }
  }
  inst.stats.stream_seconds = clock.seconds();
  clock.restart();
  inst.tuples += jobs.finish();
  inst.stats.wait_seconds = clock.seconds();
  jobs.count_into(inst.stats);
  return inst;
}

}  // namespace arcwave
