// Streaming XML: subtrees at the capture depth, exact text positions, malformed documents.
#include <string>
#include <vector>

#include "arcwave/error.hpp"
#include "parsers/xml/xml_stream.hpp"
#include "tests/support/catch.hpp"

using namespace arcwave;

namespace {

struct Recorder final : XmlHandler {
  std::vector<std::string> events;
  std::vector<XmlNode> subtrees;
  void open(const XmlNode& n, int depth) override {
    events.push_back("open " + n.name + " " + std::to_string(depth));
  }
  void close(const XmlNode& n, int depth) override {
    events.push_back("close " + n.name + " " + std::to_string(depth));
  }
  void subtree(XmlNode& n, int depth) override {
    events.push_back("subtree " + n.name + " " + std::to_string(depth));
    subtrees.push_back(std::move(n));
  }
};

Recorder parse(const std::string& doc, int depth) {
  Recorder r;
  auto src = memory_input("doc.xml", doc);
  parse_xml_stream(*src, r, depth);
  return r;
}

}  // namespace

TEST_CASE("subtrees are delivered whole at the capture depth", "[xml]") {
  const Recorder r = parse(
      "<instance format=\"XCSP3\">\n <constraints>\n  <extension>\n   <list> x y </list>\n"
      "   <supports>(1,2)</supports>\n  </extension>\n  <intension> eq(x,y) </intension>\n"
      " </constraints>\n</instance>\n",
      2);
  CHECK(r.events == std::vector<std::string>{"open instance 0", "open constraints 1",
                                             "subtree extension 2", "subtree intension 2",
                                             "close constraints 1", "close instance 0"});
  REQUIRE(r.subtrees.size() == 2);
  const XmlNode& ext = r.subtrees[0];
  REQUIRE(ext.child("list") != nullptr);
  CHECK(ext.child("list")->text == " x y ");
  CHECK(ext.child("supports")->text == "(1,2)");
  CHECK(r.subtrees[1].text == " eq(x,y) ");
}

TEST_CASE("text positions are exact line and column", "[xml]") {
  const Recorder r = parse("<a>\n<b>  12\n   foo 7</b>\n</a>", 1);
  REQUIRE(r.subtrees.size() == 1);
  const XmlNode& b = r.subtrees[0];
  const std::size_t foo = b.text.find("foo");
  const SourcePosition p = b.text_position(foo);
  CHECK(p.line == 3);
  CHECK(p.column == 4);
  const SourcePosition q = b.text_position(b.text.find("12"));
  CHECK(q.line == 2);
  CHECK(q.column == 6);
  CHECK(b.position.line == 2);
  CHECK(b.position.column == 1);
}

TEST_CASE("attributes are kept", "[xml]") {
  const Recorder r = parse("<r><v id=\"x\" size='[3]'/></r>", 1);
  REQUIRE(r.subtrees.size() == 1);
  CHECK(*r.subtrees[0].attribute("id") == "x");
  CHECK(*r.subtrees[0].attribute("size") == "[3]");
  CHECK(r.subtrees[0].attribute("none") == nullptr);
}

TEST_CASE("malformed XML is an InputError at a position", "[xml]") {
  for (const std::string doc :
       {"<a><b></a>", "<a>", "<a", "", "\x01\x02\x03garbage", "<a></a><b></b>",
        "<a x=\"1\" x=\"2\"/>",
        "<!DOCTYPE a [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><a>&e;</a>"}) {
    INFO(doc);
    try {
      parse(doc, 1);
      FAIL("accepted");
    } catch (const InputError& e) {
      CHECK(e.where().file == "doc.xml");
      CHECK(e.where().line >= 1);
    }
  }
}

TEST_CASE("a handler's exception stops the parse and comes back", "[xml]") {
  struct Thrower final : XmlHandler {
    void subtree(XmlNode& n, int) override { throw InputError(n.position, "bad " + n.name); }
  } t;
  auto src = memory_input("doc.xml", "<a>\n <b/>\n</a>");
  CHECK_THROWS_WITH(parse_xml_stream(*src, t, 1), "doc.xml:2:2: bad b");
}
