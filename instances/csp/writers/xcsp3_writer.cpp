// XCSP3 output (instances/csp/writers/xcsp_writer.hpp).
#include <map>
#include <unordered_map>
#include <unordered_set>

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "instances/csp/writers/text_out.hpp"
#include "instances/csp/writers/xcsp_writer.hpp"
#include "instances/csp/writers/xml_text.hpp"

namespace arcwave::gen {

namespace {

std::string_view relation_name(Relation op) {
  static constexpr std::string_view kNames[] = {"lt", "le", "eq", "ne", "ge", "gt", "in", "notin"};
  return kNames[static_cast<int>(op)];
}

// "[2][0]" for a flat index of an array of the given sizes.
std::string cell_suffix(const std::vector<int>& sizes, std::size_t flat) {
  std::vector<std::size_t> index(sizes.size());
  for (std::size_t d = sizes.size(); d-- > 0;) {
    index[d] = flat % static_cast<std::size_t>(sizes[d]);
    flat /= static_cast<std::size_t>(sizes[d]);
  }
  std::string s;
  for (std::size_t i : index) s += fmt::format("[{}]", i);
  return s;
}

class Xcsp3Writer {
 public:
  Xcsp3Writer(const Model& model, TextOut& out) : m_(model), out_(out) {
    names_.resize(model.variable_count());
  }

  void write(const WriteOptions& options) {
    out_ << "<instance format=\"XCSP3\" type=\"" << (m_.objective() ? "COP" : "CSP") << "\">\n";
    if (!options.comment.empty()) out_ << "  <!-- " << comment_text(options.comment) << " -->\n";
    declare_variables();
    write_constraints();
    write_objective();
    out_ << "</instance>\n";
  }

 private:
  // ---- variables ----------------------------------------------------------------------------
  void declare_variables() {
    out_ << "  <variables>\n";
    std::vector<bool> declared(m_.variable_count(), false);
    for (const Declaration& d : m_.declarations()) {
      if (!d.is_array) {
        declare_single(d.index, declared);
        continue;
      }
      const VarArray& array = m_.arrays()[static_cast<std::size_t>(d.index)];
      bool fresh = is_identifier(array.name) && !used_ids_.contains(array.name);
      for (int v : array.cells) fresh = fresh && (v < 0 || !declared[v]);
      if (fresh) {
        declare_array(array, declared);
      } else {
        for (int v : array.cells)
          if (v >= 0) declare_single(v, declared);
      }
    }
    for (std::size_t v = 0; v < m_.variable_count(); ++v)
      declare_single(static_cast<int>(v), declared);
    out_ << "  </variables>\n";
  }

  void declare_single(int v, std::vector<bool>& declared) {
    if (declared[v]) return;
    declared[v] = true;
    const Variable& var = m_.variables()[static_cast<std::size_t>(v)];
    std::string id = var.name;
    if (!is_identifier(id) || used_ids_.contains(id)) {
      id = fmt::format("v{}", v);
      while (used_ids_.contains(id)) id = "v_" + id;
    }
    used_ids_.insert(id);
    out_ << "    <var id=\"" << id << "\"> ";
    write_domain(out_, var.domain.values());
    out_ << " </var>\n";
    names_[v] = std::move(id);
  }

  void declare_array(const VarArray& array, std::vector<bool>& declared) {
    used_ids_.insert(array.name);
    std::string size;
    for (int s : array.sizes) size += fmt::format("[{}]", s);
    // Cells grouped by domain, in order of first appearance.
    std::map<std::vector<Value>, std::size_t> group_of;
    std::vector<std::vector<std::size_t>> groups;
    std::vector<const std::vector<Value>*> domains;
    bool complete = true;
    for (std::size_t flat = 0; flat < array.cells.size(); ++flat) {
      const int v = array.cells[flat];
      if (v < 0) {
        complete = false;
        continue;
      }
      declared[v] = true;
      names_[v] = array.name + cell_suffix(array.sizes, flat);
      const std::vector<Value>& dom = m_.variables()[static_cast<std::size_t>(v)].domain.values();
      const auto [it, inserted] = group_of.try_emplace(dom, groups.size());
      if (inserted) {
        groups.emplace_back();
        domains.push_back(&it->first);
      }
      groups[it->second].push_back(flat);
    }
    out_ << "    <array id=\"" << array.name << "\" size=\"" << size << "\">";
    if (complete && groups.size() == 1) {
      out_ << ' ';
      write_domain(out_, *domains[0]);
      out_ << " </array>\n";
      return;
    }
    out_ << '\n';
    for (std::size_t g = 0; g < groups.size(); ++g) {
      out_ << "      <domain for=\"";
      for (std::size_t k = 0; k < groups[g].size(); ++k) {
        if (k > 0) out_ << ' ';
        out_ << names_[array.cells[groups[g][k]]];
      }
      out_ << "\"> ";
      write_domain(out_, *domains[g]);
      out_ << " </domain>\n";
    }
    out_ << "    </array>\n";
  }

  // ---- constraints --------------------------------------------------------------------------
  void write_constraints() {
    // Constraints sharing one table (or one expression, on scopes of one size) form a group,
    // written where its first member stands.
    std::unordered_map<const void*, std::vector<std::size_t>> members;
    const std::vector<Constraint>& cs = m_.constraints();
    for (std::size_t i = 0; i < cs.size(); ++i)
      if (const void* key = share_key(cs[i])) members[key].push_back(i);
    std::unordered_set<const void*> written;
    out_ << "  <constraints>\n";
    for (std::size_t i = 0; i < cs.size(); ++i) {
      const void* key = share_key(cs[i]);
      if (key != nullptr && members[key].size() > 1) {
        if (written.insert(key).second) write_group(members[key]);
        continue;
      }
      std::visit([this](const auto& c) { write_one(c); }, cs[i]);
    }
    out_ << "  </constraints>\n";
  }

  // What a constraint may share with others: its table, or its expression. Intension groups
  // also need scopes of one size, so expressions used with several sizes are not shared.
  const void* share_key(const Constraint& c) {
    if (const auto* e = std::get_if<ExtensionConstraint>(&c)) return e->table.get();
    if (const auto* i = std::get_if<IntensionConstraint>(&c)) {
      const auto [it, inserted] = expr_scope_size_.try_emplace(i->expr.get(), i->scope.size());
      if (!inserted && it->second != i->scope.size()) it->second = SIZE_MAX;
      return i->expr.get();
    }
    return nullptr;
  }

  void write_list(const std::vector<int>& scope) {
    for (int v : scope) out_ << ' ' << names_[v];
    out_ << ' ';
  }

  void write_table(const Table& t) {
    const std::string_view tag = t.supports ? "supports" : "conflicts";
    out_ << "      <" << tag << '>';
    if (t.size() > 0 && t.arity > 1) out_ << ' ';
    for (std::size_t k = 0; k < t.size(); ++k) {
      const std::span<const std::int32_t> row = t.tuple(k);
      if (t.arity == 1) {
        if (row[0] == Table::kStar) throw Unsupported({}, "a unary table with '*' (XCSP3 output)");
        out_ << ' ' << static_cast<std::int64_t>(row[0]);
        continue;
      }
      out_ << '(';
      for (std::size_t i = 0; i < row.size(); ++i) {
        if (i > 0) out_ << ',';
        if (row[i] == Table::kStar) {
          out_ << '*';
        } else {
          out_ << static_cast<std::int64_t>(row[i]);
        }
      }
      out_ << ')';
    }
    out_ << " </" << tag << ">\n";
  }

  void write_one(const ExtensionConstraint& c) {
    out_ << "    <extension>\n      <list>";
    write_list(c.scope);
    out_ << "</list>\n";
    write_table(*c.table);
    out_ << "    </extension>\n";
  }

  void write_one(const IntensionConstraint& c) {
    std::vector<std::string> slot_names;
    slot_names.reserve(c.scope.size());
    for (int v : c.scope) slot_names.push_back(names_[v]);
    out_ << "    <intension> " << c.expr->to_string(slot_names) << " </intension>\n";
  }

  void write_group(const std::vector<std::size_t>& indices) {
    const std::vector<Constraint>& cs = m_.constraints();
    const Constraint& first = cs[indices.front()];
    const std::vector<int>& first_scope = constraint_scope_of(first);
    if (const auto* i = std::get_if<IntensionConstraint>(&first);
        i != nullptr && expr_scope_size_[i->expr.get()] == SIZE_MAX) {
      for (std::size_t k : indices) write_one(std::get<IntensionConstraint>(cs[k]));
      return;
    }
    std::vector<std::string> params;
    for (std::size_t s = 0; s < first_scope.size(); ++s) params.push_back(fmt::format("%{}", s));
    out_ << "    <group>\n";
    if (const auto* e = std::get_if<ExtensionConstraint>(&first)) {
      out_ << "      <extension>\n        <list>";
      for (const std::string& p : params) out_ << ' ' << p;
      out_ << " </list>\n  ";
      write_table(*e->table);
      out_ << "      </extension>\n";
    } else {
      out_ << "      <intension> " << std::get<IntensionConstraint>(first).expr->to_string(params)
           << " </intension>\n";
    }
    for (std::size_t k : indices) {
      out_ << "      <args>";
      write_list(constraint_scope_of(cs[k]));
      out_ << "</args>\n";
    }
    out_ << "    </group>\n";
  }

  static const std::vector<int>& constraint_scope_of(const Constraint& c) {
    if (const auto* e = std::get_if<ExtensionConstraint>(&c)) return e->scope;
    return std::get<IntensionConstraint>(c).scope;
  }

  void write_one(const AllDifferentConstraint& c) {
    if (c.except.empty()) {
      out_ << "    <allDifferent>";
      write_list(c.scope);
      out_ << "</allDifferent>\n";
      return;
    }
    out_ << "    <allDifferent>\n      <list>";
    write_list(c.scope);
    out_ << "</list>\n      <except>";
    for (Value v : c.except) out_ << ' ' << v;
    out_ << " </except>\n    </allDifferent>\n";
  }

  void write_condition(const Condition& c) {
    out_ << '(' << relation_name(c.op) << ',';
    switch (c.kind) {
      case Condition::Kind::kConstant:
        out_ << c.value;
        break;
      case Condition::Kind::kVariable:
        out_ << names_[static_cast<std::size_t>(c.value)];
        break;
      case Condition::Kind::kRange:
        out_ << c.lo << ".." << c.hi;
        break;
      case Condition::Kind::kSet:
        out_ << '{';
        for (std::size_t i = 0; i < c.set.size(); ++i) {
          if (i > 0) out_ << ',';
          out_ << c.set[i];
        }
        out_ << '}';
        break;
    }
    out_ << ')';
  }

  void write_coeffs(const std::vector<Value>& coeffs) {
    bool all_one = true;
    for (Value c : coeffs) all_one = all_one && c == 1;
    if (all_one) return;
    out_ << "      <coeffs>";
    for (Value c : coeffs) out_ << ' ' << c;
    out_ << " </coeffs>\n";
  }

  void write_one(const SumConstraint& c) {
    out_ << "    <sum>\n      <list>";
    write_list(c.scope);
    out_ << "</list>\n";
    write_coeffs(c.coeffs);
    out_ << "      <condition> ";
    write_condition(c.condition);
    out_ << " </condition>\n    </sum>\n";
  }

  void write_one(const ElementConstraint& c) {
    out_ << "    <element>\n      <list";
    if (c.start_index != 0) out_ << " startIndex=\"" << c.start_index << '"';
    out_ << '>';
    for (const Operand& o : c.list) {
      out_ << ' ';
      if (o.is_variable) {
        out_ << names_[static_cast<std::size_t>(o.value)];
      } else {
        out_ << o.value;
      }
    }
    out_ << " </list>\n";
    if (c.index >= 0) out_ << "      <index> " << names_[c.index] << " </index>\n";
    const Condition& cond = c.condition;
    if (cond.op == Relation::kEq && cond.kind == Condition::Kind::kVariable) {
      out_ << "      <value> " << names_[static_cast<std::size_t>(cond.value)] << " </value>\n";
    } else if (cond.op == Relation::kEq && cond.kind == Condition::Kind::kConstant) {
      out_ << "      <value> " << cond.value << " </value>\n";
    } else {
      out_ << "      <condition> ";
      write_condition(cond);
      out_ << " </condition>\n";
    }
    out_ << "    </element>\n";
  }

  void write_one(const InstantiationConstraint& c) {
    out_ << "    <instantiation>\n      <list>";
    write_list(c.scope);
    out_ << "</list>\n      <values>";
    for (Value v : c.values) out_ << ' ' << v;
    out_ << " </values>\n    </instantiation>\n";
  }

  // The generators build the kinds above only; a model with other globals is not written.
  template <typename C>
  void write_one(const C& c) {
    throw Unsupported(SourcePosition{},
                      fmt::format("writing <{}> as XCSP3", constraint_kind(Constraint{c})));
  }

  // ---- objective ----------------------------------------------------------------------------
  void write_objective() {
    const std::optional<Objective>& obj = m_.objective();
    if (!obj) return;
    const std::string_view tag = obj->minimize ? "minimize" : "maximize";
    out_ << "  <objectives>\n";
    switch (obj->kind) {
      case Objective::Kind::kVariable:
        out_ << "    <" << tag << "> " << names_[obj->variable] << " </" << tag << ">\n";
        break;
      case Objective::Kind::kSum:
        out_ << "    <" << tag << " type=\"sum\">\n      <list>";
        write_list(obj->scope);
        out_ << "</list>\n";
        write_coeffs(obj->coeffs);
        out_ << "    </" << tag << ">\n";
        break;
      case Objective::Kind::kExpression: {
        std::vector<std::string> slot_names;
        for (int v : obj->scope) slot_names.push_back(names_[v]);
        out_ << "    <" << tag << "> " << obj->expr->to_string(slot_names) << " </" << tag << ">\n";
        break;
      }
    }
    out_ << "  </objectives>\n";
  }

  const Model& m_;
  TextOut& out_;
  std::vector<std::string> names_;
  std::unordered_set<std::string> used_ids_;
  std::unordered_map<const Expr*, std::size_t> expr_scope_size_;
};

}  // namespace

void write_xcsp3(const Model& model, std::ostream& out, const WriteOptions& options) {
  TextOut text(out, options.name);
  Xcsp3Writer(model, text).write(options);
  text.flush();
}

}  // namespace arcwave::gen
