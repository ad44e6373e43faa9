// libxml2 SAX2 driver for parsers/xml/xml_stream.hpp. No C++ exception crosses libxml2: a
// callback that fails records the exception, stops the parser, and it is rethrown afterwards.
#include "parsers/xml/xml_stream.hpp"

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>

#include <algorithm>
#include <exception>
#include <memory>
#include <string>

namespace arcwave {

const std::string* XmlNode::attribute(std::string_view key) const {
  for (const auto& [k, v] : attributes)
    if (k == key) return &v;
  return nullptr;
}

const XmlNode* XmlNode::child(std::string_view child_name) const {
  for (const XmlNode& c : children)
    if (c.name == child_name) return &c;
  return nullptr;
}

SourcePosition XmlNode::text_position(std::size_t offset) const {
  SourcePosition p{position.file, position.line, position.column};
  if (anchors.empty()) return p;
  auto it = std::upper_bound(anchors.begin(), anchors.end(), offset,
                             [](std::size_t o, const TextAnchor& a) { return o < a.offset; });
  if (it != anchors.begin()) --it;
  p.line = it->line;
  p.column = it->column;
  const std::size_t end = std::min(offset, text.size());
  for (std::size_t i = it->offset; i < end; ++i) {
    if (text[i] == '\n') {
      ++p.line;
      p.column = 1;
    } else {
      ++p.column;
    }
  }
  return p;
}

namespace {

// Destroys nodes and all their descendants without recursion: ~XmlNode recurses once per
// level, and this layer accepts any nesting depth.
void destroy_iteratively(std::vector<XmlNode> work) {
  while (!work.empty()) {
    XmlNode node = std::move(work.back());
    work.pop_back();
    for (XmlNode& child : node.children) work.push_back(std::move(child));
    node.children.clear();
  }
}

// Frees a captured subtree's descendants when the handler is done with it (also on a throw).
struct SubtreeRelease {
  XmlNode& node;
  explicit SubtreeRelease(XmlNode& n) : node(n) {}
  SubtreeRelease(const SubtreeRelease&) = delete;
  SubtreeRelease& operator=(const SubtreeRelease&) = delete;
  ~SubtreeRelease() { destroy_iteratively(std::move(node.children)); }
};

struct ParseState {
  XmlHandler* handler = nullptr;
  int capture_depth = 0;
  xmlParserCtxtPtr ctxt = nullptr;
  const std::string* file = nullptr;
  std::vector<XmlNode> stack;  // open elements; captured subtrees are built inside stack[capture]
  std::uint64_t last_line = 1;
  std::uint64_t last_column = 1;
  std::exception_ptr failure;

  // Open elements can hold closed descendants nested millions deep (a file cut off inside a
  // deep subtree).
  ~ParseState() { destroy_iteratively(std::move(stack)); }
  ParseState() = default;
  ParseState(const ParseState&) = delete;
  ParseState& operator=(const ParseState&) = delete;

  // libxml2 reports, inside a start-element callback, the column of the tag's last character
  // ('>'); inside character and end-element callbacks, the column of the next character.
  // `after_start` corrects the former so that `last_*` is always the next unread position.
  void mark_position(bool after_start = false) {
    last_line = static_cast<std::uint64_t>(std::max(1, xmlSAX2GetLineNumber(ctxt)));
    last_column = static_cast<std::uint64_t>(std::max(1, xmlSAX2GetColumnNumber(ctxt))) +
                  (after_start ? 1 : 0);
  }
  void fail() {
    if (!failure) failure = std::current_exception();
    xmlStopParser(ctxt);
  }
};

ParseState* state_of(void* ctx) {
  auto* ctxt = static_cast<xmlParserCtxtPtr>(ctx);
  return static_cast<ParseState*>(ctxt->_private);
}

void on_start(void* ctx, const xmlChar* localname, const xmlChar* /*prefix*/,
              const xmlChar* /*uri*/, int /*nb_namespaces*/, const xmlChar** /*namespaces*/,
              int nb_attributes, int /*nb_defaulted*/, const xmlChar** attributes) {
  ParseState* s = state_of(ctx);
  if (s->failure) return;
  try {
    XmlNode node;
    node.name = reinterpret_cast<const char*>(localname);
    // Whitespace before the tag was delivered as characters, so the last position is the '<'.
    node.position = SourcePosition{*s->file, s->last_line, s->last_column};
    s->mark_position(/*after_start=*/true);
    node.attributes.reserve(static_cast<std::size_t>(nb_attributes));
    for (int i = 0; i < nb_attributes; ++i) {
      const auto* begin = reinterpret_cast<const char*>(attributes[i * 5 + 3]);
      const auto* end = reinterpret_cast<const char*>(attributes[i * 5 + 4]);
      node.attributes.emplace_back(reinterpret_cast<const char*>(attributes[i * 5]),
                                   std::string(begin, end));
    }
    const int depth = static_cast<int>(s->stack.size());
    s->stack.push_back(std::move(node));
    if (depth < s->capture_depth) s->handler->open(s->stack.back(), depth);
  } catch (...) {
    s->fail();
  }
}

void on_end(void* ctx, const xmlChar* /*localname*/, const xmlChar* /*prefix*/,
            const xmlChar* /*uri*/) {
  ParseState* s = state_of(ctx);
  if (s->failure) return;
  try {
    s->mark_position();
    const int depth = static_cast<int>(s->stack.size()) - 1;
    XmlNode node = std::move(s->stack.back());
    s->stack.pop_back();
    if (depth > s->capture_depth) {
      s->stack.back().children.push_back(std::move(node));
    } else if (depth == s->capture_depth) {
      const SubtreeRelease release(node);
      s->handler->subtree(node, depth);
    } else {
      s->handler->close(node, depth);
    }
  } catch (...) {
    s->fail();
  }
}

void on_characters(void* ctx, const xmlChar* chars, int len) {
  ParseState* s = state_of(ctx);
  if (s->failure || s->stack.empty()) return;
  try {
    XmlNode& node = s->stack.back();
    node.anchors.push_back({node.text.size(), s->last_line, s->last_column});
    node.text.append(reinterpret_cast<const char*>(chars), static_cast<std::size_t>(len));
    s->mark_position();
  } catch (...) {
    s->fail();
  }
}

void on_comment(void* ctx, const xmlChar* /*value*/) {
  ParseState* s = state_of(ctx);
  if (!s->failure) s->mark_position();
}

void on_structured_error(void* ctx, xmlErrorPtr error) {
  ParseState* s = state_of(ctx);
  if (s->failure || error == nullptr || error->level < XML_ERR_ERROR) return;
  std::string message = error->message != nullptr ? error->message : "malformed XML";
  while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) message.pop_back();
  try {
    throw InputError(SourcePosition{*s->file, static_cast<std::uint64_t>(std::max(0, error->line)),
                                    static_cast<std::uint64_t>(std::max(0, error->int2))},
                     "XML error: " + message);
  } catch (...) {
    s->fail();
  }
}

int read_callback(void* context, char* buffer, int len) {
  auto* io = static_cast<std::pair<ByteSource*, ParseState*>*>(context);
  try {
    return static_cast<int>(io->first->read(buffer, static_cast<std::size_t>(len)));
  } catch (...) {
    if (!io->second->failure) io->second->failure = std::current_exception();
    return -1;
  }
}

int close_callback(void* /*context*/) {
  return 0;
}

// libxml2 also reports some errors (encoding conversion) through its generic handler, which
// prints to stderr; the structured handler above already turns them into InputError.
void ignore_generic_error(void* /*ctx*/, const char* /*message*/, ...) {}

xmlParserInputPtr no_external_entities(const char* /*url*/, const char* /*id*/,
                                       xmlParserCtxtPtr /*ctxt*/) {
  return nullptr;  // never read DTDs or external entities from disk or network
}

}  // namespace

void parse_xml_stream(ByteSource& source, XmlHandler& handler, int capture_depth) {
  xmlSAXHandler sax{};
  sax.initialized = XML_SAX2_MAGIC;
  sax.startElementNs = on_start;
  sax.endElementNs = on_end;
  sax.characters = on_characters;
  sax.ignorableWhitespace = on_characters;
  sax.cdataBlock = on_characters;
  sax.comment = on_comment;
  sax.serror = on_structured_error;

  ParseState state;
  state.handler = &handler;
  state.capture_depth = capture_depth;
  state.file = &source.name();
  std::pair<ByteSource*, ParseState*> io{&source, &state};

  xmlSetExternalEntityLoader(no_external_entities);
  xmlSetGenericErrorFunc(nullptr, ignore_generic_error);
  xmlParserCtxtPtr ctxt = xmlCreateIOParserCtxt(&sax, nullptr, read_callback, close_callback, &io,
                                                XML_CHAR_ENCODING_NONE);
  if (ctxt == nullptr)
    throw InputError(SourcePosition{source.name()}, "cannot start the XML parser");
  std::unique_ptr<xmlParserCtxt, void (*)(xmlParserCtxtPtr)> guard(ctxt, xmlFreeParserCtxt);
  ctxt->_private = &state;
  state.ctxt = ctxt;
  xmlCtxtUseOptions(ctxt, XML_PARSE_HUGE | XML_PARSE_NONET | XML_PARSE_NOCDATA);
  xmlParseDocument(ctxt);
  if (state.failure) std::rethrow_exception(state.failure);
  if (ctxt->wellFormed == 0) {
    throw InputError(
        SourcePosition{source.name(), static_cast<std::uint64_t>(xmlSAX2GetLineNumber(ctxt)),
                       static_cast<std::uint64_t>(xmlSAX2GetColumnNumber(ctxt))},
        "XML error: document is not well formed");
  }
}

}  // namespace arcwave
