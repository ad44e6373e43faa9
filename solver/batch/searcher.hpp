// solver/batch/searcher.hpp — one MAC searcher of the batched search, written once for a group
// of threads that works together on one subproblem: a CUDA thread block on the device (every
// searcher a block, thousands at once), a group of one thread on the host (the reference the
// device is tested against, and what CI runs).
//
// State per searcher: the working domains (n x W words, in shared memory on the device when
// they fit), a stack of saved domains per depth (copying, not trailing: a push copies n x W
// words in parallel and a backtrack copies them back, which costs the same as replaying a trail
// on the device and needs no bookkeeping), the decisions per depth, and dom/wdeg weights.
// Propagation is bitwise AC3 over the directed arcs of the network, round by round: the arcs
// x <- y of the variables y changed in the previous round are revised, one warp per changed
// variable, one lane per value of x; removals only shrink domains, so concurrent revisions stay
// sound, and a round without removals is the fixpoint.
//
// Subproblems come from a queue shared by all searchers (subproblems of the decomposition
// first); when the queue runs low, a searcher gives away its shallowest unexplored right branch
// (its saved domains at that depth minus the decision's value) and marks it so that it does not
// explore it itself. `pending` counts the subproblems pushed and not finished: when it reaches
// zero no work can appear any more, and idle searchers leave.
//
// Several devices (solver/batch/multi_device.hpp): each has its own queue; a device that runs
// dry asks another for work through the host, which raises that device's `outbox_requested`;
// its searchers then give their shallowest open branches to the outbox (host memory) instead of
// their own queue. Those items leave the device (its `pending` does not count them), so each
// subproblem is still searched exactly once. The incumbent arrives from the other devices in
// `bound_in` and leaves in `bound_out`, both relayed by the host.
#pragma once

#include <climits>
#include <cstdint>

#include "solver/batch/group.hpp"
#include "solver/batch/props/dispatch.hpp"
#include "solver/batch/props/objective.hpp"
#include "solver/batch/searcher_memory.hpp"

namespace arcwave::batch {

// Props: whether the network's device propagators (solver/batch/props/) are compiled in; the
// device builds a searcher without them for networks of tables and relations alone, whose
// kernel then needs no registers for them.
template <class G, bool Props = true>
class Searcher {
 public:
  ARCWAVE_HD Searcher(const G& g, const NetworkView& net, const SharedState& sh,
                      const SearcherMemory& mem, const Scratch& s)
      : g_(g),
        net_(net),
        sh_(sh),
        mem_(mem),
        s_(s),
        W_(net.words),
        state_(static_cast<unsigned long long>(net.n) * static_cast<unsigned long long>(net.words)),
        bits_words_((net.n + 31) / 32) {}

  /// The fixpoint of the working domains (s.dom) with every constraint revised: false on a
  /// wipe-out. What the tests compare with the CPU engine's fixpoints.
  ARCWAVE_HD bool fixpoint() {
    if (g_.rank() == 0) s_.flags[kBlame] = -1;
    for (int i = g_.rank(); i < bits_words_; i += g_.size()) s_.changed[0][i] = ~0U;
    g_.sync();
    return !any_empty() && propagate();
  }

  /// Takes subproblems until none is left or the search stops.
  ARCWAVE_HD void run() {
    for (;;) {
      const long long waiting = G::clock();
      if (g_.rank() == 0) s_.flags[kItem] = static_cast<int>(take());  // capacity < 2^31
      g_.sync();
      const long long working = G::clock();
      if (g_.rank() == 0 && sh_.idle_cycles != nullptr)
        g_.add_ull(sh_.idle_cycles, static_cast<unsigned long long>(working - waiting));
      const long long item = s_.flags[kItem];
      if (item < 0) break;
      g_.fence_acquire();
      copy(sh_.items + static_cast<unsigned long long>(item) * state_, s_.dom);
      // copy() ends at a barrier: every thread has read the item, the slot may be reused.
      if (g_.rank() == 0) g_.store_int(sh_.ready + item, 2 * lap(ticket_) + 2);
      refresh_weights();
      improved_ = false;
      const bool searched = explore();
      g_.sync();
      if (g_.rank() == 0) {
        // An LNS round's item: how it ended (a stop leaves it unsearched).
        if (sh_.item_outcome != nullptr && ticket_ < sh_.outcome_count)
          g_.store_int(sh_.item_outcome + ticket_, improved_  ? kItemImproved
                                                   : limited_ ? kItemLimited
                                                   : searched ? kItemExhausted
                                                              : kItemUnsearched);
        if (limited_ && sh_.limited != nullptr) g_.add_ull(sh_.limited, 1);
        if (sh_.busy_cycles != nullptr)
          g_.add_ull(sh_.busy_cycles, static_cast<unsigned long long>(G::clock() - working));
        g_.add_ll(sh_.pending, -1);
        g_.add_ull(sh_.nodes, nodes_);
        g_.add_ull(sh_.fails, fails_);
        nodes_ = 0;
        fails_ = 0;
      }
      g_.sync();
    }
  }

 private:
  // ---- the search on one subproblem --------------------------------------------------------

  // Searches the item in s.dom; false when it stopped before the end (the search's stop, or
  // the item's failure limit: limited_).
  ARCWAVE_HD bool explore() {
    limited_ = false;
    // Every thread counts the item's failures alike from its own start (rank 0 alone resets
    // fails_ after each item).
    const unsigned long long first_fail = fails_;
    int depth = 0;
    if (g_.rank() == 0) s_.flags[kBlame] = -1;
    for (int i = g_.rank(); i < bits_words_; i += g_.size()) s_.changed[0][i] = ~0U;
    g_.sync();
    bool ok = !any_empty() && propagate();
    for (;;) {
      if (stopped()) return false;
      if (ok) ok = apply_bound();
      if (ok) {
        const int x = select();
        if (x < 0) {
          on_solution();
          if (stopped()) return false;
          ok = false;
        } else {
          maybe_donate(depth);
          // Other searchers' charges every 32 decisions (fixed weights need no refreshing).
          if ((++decisions_ & 31U) == 0 && sh_.learn_weights != 0) refresh_weights();
          push(depth, x);
          ++depth;
          ++nodes_;
          ok = propagate();
          continue;
        }
      }
      ++fails_;
      charge();
      if (!backtrack(depth)) return true;
      if (sh_.fail_limit != 0 && fails_ - first_fail >= sh_.fail_limit) {  // all threads alike
        limited_ = true;
        return false;
      }
      ok = true;
    }
  }

  // Pops to the deepest depth whose refutation propagates; false when the subproblem is done.
  ARCWAVE_HD bool backtrack(int& depth) {
    while (depth > 0) {
      --depth;
      copy(mem_.stack + static_cast<unsigned long long>(depth) * state_, s_.dom);
      if (mem_.dec_donated[depth] != 0) continue;  // given away: another searcher owns it
      const int x = mem_.dec_var[depth];
      const int a = mem_.dec_val[depth];
      if (g_.rank() == 0) {
        g_.and64(s_.dom + word_of(x, a), ~bit_of(a));
        s_.blame[x] = -1;
      }
      clear_changed(0);
      if (g_.rank() == 0) s_.changed[0][x >> 5] |= 1U << (x & 31);
      g_.sync();
      if (!empty(x) && propagate()) return true;
      ++fails_;
      charge();
    }
    return false;
  }

  ARCWAVE_HD void push(int depth, int x) {
    copy(s_.dom, mem_.stack + static_cast<unsigned long long>(depth) * state_);
    if (g_.rank() == 0) {
      // LNS: the incumbent's value first while it is left (improvements lie near it).
      int a = min_value(x);
      if (sh_.prefer != nullptr) {
        const int p = sh_.prefer[x];
        if (p >= 0 && ((g_.load(s_.dom + word_of(x, p)) >> (p & 63)) & 1U) != 0) a = p;
      }
      mem_.dec_var[depth] = x;
      mem_.dec_val[depth] = a;
      mem_.dec_donated[depth] = 0;
      std::uint64_t* d = s_.dom + static_cast<unsigned long long>(x) * W_;
      for (int w = 0; w < W_; ++w) g_.store64(d + w, w == (a >> 6) ? bit_of(a) : 0);
    }
    clear_changed(0);
    if (g_.rank() == 0) s_.changed[0][x >> 5] |= 1U << (x & 31);
    g_.sync();
  }

  // ---- propagation --------------------------------------------------------------------------

  // Revises the arcs of the variables marked in changed[0] until the fixpoint; false on a
  // wipe-out (its constraint in flags[kBlame]).
  ARCWAVE_HD bool propagate() {
    int cur = 0;
    for (;;) {
      const int nxt = cur ^ 1;
      for (int i = g_.rank(); i < bits_words_; i += g_.size()) s_.changed[nxt][i] = 0;
      if (g_.rank() == 0) s_.flags[kAny] = 0;
      g_.sync();
      if (net_.tables > 0 || (Props && net_.props > 0)) mark_tables(cur);
      if (W_ == 1 && sh_.small_arcs != 0) {
        revise_changed_small(cur, nxt);
      } else {
        for (int y = g_.warp(); y < net_.n; y += g_.warps()) {
          if (((s_.changed[cur][y >> 5] >> (y & 31)) & 1U) == 0) continue;
          for (int k = net_.watch_offset[y]; k < net_.watch_offset[y + 1]; ++k)
            revise(net_.watch_arcs[k], nxt);
        }
      }
      for (int t = g_.warp(); t < net_.tables; t += g_.warps())
        if (((s_.tables[t >> 5] >> (t & 31)) & 1U) != 0) revise_table(t, nxt);
      if constexpr (Props) {
        // One thread per woken propagator.
        for (int p = g_.rank(); p < net_.props; p += g_.size()) {
          const int bit = net_.tables + p;
          if (((s_.tables[bit >> 5] >> (bit & 31)) & 1U) != 0) revise_prop(p, nxt);
        }
      }
      g_.sync();
      if (s_.flags[kAny] == 0) return true;
      // Wipe-outs among the variables reduced this round.
      if (g_.rank() == 0) s_.flags[kFail] = 0;
      g_.sync();
      for (int x = g_.rank(); x < net_.n; x += g_.size())
        if (((s_.changed[nxt][x >> 5] >> (x & 31)) & 1U) != 0 && empty(x)) {
          g_.store_int(s_.flags + kFail, 1);
          g_.store_int(s_.flags + kBlame, g_.load_int(s_.blame + x));
        }
      g_.sync();
      if (s_.flags[kFail] != 0) return false;
      cur = nxt;
    }
  }

  // Domains of one word (every domain at most 64 values): one lane per arc, over the arcs of
  // all the variables changed in the previous round. Each warp takes chunks of warp-size
  // variables; the lanes' watch lists are laid end to end (a warp prefix sum of their lengths)
  // and lane j of each pass finds the list holding arc j by binary search over the sums. A lane
  // per value, as in revise(), would leave most lanes idle on small domains and revise the
  // arcs one after the other, each waiting on its own chain of loads.
  ARCWAVE_HD void revise_changed_small(int cur, int nxt) {
    const int ws = g_.warp_size();
    for (int base = g_.warp() * ws; base < net_.n; base += g_.warps() * ws) {
      const int y = base + g_.lane();
      const bool changed = y < net_.n && ((s_.changed[cur][y >> 5] >> (y & 31)) & 1U) != 0;
      if (!g_.warp_any(changed)) continue;
      const int begin = changed ? net_.watch_offset[y] : 0;
      const int length = changed ? net_.watch_offset[y + 1] - begin : 0;
      const int end = g_.warp_inclusive_sum(length);  // of the lists up to this lane's
      const int total = g_.shfl(end, ws - 1);
      for (int pass = 0; pass < total; pass += ws) {
        const int j = pass + g_.lane();
        int owner = 0;  // the lanes whose lists end at or before j
        for (int step = ws / 2; step >= 1; step >>= 1)
          if (g_.shfl(end, owner + step - 1) <= j) owner += step;
        const int owner_begin = g_.shfl(begin, owner);
        const int owner_start = g_.shfl(end - length, owner);
        if (j < total) revise_small(net_.watch_arcs[owner_begin + (j - owner_start)], nxt);
      }
    }
  }

  // Revises x against y for arc `arc` on one lane (one-word domains): each value of x keeps its
  // row if the row meets D(y). Rows are loaded four at a time so that their loads overlap.
  ARCWAVE_HD void revise_small(int arc, int nxt) {
    const int x = net_.arc_x[arc];
    const std::uint64_t* rows = net_.relations + net_.arc_rel[arc];
    const std::uint64_t dy = g_.load(s_.dom + net_.arc_y[arc]);
    std::uint64_t* dx = s_.dom + x;
    std::uint64_t open = g_.load(dx);
    std::uint64_t dead = 0;
    while (open != 0) {
      const int a0 = G::ctz(open);
      open &= open - 1;
      const int a1 = open != 0 ? G::ctz(open) : a0;
      open &= open - 1;  // 0 stays 0
      const int a2 = open != 0 ? G::ctz(open) : a0;
      open &= open - 1;
      const int a3 = open != 0 ? G::ctz(open) : a0;
      open &= open - 1;
      const std::uint64_t r0 = rows[a0];
      const std::uint64_t r1 = rows[a1];
      const std::uint64_t r2 = rows[a2];
      const std::uint64_t r3 = rows[a3];
      if ((r0 & dy) == 0) dead |= bit_of(a0);
      if ((r1 & dy) == 0) dead |= bit_of(a1);
      if ((r2 & dy) == 0) dead |= bit_of(a2);
      if ((r3 & dy) == 0) dead |= bit_of(a3);
    }
    if (dead == 0) return;
    g_.and64(dx, ~dead);
    g_.or32(&s_.changed[nxt][x >> 5], 1U << (x & 31));
    g_.store_int(s_.blame + x, net_.arc_constraint[arc]);
    g_.store_int(s_.flags + kAny, 1);
  }

  // Revises x against y for arc `arc`, the warp's lanes over the values of x. Each relation row
  // keeps the word where a support was last found (shared by all searchers: a hint that is
  // checked, so races on it are harmless); D(y) is read once per lane (a snapshot that can only
  // be a superset of D(y) later, which keeps every removal justified).
  ARCWAVE_HD void revise(int arc, int nxt) {
    constexpr int kCached = 8;
    const int x = net_.arc_x[arc];
    const int y = net_.arc_y[arc];
    const std::uint64_t* rows = net_.relations + net_.arc_rel[arc];
    int* residue = sh_.residue + net_.arc_rel[arc] / static_cast<unsigned long long>(W_);
    std::uint64_t* dx = s_.dom + static_cast<unsigned long long>(x) * W_;
    const std::uint64_t* dy = s_.dom + static_cast<unsigned long long>(y) * W_;
    std::uint64_t ycache[kCached];
    const int cached = W_ < kCached ? W_ : kCached;
    for (int w = 0; w < cached; ++w) ycache[w] = g_.load(dy + w);
    auto word_y = [&](int w) { return w < kCached ? ycache[w] : g_.load(dy + w); };
    bool removed = false;
    for (int a = g_.lane(); a < net_.sizes[x]; a += g_.warp_size()) {
      if (((g_.load(dx + (a >> 6)) >> (a & 63)) & 1U) == 0) continue;
      const std::uint64_t* row = rows + static_cast<unsigned long long>(a) * W_;
      const int hint = g_.load_hint(residue + a);
      bool supported = hint >= 0 && hint < W_ && (row[hint] & word_y(hint)) != 0;
      for (int w = 0; w < W_ && !supported; ++w) {
        if ((row[w] & word_y(w)) != 0) {
          supported = true;
          g_.store_hint(residue + a, w);
        }
      }
      if (!supported) {
        g_.and64(dx + (a >> 6), ~bit_of(a));
        removed = true;
      }
    }
    if (g_.warp_any(removed) && g_.lane() == 0) {
      g_.or32(&s_.changed[nxt][x >> 5], 1U << (x & 31));
      g_.store_int(s_.blame + x, net_.arc_constraint[arc]);
      g_.store_int(s_.flags + kAny, 1);
    }
  }

  // Marks the tables (bits 0..tables-1) and the propagators (the bits after them) of the
  // variables changed in the previous round.
  ARCWAVE_HD void mark_tables(int cur) {
    const int marks = net_.tables + (Props ? net_.props : 0);
    const int words = (marks + 31) / 32;
    for (int i = g_.rank(); i < words; i += g_.size()) s_.tables[i] = 0;
    g_.sync();
    for (int y = g_.rank(); y < net_.n; y += g_.size()) {
      if (((s_.changed[cur][y >> 5] >> (y & 31)) & 1U) == 0) continue;
      for (int k = net_.var_table_offset[y]; k < net_.var_table_offset[y + 1]; ++k) {
        const int t = net_.var_tables[k];
        g_.or32(&s_.tables[t >> 5], 1U << (t & 31));
      }
      if constexpr (Props) {
        for (int k = net_.var_prop_offset[y]; k < net_.var_prop_offset[y + 1]; ++k) {
          const int bit = net_.tables + net_.var_props[k];
          g_.or32(&s_.tables[bit >> 5], 1U << (bit & 31));
        }
      }
    }
    g_.sync();
  }

  // Device propagator p on this thread (solver/batch/props/); its removals mark their
  // variables in changed[nxt] and blame its constraint.
  ARCWAVE_HD void revise_prop(int p, int nxt) {
    // The parameters start with a variable of the scope (where a failure shows).
    const long long* data = net_.prop_data + net_.prop_base[p];
    PropContext<G> ctx(g_, net_, s_.dom, s_.changed[nxt], s_.blame, s_.flags + kAny,
                       net_.prop_constraint[p], static_cast<int>(data[0]));
    run_prop(ctx, net_.prop_kind[p], data + 1);
  }

  // Generalised arc consistency on one table, by one warp, from the tuples' support bitsets:
  // the valid tuples are the AND over positions of the OR of the present values' bitsets, and
  // a value without a valid tuple goes. Nothing is kept between calls (the domains are the
  // whole state), so backtracking costs nothing here.
  ARCWAVE_HD void revise_table(int t, int nxt) {
    const int r = net_.table_arity[t];
    const int tw = net_.table_words[t];
    const int* scope = net_.table_scope + net_.table_scope_base[t];
    const int* value_base = net_.table_value_base + net_.table_scope_base[t];
    const std::uint64_t* sup = net_.table_supports + net_.table_support_base[t];
    std::uint64_t* live = mem_.live + static_cast<unsigned long long>(g_.warp()) *
                                          static_cast<unsigned long long>(net_.max_table_words);
    for (int w = g_.lane(); w < tw; w += g_.warp_size()) {
      std::uint64_t all = ~std::uint64_t{0};
      for (int i = 0; i < r; ++i) {
        const int x = scope[i];
        const std::uint64_t* dx = s_.dom + static_cast<unsigned long long>(x) * W_;
        const std::uint64_t* rows = sup + static_cast<unsigned long long>(value_base[i]) * tw;
        std::uint64_t any = 0;
        for (int a = 0; a < net_.sizes[x]; ++a)
          if (((g_.load(dx + (a >> 6)) >> (a & 63)) & 1U) != 0)
            any |= rows[static_cast<unsigned long long>(a) * tw + w];
        all &= any;
      }
      live[w] = all;
    }
    g_.warp_sync();
    for (int i = 0; i < r; ++i) {
      const int x = scope[i];
      std::uint64_t* dx = s_.dom + static_cast<unsigned long long>(x) * W_;
      const std::uint64_t* rows = sup + static_cast<unsigned long long>(value_base[i]) * tw;
      bool removed = false;
      for (int a = 0; a < net_.sizes[x]; ++a) {
        // Lane 0's reading of the domain word for all lanes: other warps may shrink it.
        const std::uint64_t word = g_.warp_broadcast(g_.load(dx + (a >> 6)));
        if (((word >> (a & 63)) & 1U) == 0) continue;
        bool valid = false;
        for (int w = g_.lane(); w < tw && !valid; w += g_.warp_size())
          valid = (rows[static_cast<unsigned long long>(a) * tw + w] & live[w]) != 0;
        if (!g_.warp_any(valid)) {
          if (g_.lane() == 0) g_.and64(dx + (a >> 6), ~bit_of(a));
          removed = true;
        }
      }
      if (removed && g_.lane() == 0) {
        g_.or32(&s_.changed[nxt][x >> 5], 1U << (x & 31));
        g_.store_int(s_.blame + x, net_.table_constraint[t]);
        g_.store_int(s_.flags + kAny, 1);
      }
    }
    g_.warp_sync();
  }

  // The objective's bound: only values that can make it better than the best found so far
  // (props/objective.hpp), then the fixpoint of what that removed.
  ARCWAVE_HD bool apply_bound() {
    if (net_.objective_kind == kObjectiveNone) return true;
    clear_changed(0);
    if (g_.rank() == 0) {
      // The other devices' incumbent, relayed by the host.
      if (sh_.bound_in != nullptr) {
        const long long other = g_.load_ll(sh_.bound_in);
        if (net_.minimize)
          g_.min_ll(sh_.best, other);
        else
          g_.max_ll(sh_.best, other);
      }
      s_.flags[kAny] = 0;
      // Removals blame no constraint (-1): the bound is no conflict to learn from.
      PropContext<G> ctx(g_, net_, s_.dom, s_.changed[0], s_.blame, s_.flags + kAny, -1,
                         objective_anchor());
      bound_objective(ctx, net_.objective_kind, net_.objective_data, net_.minimize,
                      g_.load_ll(sh_.best));
    }
    g_.sync();
    if (s_.flags[kAny] == 0) return true;
    if (any_empty()) {
      if (g_.rank() == 0) s_.flags[kBlame] = -1;
      g_.sync();
      return false;
    }
    return propagate();
  }

  // A variable of the objective (where a failure of its bound shows).
  [[nodiscard]] ARCWAVE_HD int objective_anchor() const {
    // Variable: the variable; sum and expression: their first variable (after the count).
    if (net_.objective_kind == kObjectiveVariable) return static_cast<int>(net_.objective_data[0]);
    return net_.objective_data[0] > 0 ? static_cast<int>(net_.objective_data[1]) : 0;
  }

  // ---- heuristics ---------------------------------------------------------------------------

  // dom/wdeg: the unfixed variable with the smallest size / weighted degree (ties: smallest
  // index); -1 when every variable is fixed (a solution).
  ARCWAVE_HD int select() {
    long long best_size = 0;
    long long best_wdeg = 1;
    long long best_var = -1;
    for (int x = g_.rank(); x < net_.n; x += g_.size()) {
      const int size = count(x);
      if (size <= 1) continue;
      long long wdeg = 1;
      // A table (other = -1) always counts; a binary constraint while its other end is open.
      for (int k = net_.con_offset[x]; k < net_.con_offset[x + 1]; ++k)
        if (net_.con_other[k] < 0 || count(net_.con_other[k]) > 1)
          wdeg += s_.weight != nullptr ? s_.weight[net_.con_id[k]]
                                       : g_.load_hint_u32(sh_.weight + net_.con_id[k]);
      if (best_var < 0 || size * best_wdeg < best_size * wdeg) {
        best_size = size;
        best_wdeg = wdeg;
        best_var = x;
      }
    }
    long long* c = s_.cand + 3 * g_.rank();
    c[0] = best_size;
    c[1] = best_wdeg;
    c[2] = best_var;
    g_.sync();
    if (g_.rank() == 0) {
      for (int t = 1; t < g_.size(); ++t) {
        const long long* o = s_.cand + 3 * t;
        if (o[2] < 0) continue;
        const long long lhs = o[0] * c[1];
        const long long rhs = c[0] * o[1];
        if (c[2] < 0 || lhs < rhs || (lhs == rhs && o[2] < c[2])) {
          c[0] = o[0];
          c[1] = o[1];
          c[2] = o[2];
        }
      }
      s_.flags[kVar] = static_cast<int>(c[2]);
    }
    g_.sync();
    return s_.flags[kVar];
  }

  // The searcher's copy of the weights from the shared ones (which include its own charges).
  ARCWAVE_HD void refresh_weights() {
    if (s_.weight == nullptr) return;
    for (int c = g_.rank(); c < net_.constraints; c += g_.size())
      s_.weight[c] = g_.load_hint_u32(sh_.weight + c);
    g_.sync();
  }

  ARCWAVE_HD void charge() {
    if (g_.rank() == 0 && sh_.learn_weights != 0 && s_.flags[kBlame] >= 0) {
      g_.add_u32(sh_.weight + s_.flags[kBlame], 1);
      if (s_.weight != nullptr) ++s_.weight[s_.flags[kBlame]];
    }
    g_.sync();
  }

  // ---- work sharing -------------------------------------------------------------------------

  // The queue is a ring of `capacity` slots: ticket t (head, tail only grow) is slot
  // t % capacity in its lap t / capacity, and the slot's ready word says which use it is at.
  [[nodiscard]] ARCWAVE_HD int lap(unsigned long long ticket) const {
    return static_cast<int>(ticket / sh_.capacity);
  }

  // Rank 0: the slot of the next item (-1: none will come, or the search stops). A waiting
  // searcher sleeps about a microsecond for each item to be given before its own (tickets are
  // served in order), up to backoff_ns: measured on the H100, two thousand searchers polling
  // every few microseconds slowed the busy ones' memory traffic tenfold, while the one next in
  // line must notice its item at once.
  ARCWAVE_HD long long take() {
    ticket_ = g_.add_ull(sh_.head, 1);
    const int slot = static_cast<int>(ticket_ % sh_.capacity);
    const int filled = 2 * lap(ticket_) + 1;
    for (unsigned spin = 0;; ++spin) {
      if (g_.load_int(sh_.ready + slot) == filled) return slot;
      // Items to be given before this one (negative: its item is being filled).
      const long long before =
          static_cast<long long>(ticket_) - static_cast<long long>(g_.load_ull(sh_.tail));
      const unsigned long long wanted =
          before < 0 ? 128ULL : 512ULL * static_cast<unsigned long long>(before + 1);
      const unsigned sleep =
          static_cast<unsigned>(wanted < sh_.backoff_ns ? wanted : sh_.backoff_ns);
      if (sleep >= 16384 || (spin & 7U) == 0)
        if (stopped_now() || g_.load_ll(sh_.pending) == 0) return -1;
      g_.pause(sleep);
    }
  }

  // Rank 0: a ticket for a new item while fewer than `donate_below` are queued (-1: none). The
  // ticket is claimed only while the ring holds fewer than capacity items, so the slot's last
  // user already holds its own ticket and frees the slot soon; the caller waits for that.
  ARCWAVE_HD long long claim_ticket() {
    for (;;) {
      const unsigned long long tail = g_.load_ull(sh_.tail);
      const long long queued =
          static_cast<long long>(tail) - static_cast<long long>(g_.load_ull(sh_.head));
      if (queued >= sh_.donate_below || queued + 1 >= static_cast<long long>(sh_.capacity))
        return -1;
      if (g_.cas_ull(sh_.tail, tail, tail + 1) == tail) return static_cast<long long>(tail);
    }
  }

  // Gives the shallowest unexplored right branch away: to the outbox while another device
  // asks for work, else to this device's queue while it is short.
  ARCWAVE_HD void maybe_donate(int depth) {
    // Every fourth node: the queue's counters (and the host's request) are a round trip to L2
    // or over PCIe that the whole group waits for.
    // A count every thread keeps alike (nodes_ is reset by rank 0 alone after each item): a
    // condition that differed between threads would split them at the barriers below.
    if ((++donate_ticks_ & sh_.poll_mask) != 0) return;
    if (g_.rank() == 0) {
      s_.flags[kDonateSlot] = -1;
      s_.flags[kDonateOut] = 0;
      const int claimed = sh_.outbox != nullptr ? g_.load_int(sh_.outbox_claimed) : 0;
      const bool wanted_out = sh_.outbox != nullptr && claimed < g_.load_int(sh_.outbox_requested);
      const long long queued = static_cast<long long>(g_.load_ull(sh_.tail)) -
                               static_cast<long long>(g_.load_ull(sh_.head));
      const bool wanted_here = queued < sh_.donate_below;
      int level = -1;
      if (wanted_out || wanted_here)
        for (int l = 0; l < depth && level < 0; ++l)
          if (mem_.dec_donated[l] == 0) level = l;
      if (level >= 0 && wanted_out &&
          g_.cas_int(sh_.outbox_claimed, claimed, claimed + 1) == claimed) {
        s_.flags[kDonateSlot] = claimed % sh_.outbox_capacity;
        s_.flags[kDonateOut] = 1;
      } else if (level >= 0 && wanted_here) {
        const long long ticket = claim_ticket();
        if (ticket >= 0 && wait_free(ticket)) {
          s_.flags[kDonateSlot] =
              static_cast<int>(static_cast<unsigned long long>(ticket) % sh_.capacity);
          s_.flags[kDonateLap] = lap(static_cast<unsigned long long>(ticket));
        }
      }
      if (s_.flags[kDonateSlot] >= 0) {
        s_.flags[kDonateLevel] = level;
        mem_.dec_donated[level] = 1;
      }
    }
    g_.sync();
    const int slot = s_.flags[kDonateSlot];
    if (slot < 0) return;
    const bool out = s_.flags[kDonateOut] != 0;
    const int level = s_.flags[kDonateLevel];
    std::uint64_t* item =
        (out ? sh_.outbox : sh_.items) + static_cast<unsigned long long>(slot) * state_;
    copy(mem_.stack + static_cast<unsigned long long>(level) * state_, item);
    if (g_.rank() == 0) {
      // The item is this searcher's alone until it is marked ready: a plain update.
      const int x = mem_.dec_var[level];
      const int a = mem_.dec_val[level];
      std::uint64_t* word = item + word_of(x, a);
      g_.store64(word, g_.load(word) & ~bit_of(a));
      if (out) {
        g_.add_ull(sh_.exported, 1);
      } else {
        g_.add_ll(sh_.pending, 1);
        g_.add_ull(sh_.donations, 1);
      }
    }
    if (out) {
      g_.fence_system();
      g_.sync();
      if (g_.rank() == 0) g_.publish_int(sh_.outbox_ready + slot, 1);
    } else {
      g_.fence_release();
      g_.sync();
      if (g_.rank() == 0) g_.store_int(sh_.ready + slot, 2 * s_.flags[kDonateLap] + 1);
    }
    g_.sync();
  }

  // Rank 0: waits until the slot of `ticket` is free for its lap; false if the search stops
  // first (the ticket is then lost, which no one waits for once the search stops).
  ARCWAVE_HD bool wait_free(long long ticket) {
    const auto t = static_cast<unsigned long long>(ticket);
    const int slot = static_cast<int>(t % sh_.capacity);
    while (g_.load_int(sh_.ready + slot) != 2 * lap(t)) {
      if (stopped_now()) return false;
      g_.pause(64);
    }
    return true;
  }

  // ---- solutions ----------------------------------------------------------------------------

  ARCWAVE_HD void on_solution() {
    if (g_.rank() == 0) {
      s_.flags[kBlame] = -1;  // a solution is no conflict to charge
      g_.add_ull(sh_.solutions, 1);
      if (net_.objective_kind != kObjectiveNone) {
        const PropContext<G> ctx(g_, net_, s_.dom, s_.changed[0], s_.blame, s_.flags + kAny, -1, 0);
        long long v = 0;
        // An undefined objective (overflow) cannot be reported or bounded: look further.
        if (objective_value(ctx, net_.objective_kind, net_.objective_data, v)) {
          const long long old = net_.minimize ? g_.min_ll(sh_.best, v) : g_.max_ll(sh_.best, v);
          const bool better = net_.minimize ? v < old : v > old;
          if (better) {
            record(v);
            improved_ = true;
          }
        }
      } else if (g_.cas_int(sh_.solution_written, 0, 1) == 0) {
        for (int x = 0; x < net_.n; ++x) sh_.solution[x] = min_value(x);
        g_.fence_release();
        if (sh_.all_solutions == 0) g_.store_int(sh_.stop, 1);
      }
    }
    g_.sync();
  }

  // Records a solution of objective value v unless a better one is recorded already.
  ARCWAVE_HD void record(long long v) {
    while (g_.cas_int(sh_.lock, 0, 1) != 0) g_.pause();
    g_.fence_acquire();
    const long long have = g_.load_ll(sh_.solution_value);
    const bool better =
        g_.load_int(sh_.solution_written) == 0 || (net_.minimize ? v < have : v > have);
    if (better) {
      for (int x = 0; x < net_.n; ++x) sh_.solution[x] = min_value(x);
      g_.store_ll(sh_.solution_value, v);
      g_.store_int(sh_.solution_written, 1);
      if (sh_.bound_out != nullptr) g_.publish_ll(sh_.bound_out, v);
    }
    g_.fence_release();
    g_.store_int(sh_.lock, 0);
  }

  // ---- small helpers ------------------------------------------------------------------------

  [[nodiscard]] ARCWAVE_HD bool stopped_now() const {
    return g_.load_int(sh_.stop) != 0 ||
           (sh_.external_stop != nullptr && g_.load_int(sh_.external_stop) != 0);
  }
  // The same answer for every thread of the group.
  ARCWAVE_HD bool stopped() {
    if (g_.rank() == 0) {
      // The flags (an L2 round trip) every poll_mask + 1 calls: a few nodes more after a stop
      // cost less than the reads.
      ++polls_;
      const bool stop = (polls_ & sh_.poll_mask) == 0 && stopped_now();
      s_.flags[kStopAll] = stop ? 1 : 0;
    }
    g_.sync();
    const bool stop = s_.flags[kStopAll] != 0;
    g_.sync();
    return stop;
  }
  ARCWAVE_HD void copy(const std::uint64_t* from, std::uint64_t* to) {
    g_.sync();
    for (unsigned long long i = static_cast<unsigned long long>(g_.rank()); i < state_;
         i += static_cast<unsigned long long>(g_.size()))
      g_.store64(to + i, g_.load(from + i));
    g_.sync();
  }
  ARCWAVE_HD void clear_changed(int which) {
    for (int i = g_.rank(); i < bits_words_; i += g_.size()) s_.changed[which][i] = 0;
    g_.sync();
  }
  [[nodiscard]] ARCWAVE_HD int count(int x) const {
    const std::uint64_t* d = s_.dom + static_cast<unsigned long long>(x) * W_;
    int c = 0;
    for (int w = 0; w < W_; ++w) c += G::popcount(g_.load(d + w));
    return c;
  }
  [[nodiscard]] ARCWAVE_HD bool empty(int x) const {
    const std::uint64_t* d = s_.dom + static_cast<unsigned long long>(x) * W_;
    for (int w = 0; w < W_; ++w)
      if (g_.load(d + w) != 0) return false;
    return true;
  }
  ARCWAVE_HD bool any_empty() {
    if (g_.rank() == 0) s_.flags[kFail] = 0;
    g_.sync();
    for (int x = g_.rank(); x < net_.n; x += g_.size())
      if (empty(x)) g_.store_int(s_.flags + kFail, 1);
    g_.sync();
    const bool e = s_.flags[kFail] != 0;
    g_.sync();
    return e;
  }
  [[nodiscard]] ARCWAVE_HD int min_value(int x) const {
    const std::uint64_t* d = s_.dom + static_cast<unsigned long long>(x) * W_;
    for (int w = 0; w < W_; ++w) {
      const std::uint64_t bits = g_.load(d + w);
      if (bits != 0) return w * 64 + G::ctz(bits);
    }
    return -1;
  }
  [[nodiscard]] ARCWAVE_HD unsigned long long word_of(int x, int a) const {
    return static_cast<unsigned long long>(x) * W_ + static_cast<unsigned>(a >> 6);
  }
  static ARCWAVE_HD std::uint64_t bit_of(int a) { return std::uint64_t{1} << (a & 63); }

  const G& g_;
  NetworkView net_;
  SharedState sh_;
  SearcherMemory mem_;
  Scratch s_;
  int W_;
  unsigned long long state_;
  int bits_words_;
  unsigned long long nodes_ = 0;
  unsigned long long fails_ = 0;
  unsigned polls_ = 0;
  unsigned donate_ticks_ = 0;      // maybe_donate calls, the same in every thread of the group
  unsigned long long ticket_ = 0;  // rank 0: the queue ticket of the item being searched
  unsigned decisions_ = 0;         // the same in every thread of the group
  bool limited_ = false;           // the item in hand reached the failure limit (every thread)
  bool improved_ = false;          // rank 0: the item in hand improved the best
};

}  // namespace arcwave::batch
