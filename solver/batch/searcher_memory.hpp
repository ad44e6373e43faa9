// solver/batch/searcher_memory.hpp — what a searcher of the batched search (searcher.hpp) reads
// and writes: the network as raw arrays, the state all searchers share (queue, counters, learnt
// weights, the exchange with other devices), each searcher's own memory and scratch, and the
// flags the threads of a group agree through. Plain structs of pointers, the same on the host
// and on the device.
#pragma once

#include <cstdint>

namespace arcwave::batch {

/// The network as raw arrays (host arrays, or their device copies).
struct NetworkView {
  int n = 0;
  int words = 1;
  int constraints = 0;
  const int* sizes = nullptr;
  const int* arc_x = nullptr;
  const int* arc_y = nullptr;
  const int* arc_constraint = nullptr;
  const std::uint64_t* arc_rel = nullptr;
  const std::uint64_t* relations = nullptr;
  const int* watch_offset = nullptr;
  const int* watch_arcs = nullptr;
  const int* con_offset = nullptr;
  const int* con_id = nullptr;
  const int* con_other = nullptr;
  // Tables of arity >= 3 (see BatchNetwork).
  int tables = 0;
  const int* table_arity = nullptr;
  const int* table_scope_base = nullptr;
  const int* table_scope = nullptr;
  const int* table_words = nullptr;
  const std::uint64_t* table_support_base = nullptr;
  const int* table_value_base = nullptr;
  const std::uint64_t* table_supports = nullptr;
  const int* table_constraint = nullptr;
  const int* var_table_offset = nullptr;
  const int* var_tables = nullptr;
  int max_table_words = 0;
  // Values and device propagators (see BatchNetwork).
  const long long* values = nullptr;
  const int* value_base = nullptr;
  int props = 0;
  const int* prop_kind = nullptr;
  const int* prop_constraint = nullptr;
  const std::uint64_t* prop_base = nullptr;
  const long long* prop_data = nullptr;
  const int* var_prop_offset = nullptr;
  const int* var_props = nullptr;
  // The objective (props/objective.hpp): its form (kObjectiveNone: none, or not optimising),
  // its parameters and direction.
  int objective_kind = 0;
  const long long* objective_data = nullptr;
  bool minimize = true;
};

/// What all searchers share (global memory on the device).
struct SharedState {
  std::uint64_t* items = nullptr;  // capacity x state words
  // Per slot of the ring of items: 2L when free for its L-th use, 2L + 1 once filled for it, 2L + 2
  // once taken (so 0 is free, 1 filled: the host's initial items).
  int* ready = nullptr;
  unsigned long long* head = nullptr;
  unsigned long long* tail = nullptr;
  unsigned long long capacity = 0;
  long long* pending = nullptr;
  int* stop = nullptr;                 // raised: every searcher leaves
  const int* external_stop = nullptr;  // raised by the host (time limit, signal)
  unsigned long long* solutions = nullptr;
  unsigned long long* nodes = nullptr;
  unsigned long long* fails = nullptr;
  unsigned long long* donations = nullptr;
  long long* best = nullptr;            // objective: the best value so far
  int* lock = nullptr;                  // guards the recorded solution
  int* solution = nullptr;              // n value indices
  long long* solution_value = nullptr;  // the objective's value in the recorded solution
  int* solution_written = nullptr;
  int all_solutions = 0;
  long long donate_below = 0;  // give work away while fewer items than this are queued
  // Learnt by all searchers together (racy on purpose: hints and heuristics, never answers).
  unsigned* weight = nullptr;    // per constraint: dom/wdeg weights, added to atomically
  int* residue = nullptr;        // per relation row: the word where a support was last found
  int small_arcs = 1;            // one-word domains: a lane per arc (0: a lane per value)
  unsigned poll_mask = 3;        // queue and host flags looked at when (count & mask) == 0
  unsigned backoff_ns = 131072;  // the longest sleep of a searcher waiting for an item
  int learn_weights = 1;         // 0: the weights stay as given (dom/ddeg from all-1 weights)
  // Several devices; all null with one.
  const long long* bound_in = nullptr;    // the best objective value of every device (by the host)
  long long* bound_out = nullptr;         // this device's best recorded objective value, published
  std::uint64_t* outbox = nullptr;        // outbox_capacity x state words (host memory)
  int* outbox_ready = nullptr;            // per slot: filled (the host clears it)
  const int* outbox_requested = nullptr;  // slots the host asked for, in all (monotonic)
  int* outbox_claimed = nullptr;          // slots this device's searchers claimed, in all
  int outbox_capacity = 0;
  unsigned long long* exported = nullptr;  // items given to the outbox
  // LNS rounds (solver/batch/lns_search.hpp); all zero or null in the complete search.
  unsigned long long fail_limit = 0;      // per item: failures before it is abandoned; 0: none
  unsigned long long* limited = nullptr;  // items abandoned at the limit (with fail_limit)
  int* item_outcome = nullptr;            // per ticket of the round's items: an ItemOutcome
  unsigned long long outcome_count = 0;   // tickets with an outcome slot
  const int* prefer = nullptr;            // per variable: the value index tried first
  // Cycles the searchers spent on subproblems and waiting for one (device only; may be null).
  unsigned long long* busy_cycles = nullptr;
  unsigned long long* idle_cycles = nullptr;
};

/// How an item of an LNS round ended (SharedState::item_outcome).
enum ItemOutcome : int {
  kItemUnsearched = 0,  // the round stopped before it ended
  kItemExhausted = 1,   // searched whole: nothing better in it
  kItemLimited = 2,     // abandoned at the failure limit
  kItemImproved = 3,    // a better solution found in it (whether or not it was searched whole)
};

/// One searcher's own memory (global memory on the device).
struct SearcherMemory {
  std::uint64_t* stack = nullptr;  // (n + 1) x state words
  int* dec_var = nullptr;          // per depth
  int* dec_val = nullptr;
  int* dec_donated = nullptr;
  std::uint64_t* live = nullptr;  // per warp: max_table_words words (tables' valid tuples)
};

/// Working memory (shared memory on the device when it fits).
struct Scratch {
  std::uint64_t* dom = nullptr;               // n x W
  unsigned* changed[2] = {nullptr, nullptr};  // n bits each
  unsigned* tables = nullptr;  // one bit per table, then per propagator: revise it this round
  int* blame = nullptr;        // per variable: a constraint that last reduced it
  long long* cand = nullptr;   // per thread: 3 values (size, wdeg, variable)
  // The searcher's copy of the dom/wdeg weights (null: read the shared ones each time). The
  // shared weights sit on a few cache lines that every searcher reads at every node: a copy,
  // refreshed every few nodes, keeps thousands of searchers from queueing at those lines.
  unsigned* weight = nullptr;
  int* flags = nullptr;  // kFlagCount ints
};

enum Flag : int {
  kFail = 0,
  kAny,
  kItem,
  kVar,
  kVal,
  kDepth,
  kDonateLevel,
  kDonateSlot,
  kBlame,
  kStopAll,
  kDonateOut,
  kDonateLap,
  kFlagCount
};

}  // namespace arcwave::batch
