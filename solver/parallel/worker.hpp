// solver/parallel/worker.hpp — one worker of a parallel search: its own engine and MAC search,
// the hooks through which that search tightens its objective bound to the shared incumbent and
// splits its tree for idle workers, and the loop that takes subproblems from a WorkPool.
#pragma once

#include <atomic>
#include <optional>
#include <vector>

#include "propagation/engine/engine.hpp"
#include "solver/parallel/incumbent.hpp"
#include "solver/parallel/solution_sink.hpp"
#include "solver/parallel/work_pool.hpp"
#include "solver/search/mac_search.hpp"

namespace arcwave::parallel {

class Worker final : public search::SearchHooks {
 public:
  /// `incumbent`: when optimising (else null); `pool`: null for a portfolio worker (it never
  /// splits). The engine's interrupt flag should be `halt`.
  Worker(Engine& engine, const search::SearchConfig& config, SolutionSink& sink,
         Incumbent* incumbent, WorkPool* pool, const std::atomic<bool>& halt);

  [[nodiscard]] search::MacSearch& search() noexcept { return search_; }
  /// The callback to give this worker's searches (and a decomposition run on its engine).
  [[nodiscard]] const search::OnSolution& on_solution() const noexcept { return on_solution_; }

  /// Searches subproblems from the pool until it ends or the halt flag is raised. `root_ok`:
  /// what propagate_root() said (false: every subproblem is empty). False when a subproblem was
  /// left unfinished (interrupted).
  bool drain(bool root_ok);

  // search::SearchHooks
  std::optional<Value> bound_to_apply() override;
  [[nodiscard]] bool work_wanted() const override {
    return pool_ != nullptr && pool_->work_wanted();
  }
  void give(search::Subproblem gift) override { pool_->give(std::move(gift)); }
  bool solution_to_adopt(std::vector<int>& out) override;

 private:
  search::MacSearch search_;
  SolutionSink& sink_;
  Incumbent* incumbent_;
  WorkPool* pool_;
  std::optional<Value> applied_;  // the tightest bound handed to the search
  std::uint64_t seen_best_ = 0;   // the sink's best_version() this search has (its own or adopted)
  std::vector<Value> scratch_;
  search::OnSolution on_solution_;
};

}  // namespace arcwave::parallel
