// follow() (solver/mpi/roles.hpp): every rank but 0 of a distributed solve. It says HELLO (its
// model's fingerprint), then loops: subproblems from WORK go to its workers' queue; a STEAL
// makes its busy workers split and the pieces go back in a GIFT (empty when nobody could
// split); a BOUND tightens its incumbent; its STATUS goes to rank 0 whenever it changes, its
// first solution (or each better one) as SOLUTION, an interruption (signal, time limit) as
// INTERRUPTED. STOP ends the search: it answers RESULT and waits for BYE.
#include <algorithm>
#include <thread>

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "core/timer.hpp"
#include "solver/api/solver_access.hpp"
#include "solver/mpi/rank_search.hpp"
#include "solver/mpi/roles.hpp"

namespace arcwave::distributed {

namespace {

using Clock = std::chrono::steady_clock;

[[noreturn]] void unexpected(const Decoder& d) {
  throw DistributedError(
      fmt::format("unexpected {} message from rank {}", to_string(d.kind()), d.source()));
}

}  // namespace

SolveResult follow(Solver& solver, Link& link, const ModelShape& shape, const Fault& fault,
                   int local_rank) {
  link.watch(0);
  Stopwatch clock;
  RankSearch local(solver, detail::SolverAccess::options(solver).all_solutions, {}, local_rank);
  link.send(0,
            encode_hello({shape.fingerprint, static_cast<std::int64_t>(shape.domain_sizes.size()),
                          static_cast<std::int64_t>(shape.constraints), local.workers(),
                          local.device()}));
  std::uint64_t received = 0;
  Status last_status{-1, false, 0};
  bool steal_pending = false;
  Clock::time_point steal_since;
  bool solution_sent = false;
  std::uint64_t best_sent = 0;
  bool interrupted_sent = false;
  bool stopped = false;
  bool fault_done = false;

  const auto send_solutions = [&] {
    // The first solution (one wanted) or each better one (optimising), whoever asks.
    if (local.found() && !solution_sent) {
      solution_sent = true;
      link.send(0, encode_solution(local.sink().best()->values));
    }
    if (local.optimising() && local.sink().best_version() != best_sent) {
      best_sent = local.sink().best_version();
      link.send(0, encode_solution(local.sink().best()->values));
    }
  };

  while (!stopped) {
    while (std::optional<Incoming> in = link.poll()) {
      Decoder d(in->words, in->source, shape);
      if (in->source != 0) unexpected(d);
      switch (d.kind()) {
        case Kind::kWork:
          local.pool().add(d.subproblems());
          ++received;
          break;
        case Kind::kSteal:
          // Rank 0 has nothing queued any more: from now on idle workers here may split too.
          local.pool().set_local_stealing(true);
          local.pool().want_external(d.steal());
          if (!steal_pending) steal_since = Clock::now();
          steal_pending = true;
          break;
        case Kind::kBound: {
          const Value bound = d.bound();
          if (!local.optimising()) unexpected(d);
          local.incumbent().offer(bound);
          break;
        }
        case Kind::kStop:
          (void)d.stop();
          stopped = true;
          break;
        case Kind::kHeartbeat:
          d.signal();
          break;
        case Kind::kAbort:
          throw DistributedError(
              fmt::format("rank 0 failed (exit code {}); see its message", d.abort_code()));
        default:
          unexpected(d);
      }
      if (stopped) break;
    }
    if (stopped) break;
    link.check_alive();
    if (local.failed()) local.finish();  // rethrows the worker's error
    if (!fault_done && received > 0) {
      fault_done = true;
      fault.trigger(link);
    }

    if (steal_pending) {
      const parallel::WorkPool::State st = local.pool().state();
      if (st.outbox > 0 || st.waiting == local.workers() ||
          Clock::now() - steal_since > std::chrono::milliseconds(50)) {
        link.send(0, encode_subproblems(Kind::kGift, local.pool().close_external()));
        steal_pending = false;
      }
    }
    send_solutions();
    if (local.interrupted() && !interrupted_sent) {
      interrupted_sent = true;
      link.send(0, encode_signal(Kind::kInterrupted));
    }
    Status s = local.status();
    s.work_received = received;
    if (s.hungry != last_status.hungry || s.idle != last_status.idle ||
        s.work_received != last_status.work_received) {
      last_status = s;
      link.send(0, encode_status(s));
    }
    link.keep_alive();
    std::this_thread::sleep_for(std::chrono::microseconds(300));
  }

  local.finish();
  send_solutions();
  if (steal_pending) link.send(0, encode_subproblems(Kind::kGift, local.pool().close_external()));
  const RankResult mine = local.result();
  link.send(0, encode_result(mine));
  // Wait for the answer; rank 0 may still send heartbeats, bounds or steals meanwhile.
  SolveResult result;
  for (bool bye = false; !bye;) {
    while (std::optional<Incoming> in = link.poll()) {
      Decoder d(in->words, in->source, shape);
      if (in->source != 0) unexpected(d);
      switch (d.kind()) {
        case Kind::kBye: {
          const Bye b = d.bye();
          result.status = static_cast<SolveStatus>(b.status);
          result.solutions = b.solutions;
          result.complete = b.complete;
          bye = true;
          break;
        }
        case Kind::kBound:
          (void)d.bound();
          break;
        case Kind::kSteal:
          (void)d.steal();
          break;
        case Kind::kWork:
          (void)d.subproblems();
          break;
        case Kind::kHeartbeat:
          d.signal();
          break;
        case Kind::kAbort:
          throw DistributedError(
              fmt::format("rank 0 failed (exit code {}); see its message", d.abort_code()));
        default:
          unexpected(d);
      }
    }
    if (bye) break;
    link.check_alive();
    link.keep_alive();
    std::this_thread::sleep_for(std::chrono::microseconds(300));
  }
  link.flush(5.0);
  // This rank's own part: its counters and solution; the status and count are the job's.
  const parallel::ParallelReport own = local.report();
  SolveStats& st = result.stats;
  st.nodes = own.search.nodes;
  st.fails = own.search.fails;
  st.restarts = own.search.restarts;
  st.max_depth = own.search.max_depth;
  st.propagations = own.engine.propagations;
  st.removals = own.engine.removals;
  st.splits = own.splits;
  st.init_seconds = own.engine.init_seconds;
  st.propagate_seconds = own.search.propagate_seconds;
  st.workers = local.workers();
  st.ranks = link.size();
  st.solutions = mine.solutions;
  st.model_seconds = local.model_seconds();
  st.parse_seconds = detail::SolverAccess::parse_seconds(solver);
  st.search_seconds = clock.seconds();
  result.best = local.sink().best();
  result.engine = own.engine_description;
  result.backend = local.device() == kCpuWorkers
                       ? fmt::format("cpu (MPI rank {} of {}, {} workers)", link.rank(),
                                     link.size(), local.workers())
                       : fmt::format("gpu (MPI rank {} of {}, batched MAC on {})", link.rank(),
                                     link.size(), placement_name(local.device(), 1));
  return result;
}

}  // namespace arcwave::distributed
