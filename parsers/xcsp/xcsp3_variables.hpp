// parsers/xcsp/xcsp3_variables.hpp — XCSP3 variable declarations (<var>, <array> with per-cell
// <domain for="...">, `as` copies; integer or symbolic) and the references that name them: `x`,
// `x[2][0]`, and the compact forms `x[]`, `x[2..5]`, `x[][1]`, `x[1][]` (row-major; cells without
// a domain are skipped by compact forms and are an error when named alone). The symbols of
// symbolic domains become values through Model::symbol_value; the auxiliary variables the reader
// introduces (xcsp3_auxiliary.hpp) are counted here with the declared ones.
//
// Internal to the XCSP3 reader; header-only so that the reader stays one translation unit.
#pragma once

#include <fmt/format.h>

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "arcwave/error.hpp"
#include "arcwave/model.hpp"
#include "parsers/text/scanner.hpp"
#include "parsers/xcsp/xcsp3_text.hpp"
#include "parsers/xml/xml_stream.hpp"

namespace arcwave::xcsp3 {

class AuxiliaryVariables;

class VariableTable {
 public:
  explicit VariableTable(Model& model) : model_(model) {}

  /// A closed <var> element (attributes and domain text).
  void add_var(const XmlNode& var) {
    check_attributes(var, {"id", "type", "as", "class", "note"});
    const std::string& id = declared_id(var);
    bool symbolic = is_symbolic(var);
    Domain domain;
    if (const std::string* as = var.attribute("as")) {
      if (has_content(var.text))
        throw InputError(var.position, "<var id=\"" + id + "\" as=...> must not list a domain");
      const Entry* other = find(*as);
      if (other == nullptr || other->is_array)
        throw InputError(var.position, "'as' names " + quoted(*as) + ", which is not a variable");
      const Variable& source = model_.variables()[static_cast<std::size_t>(other->index)];
      domain = source.domain;
      symbolic = source.symbolic;
    } else {
      domain = symbolic ? read_symbols(var, id) : read_domain(var, id);
    }
    count_values(stored_values(domain), var.position);
    count_cells(1, var.position);
    const int v = model_.add_variable(id, std::move(domain));
    if (symbolic) model_.set_symbolic(v);
    names_.emplace(id, Entry{false, v, var.position});
  }

  /// An auxiliary variable the reader introduces (not printed in solutions), counted with the
  /// declared ones.
  int add_auxiliary(std::string name, Domain domain, const SourcePosition& where) {
    count_values(stored_values(domain), where);
    count_cells(1, where);
    return model_.add_variable(std::move(name), std::move(domain), /*declare=*/false);
  }

  /// The value of a symbol of a symbolic domain, if `name` is one (and not a variable).
  [[nodiscard]] std::optional<Value> symbol(std::string_view name) const {
    if (symbols_.empty()) return std::nullopt;
    const auto it = symbols_.find(name);
    if (it == symbols_.end() || find(name) != nullptr) return std::nullopt;
    return it->second;
  }
  /// Has some variable a symbolic domain?
  [[nodiscard]] bool has_symbols() const noexcept { return !symbols_.empty(); }

  /// Where expressions in lists become variables (set once by the reader).
  void set_auxiliary(AuxiliaryVariables* aux) noexcept { aux_ = aux; }
  [[nodiscard]] AuxiliaryVariables& aux() const noexcept { return *aux_; }

  /// A closed <array> element and its <domain> children.
  void add_array(const XmlNode& array, const std::vector<XmlNode>& domains) {
    check_attributes(array, {"id", "type", "size", "as", "class", "note", "startIndex"});
    const std::string& id = declared_id(array);
    const bool symbolic = is_symbolic(array);
    if (const std::string* start = array.attribute("startIndex"); start && *start != "0")
      throw Unsupported(array.position, "array startIndex=\"" + *start + "\"");
    if (const std::string* as = array.attribute("as")) {
      add_array_as(array, id, *as, domains);
      return;
    }
    const std::string* size = array.attribute("size");
    if (size == nullptr) throw InputError(array.position, "<array> without a size attribute");
    const std::vector<int> sizes = parse_sizes(*size, array.position);
    std::size_t cells = 1;
    for (int s : sizes) cells *= static_cast<std::size_t>(s);
    count_cells(cells, array.position);

    // Domain of each cell: an index into `cell_domains`, or -1 for none.
    std::vector<Domain> cell_domains;
    std::vector<int> cell_domain(cells, -1);
    auto domain_of = [&](const XmlNode& n) {
      return symbolic ? read_symbols(n, id) : read_domain(n, id);
    };
    if (domains.empty()) {
      cell_domains.push_back(domain_of(array));
      std::fill(cell_domain.begin(), cell_domain.end(), 0);
    } else {
      if (has_content(array.text))
        throw InputError(array.text_position(first_content(array.text)),
                         "array " + quoted(id) + " has both a domain and <domain> elements");
      const XmlNode* others = nullptr;
      for (const XmlNode& d : domains) {
        if (d.name != "domain") throw Unsupported(d.position, "<" + d.name + "> inside <array>");
        check_attributes(d, {"for"});
        const std::string* for_attr = d.attribute("for");
        if (for_attr == nullptr) throw InputError(d.position, "<domain> without a 'for' attribute");
        if (*for_attr == "others") {
          others = &d;
          continue;
        }
        const int index = static_cast<int>(cell_domains.size());
        cell_domains.push_back(domain_of(d));
        check_values_fit(stored_values(cell_domains.back()), d.position);
        for_cells(d, *for_attr, id, sizes, [&](std::size_t flat) {
          if (cell_domain[flat] != -1)
            throw InputError(d.position,
                             "cell " + cell_name(id, sizes, flat) + " is given a domain twice");
          cell_domain[flat] = index;
        });
      }
      if (others != nullptr) {
        const int index = static_cast<int>(cell_domains.size());
        cell_domains.push_back(domain_of(*others));
        for (int& c : cell_domain)
          if (c == -1) c = index;
      }
    }
    create_cells(array, id, sizes, cell_domains, cell_domain, symbolic);
  }

  /// Appends the variables that `t` (a token of the scanner's text) names; compact forms expand.
  void resolve(const TextScanner& s, const Token& t, std::vector<int>& out) const {
    Reference r = parse_reference(s, t);
    if (!r.entry->is_array) {
      out.push_back(r.entry->index);
      return;
    }
    const VarArray& a = model_.arrays()[static_cast<std::size_t>(r.entry->index)];
    if (r.single) {
      out.push_back(single_cell(s, t, a, r));
      return;
    }
    // Row-major walk over the selected index box.
    std::vector<int> idx(r.lo.begin(), r.lo.end());
    for (;;) {
      std::size_t flat = 0;
      for (std::size_t d = 0; d < idx.size(); ++d)
        flat = flat * static_cast<std::size_t>(a.sizes[d]) + static_cast<std::size_t>(idx[d]);
      if (a.cells[flat] >= 0) out.push_back(a.cells[flat]);
      std::size_t d = idx.size();
      while (d > 0) {
        --d;
        if (idx[d] < r.hi[d]) {
          ++idx[d];
          break;
        }
        idx[d] = r.lo[d];
        if (d == 0) return;
      }
    }
  }

  /// The rows of the matrix a compact form names (`x[][]`, `x[1..3][]`): one row per index of
  /// the leading dimensions, along the last one. Every cell must be a variable.
  std::vector<std::vector<int>> resolve_rows(const TextScanner& s, const Token& t) const {
    Reference r = parse_reference(s, t);
    if (!r.entry->is_array || r.single)
      s.fail_at(t.offset, quoted(t.text) + " does not name a matrix of variables");
    const VarArray& a = model_.arrays()[static_cast<std::size_t>(r.entry->index)];
    std::vector<int> cells;
    resolve(s, t, cells);
    const std::size_t width = static_cast<std::size_t>(r.hi.back() - r.lo.back() + 1);
    std::size_t expected = 1;
    for (std::size_t d = 0; d < r.lo.size(); ++d)
      expected *= static_cast<std::size_t>(r.hi[d] - r.lo[d] + 1);
    if (cells.size() != expected || a.sizes.size() < 2)
      s.fail_at(t.offset, quoted(t.text) + " does not name a full matrix of variables");
    std::vector<std::vector<int>> rows;
    for (std::size_t i = 0; i < cells.size(); i += width)
      rows.emplace_back(cells.begin() + static_cast<std::ptrdiff_t>(i),
                        cells.begin() + static_cast<std::ptrdiff_t>(i + width));
    return rows;
  }

  /// The one variable `t` names (no compact form).
  int resolve_one(const TextScanner& s, const Token& t) const {
    Reference r = parse_reference(s, t);
    if (!r.entry->is_array) return r.entry->index;
    if (!r.single) s.fail_at(t.offset, "expected one variable, found the list " + quoted(t.text));
    return single_cell(s, t, model_.arrays()[static_cast<std::size_t>(r.entry->index)], r);
  }

  /// Every value of every domain, sorted and distinct (computed on first use).
  const std::vector<Value>& all_values() {
    if (all_values_.empty()) {
      for (const Variable& v : model_.variables())
        all_values_.insert(all_values_.end(), v.domain.values().begin(), v.domain.values().end());
      std::sort(all_values_.begin(), all_values_.end());
      all_values_.erase(std::unique(all_values_.begin(), all_values_.end()), all_values_.end());
    }
    return all_values_;
  }

  [[nodiscard]] const Model& model() const noexcept { return model_; }

  /// Rejects attributes other than `allowed` (they could change the meaning: never drop them).
  static void check_attributes(const XmlNode& node,
                               std::initializer_list<std::string_view> allowed) {
    for (const auto& [key, value] : node.attributes) {
      if (std::find(allowed.begin(), allowed.end(), key) == allowed.end())
        throw Unsupported(node.position,
                          "attribute " + key + "=\"" + value + "\" of <" + node.name + ">");
    }
  }

 private:
  struct Entry {
    bool is_array = false;
    int index = 0;  // variable index, or array index
    SourcePosition declared;
  };
  struct Reference {
    const Entry* entry = nullptr;
    bool single = true;       // every bracket holds one index
    std::vector<int> lo, hi;  // per dimension
  };
  struct NameHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const noexcept {
      return std::hash<std::string_view>{}(s);
    }
  };

  const Entry* find(std::string_view name) const {
    const auto it = names_.find(name);
    return it == names_.end() ? nullptr : &it->second;
  }

  const std::string& declared_id(const XmlNode& node) const {
    const std::string* id = node.attribute("id");
    if (id == nullptr || id->empty())
      throw InputError(node.position, "<" + node.name + "> without an id");
    if (!valid_identifier(*id))
      throw InputError(node.position, "invalid identifier " + quoted(*id));
    if (const Entry* e = find(*id))
      throw InputError(node.position, "duplicate id " + quoted(*id) + " (first declared at " +
                                          std::to_string(e->declared.line) + ":" +
                                          std::to_string(e->declared.column) + ")");
    return *id;
  }

  static bool valid_identifier(std::string_view id) {
    auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
    if (id.empty() || !letter(id[0])) return false;
    return std::all_of(id.begin(), id.end(),
                       [&](char c) { return letter(c) || (c >= '0' && c <= '9') || c == '_'; });
  }

  // type="integer" (the default) or "symbolic"; other XCSP3 types are not XCSP3-core.
  static bool is_symbolic(const XmlNode& node) {
    const std::string* type = node.attribute("type");
    if (type == nullptr || *type == "integer") return false;
    if (*type == "symbolic") return true;
    throw Unsupported(node.position, "variables of type \"" + *type + "\"");
  }

  // A symbolic domain "red green blue": each symbol becomes its number in the model.
  std::vector<Value> read_symbols(const XmlNode& node, std::string_view owner) {
    TextScanner s(node);
    std::vector<Value> values;
    for (Token t = next_token(s); !t.empty(); t = next_token(s)) {
      if (!valid_identifier(t.text))
        s.fail_at(t.offset, "expected a symbol in the domain of " + quoted(owner) + ", found " +
                                quoted(t.text));
      check_list_length(values.size() + 1, s.position_at(t.offset));
      const Value v = model_.symbol_value(t.text);
      symbols_.emplace(std::string(t.text), v);
      values.push_back(v);
    }
    if (values.empty()) throw InputError(node.position, "empty domain for " + quoted(owner));
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    return values;
  }

  static std::size_t first_content(std::string_view text) {
    std::size_t i = 0;
    while (i < text.size() && TextScanner::is_space(text[i])) ++i;
    return i;
  }

  void count_cells(std::uint64_t n, const SourcePosition& where) {
    total_cells_ += n;
    if (total_cells_ > kMaxVariables)
      throw ResourceError(where.to_string() + ": more than " + std::to_string(kMaxVariables) +
                          " variables and array cells in all");
  }

  // Values read but not yet given to cells must fit as well (many large <domain> children).
  void check_values_fit(std::size_t n, const SourcePosition& where) const {
    if (total_values_ + n > kMaxTotalDomainValues)
      throw ResourceError(where.to_string() + ": the domains hold more than " +
                          std::to_string(kMaxTotalDomainValues) + " values in all");
  }

  void count_values(std::size_t n, const SourcePosition& where) {
    total_values_ += n;
    if (total_values_ > kMaxTotalDomainValues)
      throw ResourceError(where.to_string() + ": the domains hold more than " +
                          std::to_string(kMaxTotalDomainValues) + " values in all");
  }

  static std::vector<int> parse_sizes(std::string_view text, const SourcePosition& where) {
    std::vector<int> sizes;
    std::size_t i = 0;
    std::uint64_t cells = 1;
    auto bad = [&](const std::string& why) {
      throw InputError(where, "bad array size " + quoted(text) + ": " + why);
    };
    while (i < text.size()) {
      if (text[i] != '[') bad("expected '['");
      const std::size_t close = text.find(']', i);
      if (close == std::string_view::npos) bad("missing ']'");
      Value n = 0;
      if (parse_int(text.substr(i + 1, close - i - 1), n) != IntParse::kOk)
        bad("a dimension is not an integer");
      if (n < 1) bad("a dimension is not positive");
      if (n > std::numeric_limits<int>::max()) bad("a dimension is too large");
      cells *= static_cast<std::uint64_t>(n);
      if (cells > kMaxVariables)
        throw ResourceError(where.to_string() + ": array size " + quoted(text) + " has more than " +
                            std::to_string(kMaxVariables) + " cells");
      sizes.push_back(static_cast<int>(n));
      i = close + 1;
    }
    if (sizes.empty()) bad("no dimension");
    return sizes;
  }

  static std::string cell_name(std::string_view id, const std::vector<int>& sizes,
                               std::size_t flat) {
    std::vector<std::size_t> idx(sizes.size());
    for (std::size_t d = sizes.size(); d-- > 0;) {
      idx[d] = flat % static_cast<std::size_t>(sizes[d]);
      flat /= static_cast<std::size_t>(sizes[d]);
    }
    std::string name(id);
    for (std::size_t i : idx) name += fmt::format("[{}]", i);
    return name;
  }

  // Calls `f(flat)` for every cell of array `id` that the `for` list of `d` names.
  template <typename F>
  static void for_cells(const XmlNode& d, std::string_view list, std::string_view id,
                        const std::vector<int>& sizes, F&& f) {
    // The list is an attribute: errors point at the <domain> element.
    XmlNode holder;
    holder.position = d.position;
    holder.text = std::string(list);
    TextScanner s(holder);
    for (Token t = next_token(s); !t.empty(); t = next_token(s)) {
      const std::size_t bracket = t.text.find('[');
      if (bracket == std::string_view::npos || t.text.substr(0, bracket) != id)
        throw InputError(d.position, "<domain for=...> names " + quoted(t.text) +
                                         ", not a cell of array " + quoted(id));
      std::vector<int> lo, hi;
      parse_brackets(s, t, bracket, sizes, lo, hi);
      std::vector<int> idx = lo;
      for (;;) {
        std::size_t flat = 0;
        for (std::size_t k = 0; k < idx.size(); ++k)
          flat = flat * static_cast<std::size_t>(sizes[k]) + static_cast<std::size_t>(idx[k]);
        f(flat);
        std::size_t k = idx.size();
        bool done = true;
        while (k > 0) {
          --k;
          if (idx[k] < hi[k]) {
            ++idx[k];
            done = false;
            break;
          }
          idx[k] = lo[k];
        }
        if (done) break;
      }
    }
  }

  void create_cells(const XmlNode& array, const std::string& id, const std::vector<int>& sizes,
                    const std::vector<Domain>& cell_domains, const std::vector<int>& cell_domain,
                    bool symbolic) {
    const int a = model_.add_array(id, sizes);
    names_.emplace(id, Entry{true, a, array.position});
    for (std::size_t flat = 0; flat < cell_domain.size(); ++flat) {
      if (cell_domain[flat] < 0) continue;
      const Domain& dom = cell_domains[static_cast<std::size_t>(cell_domain[flat])];
      count_values(stored_values(dom), array.position);
      const int v = model_.add_variable(cell_name(id, sizes, flat), dom, /*declare=*/false);
      if (symbolic) model_.set_symbolic(v);
      model_.set_array_cell(a, flat, v);
    }
  }

  void add_array_as(const XmlNode& array, const std::string& id, const std::string& as,
                    const std::vector<XmlNode>& domains) {
    if (has_content(array.text) || !domains.empty())
      throw InputError(array.position, "<array id=\"" + id + "\" as=...> must not list domains");
    const Entry* other = find(as);
    if (other == nullptr || !other->is_array)
      throw InputError(array.position, "'as' names " + quoted(as) + ", which is not an array");
    const VarArray& src = model_.arrays()[static_cast<std::size_t>(other->index)];
    count_cells(src.cells.size(), array.position);
    if (const std::string* size = array.attribute("size");
        size && parse_sizes(*size, array.position) != src.sizes)
      throw InputError(array.position, "size differs from that of array " + quoted(as));
    const std::vector<int> sizes = src.sizes;
    std::vector<Domain> cell_domains;
    std::vector<int> cell_domain(src.cells.size(), -1);
    std::size_t copied = 0;
    bool symbolic = false;
    for (std::size_t flat = 0; flat < src.cells.size(); ++flat) {
      if (src.cells[flat] < 0) continue;
      cell_domain[flat] = static_cast<int>(cell_domains.size());
      const Variable& source = model_.variables()[static_cast<std::size_t>(src.cells[flat])];
      cell_domains.push_back(source.domain);
      symbolic = symbolic || source.symbolic;
      copied += stored_values(cell_domains.back());
      check_values_fit(copied, array.position);
    }
    create_cells(array, id, sizes, cell_domains, cell_domain, symbolic);
  }

  // Parses the brackets of `t` from `from` against `sizes`: per dimension an index range. True
  // when some bracket is a compact form (`[]` or a range), even one that selects a single cell.
  static bool parse_brackets(const TextScanner& s, const Token& t, std::size_t from,
                             const std::vector<int>& sizes, std::vector<int>& lo,
                             std::vector<int>& hi) {
    const std::string_view text = t.text;
    std::size_t i = from;
    bool compact = false;
    while (i < text.size()) {
      if (text[i] != '[') s.fail_at(t.offset + i, "expected '[' in " + quoted(text));
      const std::size_t close = text.find(']', i);
      if (close == std::string_view::npos)
        s.fail_at(t.offset + i, "missing ']' in " + quoted(text));
      const std::size_t d = lo.size();
      if (d >= sizes.size())
        s.fail_at(t.offset + i, quoted(text) + " has more indices than the array's " +
                                    std::to_string(sizes.size()) + " dimension(s)");
      const std::string_view inside = text.substr(i + 1, close - i - 1);
      if (inside.empty()) {
        compact = true;
        lo.push_back(0);
        hi.push_back(sizes[d] - 1);
      } else {
        const IntOrRange r = read_int_or_range(s, Token{inside, t.offset + i + 1}, "an index");
        if (r.lo < 0 || r.hi >= sizes[d])
          s.fail_at(t.offset + i + 1, "index " + quoted(inside) + " out of range 0.." +
                                          std::to_string(sizes[d] - 1) + " in " + quoted(text));
        compact = compact || r.is_range;
        lo.push_back(static_cast<int>(r.lo));
        hi.push_back(static_cast<int>(r.hi));
      }
      i = close + 1;
    }
    if (lo.size() != sizes.size())
      s.fail_at(t.offset, quoted(text) + " gives " + std::to_string(lo.size()) +
                              " index(es) for an array of " + std::to_string(sizes.size()) +
                              " dimension(s)");
    return compact;
  }

  Reference parse_reference(const TextScanner& s, const Token& t) const {
    const std::size_t bracket = t.text.find('[');
    const std::string_view name = t.text.substr(0, bracket);
    // Lists name the same array many times in a row: remember the last one looked up.
    if (name != last_name_ || last_entry_ == nullptr) {
      last_entry_ = find(name);
      last_name_ = last_entry_ != nullptr ? std::string(name) : std::string();
    }
    Reference r;
    r.entry = last_entry_;
    if (r.entry == nullptr) {
      if (name.find('%') != std::string_view::npos)
        s.fail_at(t.offset, "parameter " + quoted(t.text) + " outside a group or slide template");
      if (name.find('(') != std::string_view::npos)
        throw Unsupported(s.position_at(t.offset), "expression " + quoted(t.text) + " in a list");
      s.fail_at(t.offset, "unknown variable " + quoted(name));
    }
    if (!r.entry->is_array) {
      if (bracket != std::string_view::npos)
        s.fail_at(t.offset + bracket, quoted(name) + " is a variable, not an array");
      return r;
    }
    if (bracket == std::string_view::npos)
      s.fail_at(t.offset, quoted(name) + " is an array: name cells like " + std::string(name) +
                              "[0] or all of it with " + std::string(name) + "[]");
    const VarArray& a = model_.arrays()[static_cast<std::size_t>(r.entry->index)];
    r.single = !parse_brackets(s, t, bracket, a.sizes, r.lo, r.hi);
    return r;
  }

  static int single_cell(const TextScanner& s, const Token& t, const VarArray& a,
                         const Reference& r) {
    std::size_t flat = 0;
    for (std::size_t d = 0; d < r.lo.size(); ++d)
      flat = flat * static_cast<std::size_t>(a.sizes[d]) + static_cast<std::size_t>(r.lo[d]);
    if (a.cells[flat] < 0)
      s.fail_at(t.offset, quoted(t.text) + " is not a variable (its cell has no domain)");
    return a.cells[flat];
  }

  Model& model_;
  std::unordered_map<std::string, Entry, NameHash, std::equal_to<>> names_;
  std::unordered_map<std::string, Value, NameHash, std::equal_to<>> symbols_;
  AuxiliaryVariables* aux_ = nullptr;
  std::uint64_t total_values_ = 0;
  std::uint64_t total_cells_ = 0;
  std::vector<Value> all_values_;
  mutable std::string last_name_;
  mutable const Entry* last_entry_ = nullptr;
};

}  // namespace arcwave::xcsp3
