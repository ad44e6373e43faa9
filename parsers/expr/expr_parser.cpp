// The functional expression grammar of XCSP 2.1 and XCSP3 (parsers/expr/expr_parser.hpp) as one
// Boost.Spirit X3 grammar whose semantic actions emit the postfix program directly.
//
// The grammar has no skipper: whitespace is matched explicitly between tokens, so that every
// action sees exact offsets. Everything after an opening parenthesis is an expectation, so a
// failure there is reported where it happens instead of backtracking over side effects.
// Recursion is bounded: the action that opens a call refuses a nesting level deeper than
// kMaxExprDepth before the grammar descends into the arguments.
#include "parsers/expr/expr_parser.hpp"

#include <boost/spirit/home/x3.hpp>

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>

namespace arcwave {

namespace {

using Iter = std::string_view::const_iterator;

// Parameters are numbered by the arguments of an XCSP3 group; a larger number cannot be bound
// and would only make binding tables huge.
constexpr Value kMaxParameter = 999999;

// The operators by name, built once from the operator table (find_expr_op scans it).
const ExprOpInfo* lookup_operator(std::string_view name) {
  static const std::unordered_map<std::string_view, const ExprOpInfo*> kByName = [] {
    std::unordered_map<std::string_view, const ExprOpInfo*> m;
    for (int op = 0; op <= static_cast<int>(ExprOp::kIf); ++op) {
      const ExprOpInfo& info = expr_op_info(static_cast<ExprOp>(op));
      if (find_expr_op(info.name) == &info) m.emplace(info.name, &info);
    }
    return m;
  }();
  const auto it = kByName.find(name);
  return it == kByName.end() ? nullptr : it->second;
}

// Quotes a short excerpt of the text at `offset` for error messages.
std::string describe_found(std::string_view text, std::size_t offset) {
  if (offset >= text.size()) return "the end of the text";
  std::size_t end = offset;
  const auto is_token_char = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '%' || c == '+' || c == '-';
  };
  while (end < text.size() && end - offset < 24 && is_token_char(text[end])) ++end;
  if (end == offset) end = offset + 1;
  std::string excerpt;
  for (std::size_t i = offset; i < end; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c >= 0x7f) {
      static constexpr char kHex[] = "0123456789abcdef";
      excerpt += "\\x";
      excerpt += kHex[c >> 4];
      excerpt += kHex[c & 15];
    } else {
      excerpt += static_cast<char>(c);
    }
  }
  return "'" + excerpt + "'";
}

// One call being parsed: an operator (or set(...)) whose arguments are not all read yet.
struct Frame {
  const ExprOpInfo* op = nullptr;  // nullptr: set(...)
  std::size_t name_offset = 0;
  std::uint32_t args = 0;      // syntactic arguments read so far
  std::uint32_t operands = 0;  // values pushed so far (a set counts its elements)
  bool set_second = false;     // in/notin: the second argument was a set
};

// Receives the grammar's actions and builds the postfix program.
class ExprBuilder {
 public:
  ExprBuilder(std::string_view text, const TextLocator& locate) : text_(text), locate_(locate) {
    code_.reserve(text.size() / 2 + 1);  // every leaf and call takes at least two characters
  }

  [[noreturn]] void fail(std::size_t offset, const std::string& message) const {
    throw InputError(locate_(offset), message);
  }
  [[nodiscard]] std::size_t offset_of(Iter it) const {
    return static_cast<std::size_t>(it - text_.begin());
  }

  void integer(Iter first, Iter last) {
    const std::size_t start = offset_of(first);
    bool negative = false;
    if (*first == '+' || *first == '-') {
      negative = *first == '-';
      ++first;
    }
    // Accumulate negatively so that the most negative 64-bit value is representable.
    constexpr Value kMin = std::numeric_limits<Value>::min();
    Value value = 0;
    for (; first != last; ++first) {
      const int digit = *first - '0';
      if (value < (kMin + digit) / 10) fail(start, "integer out of the 64-bit range");
      value = value * 10 - digit;
    }
    if (!negative) {
      if (value == kMin) fail(start, "integer out of the 64-bit range");
      value = -value;
    }
    push_leaf({ExprOp::kConst, 0, value});
  }

  void parameter(Iter first, Iter last) {
    const std::size_t start = offset_of(first);
    Value index = 0;
    for (++first; first != last; ++first) {  // skip '%'
      index = index * 10 + (*first - '0');
      if (index > kMaxParameter)
        fail(start,
             "parameter number out of range (at most %" + std::to_string(kMaxParameter) + ")");
    }
    push_leaf({ExprOp::kParam, 0, index});
  }

  void reference(Iter first, Iter last) {
    const std::string_view name(&*first, static_cast<std::size_t>(last - first));
    if (name == "true" || name == "false") {
      push_leaf({ExprOp::kConst, 0, name == "true" ? 1 : 0});
      return;
    }
    push_leaf({ExprOp::kSlot, 0, slot_of(name)});
  }

  // `name(` was read: starts a call, before the grammar descends into its arguments.
  void open(Iter first, Iter last) {
    const std::size_t start = offset_of(first);
    const std::string_view name(&*first, static_cast<std::size_t>(last - first));
    if (frames_.size() >= static_cast<std::size_t>(kMaxExprDepth))
      fail(start, "expression nested deeper than " + std::to_string(kMaxExprDepth) + " levels");
    Frame frame;
    frame.name_offset = start;
    if (name != "set") {
      frame.op = lookup_operator(name);
      if (frame.op == nullptr) fail(start, "unknown operator '" + std::string(name) + "'");
    }
    frames_.push_back(frame);
  }

  // One argument of the innermost call was read completely.
  void argument() {
    Frame& frame = frames_.back();
    if (pending_set_) {
      frame.operands += *pending_set_;
      frame.set_second = true;
      pending_set_.reset();
    } else {
      ++frame.operands;
    }
    ++frame.args;
  }

  // The closing parenthesis of the innermost call was read.
  void close() {
    const Frame frame = frames_.back();
    frames_.pop_back();
    if (frame.op == nullptr) {
      const bool in_set_position =
          !frames_.empty() && frames_.back().op != nullptr &&
          (frames_.back().op->op == ExprOp::kIn || frames_.back().op->op == ExprOp::kNotIn) &&
          frames_.back().args == 1;
      if (!in_set_position)
        fail(frame.name_offset, "set(...) may only be the second argument of in or notin");
      pending_set_ = frame.operands;
      return;
    }
    const ExprOpInfo& info = *frame.op;
    if (info.op == ExprOp::kIn || info.op == ExprOp::kNotIn) {
      if (frame.args != 2 || !frame.set_second)
        fail(frame.name_offset, "operator '" + std::string(info.name) +
                                    "' expects two arguments, a value and set(...)");
    } else if (frame.operands < info.min_arity || frame.operands > info.max_arity) {
      std::string expected;
      if (info.min_arity == info.max_arity)
        expected = std::to_string(info.min_arity);
      else if (info.max_arity == std::numeric_limits<std::uint32_t>::max())
        expected = "at least " + std::to_string(info.min_arity);
      else
        expected = std::to_string(info.min_arity) + " to " + std::to_string(info.max_arity);
      fail(frame.name_offset, "operator '" + std::string(info.name) + "' expects " + expected +
                                  " argument" + (expected == "1" ? "" : "s") + ", found " +
                                  std::to_string(frame.operands));
    }
    code_.push_back({info.op, frame.operands, 0});
  }

  ParsedExpression finish() {
    ParsedExpression out;
    out.expr = Expr(std::move(code_));
    out.identifiers.assign(names_.begin(), names_.end());
    return out;
  }

 private:
  void push_leaf(const ExprInstr& instr) { code_.push_back(instr); }

  // The slot of an identifier, numbered by first appearance. Expressions usually name a few
  // variables, so a linear search over views of the text serves them; many names get a hash map.
  Value slot_of(std::string_view name) {
    constexpr std::size_t kLinear = 16;
    if (names_.size() < kLinear) {
      for (std::size_t i = 0; i < names_.size(); ++i)
        if (names_[i] == name) return static_cast<Value>(i);
    } else {
      if (slots_.empty())
        for (std::size_t i = 0; i < names_.size(); ++i)
          slots_.emplace(names_[i], static_cast<Value>(i));
      const auto it = slots_.find(name);
      if (it != slots_.end()) return it->second;
      slots_.emplace(name, static_cast<Value>(names_.size()));
    }
    names_.push_back(name);
    return static_cast<Value>(names_.size() - 1);
  }

  std::string_view text_;
  const TextLocator& locate_;
  std::vector<ExprInstr> code_;
  std::vector<std::string_view> names_;                // identifiers, views of the text
  std::unordered_map<std::string_view, Value> slots_;  // filled once names_ is long
  std::vector<Frame> frames_;
  std::optional<std::uint32_t> pending_set_;  // a set(...) just closed: its element count
};

namespace grammar {

namespace x3 = boost::spirit::x3;

struct builder_tag;

template <typename Context>
ExprBuilder& builder(const Context& ctx) {
  return x3::get<builder_tag>(ctx).get();
}

const auto on_integer = [](auto& ctx) {
  const auto& r = x3::_attr(ctx);
  builder(ctx).integer(r.begin(), r.end());
};
const auto on_parameter = [](auto& ctx) {
  const auto& r = x3::_attr(ctx);
  builder(ctx).parameter(r.begin(), r.end());
};
const auto on_reference = [](auto& ctx) {
  const auto& r = x3::_attr(ctx);
  builder(ctx).reference(r.begin(), r.end());
};
const auto on_open = [](auto& ctx) {
  const auto& r = x3::_attr(ctx);
  builder(ctx).open(r.begin(), r.end());
};
const auto on_argument = [](auto& ctx) { builder(ctx).argument(); };
const auto on_close = [](auto& ctx) { builder(ctx).close(); };

// Whitespace of XML text (the XCSP wspace: space, tab, newline, carriage return).
const auto ws = *x3::omit[x3::char_(" \t\n\r")];
const auto digits = +x3::char_('0', '9');
const auto name_chars = (x3::ascii::alpha | x3::char_('_')) >> *(x3::ascii::alnum | x3::char_('_'));

// Named rules: their names are what an error message says was expected.
const x3::rule<class expr_tag> expr = "an expression";
const x3::rule<class arguments_tag> arguments = "an expression or ')'";
const x3::rule<class close_tag> close_paren = "',' or ')'";
const x3::rule<class subscript_tag> subscript = "an index";
const x3::rule<class bracket_tag> close_bracket = "']'";

const auto close_bracket_def = x3::lit(']');
const auto subscript_def = digits;
const auto integer = x3::raw[-x3::char_("+-") >> digits][on_integer];
const auto parameter = x3::raw[x3::lit('%') >> digits][on_parameter];
const auto reference =
    x3::raw[name_chars >> *(x3::lit('[') > subscript > close_bracket)][on_reference];
const auto call_head = (x3::raw[name_chars] >> ws >> x3::lit('('))[on_open];
const x3::rule<class argument_tag> argument = "an expression";
const auto argument_def = expr[on_argument];

const auto close_paren_def = x3::lit(')')[on_close];
const auto arguments_def =
    x3::lit(')')[on_close] |
    ((argument >> *((ws >> x3::lit(',') >> ws) > argument) >> ws) > close_paren);
const auto expr_def = ((call_head >> ws) > arguments) | parameter | integer | reference;

BOOST_SPIRIT_DEFINE(expr, argument, arguments, close_paren, subscript, close_bracket)

}  // namespace grammar

}  // namespace

ParsedExpression parse_expression(std::string_view text, const TextLocator& locate) {
  namespace x3 = boost::spirit::x3;
  ExprBuilder builder(text, locate);
  Iter first = text.begin();
  const Iter last = text.end();
  const auto whole =
      x3::with<grammar::builder_tag>(std::ref(builder))[grammar::ws >> grammar::expr];
  bool matched = false;
  try {
    matched = x3::parse(first, last, whole);
  } catch (const x3::expectation_failure<Iter>& e) {
    const std::size_t at = builder.offset_of(e.where());
    builder.fail(at, "expected " + e.which() + ", found " + describe_found(text, at));
  }
  const auto skip_space = [&] {
    while (first != last && (*first == ' ' || *first == '\t' || *first == '\n' || *first == '\r'))
      ++first;
  };
  if (!matched) {
    first = text.begin();  // a failed parse leaves nothing consumed
    skip_space();
    const std::size_t at = builder.offset_of(first);
    builder.fail(at, "expected an expression, found " + describe_found(text, at));
  }
  skip_space();
  if (first != last) {
    const std::size_t at = builder.offset_of(first);
    builder.fail(at, "unexpected " + describe_found(text, at) + " after the expression");
  }
  return builder.finish();
}

}  // namespace arcwave
