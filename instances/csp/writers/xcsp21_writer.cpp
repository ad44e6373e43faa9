// XCSP 2.1 output (instances/csp/writers/xcsp_writer.hpp).
//
// Two passes: the first collects domains, relations and predicates (and rejects what XCSP 2.1
// cannot state, before anything is written), so that every nbXxx count is known; the second
// streams the document.
#include <algorithm>
#include <map>
#include <memory>
#include <unordered_map>
#include <unordered_set>

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "instances/csp/writers/expr21.hpp"
#include "instances/csp/writers/text_out.hpp"
#include "instances/csp/writers/xcsp_writer.hpp"
#include "instances/csp/writers/xml_text.hpp"

namespace arcwave::gen {

namespace {

[[noreturn]] void unsupported(const std::string& what) {
  throw Unsupported({}, fmt::format("{} (XCSP 2.1 output)", what));
}

std::string_view relation_tag(Relation op) {
  static constexpr std::string_view kTags[] = {"<lt/>", "<le/>", "<eq/>",
                                               "<ne/>", "<ge/>", "<gt/>"};
  return kTags[static_cast<int>(op)];
}

std::string xml_attribute_text(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '"' || c == '<' || c == '>' || c == '&') {
      out += '_';
    } else {
      out += c;
    }
  }
  return out;
}

// A weighted sum with distinct variables and a constant right side: XCSP 2.1's weightedSum.
struct WeightedSum {
  std::vector<int> vars;
  std::vector<Value> coeffs;
  std::vector<std::pair<Relation, Value>> conditions;  // one constraint each
};

WeightedSum weighted_sum(const SumConstraint& c) {
  WeightedSum ws;
  auto add_term = [&ws](int v, Value coeff) {
    const auto it = std::find(ws.vars.begin(), ws.vars.end(), v);
    if (it == ws.vars.end()) {
      ws.vars.push_back(v);
      ws.coeffs.push_back(coeff);
    } else {
      ws.coeffs[static_cast<std::size_t>(it - ws.vars.begin())] += coeff;
    }
  };
  for (std::size_t i = 0; i < c.scope.size(); ++i) add_term(c.scope[i], c.coeffs[i]);
  const Condition& cond = c.condition;
  switch (cond.kind) {
    case Condition::Kind::kConstant:
      ws.conditions.emplace_back(cond.op, cond.value);
      break;
    case Condition::Kind::kVariable:  // sum op y  <=>  sum - y op 0
      add_term(static_cast<int>(cond.value), -1);
      ws.conditions.emplace_back(cond.op, 0);
      break;
    case Condition::Kind::kRange:
      if (cond.op != Relation::kIn) unsupported("sum with 'notin' a range");
      ws.conditions.emplace_back(Relation::kGe, cond.lo);
      ws.conditions.emplace_back(Relation::kLe, cond.hi);
      break;
    case Condition::Kind::kSet:
      unsupported("sum with a set condition");
  }
  return ws;
}

class Xcsp21Writer {
 public:
  Xcsp21Writer(const Model& model, TextOut& out) : m_(model), out_(out) {}

  void write(const WriteOptions& options) {
    if (m_.objective()) unsupported("an objective");
    name_variables();
    collect();
    out_ << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<instance>\n";
    if (!options.comment.empty()) out_ << "<!-- " << comment_text(options.comment) << " -->\n";
    out_ << "<presentation name=\"" << xml_attribute_text(options.name)
         << "\" maxConstraintArity=\"" << max_arity_ << "\" format=\"XCSP 2.1\" type=\"CSP\"/>\n";
    write_domains();
    write_variables();
    write_relations();
    write_predicates();
    write_constraints();
    out_ << "</instance>\n";
  }

 private:
  // ---- first pass ---------------------------------------------------------------------------
  void name_variables() {
    std::unordered_set<std::string> used;
    names_.reserve(m_.variable_count());
    for (std::size_t v = 0; v < m_.variable_count(); ++v) {
      std::string name;
      for (char c : m_.variables()[v].name)
        if (c != ']') name += c == '[' ? '_' : c;
      if (!is_identifier(name) || used.contains(name)) {
        name = fmt::format("V{}", v);
        while (used.contains(name)) name = "V_" + name;
      }
      used.insert(name);
      names_.push_back(std::move(name));
    }
  }

  int relation_of(const Table* t) {
    if (t->has_star) unsupported("a short table ('*')");
    const auto [it, inserted] = relation_index_.try_emplace(t, static_cast<int>(relations_.size()));
    if (inserted) relations_.push_back(t);
    return it->second;
  }

  void collect() {
    for (const Variable& v : m_.variables()) {
      const auto [it, inserted] =
          domain_index_.try_emplace(v.domain.values(), static_cast<int>(domains_.size()));
      if (inserted) domains_.push_back(&it->first);
      domain_of_.push_back(it->second);
    }

    std::unordered_map<std::string, int> predicate_index;
    const std::vector<Constraint>& cs = m_.constraints();
    references_.assign(cs.size(), -1);
    constants_.resize(cs.size());
    for (std::size_t i = 0; i < cs.size(); ++i) {
      const Constraint& c = cs[i];
      max_arity_ = std::max(max_arity_, constraint_scope(c).size());
      if (const auto* e = std::get_if<ExtensionConstraint>(&c)) {
        references_[i] = relation_of(e->table.get());
        ++constraint_count_;
      } else if (const auto* in = std::get_if<InstantiationConstraint>(&c)) {
        auto table = std::make_unique<Table>();
        table->arity = static_cast<int>(in->scope.size());
        for (Value v : in->values) {
          if (v < INT32_MIN + 1 || v > INT32_MAX)
            unsupported("an instantiation value past 32 bits");
          table->cells.push_back(static_cast<std::int32_t>(v));
        }
        references_[i] = relation_of(table.get());
        owned_tables_.push_back(std::move(table));
        ++constraint_count_;
      } else if (const auto* ic = std::get_if<IntensionConstraint>(&c)) {
        LiftedExpr lifted = lift_xcsp21(*ic->expr, ic->scope.size());
        const std::size_t params = ic->scope.size() + lifted.constants.size();
        const auto [it, inserted] =
            predicate_index.try_emplace(lifted.text, static_cast<int>(predicates_.size()));
        if (inserted) predicates_.push_back({lifted.text, params});
        references_[i] = it->second;
        constants_[i] = std::move(lifted.constants);
        ++constraint_count_;
      } else if (const auto* ad = std::get_if<AllDifferentConstraint>(&c)) {
        if (!ad->except.empty()) unsupported("allDifferent with 'except'");
        ++constraint_count_;
      } else if (const auto* s = std::get_if<SumConstraint>(&c)) {
        constraint_count_ += weighted_sum(*s).conditions.size();
      } else if (const auto* el = std::get_if<ElementConstraint>(&c)) {
        if (el->index < 0) unsupported("element without an index");
        if (el->start_index != 1) unsupported("element with startIndex other than 1");
        if (el->condition.op != Relation::kEq ||
            (el->condition.kind != Condition::Kind::kConstant &&
             el->condition.kind != Condition::Kind::kVariable))
          unsupported("element with a condition other than equality");
        ++constraint_count_;
      }
    }
  }

  // ---- second pass --------------------------------------------------------------------------
  void write_domains() {
    out_ << "<domains nbDomains=\"" << domains_.size() << "\">\n";
    for (std::size_t d = 0; d < domains_.size(); ++d) {
      out_ << "<domain name=\"D" << d << "\" nbValues=\"" << domains_[d]->size() << "\">";
      write_domain(out_, *domains_[d]);
      out_ << "</domain>\n";
    }
    out_ << "</domains>\n";
  }

  void write_variables() {
    out_ << "<variables nbVariables=\"" << m_.variable_count() << "\">\n";
    for (std::size_t v = 0; v < m_.variable_count(); ++v)
      out_ << "<variable name=\"" << names_[v] << "\" domain=\"D" << domain_of_[v] << "\"/>\n";
    out_ << "</variables>\n";
  }

  void write_relations() {
    if (relations_.empty()) return;
    out_ << "<relations nbRelations=\"" << relations_.size() << "\">\n";
    for (std::size_t r = 0; r < relations_.size(); ++r) {
      const Table& t = *relations_[r];
      out_ << "<relation name=\"R" << r << "\" arity=\"" << t.arity << "\" nbTuples=\"" << t.size()
           << "\" semantics=\"" << (t.supports ? "supports" : "conflicts") << "\">";
      for (std::size_t k = 0; k < t.size(); ++k) {
        if (k > 0) out_ << '|';
        const std::span<const std::int32_t> row = t.tuple(k);
        for (std::size_t i = 0; i < row.size(); ++i) {
          if (i > 0) out_ << ' ';
          out_ << static_cast<std::int64_t>(row[i]);
        }
      }
      out_ << "</relation>\n";
    }
    out_ << "</relations>\n";
  }

  void write_predicates() {
    if (predicates_.empty()) return;
    out_ << "<predicates nbPredicates=\"" << predicates_.size() << "\">\n";
    for (std::size_t p = 0; p < predicates_.size(); ++p) {
      out_ << "<predicate name=\"P" << p << "\">\n<parameters>";
      for (std::size_t i = 0; i < predicates_[p].params; ++i)
        out_ << (i > 0 ? " " : "") << "int X" << i;
      out_ << "</parameters>\n<expression>\n<functional>" << predicates_[p].text
           << "</functional>\n</expression>\n</predicate>\n";
    }
    out_ << "</predicates>\n";
  }

  void open_constraint(const std::vector<int>& scope, std::string_view reference) {
    out_ << "<constraint name=\"C" << next_name_++ << "\" arity=\"" << scope.size()
         << "\" scope=\"";
    for (std::size_t i = 0; i < scope.size(); ++i) out_ << (i > 0 ? " " : "") << names_[scope[i]];
    out_ << "\" reference=\"" << reference << '"';
  }

  void write_constraints() {
    out_ << "<constraints nbConstraints=\"" << constraint_count_ << "\">\n";
    const std::vector<Constraint>& cs = m_.constraints();
    for (std::size_t i = 0; i < cs.size(); ++i) {
      const Constraint& c = cs[i];
      if (const auto* e = std::get_if<ExtensionConstraint>(&c)) {
        open_constraint(e->scope, fmt::format("R{}", references_[i]));
        out_ << "/>\n";
      } else if (const auto* in = std::get_if<InstantiationConstraint>(&c)) {
        open_constraint(in->scope, fmt::format("R{}", references_[i]));
        out_ << "/>\n";
      } else if (const auto* ic = std::get_if<IntensionConstraint>(&c)) {
        open_constraint(ic->scope, fmt::format("P{}", references_[i]));
        out_ << ">\n<parameters>";
        for (std::size_t k = 0; k < ic->scope.size(); ++k)
          out_ << (k > 0 ? " " : "") << names_[ic->scope[k]];
        for (Value v : constants_[i]) out_ << ' ' << v;
        out_ << "</parameters>\n</constraint>\n";
      } else if (const auto* ad = std::get_if<AllDifferentConstraint>(&c)) {
        write_all_different(*ad);
      } else if (const auto* s = std::get_if<SumConstraint>(&c)) {
        write_sum(*s);
      } else if (const auto* el = std::get_if<ElementConstraint>(&c)) {
        write_element(*el);
      }
    }
    out_ << "</constraints>\n";
  }

  void write_all_different(const AllDifferentConstraint& c) {
    std::vector<int> scope;
    for (int v : c.scope)
      if (std::find(scope.begin(), scope.end(), v) == scope.end()) scope.push_back(v);
    open_constraint(scope, "global:allDifferent");
    out_ << ">\n<parameters>[";
    for (int v : c.scope) out_ << ' ' << names_[v];
    out_ << " ]</parameters>\n</constraint>\n";
  }

  void write_sum(const SumConstraint& c) {
    const WeightedSum ws = weighted_sum(c);
    for (const auto& [op, rhs] : ws.conditions) {
      open_constraint(ws.vars, "global:weightedSum");
      out_ << ">\n<parameters>[";
      for (std::size_t k = 0; k < ws.vars.size(); ++k)
        out_ << " { " << ws.coeffs[k] << ' ' << names_[ws.vars[k]] << " }";
      out_ << " ] " << relation_tag(op) << ' ' << rhs << "</parameters>\n</constraint>\n";
    }
  }

  void write_element(const ElementConstraint& c) {
    std::vector<int> scope{c.index};
    auto add = [&scope](int v) {
      if (std::find(scope.begin(), scope.end(), v) == scope.end()) scope.push_back(v);
    };
    for (const Operand& o : c.list)
      if (o.is_variable) add(static_cast<int>(o.value));
    if (c.condition.kind == Condition::Kind::kVariable) add(static_cast<int>(c.condition.value));
    open_constraint(scope, "global:element");
    out_ << ">\n<parameters>" << names_[c.index] << " [";
    for (const Operand& o : c.list) {
      out_ << ' ';
      if (o.is_variable) {
        out_ << names_[static_cast<std::size_t>(o.value)];
      } else {
        out_ << o.value;
      }
    }
    out_ << " ] ";
    if (c.condition.kind == Condition::Kind::kVariable) {
      out_ << names_[static_cast<std::size_t>(c.condition.value)];
    } else {
      out_ << c.condition.value;
    }
    out_ << "</parameters>\n</constraint>\n";
  }

  struct Predicate {
    std::string text;
    std::size_t params;
  };

  const Model& m_;
  TextOut& out_;
  std::vector<std::string> names_;
  std::map<std::vector<Value>, int> domain_index_;
  std::vector<const std::vector<Value>*> domains_;
  std::vector<int> domain_of_;
  std::unordered_map<const Table*, int> relation_index_;
  std::vector<const Table*> relations_;
  std::vector<std::unique_ptr<Table>> owned_tables_;
  std::vector<Predicate> predicates_;
  std::vector<int> references_;                // relation or predicate of each constraint
  std::vector<std::vector<Value>> constants_;  // lifted constants of each intension
  std::size_t constraint_count_ = 0;
  std::size_t max_arity_ = 0;
  std::size_t next_name_ = 0;
};

}  // namespace

void write_xcsp21(const Model& model, std::ostream& out, const WriteOptions& options) {
  TextOut text(out, options.name);
  Xcsp21Writer(model, text).write(options);
  text.flush();
}

}  // namespace arcwave::gen
