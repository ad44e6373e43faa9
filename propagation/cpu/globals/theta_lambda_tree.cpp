// Definitions for propagation/cpu/globals/theta_lambda_tree.hpp.
#include "propagation/cpu/globals/theta_lambda_tree.hpp"

#include <algorithm>
#include <numeric>

namespace arcwave::cpu {

void ThetaLambdaTree::reset(const std::vector<Value>& est, const std::vector<Value>& p) {
  est_ = est;
  p_ = p;
  const std::size_t n = est.size();
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return est[static_cast<std::size_t>(a)] < est[static_cast<std::size_t>(b)];
  });
  leaf_.assign(n, 0);
  for (std::size_t r = 0; r < n; ++r)
    leaf_[static_cast<std::size_t>(order[r])] = static_cast<int>(r);
  width_ = 1;
  while (width_ < n) width_ *= 2;
  nodes_.assign(2 * width_, Node{});
}

void ThetaLambdaTree::combine(std::size_t v) {
  const Node& l = nodes_[2 * v];
  const Node& r = nodes_[2 * v + 1];
  Node& n = nodes_[v];
  n.sum_p = l.sum_p + r.sum_p;
  n.ect = std::max(r.ect, l.ect + r.sum_p);
  // At most one gray task: on the left (left gray sum + right white) or on the right.
  if (l.sum_p_bar + r.sum_p >= l.sum_p + r.sum_p_bar) {
    n.sum_p_bar = l.sum_p_bar + r.sum_p;
    n.resp_p = l.resp_p;
  } else {
    n.sum_p_bar = l.sum_p + r.sum_p_bar;
    n.resp_p = r.resp_p;
  }
  n.ect_bar = r.ect_bar;
  n.resp_ect = r.resp_ect;
  if (l.ect + r.sum_p_bar > n.ect_bar) {
    n.ect_bar = l.ect + r.sum_p_bar;
    n.resp_ect = r.resp_p;
  }
  if (l.ect_bar + r.sum_p > n.ect_bar) {
    n.ect_bar = l.ect_bar + r.sum_p;
    n.resp_ect = l.resp_ect;
  }
}

void ThetaLambdaTree::set_leaf(int task, const Node& leaf) {
  std::size_t v = width_ + static_cast<std::size_t>(leaf_[static_cast<std::size_t>(task)]);
  nodes_[v] = leaf;
  for (v /= 2; v >= 1; v /= 2) combine(v);
}

void ThetaLambdaTree::insert_all() {
  for (std::size_t t = 0; t < est_.size(); ++t) {
    const Value ect = est_[t] + p_[t];
    nodes_[width_ + static_cast<std::size_t>(leaf_[t])] = Node{p_[t], ect, p_[t], ect, -1, -1};
  }
  for (std::size_t v = width_ - 1; v >= 1; --v) combine(v);
}

void ThetaLambdaTree::insert(int task) {
  const auto t = static_cast<std::size_t>(task);
  const Value ect = est_[t] + p_[t];
  set_leaf(task, Node{p_[t], ect, p_[t], ect, -1, -1});
}

void ThetaLambdaTree::gray(int task) {
  const auto t = static_cast<std::size_t>(task);
  set_leaf(task, Node{0, kMinusInfinity, p_[t], est_[t] + p_[t], task, task});
}

void ThetaLambdaTree::remove(int task) {
  set_leaf(task, Node{});
}

}  // namespace arcwave::cpu
