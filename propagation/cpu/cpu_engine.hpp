// propagation/cpu/cpu_engine.hpp — the CPU implementation of the search boundary
// (propagation/engine/engine.hpp): sparse-set/bitset domains with a removal log, a trail for
// propagator state, one propagator per constraint (AC4 covering all tables when chosen), and a
// constraint-level propagation queue (cheap propagators before expensive ones).
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "propagation/cpu/propagator.hpp"
#include "propagation/engine/engine.hpp"
#include "propagation/indexed/indexed_model.hpp"

namespace arcwave::cpu {

/// Which algorithm handles extension constraints (and tabulated intensions).
enum class TableAlgorithm : std::uint8_t {
  kAc4,           // AC4 on binary constraints, GAC4 on n-ary tables (the reference)
  kAc3Bit,        // AC3bit+rm on binary constraints, Compact-Table on n-ary tables
  kCompactTable,  // Compact-Table on every table
};
std::string_view to_string(TableAlgorithm algorithm);
/// "ac4", "ac3bit" (or "ac3bit+rm"), "ct" (or "compact-table"); InputError otherwise.
TableAlgorithm parse_table_algorithm(std::string_view text);

struct CpuEngineOptions {
  TableAlgorithm tables = TableAlgorithm::kAc3Bit;
  bool all_different_matching = true;               // GAC by matching (else value elimination only)
  std::size_t intension_enumeration_limit = 5'000;  // tuples one revision may enumerate
  std::size_t ac4_expansion_limit = 10'000'000;     // tuples of an n-ary table AC4 may expand
  /// Add a redundant allDifferent over each clique of binary != constraints, and a redundant
  /// noOverlap over each clique of binary disjunctive pairs (search only: they filter more
  /// than arc consistency on the pairs).
  bool difference_cliques = false;
};

class CpuEngine final : public Engine {
 public:
  CpuEngine(std::shared_ptr<const IndexedModel> model, const CpuEngineOptions& options = {});
  ~CpuEngine() override;

  [[nodiscard]] std::string description() const override;
  [[nodiscard]] int variable_count() const override { return ctx_.domains.variable_count(); }
  [[nodiscard]] int initial_size(int var) const override { return ctx_.domains.initial_size(var); }
  [[nodiscard]] int constraint_count() const override { return static_cast<int>(scopes_.size()); }
  [[nodiscard]] std::span<const int> constraint_scope(int constraint) const override {
    return scopes_[static_cast<std::size_t>(constraint)];
  }
  [[nodiscard]] int size(int var) const override { return ctx_.domains.size(var); }
  [[nodiscard]] bool contains(int var, int value) const override {
    return ctx_.domains.contains(var, value);
  }
  [[nodiscard]] int min_value(int var) const override { return ctx_.domains.min(var); }
  [[nodiscard]] int max_value(int var) const override { return ctx_.domains.max(var); }
  void values(int var, std::vector<int>& out) const override;
  [[nodiscard]] bool large(int var) const override { return ctx_.domains.large(var); }
  bool restrict_max(int var, int value) override;
  bool restrict_min(int var, int value) override;

  bool propagate_root() override;
  void push() override;
  void pop() override;
  [[nodiscard]] int depth() const override { return static_cast<int>(levels_.size()); }
  bool assign(int var, int value) override;
  bool remove(int var, int value) override;
  bool improve_objective(Value bound) override;
  [[nodiscard]] Conflict conflict() const override { return conflict_; }
  [[nodiscard]] EngineStats stats() const override;
  void set_interrupt(const std::atomic<bool>* flag) override { interrupt_ = flag; }

  [[nodiscard]] const Domains& domains() const noexcept { return ctx_.domains; }
  [[nodiscard]] std::size_t propagator_count() const noexcept { return props_.size(); }

 private:
  void build(const CpuEngineOptions& options);
  int add(std::unique_ptr<Propagator> p);
  void schedule(int pid);
  void schedule_dirty(int except);
  bool run_queue();
  void clear_queue();
  bool fail(int constraint, int variable);
  void make_objective();

  std::shared_ptr<const IndexedModel> model_;
  Context ctx_;
  std::vector<std::unique_ptr<Propagator>> props_;
  std::vector<std::vector<int>> watchers_;  // per variable: propagators it wakes
  std::vector<std::uint8_t> queued_;
  std::vector<std::uint8_t> queue_of_;  // per propagator: 0 cheap, 1 expensive
  std::vector<int> queue_[2];
  std::size_t head_[2] = {0, 0};
  std::vector<int> backtrackers_;  // propagators with state tied to the removal log
  struct Level {
    std::size_t log;
    Trail::Mark trail;
  };
  std::vector<Level> levels_;
  std::vector<std::vector<int>> scopes_;
  std::vector<std::pair<int, const IndexedUnary*>> unary_;
  std::vector<std::string> kinds_;
  Conflict conflict_;
  EngineStats stats_;
  std::uint64_t removals_base_ = 0;
  const std::atomic<bool>* interrupt_ = nullptr;
  std::uint64_t polls_ = 0;
  Propagator* objective_ = nullptr;
  int objective_pid_ = -1;
};

}  // namespace arcwave::cpu
