// propagation/cpu/globals/theta_lambda_tree.hpp — Vilím's Θ-Λ-tree for unary-resource
// reasoning ("Filtering algorithms for the unary resource constraint", 2007/2008): a balanced
// binary tree whose leaves are the tasks in order of earliest start. Each leaf is empty, white
// (in Θ) or gray (in Λ). The root gives in O(1):
//   ect()      the earliest completion time of Θ: max over Θ' ⊆ Θ of est(Θ') + p(Θ'),
//   ect_bar()  the same for Θ plus at most one gray task, and the gray task responsible for it.
// Inserting, graying or removing a task costs O(log n).
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "arcwave/model.hpp"

namespace arcwave::cpu {

class ThetaLambdaTree {
 public:
  /// Far below every time (sums of durations added to it stay far below).
  static constexpr Value kMinusInfinity = std::numeric_limits<Value>::min() / 4;

  /// Sets up the leaves for tasks 0..n-1 with these earliest starts and durations, all empty.
  void reset(const std::vector<Value>& est, const std::vector<Value>& p);

  /// Puts every task in Θ at once (O(n)).
  void insert_all();
  void insert(int task);  // white: in Θ
  void gray(int task);    // from Θ to Λ
  void remove(int task);  // out of both

  [[nodiscard]] Value ect() const noexcept { return nodes_[1].ect; }
  [[nodiscard]] Value ect_bar() const noexcept { return nodes_[1].ect_bar; }
  /// The gray task responsible for ect_bar() (-1 when ect_bar() comes from Θ alone).
  [[nodiscard]] int responsible() const noexcept { return nodes_[1].resp_ect; }

 private:
  struct Node {
    Value sum_p = 0;
    Value ect = kMinusInfinity;
    Value sum_p_bar = 0;
    Value ect_bar = kMinusInfinity;
    int resp_p = -1;    // gray task behind sum_p_bar
    int resp_ect = -1;  // gray task behind ect_bar
  };
  void set_leaf(int task, const Node& leaf);
  void combine(std::size_t v);

  std::vector<Value> est_;
  std::vector<Value> p_;
  std::vector<int> leaf_;  // task -> position among the leaves
  std::size_t width_ = 1;  // leaves start at nodes_[width_]
  std::vector<Node> nodes_;
};

}  // namespace arcwave::cpu
