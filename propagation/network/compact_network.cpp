// make_compact_network (propagation/network/compact_network.hpp): a serial plan — each model
// constraint becomes one or more uses of a relation, equal relations found once, every relation
// given its place in the output arrays — then the relations computed in parallel, then the
// uses assembled in model order (the order make_table_network gives the same constraints).
#include "propagation/network/compact_network.hpp"

#include <fmt/format.h>
#include <omp.h>

#include <exception>
#include <map>
#include <unordered_map>

#include "arcwave/error.hpp"
#include "propagation/network/compact_relations.hpp"
#include "propagation/network/value_index.hpp"

namespace arcwave {

namespace {

using compact::words_for;

enum class Source : std::uint8_t {
  kRows,        // an extension table's rows, as bits
  kRowsListed,  // an extension table's rows, as a list (n-ary support table, large product)
  kSemantics,   // the constraint's semantics over the product, as bits
  kNotEqual,    // x != y of an allDifferent, as bits
};

// Where a relation's bits go: arity 0 and 1 to scratch (folded into `alive` at the end),
// arity 2 to the binary bitmap, arity >= 3 to the n-ary bits.
enum class Target : std::uint8_t { kScratch, kBinary, kNary, kListed };

struct Relation {
  Source source = Source::kRows;
  Target target = Target::kScratch;
  const Constraint* constraint = nullptr;
  std::vector<std::uint32_t> scope;  // distinct variables
  std::uint64_t bits = 0;            // the scope's domain product (bits targets)
  std::uint64_t offset = 0;          // first word in the target array
  std::vector<std::uint32_t> listed;
  std::uint64_t allowed = 0;
};

Relation relation(Source source, const Constraint& c, std::vector<std::uint32_t> scope,
                  std::uint64_t bits) {
  Relation r;
  r.source = source;
  r.constraint = &c;
  r.scope = std::move(scope);
  r.bits = bits;
  return r;
}

// A constraint of the network: a relation over its own scope (a shared relation was computed
// over the first scope that used it, whose domains are the same).
struct Use {
  std::uint32_t relation;
  std::uint32_t model_constraint;
  std::vector<std::uint32_t> scope;
};

// Saturating product (limit + 1 when above limit).
std::uint64_t product_of(const std::vector<std::uint32_t>& sizes, std::uint64_t limit) {
  std::uint64_t p = 1;
  for (std::uint32_t s : sizes)
    if (__builtin_mul_overflow(p, std::uint64_t{s}, &p) || p > limit) return limit + 1;
  return p;
}

// Binary relations always become bits (BuildNE reads them so); beyond this many, the N-E model
// (two edges per pair) could not be held anywhere.
constexpr std::uint64_t kMaxBinaryBits = std::uint64_t{1} << 33;

class Planner {
 public:
  Planner(const Model& model, std::size_t limit) : model_(model), limit_(limit) {
    const std::size_t n = model.variable_count();
    domain_id_.resize(n);
    auto by_values = [](const std::vector<Value>* a, const std::vector<Value>* b) {
      return *a < *b;
    };
    std::map<const std::vector<Value>*, std::uint32_t, decltype(by_values)> ids(by_values);
    index_.reserve(n);
    for (std::size_t v = 0; v < n; ++v) {
      const std::vector<Value>& d = model.variables()[v].domain.values();
      domain_id_[v] = ids.emplace(&d, static_cast<std::uint32_t>(ids.size())).first->second;
      index_.emplace_back(d);
    }
  }

  void plan() {
    for (std::size_t ci = 0; ci < model_.constraints().size(); ++ci) plan_constraint(ci);
  }

  CompactNetwork run(int threads);

 private:
  const Model& model_;
  std::size_t limit_;
  std::vector<std::uint32_t> domain_id_;
  std::vector<ValueIndex> index_;
  std::vector<Relation> relations_;
  std::vector<Use> uses_;
  std::map<std::pair<const void*, std::vector<std::uint32_t>>, std::uint32_t> known_;
  std::unordered_map<std::size_t, std::vector<const Expr*>> expressions_;
  std::uint64_t scratch_words_ = 0, binary_words_ = 0, nary_words_ = 0;

  [[nodiscard]] std::uint32_t size_of(std::uint32_t v) const { return index_[v].size(); }

  // One representative per distinct expression (the same code), so that constraints stating
  // the same relation share it.
  const Expr* canonical(const Expr* e) {
    std::size_t h = e->code().size();
    for (const ExprInstr& in : e->code())
      h = (h * 1000003U) ^ (static_cast<std::size_t>(in.op) * 131U + in.arity) ^
          std::hash<Value>{}(in.operand);
    std::vector<const Expr*>& bucket = expressions_[h];
    for (const Expr* k : bucket)
      if (k->code() == e->code()) return k;
    bucket.push_back(e);
    return e;
  }

  // The relation for (source identity, scope's domains), created on first sight; `identity`
  // nullptr: never shared.
  void use(const void* identity, Relation r, std::size_t ci) {
    std::vector<std::uint32_t> key;
    for (std::uint32_t v : r.scope) key.push_back(domain_id_[v]);
    if (identity != nullptr) {
      const auto it = known_.find({identity, key});
      if (it != known_.end()) {
        uses_.push_back({it->second, static_cast<std::uint32_t>(ci), std::move(r.scope)});
        return;
      }
    }
    const auto id = static_cast<std::uint32_t>(relations_.size());
    const std::size_t arity = r.scope.size();
    if (r.source != Source::kRowsListed) {
      std::uint64_t& words = arity < 2 ? scratch_words_ : arity == 2 ? binary_words_ : nary_words_;
      r.target = arity < 2 ? Target::kScratch : arity == 2 ? Target::kBinary : Target::kNary;
      r.offset = words;
      words += words_for(r.bits);
    } else {
      r.target = Target::kListed;
    }
    uses_.push_back({id, static_cast<std::uint32_t>(ci), r.scope});
    relations_.push_back(std::move(r));
    if (identity != nullptr) known_.emplace(std::make_pair(identity, std::move(key)), id);
  }

  void plan_constraint(std::size_t ci);
};

void Planner::plan_constraint(std::size_t ci) {
  const Constraint& c = model_.constraints()[ci];
  std::vector<std::uint32_t> scope;
  for (int v : constraint_scope(c)) scope.push_back(static_cast<std::uint32_t>(v));
  std::vector<std::uint32_t> sizes;
  for (std::uint32_t v : scope) sizes.push_back(size_of(v));
  const auto* ext = std::get_if<ExtensionConstraint>(&c);
  const bool distinct_scope =
      ext != nullptr && ext->scope.size() == scope.size() &&
      std::equal(ext->scope.begin(), ext->scope.end(), scope.begin(),
                 [](int a, std::uint32_t b) { return static_cast<std::uint32_t>(a) == b; });
  if (distinct_scope) {
    const std::uint64_t bits_limit = scope.size() == 2 ? kMaxBinaryBits : limit_;
    const std::uint64_t product = product_of(sizes, bits_limit);
    Relation r = relation(Source::kRows, c, scope, product);
    if (product > bits_limit) {
      if (scope.size() == 2)
        throw Unsupported(SourcePosition{},
                          fmt::format("constraint #{}: a binary relation of {} x {} values is too "
                                      "large for the N-E model",
                                      ci, sizes[0], sizes[1]));
      if (!ext->table->supports)
        throw Unsupported(SourcePosition{}, fmt::format("a conflict table of arity {} whose domain "
                                                        "product exceeds {} in a table network",
                                                        scope.size(), limit_));
      r.source = Source::kRowsListed;
      r.bits = 0;
    }
    use(ext->table.get(), std::move(r), ci);
    return;
  }
  const std::uint64_t product = product_of(sizes, limit_);
  if (product <= limit_) {
    // Tabulated from the constraint's own semantics (conflict tables over repeated variables,
    // intension, sum, element, ... alike); equal expressions over equal domains once.
    const auto* intension = std::get_if<IntensionConstraint>(&c);
    const void* identity = intension != nullptr ? canonical(intension->expr.get()) : nullptr;
    use(identity, relation(Source::kSemantics, c, scope, product), ci);
    return;
  }
  if (std::holds_alternative<AllDifferentConstraint>(c)) {
    // Binary decomposition x != y (values in `except` may repeat), pairs in the order
    // make_table_network gives them.
    for (std::size_t i = 0; i < scope.size(); ++i)
      for (std::size_t j = i + 1; j < scope.size(); ++j) {
        const std::uint64_t bits = std::uint64_t{sizes[i]} * sizes[j];
        use(&c, relation(Source::kNotEqual, c, {scope[i], scope[j]}, bits), ci);
      }
    return;
  }
  throw Unsupported(SourcePosition{},
                    fmt::format("constraint #{} ({}, arity {}) for a table network: "
                                "its domain product exceeds the tabulation limit {}",
                                ci, constraint_kind(c), scope.size(), limit_));
}

CompactNetwork Planner::run(int threads) {
  CompactNetwork net;
  for (const ValueIndex& ix : index_) net.domain_sizes.push_back(ix.size());
  std::vector<std::uint32_t> scratch(scratch_words_, 0U);
  net.bitmap.assign(binary_words_, 0U);
  net.nary_bits.assign(nary_words_, 0U);
  auto words_of = [&](Relation& r) -> std::uint32_t* {
    switch (r.target) {
      case Target::kScratch:
        return scratch.data() + r.offset;
      case Target::kBinary:
        return net.bitmap.data() + r.offset;
      case Target::kNary:
        return net.nary_bits.data() + r.offset;
      case Target::kListed:
        break;
    }
    return nullptr;
  };
  std::exception_ptr failure;
  const auto count = static_cast<std::int64_t>(relations_.size());
#pragma omp parallel num_threads(threads > 0 ? threads : omp_get_max_threads())
  {
    std::vector<Value> assignment(model_.variable_count());
    std::vector<const ValueIndex*> index;
    std::vector<std::uint32_t> sizes;
#pragma omp for schedule(dynamic, 1)
    for (std::int64_t i = 0; i < count; ++i) {
      Relation& r = relations_[static_cast<std::size_t>(i)];
      try {
        index.clear();
        sizes.clear();
        for (std::uint32_t v : r.scope) {
          index.push_back(&index_[v]);
          sizes.push_back(index_[v].size());
        }
        std::uint32_t* words = words_of(r);
        switch (r.source) {
          case Source::kRows:
            compact::table_bits(*std::get<ExtensionConstraint>(*r.constraint).table, index, sizes,
                                words);
            break;
          case Source::kRowsListed:
            r.allowed = compact::table_tuples(*std::get<ExtensionConstraint>(*r.constraint).table,
                                              index, sizes, r.listed);
            break;
          case Source::kSemantics:
            compact::semantic_bits(model_, *r.constraint, r.scope, assignment, words);
            break;
          case Source::kNotEqual:
            compact::not_equal_bits(model_.variables()[r.scope[0]].domain.values(),
                                    model_.variables()[r.scope[1]].domain.values(),
                                    std::get<AllDifferentConstraint>(*r.constraint).except, words);
            break;
        }
        if (words != nullptr) r.allowed = compact::count_bits(words, r.bits);
      } catch (...) {
#pragma omp critical(arcwave_compact_network_failure)
        if (!failure) failure = std::current_exception();
      }
    }
  }
  if (failure) std::rethrow_exception(failure);

  // Assemble in model order.
  std::vector<std::uint64_t> node_offset(net.domain_sizes.size() + 1, 0);
  for (std::size_t v = 0; v < net.domain_sizes.size(); ++v)
    node_offset[v + 1] = node_offset[v] + net.domain_sizes[v];
  net.alive.assign(node_offset.back(), 1);
  std::vector<std::uint64_t> listed_at(relations_.size(), CompactNetwork::kNone);
  for (const Use& u : uses_) {
    const Relation& r = relations_[u.relation];
    const std::size_t arity = u.scope.size();
    if (arity == 0) {
      net.empty_constraint = net.empty_constraint || r.allowed == 0;
    } else if (arity == 1) {
      const std::uint32_t* words = scratch.data() + r.offset;
      const std::uint64_t first = node_offset[u.scope[0]];
      for (std::uint64_t a = 0; a < r.bits; ++a)
        if (((words[a / 32] >> (a % 32)) & 1U) == 0) net.alive[first + a] = 0;
    } else if (arity == 2) {
      net.binary_x.push_back(u.scope[0]);
      net.binary_y.push_back(u.scope[1]);
      net.bitmap_offset.push_back(r.offset);
      net.binary_allowed.push_back(r.allowed);
      net.binary_origin.push_back(u.model_constraint);
    } else {
      net.nary_arity.push_back(static_cast<std::uint32_t>(arity));
      net.nary_scope.insert(net.nary_scope.end(), u.scope.begin(), u.scope.end());
      net.nary_allowed.push_back(static_cast<std::uint32_t>(r.allowed));
      net.nary_origin.push_back(u.model_constraint);
      if (r.target == Target::kListed) {
        if (listed_at[u.relation] == CompactNetwork::kNone) {
          listed_at[u.relation] = net.nary_listed.size();
          net.nary_listed.insert(net.nary_listed.end(), r.listed.begin(), r.listed.end());
        }
        net.nary_listed_offset.push_back(listed_at[u.relation]);
        net.nary_bits_offset.push_back(CompactNetwork::kNone);
      } else {
        net.nary_bits_offset.push_back(r.offset);
        net.nary_listed_offset.push_back(CompactNetwork::kNone);
      }
    }
  }
  return net;
}

}  // namespace

CompactNetwork make_compact_network(const Model& model, std::size_t tabulation_limit, int threads) {
  Planner planner(model, tabulation_limit);
  planner.plan();
  return planner.run(threads);
}

}  // namespace arcwave
