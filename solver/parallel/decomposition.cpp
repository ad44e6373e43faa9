// Definitions for solver/parallel/decomposition.hpp.
#include "solver/parallel/decomposition.hpp"

#include <algorithm>
#include <deque>

namespace arcwave::parallel {

namespace {

// dom/ddeg over the engine's current domains: the smallest size / (constraints of x with
// another unfixed variable), ties to the smaller variable number; variables sharing no
// constraint with an unfixed variable go last, smallest domain first. -1 when every variable is
// fixed.
class DomDdeg {
 public:
  explicit DomDdeg(const Engine& engine) : engine_(engine) {
    const auto n = static_cast<std::size_t>(engine.variable_count());
    constraints_of_.resize(n);
    for (int c = 0; c < engine.constraint_count(); ++c)
      for (int x : engine.constraint_scope(c))
        constraints_of_[static_cast<std::size_t>(x)].push_back(c);
  }

  [[nodiscard]] int select() const {
    int best = -1;
    double best_score = 0;
    for (int x = 0; x < engine_.variable_count(); ++x) {
      const int size = engine_.size(x);
      if (size <= 1) continue;
      int degree = 0;
      for (int c : constraints_of_[static_cast<std::size_t>(x)])
        for (int y : engine_.constraint_scope(c))
          if (y != x && engine_.size(y) > 1) {
            ++degree;
            break;
          }
      const double score = degree > 0 ? static_cast<double>(size) / degree : 1e15 + size;
      if (best < 0 || score < best_score) {
        best = x;
        best_score = score;
      }
    }
    return best;
  }

 private:
  const Engine& engine_;
  std::vector<std::vector<int>> constraints_of_;
};

// Every variable fixed: the engine's state is a leaf (O(n), stops at the first open variable).
bool all_fixed(const Engine& engine) {
  for (int x = 0; x < engine.variable_count(); ++x)
    if (engine.size(x) > 1) return false;
  return true;
}

void pop_all(Engine& engine) {
  while (engine.depth() > 0) engine.pop();
}

}  // namespace

Decomposition decompose(Engine& engine, std::size_t target, const search::OnSolution& on_solution,
                        const std::atomic<bool>* stop) {
  using Action = search::AfterSolution::Action;
  Decomposition out;
  const DomDdeg heuristic(engine);
  const auto stopped = [&] { return stop != nullptr && stop->load(std::memory_order_relaxed); };
  std::deque<search::Subproblem> open;
  open.emplace_back();
  // A bound to apply before the next node (a plain pair: GCC 12 misreads an optional here).
  bool bound_pending = false;
  Value pending_bound = 0;
  std::vector<int> values;
  std::vector<int> leaf(static_cast<std::size_t>(engine.variable_count()));
  // A solution at the engine's current state; false when the callback says stop.
  const auto report = [&] {
    for (std::size_t v = 0; v < leaf.size(); ++v) leaf[v] = engine.min_value(static_cast<int>(v));
    const search::AfterSolution next = on_solution(leaf);
    if (next.action == Action::kStop) return false;
    if (next.action == Action::kImprove) {
      bound_pending = true;
      pending_bound = next.bound;
    }
    return true;
  };

  while (!open.empty() && (open.size() < target || bound_pending)) {
    if (stopped()) {
      out.interrupted = true;
      break;
    }
    if (bound_pending) {
      // Bounds reach the engine at depth 0 only; a wipe-out leaves no better solution anywhere.
      const bool ok = engine.improve_objective(pending_bound);
      bound_pending = false;
      if (!ok) {
        out.interrupted = stopped();
        open.clear();
        break;
      }
      continue;
    }
    search::Subproblem node = std::move(open.front());
    open.pop_front();
    const search::Replay replayed = search::replay(engine, node);
    if (!replayed.consistent) {
      // Only an objective bound applied since the node was made can empty it now.
      out.interrupted = stopped();
    } else if (const int x = heuristic.select(); x < 0) {
      // Only the root can be a leaf here: children that are leaves are reported when made.
      if (!report()) out.stopped_on_solution = true;
    } else {
      // One child per value, or the two halves of a large domain.
      std::vector<search::Decision> branches;
      if (engine.large(x)) {
        const int lo = engine.min_value(x);
        const int mid = lo + (engine.max_value(x) - lo) / 2;
        branches = {{x, mid, true, true}, {x, mid, false, true}};
      } else {
        engine.values(x, values);
        for (const int a : values) branches.push_back({x, a, true});
      }
      for (const search::Decision& branch : branches) {
        engine.push();
        ++out.nodes;
        if (search::apply(engine, branch)) {
          if (all_fixed(engine)) {
            if (!report()) out.stopped_on_solution = true;
          } else {
            search::Subproblem child = node;
            child.push_back(branch);
            out.depth = std::max(out.depth, static_cast<int>(child.size()));
            open.push_back(std::move(child));
          }
        } else if (stopped()) {
          out.interrupted = true;
        } else {
          ++out.fails;
        }
        engine.pop();
        if (out.stopped_on_solution || out.interrupted) break;
      }
    }
    for (int i = 0; i < replayed.pushed; ++i) engine.pop();
    if (out.stopped_on_solution || out.interrupted) break;
  }
  pop_all(engine);
  out.complete = open.empty() && !out.stopped_on_solution && !out.interrupted;
  out.subproblems.assign(std::make_move_iterator(open.begin()),
                         std::make_move_iterator(open.end()));
  return out;
}

}  // namespace arcwave::parallel
