// parsers/xml/xml_stream.hpp — streaming XML over libxml2's SAX2 interface.
//
// The XCSP readers need elements as small trees (a <relation>, a <group> with its <args>) but
// never the whole document. parse_xml_stream() reads the document through a ByteSource and
// hands every element at `capture_depth` to the handler as a complete subtree (then frees it,
// without recursion: subtrees may nest to any depth);
// shallower elements arrive as open/close events. Every node knows the exact line and column
// of its start tag and of each piece of its text, so readers can report FILE:LINE:COL.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "arcwave/error.hpp"
#include "parsers/input/byte_source.hpp"

namespace arcwave {

struct XmlNode {
  std::string name;
  std::vector<std::pair<std::string, std::string>> attributes;
  std::string text;  // all character data directly inside this element, concatenated
  std::vector<XmlNode> children;
  SourcePosition position;  // of the start tag

  /// The value of an attribute, or nullptr.
  [[nodiscard]] const std::string* attribute(std::string_view key) const;
  /// The first child with this name, or nullptr.
  [[nodiscard]] const XmlNode* child(std::string_view child_name) const;
  /// Exact position of byte `offset` of text().
  [[nodiscard]] SourcePosition text_position(std::size_t offset) const;

  /// Where each piece of text starts: (offset in text, line, column).
  struct TextAnchor {
    std::size_t offset;
    std::uint64_t line;
    std::uint64_t column;
  };
  std::vector<TextAnchor> anchors;
};

class XmlHandler {
 public:
  virtual ~XmlHandler() = default;
  /// An element shallower than the capture depth was opened (attributes set, no text yet).
  virtual void open(const XmlNode& node, int depth) {
    (void)node;
    (void)depth;
  }
  /// An element shallower than the capture depth was closed (with its direct text).
  virtual void close(const XmlNode& node, int depth) {
    (void)node;
    (void)depth;
  }
  /// A complete element at the capture depth. The node may be moved from.
  virtual void subtree(XmlNode& node, int depth) = 0;
};

/// Parses the whole document. Malformed XML throws InputError at the exact position; an
/// exception thrown by the handler stops the parse and is rethrown.
void parse_xml_stream(ByteSource& source, XmlHandler& handler, int capture_depth);

}  // namespace arcwave
