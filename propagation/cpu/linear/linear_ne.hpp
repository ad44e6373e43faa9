// propagation/cpu/linear/linear_ne.hpp — a conjunction of linear disequalities L_1 != 0, ...,
// L_k != 0 over a few variables: `x - y != z - w`, and `|a-b| != |c-d|` as a - b - c + d != 0
// and a - b + c - d != 0 (Golomb rulers). GAC on the conjunction, without visiting the values.
//
// Why it is cheap: fix every variable but w; each L_j holding w (k_w of them) is zero at one
// value of w at most, so among any k_w + 1 values of w one satisfies them all. Hence
//  - a value of v has a support as soon as every L_j holds a variable other than v with at
//    least k_w + 1 values (choose those variables one after the other), which is the common
//    case while the domains are large: nothing to do for v;
//  - otherwise a support, if any, is found among the first min(|D(w)|, k_w + 1) values of every
//    other variable w, a small product. For each of its tuples t (where the L_j without v are
//    non-zero) the values of v that zero some L_j are at most k; the values of v without a
//    support are those zeroing some L_j at every such t: an intersection of tiny sets, never a
//    scan of D(v). Above kTupleLimit such tuples (many disequalities over many variables; never
//    on the shapes of the real models) the variable waits for smaller domains: weaker there.
#pragma once

#include <vector>

#include "propagation/cpu/linear/linear_sum.hpp"
#include "propagation/cpu/propagator.hpp"

namespace arcwave::cpu {

class LinearNotEqual final : public Propagator {
 public:
  LinearNotEqual(int constraint, const std::vector<LinearLiteral>& literals,
                 const std::vector<Domain>& domains);
  bool propagate(Context& ctx) override;
  static constexpr std::size_t kTupleLimit = 4096;

 private:
  // Recounts abundant_ and covered_ from the domains.
  void count_abundant(const Domains& d);
  // Does every disequality hold a variable other than vars_[u] with enough values?
  [[nodiscard]] bool surely_supported(std::size_t u) const;
  // Removes the values of vars_[u] without a support; false on a wipe-out.
  bool filter(Context& ctx, std::size_t u, bool& changed);

  std::vector<LinearSum> sums_;
  std::vector<std::vector<int>> pos_;   // per disequality, per variable: position in it or -1
  std::vector<int> count_;              // per variable: the disequalities holding it
  std::vector<std::uint8_t> abundant_;  // per variable, this pass: more values than count_
  std::vector<int> covered_;            // per disequality, this pass: its abundant variables
  // Scratch of filter(): the other variables' candidate values and the odometer over them.
  std::vector<std::size_t> others_;
  std::vector<int> width_, digit_;
  std::vector<int> zeros_, common_;
};

}  // namespace arcwave::cpu
