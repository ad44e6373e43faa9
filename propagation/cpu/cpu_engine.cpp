// Definitions for propagation/cpu/cpu_engine.hpp: building the propagators, the queue, and the
// choice points.
#include "propagation/cpu/cpu_engine.hpp"

#include <algorithm>
#include <limits>
#include <map>

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "core/timer.hpp"
#include "propagation/cpu/ac3bit.hpp"
#include "propagation/cpu/ac4.hpp"
#include "propagation/cpu/all_different.hpp"
#include "propagation/cpu/compact_table.hpp"
#include "propagation/cpu/difference_cliques.hpp"
#include "propagation/cpu/disjunctive_cliques.hpp"
#include "propagation/cpu/element.hpp"
#include "propagation/cpu/element_bounds.hpp"
#include "propagation/cpu/globals/boxes_projection.hpp"
#include "propagation/cpu/globals/disjunctive.hpp"
#include "propagation/cpu/globals/global_propagators.hpp"
#include "propagation/cpu/intension.hpp"
#include "propagation/cpu/interval_intension.hpp"
#include "propagation/cpu/linear/shape_propagators.hpp"
#include "propagation/cpu/negative_table.hpp"
#include "propagation/cpu/sum.hpp"

namespace arcwave::cpu {

namespace {

std::vector<int> initial_sizes(const IndexedModel& m) {
  std::vector<int> sizes;
  sizes.reserve(m.domains.size());
  for (const auto& d : m.domains) sizes.push_back(d.large() ? 0 : static_cast<int>(d.size()));
  return sizes;
}

// Per variable: the number of values of a large domain, 0 for an enumerated one.
std::vector<std::int64_t> large_sizes(const IndexedModel& m) {
  std::vector<std::int64_t> sizes;
  sizes.reserve(m.domains.size());
  for (const auto& d : m.domains) {
    if (d.large() && d.size() > Domain::kMaxValues)
      throw Unsupported(SourcePosition{}, "a domain of more than 2^31 values");
    sizes.push_back(d.large() ? static_cast<std::int64_t>(d.size()) : 0);
  }
  return sizes;
}

std::vector<std::size_t> scope_sizes(const IndexedModel& m, const std::vector<int>& scope) {
  std::vector<std::size_t> sizes;
  for (int v : scope) sizes.push_back(m.domains[static_cast<std::size_t>(v)].size());
  return sizes;
}

IndexedTable table_of(const BitRelation& r) {
  IndexedTable t;
  t.arity = 2;
  t.cells.reserve(r.count() * 2);
  for (int a = 0; a < r.rows(); ++a)
    for_each_bit(r.row(a), r.words(), [&](int b) {
      t.cells.push_back(a);
      t.cells.push_back(b);
    });
  return t;
}

}  // namespace

std::string_view to_string(TableAlgorithm algorithm) {
  switch (algorithm) {
    case TableAlgorithm::kAc4:
      return "ac4";
    case TableAlgorithm::kAc3Bit:
      return "ac3bit";
    case TableAlgorithm::kCompactTable:
      return "ct";
  }
  return "?";
}

TableAlgorithm parse_table_algorithm(std::string_view text) {
  if (text == "ac4") return TableAlgorithm::kAc4;
  if (text == "ac3bit" || text == "ac3bit+rm" || text == "ac3") return TableAlgorithm::kAc3Bit;
  if (text == "ct" || text == "compact-table") return TableAlgorithm::kCompactTable;
  throw InputError(fmt::format("unknown propagator '{}' (expected ac4, ac3bit or ct)", text));
}

CpuEngine::CpuEngine(std::shared_ptr<const IndexedModel> model, const CpuEngineOptions& options)
    : model_(std::move(model)), ctx_(initial_sizes(*model_), large_sizes(*model_)) {
  Stopwatch clock;
  watchers_.resize(model_->domains.size());
  scopes_ = model_->scopes;
  build(options);
  stats_.init_seconds = clock.seconds();
}

CpuEngine::~CpuEngine() = default;

int CpuEngine::add(std::unique_ptr<Propagator> p) {
  const int pid = static_cast<int>(props_.size());
  for (int x : p->vars()) watchers_[static_cast<std::size_t>(x)].push_back(pid);
  queue_of_.push_back(p->expensive() ? 1 : 0);
  if (p->needs_backtrack()) backtrackers_.push_back(pid);
  props_.push_back(std::move(p));
  queued_.push_back(0);
  return pid;
}

void CpuEngine::build(const CpuEngineOptions& options) {
  const IndexedModel& m = *model_;
  const auto& domains = m.domains;
  std::vector<Ac4Binary> ac4_binaries;
  std::vector<Ac4Table> ac4_tables;
  std::vector<BinaryConstraint> binaries;
  std::map<const BitRelation*, std::shared_ptr<const BitRelation>> transposes;
  std::map<const BitRelation*, std::shared_ptr<const IndexedTable>> binary_tables;
  std::map<std::string, std::size_t> kinds;
  for (std::size_t k = 0; k < m.constraints.size(); ++k) {
    const int id = static_cast<int>(k);
    const IndexedConstraint& c = m.constraints[k];
    if (const auto* u = std::get_if<IndexedUnary>(&c)) {
      unary_.emplace_back(id, u);
    } else if (const auto* b = std::get_if<IndexedBinary>(&c)) {
      if (options.tables == TableAlgorithm::kAc4) {
        ac4_binaries.push_back({id, b->x, b->y, b->relation});
      } else if (options.tables == TableAlgorithm::kAc3Bit) {
        auto& t = transposes[b->relation.get()];
        if (!t) t = std::make_shared<const BitRelation>(b->relation->transposed());
        binaries.push_back({id, b->x, b->y, b->relation, t});
      } else {
        auto& t = binary_tables[b->relation.get()];
        if (!t) t = std::make_shared<const IndexedTable>(table_of(*b->relation));
        add(std::make_unique<CompactTablePropagator>(id, m.scopes[k], *t, ctx_.domains));
        ++kinds["compact-table"];
      }
    } else if (const auto* e = std::get_if<IndexedExtension>(&c)) {
      if (options.tables == TableAlgorithm::kAc4) {
        auto plain =
            plain_supports(*e->table, scope_sizes(m, e->scope), options.ac4_expansion_limit);
        if (!plain)
          throw Unsupported(SourcePosition{},
                            fmt::format("AC4: table of constraint {} expands to more than {} "
                                        "tuples",
                                        m.origin[k], options.ac4_expansion_limit));
        ac4_tables.push_back({id, e->scope, std::move(plain)});
      } else if (e->table->supports) {
        add(std::make_unique<CompactTablePropagator>(id, e->scope, *e->table, ctx_.domains));
        ++kinds["compact-table"];
      } else {
        add(std::make_unique<NegativeTablePropagator>(id, e->scope, *e->table, ctx_.domains));
        ++kinds["negative-table"];
      }
    } else if (const auto* in = std::get_if<IndexedIntension>(&c); in != nullptr && in->shape) {
      // Linear forms, disequalities, disjunctions: dedicated propagators.
      for (std::unique_ptr<Propagator>& p : make_shape_propagators(id, *in->shape, domains))
        add(std::move(p));
      ++kinds[std::string(shape_kind(*in->shape))];
    } else if (in != nullptr) {
      // Bounds by interval evaluation on any domain size, and full GAC by enumeration while
      // the domains are small enough.
      add(std::make_unique<IntervalIntensionPropagator>(id, in->scope, in->expr, domains));
      add(std::make_unique<IntensionPropagator>(id, in->scope, in->expr, domains,
                                                options.intension_enumeration_limit));
      ++kinds["intension"];
    } else if (const auto* ad = std::get_if<IndexedAllDifferent>(&c)) {
      add(std::make_unique<AllDifferentPropagator>(id, ad->scope, ad->except, domains,
                                                   options.all_different_matching));
      ++kinds["allDifferent"];
    } else if (const auto* s = std::get_if<IndexedSum>(&c)) {
      add(std::make_unique<SumPropagator>(id, s->scope, s->coeffs, s->condition, domains));
      ++kinds["sum"];
    } else if (const auto* el = std::get_if<IndexedElement>(&c)) {
      // Entries or rhs with large domains: bounds (their values are never listed).
      if (std::any_of(m.scopes[k].begin(), m.scopes[k].end(),
                      [&](int x) { return domains[static_cast<std::size_t>(x)].large(); }))
        add(std::make_unique<ElementBoundsPropagator>(id, m.scopes[k], el->element, domains));
      else
        add(std::make_unique<ElementPropagator>(id, m.scopes[k], el->element, domains));
      ++kinds["element"];
    } else if (const auto* g = std::get_if<IndexedGlobal>(&c)) {
      for (std::unique_ptr<Propagator>& p :
           make_global_propagators(id, m.scopes[k], g->constraint, domains))
        add(std::move(p));
      ++kinds[std::string(constraint_kind(g->constraint))];
    }
  }
  if (!binaries.empty()) {
    backtrackers_.push_back(add(std::make_unique<Ac3BitPropagator>(ctx_.domains, binaries)));
    kinds["ac3bit+rm"] += binaries.size();
  }
  if (!ac4_binaries.empty() || !ac4_tables.empty()) {
    backtrackers_.push_back(
        add(std::make_unique<Ac4Propagator>(ctx_.domains, ac4_binaries, ac4_tables)));
    kinds["ac4"] += ac4_binaries.size() + ac4_tables.size();
  }
  tie_boxes(props_, m);
  if (options.difference_cliques) {
    // Redundant constraints, numbered after the model's (dom/wdeg weighs them too).
    for (std::vector<int>& clique : difference_cliques(m)) {
      const int id = static_cast<int>(scopes_.size());
      scopes_.push_back(clique);
      add(std::make_unique<AllDifferentPropagator>(id, std::move(clique), std::vector<Value>{},
                                                   domains, true));
      ++kinds["allDifferent on != cliques"];
    }
    for (DisjunctiveClique& clique : disjunctive_cliques(m)) {
      const int id = static_cast<int>(scopes_.size());
      scopes_.push_back(clique.starts);
      std::vector<Term> starts, lengths;
      for (std::size_t i = 0; i < clique.starts.size(); ++i) {
        starts.push_back(Term::variable(clique.starts[i], domains));
        lengths.push_back(Term::constant(clique.lengths[i]));
      }
      add(std::make_unique<DisjunctivePropagator>(id, std::move(clique.starts), std::move(starts),
                                                  std::move(lengths), false));
      ++kinds["noOverlap on disjunctive-pair cliques"];
    }
  }
  // The objective's cut is a constraint from the start (numbered after the model's), so that
  // the search's constraint numbering never changes; it filters once a bound is set.
  if (m.objective) make_objective();
  for (const auto& [name, count] : kinds) kinds_.push_back(fmt::format("{} {}", name, count));
}

std::string CpuEngine::description() const {
  std::string out = "cpu:";
  for (std::size_t i = 0; i < kinds_.size(); ++i) out += (i == 0 ? " " : ", ") + kinds_[i];
  if (kinds_.empty()) out += " no propagators";
  return out;
}

void CpuEngine::values(int var, std::vector<int>& out) const {
  if (ctx_.domains.large(var)) throw InternalError("values() of a large variable");
  out.clear();
  const Domains& d = ctx_.domains;
  for_each_bit(d.bits(var), d.words(var), [&](int a) { out.push_back(a); });
}

EngineStats CpuEngine::stats() const {
  EngineStats s = stats_;
  s.removals = ctx_.removals;
  return s;
}

void CpuEngine::schedule(int pid) {
  if (queued_[static_cast<std::size_t>(pid)] != 0) return;
  queued_[static_cast<std::size_t>(pid)] = 1;
  queue_[queue_of_[static_cast<std::size_t>(pid)]].push_back(pid);
}

void CpuEngine::schedule_dirty(int except) {
  for (int x : ctx_.dirty())
    for (int pid : watchers_[static_cast<std::size_t>(x)])
      if (pid != except) schedule(pid);
  ctx_.clear_dirty();
}

void CpuEngine::clear_queue() {
  for (int q = 0; q < 2; ++q) {
    for (std::size_t i = head_[q]; i < queue_[q].size(); ++i)
      queued_[static_cast<std::size_t>(queue_[q][i])] = 0;
    queue_[q].clear();
    head_[q] = 0;
  }
  ctx_.clear_dirty();
}

bool CpuEngine::fail(int constraint, int variable) {
  clear_queue();
  conflict_ = {constraint, variable};
  return false;
}

bool CpuEngine::run_queue() {
  schedule_dirty(-1);
  for (;;) {
    int q = head_[0] < queue_[0].size() ? 0 : 1;
    if (head_[q] >= queue_[q].size()) break;
    const int pid = queue_[q][head_[q]++];
    if (head_[q] == queue_[q].size()) {
      queue_[q].clear();
      head_[q] = 0;
    }
    queued_[static_cast<std::size_t>(pid)] = 0;
    if (interrupt_ != nullptr && (++polls_ & 63) == 0 &&
        interrupt_->load(std::memory_order_relaxed))
      return fail(-1, -1);
    ctx_.tick();
    ctx_.blamed_ = -1;
    ctx_.wiped_ = -1;
    Propagator& p = *props_[static_cast<std::size_t>(pid)];
    ++stats_.propagations;
    if (!p.propagate(ctx_))
      return fail(ctx_.blamed_ >= 0 ? ctx_.blamed_ : p.constraint(), ctx_.wiped_);
    schedule_dirty(pid);
  }
  return true;
}

bool CpuEngine::propagate_root() {
  conflict_ = {};
  if (model_->trivially_false) return fail(-1, -1);
  ctx_.tick();
  for (const auto& [id, u] : unary_) {
    const std::int32_t* dense = ctx_.domains.dense(u->var);
    for (int k = ctx_.domains.size(u->var) - 1; k >= 0; --k) {
      const int a = dense[k];
      if (u->allowed[static_cast<std::size_t>(a)] == 0 && !ctx_.remove(u->var, a))
        return fail(id, u->var);
    }
  }
  for (int pid = 0; pid < static_cast<int>(props_.size()); ++pid) schedule(pid);
  return run_queue();
}

void CpuEngine::push() {
  levels_.push_back({ctx_.domains.log_size(), ctx_.trail.mark()});
  ctx_.domains.mark_level();
  ctx_.trail.next_epoch();
}

void CpuEngine::pop() {
  const Level level = levels_.back();
  levels_.pop_back();
  clear_queue();
  for (int pid : backtrackers_)
    props_[static_cast<std::size_t>(pid)]->backtrack(ctx_.domains, level.log);
  ctx_.domains.restore(level.log);
  ctx_.trail.restore(level.trail);
  ctx_.trail.next_epoch();
}

bool CpuEngine::assign(int var, int value) {
  conflict_ = {};
  ctx_.tick();
  if (!ctx_.domains.contains(var, value)) return fail(-1, var);
  ctx_.reduce_to(var, value);
  return run_queue();
}

bool CpuEngine::remove(int var, int value) {
  conflict_ = {};
  ctx_.tick();
  if (!ctx_.domains.contains(var, value)) return run_queue();
  if (!ctx_.remove(var, value)) return fail(-1, var);
  return run_queue();
}

bool CpuEngine::restrict_max(int var, int value) {
  conflict_ = {};
  ctx_.tick();
  if (!ctx_.lower_max(var, value)) return fail(-1, var);
  return run_queue();
}

bool CpuEngine::restrict_min(int var, int value) {
  conflict_ = {};
  ctx_.tick();
  if (!ctx_.raise_min(var, value)) return fail(-1, var);
  return run_queue();
}

void CpuEngine::make_objective() {
  const Objective& obj = *model_->objective;
  const Value sign = obj.minimize ? 1 : -1;
  std::vector<int> scope;
  std::unique_ptr<Propagator> p;
  const int id = static_cast<int>(scopes_.size());
  if (obj.kind == Objective::Kind::kVariable) {
    scope = {obj.variable};
    p = SumPropagator::objective(id, scope, std::vector<Value>{sign}, model_->domains);
  } else if (obj.kind == Objective::Kind::kSum) {
    std::vector<Value> coeffs;
    for (std::size_t i = 0; i < obj.scope.size(); ++i) {
      const auto it = std::find(scope.begin(), scope.end(), obj.scope[i]);
      Value c = 0;
      if (__builtin_mul_overflow(obj.coeffs[i], sign, &c))
        throw Unsupported(SourcePosition{}, "objective coefficient out of range");
      if (it == scope.end()) {
        scope.push_back(obj.scope[i]);
        coeffs.push_back(c);
      } else if (__builtin_add_overflow(coeffs[static_cast<std::size_t>(it - scope.begin())], c,
                                        &coeffs[static_cast<std::size_t>(it - scope.begin())])) {
        throw Unsupported(SourcePosition{}, "objective coefficient out of range");
      }
    }
    p = SumPropagator::objective(id, scope, coeffs, model_->domains);
  } else {
    // Distinct variables; until the first bound the condition is the constant true.
    for (int v : obj.scope)
      if (std::find(scope.begin(), scope.end(), v) == scope.end()) scope.push_back(v);
    auto always = std::make_shared<const Expr>(std::vector<ExprInstr>{{ExprOp::kConst, 0, 1}});
    p = std::make_unique<IntensionPropagator>(id, scope, always, model_->domains, 10'000);
  }
  scopes_.push_back(scope);
  objective_ = p.get();
  objective_pid_ = add(std::move(p));
}

bool CpuEngine::improve_objective(Value bound) {
  if (objective_ == nullptr) throw InternalError("improve_objective on a model without objective");
  if (!levels_.empty()) throw InternalError("improve_objective below depth 0");
  const Objective& obj = *model_->objective;
  conflict_ = {};
  ctx_.tick();
  if (obj.kind == Objective::Kind::kExpression) {
    // expr < bound (minimising) or expr > bound, as a new program over the same slots
    std::vector<ExprInstr> code = obj.expr->code();
    std::vector<std::uint32_t> map;
    std::vector<int> seen;
    for (int v : obj.scope) {
      auto it = std::find(seen.begin(), seen.end(), v);
      map.push_back(static_cast<std::uint32_t>(it - seen.begin()));
      if (it == seen.end()) seen.push_back(v);
    }
    code = Expr(std::move(code)).remap_slots(map).code();
    code.push_back({ExprOp::kConst, 0, bound});
    code.push_back({obj.minimize ? ExprOp::kLt : ExprOp::kGt, 2, 0});
    static_cast<IntensionPropagator*>(objective_)
        ->set_expr(std::make_shared<const Expr>(std::move(code)));
  } else {
    Value limit = 0;  // sign * objective <= limit
    if (obj.minimize) {
      if (bound == std::numeric_limits<Value>::min())
        return fail(static_cast<int>(scopes_.size()) - 1, -1);
      limit = bound - 1;
    } else {
      if (bound == std::numeric_limits<Value>::max())
        return fail(static_cast<int>(scopes_.size()) - 1, -1);
      limit = -(bound + 1);
    }
    static_cast<SumPropagator*>(objective_)->restrict_upper(limit);
  }
  schedule(objective_pid_);
  return run_queue();
}

}  // namespace arcwave::cpu
