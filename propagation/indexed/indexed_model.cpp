// Definitions for propagation/indexed/indexed_model.hpp.
#include "propagation/indexed/indexed_model.hpp"

#include <algorithm>
#include <map>
#include <unordered_map>

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "model/intension_table.hpp"

namespace arcwave {

namespace {

std::size_t hash_values(const std::vector<Value>& values) {
  std::size_t h = values.size();
  for (Value v : values) h = h * 1000003U ^ std::hash<Value>{}(v);
  return h;
}

struct DomainsHash {
  std::size_t operator()(const Domain* d) const {
    return d->large() ? std::hash<Value>{}(d->front()) * 31U ^ std::hash<Value>{}(d->back())
                      : hash_values(d->values());
  }
};
struct DomainsEqual {
  bool operator()(const Domain* a, const Domain* b) const { return *a == *b; }
};

std::size_t hash_expr(const Expr& e) {
  std::size_t h = e.code().size();
  for (const ExprInstr& in : e.code())
    h = (h * 1000003U) ^ (static_cast<std::size_t>(in.op) * 131U + in.arity) ^
        std::hash<Value>{}(in.operand);
  return h;
}

// Saturating product of sizes (limit + 1 when it exceeds limit).
std::size_t product(const std::vector<std::size_t>& sizes, std::size_t limit) {
  std::size_t p = 1;
  for (std::size_t s : sizes)
    if (__builtin_mul_overflow(p, s, &p) || p > limit) return limit + 1;
  return p;
}

class Compiler {
 public:
  Compiler(const Model& model, const IndexOptions& options) : model_(model), options_(options) {
    out_.domains.reserve(model.variable_count());
    domain_id_.resize(model.variable_count());
    std::unordered_map<const Domain*, int, DomainsHash, DomainsEqual> ids;
    for (std::size_t v = 0; v < model.variable_count(); ++v) {
      const Domain& d = model.variables()[v].domain;
      out_.domains.push_back(d);
      domain_id_[v] = ids.emplace(&d, static_cast<int>(ids.size())).first->second;
    }
    out_.objective = model.objective();
  }

  IndexedModel run() {
    for (std::size_t i = 0; i < model_.constraints().size(); ++i) {
      origin_ = static_cast<int>(i);
      std::visit([this](const auto& c) { add(c); }, model_.constraints()[i]);
    }
    return std::move(out_);
  }

 private:
  const Domain& dom(int v) const { return out_.domains[static_cast<std::size_t>(v)]; }

  void emit(IndexedConstraint c, std::vector<int> scope) {
    out_.constraints.push_back(std::move(c));
    out_.scopes.push_back(std::move(scope));
    out_.origin.push_back(origin_);
  }
  void mark_false() {
    if (!out_.trivially_false) out_.trivially_false_origin = origin_;
    out_.trivially_false = true;
  }
  // A constraint whose propagator needs every value of its variables, on a large domain: refused
  // (exit code 3) naming it, rather than enumerating billions of values.
  void refuse_large(const std::vector<int>& scope, std::string_view kind) const {
    for (int v : scope)
      if (dom(v).large())
        throw Unsupported(
            SourcePosition{},
            fmt::format("constraint {} ({}) on '{}', whose domain of {} values ({}..{}) is too "
                        "large to enumerate: not supported on large domains",
                        origin_, kind, model_.variables()[static_cast<std::size_t>(v)].name,
                        dom(v).size(), dom(v).front(), dom(v).back()));
  }
  // var = value on a large domain: a one-term sum (bounds, no mask of every value).
  void emit_fixed(int var, Value value) {
    Condition eq;
    eq.value = value;
    emit(IndexedSum{{var}, {1}, std::move(eq)}, {var});
  }

  void emit_unary(int var, std::vector<std::uint8_t> allowed) {
    emit(IndexedUnary{var, std::move(allowed)}, {var});
  }

  // ---- extension ----------------------------------------------------------------------------

  void add(const ExtensionConstraint& c) {
    refuse_large(c.scope, "extension");
    std::vector<int> scope = c.scope;
    std::shared_ptr<const Table> table = c.table;
    if (!distinct(scope)) table = project_repeated(scope, *table);
    add_table(scope, table);
  }

  static bool distinct(const std::vector<int>& scope) {
    std::vector<int> s = scope;
    std::sort(s.begin(), s.end());
    return std::adjacent_find(s.begin(), s.end()) == s.end();
  }

  // A table over a scope with repeated variables, restated over the distinct variables: a tuple
  // survives when its cells for the same variable agree (a `*` agrees with anything).
  static std::shared_ptr<const Table> project_repeated(std::vector<int>& scope, const Table& t) {
    std::vector<int> vars;
    std::vector<int> slot(scope.size());
    for (std::size_t i = 0; i < scope.size(); ++i) {
      auto it = std::find(vars.begin(), vars.end(), scope[i]);
      slot[i] = static_cast<int>(it - vars.begin());
      if (it == vars.end()) vars.push_back(scope[i]);
    }
    auto out = std::make_shared<Table>();
    out->arity = static_cast<int>(vars.size());
    out->supports = t.supports;
    std::vector<std::int32_t> row(vars.size());
    for (std::size_t k = 0; k < t.size(); ++k) {
      std::fill(row.begin(), row.end(), Table::kStar);
      bool agree = true;
      const std::span<const std::int32_t> in = t.tuple(k);
      for (std::size_t i = 0; i < in.size() && agree; ++i) {
        std::int32_t& cell = row[static_cast<std::size_t>(slot[i])];
        if (in[i] == Table::kStar) continue;
        if (cell == Table::kStar)
          cell = in[i];
        else
          agree = cell == in[i];
      }
      if (!agree) continue;
      for (std::int32_t v : row) out->has_star = out->has_star || v == Table::kStar;
      out->cells.insert(out->cells.end(), row.begin(), row.end());
    }
    scope = std::move(vars);
    return out;
  }

  void add_table(const std::vector<int>& scope, const std::shared_ptr<const Table>& table) {
    switch (scope.size()) {
      case 0:
        // An empty tuple is in no table of arity 0 (Table::size() is 0): supports never hold.
        if (table->supports) mark_false();
        return;
      case 1:
        return add_unary_table(scope[0], *table);
      case 2:
        return add_binary_table(scope[0], scope[1], table);
      default:
        return add_nary_table(scope, table);
    }
  }

  void add_unary_table(int var, const Table& t) {
    const std::vector<Value>& d = dom(var).values();
    std::vector<std::uint8_t> listed(d.size(), 0);
    for (std::size_t k = 0; k < t.size(); ++k) {
      const std::int32_t v = t.tuple(k)[0];
      if (v == Table::kStar) {
        std::fill(listed.begin(), listed.end(), 1);
        continue;
      }
      const int a = index_of(d, v);
      if (a >= 0) listed[static_cast<std::size_t>(a)] = 1;
    }
    if (!t.supports)
      for (auto& x : listed) x = static_cast<std::uint8_t>(x == 0 ? 1 : 0);
    emit_unary(var, std::move(listed));
  }

  void add_binary_table(int x, int y, const std::shared_ptr<const Table>& table) {
    const auto key = std::make_tuple(table.get(), domain_id_[x], domain_id_[y]);
    auto it = binary_tables_.find(key);
    if (it == binary_tables_.end()) {
      const Table& t = *table;
      const std::vector<Value>& dx = dom(x).values();
      const std::vector<Value>& dy = dom(y).values();
      BitRelation r(static_cast<int>(dx.size()), static_cast<int>(dy.size()));
      for (std::size_t k = 0; k < t.size(); ++k) {
        const std::span<const std::int32_t> row = t.tuple(k);
        const int a = row[0] == Table::kStar ? -2 : index_of(dx, row[0]);
        const int b = row[1] == Table::kStar ? -2 : index_of(dy, row[1]);
        if (a == -1 || b == -1) continue;  // a value outside the domain
        if (a == -2 && b == -2) {
          for (int i = 0; i < r.rows(); ++i) r.set_row(i);
        } else if (a == -2) {
          r.set_column(b);
        } else if (b == -2) {
          r.set_row(a);
        } else {
          r.set(a, b);
        }
      }
      if (!t.supports) r = r.complemented();
      keep_alive_.push_back(table);
      it = binary_tables_.emplace(key, std::make_shared<const BitRelation>(std::move(r))).first;
    }
    emit(IndexedBinary{x, y, it->second}, {x, y});
  }

  void add_nary_table(const std::vector<int>& scope, const std::shared_ptr<const Table>& table) {
    std::vector<int> key_doms;
    for (int v : scope) key_doms.push_back(domain_id_[v]);
    const auto key = std::make_pair(table.get(), key_doms);
    auto it = nary_tables_.find(key);
    if (it == nary_tables_.end()) {
      keep_alive_.push_back(table);
      it = nary_tables_.emplace(key, index_table(scope, *table)).first;
    }
    if (it->second->supports && it->second->size() == 0) return mark_false();
    emit(IndexedExtension{scope, it->second}, scope);
  }

  std::shared_ptr<const IndexedTable> index_table(const std::vector<int>& scope, const Table& t) {
    const std::size_t r = scope.size();
    auto out = std::make_shared<IndexedTable>();
    out->arity = static_cast<int>(r);
    out->supports = t.supports;
    std::vector<std::int32_t> row(r);
    for (std::size_t k = 0; k < t.size(); ++k) {
      const std::span<const std::int32_t> in = t.tuple(k);
      bool inside = true;
      for (std::size_t i = 0; i < r && inside; ++i) {
        if (in[i] == Table::kStar) {
          row[i] = IndexedTable::kAny;
          out->has_star = true;
          continue;
        }
        row[i] = index_of(dom(scope[i]), in[i]);
        inside = row[i] >= 0;
      }
      if (inside) out->cells.insert(out->cells.end(), row.begin(), row.end());
    }
    if (!out->supports) {
      std::vector<std::size_t> sizes;
      for (int v : scope) sizes.push_back(dom(v).size());
      if (auto plain = plain_supports(*out, sizes, options_.conflict_expand_limit)) return plain;
    }
    return out;
  }

  // ---- intension ----------------------------------------------------------------------------

  void add(const IntensionConstraint& c) {
    const std::size_t r = c.scope.size();
    if (r == 0) {
      if (!c.expr->satisfied({})) mark_false();
      return;
    }
    if (r == 1 && dom(c.scope[0]).large()) return add_large_intension(c);  // bounds by intervals
    if (r == 1) {
      const std::vector<Value>& d = dom(c.scope[0]).values();
      std::vector<std::uint8_t> allowed(d.size());
      for (std::size_t a = 0; a < d.size(); ++a) {
        const Value v = d[a];
        allowed[a] = c.expr->satisfied(std::span<const Value>(&v, 1)) ? 1 : 0;
      }
      return emit_unary(c.scope[0], std::move(allowed));
    }
    std::vector<std::size_t> sizes;
    for (int v : c.scope) sizes.push_back(dom(v).size());
    const std::size_t p = product(sizes, options_.intension_table_limit);
    if (p > options_.intension_table_limit || tabulated_ + p > options_.intension_budget)
      return add_large_intension(c);
    if (r == 2) return add_binary_intension(c);
    // n-ary: shared when the same expression meets the same domains
    std::vector<int> key_doms;
    for (int v : c.scope) key_doms.push_back(domain_id_[v]);
    auto& bucket = intension_tables_[{hash_expr(*c.expr), key_doms}];
    for (const auto& [expr, table] : bucket)
      if (*expr == *c.expr) return add_nary_table(c.scope, table);
    std::shared_ptr<const Table> table =
        intension_to_table(model_, c, options_.intension_table_limit);
    if (!table) return add_large_intension(c);  // a value does not fit a 32-bit table cell
    tabulated_ += p;
    bucket.emplace_back(c.expr, table);
    add_nary_table(c.scope, table);
  }

  void add_large_intension(const IntensionConstraint& c) {
    std::shared_ptr<const IntensionShape> shape;
    if (options_.intension_shapes)
      if (auto s = recognise_intension(*c.expr, c.scope, out_.domains))
        shape = std::make_shared<const IntensionShape>(std::move(*s));
    emit(IndexedIntension{c.scope, c.expr, std::move(shape)}, c.scope);
  }

  void add_binary_intension(const IntensionConstraint& c) {
    const int x = c.scope[0];
    const int y = c.scope[1];
    auto& bucket = binary_intensions_[{hash_expr(*c.expr), {domain_id_[x], domain_id_[y]}}];
    for (const auto& [expr, rel] : bucket)
      if (*expr == *c.expr) return emit(IndexedBinary{x, y, rel}, {x, y});
    const std::vector<Value>& dx = dom(x).values();
    const std::vector<Value>& dy = dom(y).values();
    BitRelation r(static_cast<int>(dx.size()), static_cast<int>(dy.size()));
    Value pair[2];
    for (std::size_t a = 0; a < dx.size(); ++a) {
      pair[0] = dx[a];
      for (std::size_t b = 0; b < dy.size(); ++b) {
        pair[1] = dy[b];
        if (c.expr->satisfied(pair)) r.set(static_cast<int>(a), static_cast<int>(b));
      }
    }
    tabulated_ += dx.size() * dy.size();
    auto rel = std::make_shared<const BitRelation>(std::move(r));
    bucket.emplace_back(c.expr, rel);
    emit(IndexedBinary{x, y, rel}, {x, y});
  }

  // ---- global constraints -------------------------------------------------------------------

  void add(const AllDifferentConstraint& c) {
    refuse_large(c.scope, "allDifferent");
    std::vector<int> vars;
    std::vector<int> repeated;
    for (int v : c.scope) {
      if (std::find(vars.begin(), vars.end(), v) == vars.end())
        vars.push_back(v);
      else if (std::find(repeated.begin(), repeated.end(), v) == repeated.end())
        repeated.push_back(v);
    }
    // A variable listed twice equals itself, which only an `except` value allows.
    for (int v : repeated) {
      const std::vector<Value>& d = dom(v).values();
      std::vector<std::uint8_t> allowed(d.size());
      for (std::size_t a = 0; a < d.size(); ++a)
        allowed[a] = std::find(c.except.begin(), c.except.end(), d[a]) != c.except.end() ? 1 : 0;
      emit_unary(v, std::move(allowed));
    }
    if (vars.size() < 2) return;
    std::vector<Value> except = c.except;
    std::sort(except.begin(), except.end());
    except.erase(std::unique(except.begin(), except.end()), except.end());
    emit(IndexedAllDifferent{vars, std::move(except)}, vars);
  }

  void add(const SumConstraint& c) {
    std::vector<std::pair<int, Value>> terms;
    auto add_term = [&](int v, Value coeff) {
      for (auto& t : terms)
        if (t.first == v) {
          if (__builtin_add_overflow(t.second, coeff, &t.second))
            throw Unsupported(SourcePosition{}, "sum: coefficient overflow");
          return;
        }
      terms.emplace_back(v, coeff);
    };
    for (std::size_t i = 0; i < c.scope.size(); ++i) add_term(c.scope[i], c.coeffs[i]);
    Condition cond = c.condition;
    if (cond.kind == Condition::Kind::kVariable) {
      add_term(static_cast<int>(cond.value), -1);
      cond.kind = Condition::Kind::kConstant;
      cond.value = 0;
    }
    std::erase_if(terms, [](const auto& t) { return t.second == 0; });
    if (terms.empty()) {
      if (!cond.holds(0, {})) mark_false();
      return;
    }
    if (terms.size() == 1 && !dom(terms[0].first).large()) {
      const auto [v, coeff] = terms[0];
      const std::vector<Value>& d = dom(v).values();
      std::vector<std::uint8_t> allowed(d.size());
      for (std::size_t a = 0; a < d.size(); ++a) {
        Value s = 0;
        allowed[a] = !__builtin_mul_overflow(coeff, d[a], &s) && cond.holds(s, {}) ? 1 : 0;
      }
      return emit_unary(v, std::move(allowed));
    }
    IndexedSum s;
    for (const auto& [v, coeff] : terms) {
      s.scope.push_back(v);
      s.coeffs.push_back(coeff);
    }
    s.condition = std::move(cond);
    std::vector<int> scope = s.scope;
    emit(std::move(s), std::move(scope));
  }

  void add(const ElementConstraint& c) {
    std::vector<int> scope = constraint_scope(Constraint{c});
    // The index's values are enumerated (each picks a list entry); the list and the right-hand
    // side are read by bounds.
    if (c.index >= 0) refuse_large({c.index}, "element index");
    emit(IndexedElement{c}, std::move(scope));
  }

  void add(const InstantiationConstraint& c) {
    for (std::size_t i = 0; i < c.scope.size(); ++i) {
      if (dom(c.scope[i]).large()) {
        emit_fixed(c.scope[i], c.values[i]);
        continue;
      }
      const std::vector<Value>& d = dom(c.scope[i]).values();
      std::vector<std::uint8_t> allowed(d.size(), 0);
      const int a = index_of(d, c.values[i]);
      if (a >= 0) allowed[static_cast<std::size_t>(a)] = 1;
      emit_unary(c.scope[i], std::move(allowed));
    }
  }

  // The other global constraints go to their propagators unchanged.
  template <typename C>
  void add(const C& c) {
    Constraint whole{c};
    std::vector<int> scope = constraint_scope(whole);
    // Bounds reasoning only: extrema, scheduling (starts, ends, lengths, heights) and ordered.
    if constexpr (!std::is_same_v<C, ExtremumConstraint> &&
                  !std::is_same_v<C, NoOverlapConstraint> &&
                  !std::is_same_v<C, CumulativeConstraint>)
      refuse_large(scope, constraint_kind(whole));
    emit(IndexedGlobal{std::move(whole)}, std::move(scope));
  }

  const Model& model_;
  const IndexOptions& options_;
  IndexedModel out_;
  std::vector<int> domain_id_;
  int origin_ = 0;
  std::size_t tabulated_ = 0;
  std::vector<std::shared_ptr<const Table>> keep_alive_;  // cache keys stay valid
  std::map<std::tuple<const Table*, int, int>, std::shared_ptr<const BitRelation>> binary_tables_;
  std::map<std::pair<const Table*, std::vector<int>>, std::shared_ptr<const IndexedTable>>
      nary_tables_;
  std::map<std::pair<std::size_t, std::vector<int>>,
           std::vector<std::pair<std::shared_ptr<const Expr>, std::shared_ptr<const BitRelation>>>>
      binary_intensions_;
  std::map<std::pair<std::size_t, std::vector<int>>,
           std::vector<std::pair<std::shared_ptr<const Expr>, std::shared_ptr<const Table>>>>
      intension_tables_;
};

// Calls f(rank) for the mixed-radix rank of every product tuple a (possibly short) row covers.
template <typename F>
void for_each_covered(const std::int32_t* row, const std::vector<std::size_t>& sizes,
                      const std::vector<std::size_t>& stride, std::vector<std::size_t>& stars,
                      std::vector<std::size_t>& pos, F&& f) {
  std::size_t base = 0;
  stars.clear();
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    if (row[i] == IndexedTable::kAny)
      stars.push_back(i);
    else
      base += stride[i] * static_cast<std::size_t>(row[i]);
  }
  pos.assign(stars.size(), 0);
  for (bool more = true; more;) {
    std::size_t rank = base;
    for (std::size_t j = 0; j < stars.size(); ++j) rank += stride[stars[j]] * pos[j];
    f(rank);
    more = false;  // odometer over the star positions
    for (std::size_t j = stars.size(); j-- > 0;) {
      if (++pos[j] < sizes[stars[j]]) {
        more = true;
        break;
      }
      pos[j] = 0;
    }
  }
}

}  // namespace

std::shared_ptr<const IndexedTable> plain_supports(const IndexedTable& table,
                                                   const std::vector<std::size_t>& sizes,
                                                   std::size_t limit) {
  const std::size_t r = sizes.size();
  if (table.supports && !table.has_star) return std::make_shared<IndexedTable>(table);
  std::vector<std::size_t> stride(r, 1);
  for (std::size_t i = r - 1; i-- > 0;) stride[i] = stride[i + 1] * sizes[i + 1];
  std::vector<std::size_t> stars;
  std::vector<std::size_t> pos;
  auto out = std::make_shared<IndexedTable>();
  out->arity = static_cast<int>(r);
  out->supports = true;
  auto emit_rank = [&](std::size_t rank) {
    for (std::size_t i = 0; i < r; ++i)
      out->cells.push_back(static_cast<std::int32_t>((rank / stride[i]) % sizes[i]));
  };
  if (table.supports) {
    // Count first so that an oversized expansion is refused before it is built.
    std::size_t total = 0;
    for (std::size_t k = 0; k < table.size(); ++k) {
      std::size_t n = 1;
      for (std::size_t i = 0; i < r; ++i)
        if (table.tuple(k)[i] == IndexedTable::kAny && __builtin_mul_overflow(n, sizes[i], &n))
          return nullptr;
      if (__builtin_add_overflow(total, n, &total) || total > limit) return nullptr;
    }
    for (std::size_t k = 0; k < table.size(); ++k)
      for_each_covered(table.tuple(k), sizes, stride, stars, pos, emit_rank);
    return out;
  }
  const std::size_t total = product(sizes, limit);
  if (total > limit) return nullptr;
  std::vector<std::uint8_t> forbidden(total, 0);
  for (std::size_t k = 0; k < table.size(); ++k)
    for_each_covered(table.tuple(k), sizes, stride, stars, pos,
                     [&](std::size_t rank) { forbidden[rank] = 1; });
  for (std::size_t rank = 0; rank < total; ++rank)
    if (forbidden[rank] == 0) emit_rank(rank);
  return out;
}

int index_of(const Domain& domain, Value v) {
  if (domain.empty()) return -1;
  // Most domains are ranges: index directly.
  if (domain.back() - domain.front() + 1 == static_cast<Value>(domain.size()))
    return v >= domain.front() && v <= domain.back() ? static_cast<int>(v - domain.front()) : -1;
  const auto it = std::lower_bound(domain.begin(), domain.end(), v);
  return it != domain.end() && *it == v ? static_cast<int>(it - domain.begin()) : -1;
}

std::size_t IndexedModel::value_count() const noexcept {
  std::size_t n = 0;
  for (const auto& d : domains) n += d.size();
  return n;
}

std::size_t IndexedModel::tuple_count() const noexcept {
  std::size_t n = 0;
  for (const IndexedConstraint& c : constraints) {
    if (const auto* b = std::get_if<IndexedBinary>(&c)) n += b->relation->count();
    if (const auto* e = std::get_if<IndexedExtension>(&c)) n += e->table->size();
  }
  return n;
}

IndexedModel index_model(const Model& model, const IndexOptions& options) {
  return Compiler(model, options).run();
}

}  // namespace arcwave
