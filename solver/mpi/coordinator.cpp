// coordinate() (solver/mpi/roles.hpp): rank 0 of a distributed solve.
//
// Its worker 0 decomposes the problem (about k subproblems per worker of the whole job) while
// the other workers build their engines; the MPI thread then loops: it reads every pending
// message, hands queued subproblems to ranks (itself included) whose workers wait, asks busy
// ranks for work with STEAL once the queue is empty, broadcasts each better objective value,
// and ends the search when a wanted solution is found, when every rank is idle with nothing
// queued, in flight or owed (proof), or when a rank was interrupted. Then it gathers RESULTs
// and sends BYE with the answer.
#include <algorithm>
#include <deque>
#include <mutex>
#include <thread>

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "core/timer.hpp"
#include "solver/api/solver_access.hpp"
#include "solver/mpi/rank_search.hpp"
#include "solver/mpi/roles.hpp"
#include "solver/parallel/decomposition.hpp"

namespace arcwave::distributed {

namespace {

using Clock = std::chrono::steady_clock;
// Subproblems sent per idle worker of a rank while rank 0 still has a queue (1 + 2 spares).
constexpr std::size_t kPrefetchPerIdleWorker = 3;

// What rank 0 knows of one rank's workers (index 0: its own, read from its pool).
struct Peer {
  bool hello = false;
  int threads = 0;
  int device = kCpuWorkers;
  int hungry = 0;
  bool idle = false;
  std::uint64_t sent = 0;  // WORK messages sent
  bool steal_out = false;  // a STEAL not answered yet
  Clock::time_point steal_sent;
  Clock::time_point refused_until;  // an empty GIFT: do not ask again before this
  bool result = false;
  RankResult last;
};

// The decomposition, handed from worker 0's thread to the MPI thread.
struct Handoff {
  std::mutex mutex;
  bool ready = false;
  parallel::Decomposition decomposition;
  double seconds = 0;
};

SolveStatus final_status(bool exhausted, bool found_first, bool optimise, std::uint64_t solutions) {
  if (found_first) return SolveStatus::kSatisfiable;
  if (exhausted)
    return solutions == 0 ? SolveStatus::kUnsatisfiable
                          : (optimise ? SolveStatus::kOptimum : SolveStatus::kSatisfiable);
  return solutions > 0 ? SolveStatus::kSatisfiable : SolveStatus::kUnknown;
}

// "cpu (...)" or, when ranks search on devices, "gpu (...)" with each rank's place.
std::string backend_line(const std::vector<Peer>& peers, const std::string& note) {
  int workers = 0;
  bool devices = false;
  for (const Peer& p : peers) {
    workers += p.threads;
    devices = devices || p.device != kCpuWorkers;
  }
  if (!devices)
    return fmt::format("cpu ({} MPI ranks, {} workers, one CPU engine each){}", peers.size(),
                       workers, note.empty() ? "" : " (" + note + ")");
  std::string places;
  for (std::size_t r = 0; r < peers.size(); ++r)
    places += fmt::format("{}rank {}: {}", r == 0 ? "" : ", ", r,
                          placement_name(peers[r].device, peers[r].threads));
  return fmt::format("gpu (batched MAC, {} MPI ranks: {})", peers.size(), places);
}

}  // namespace

SolveResult coordinate(Solver& solver, Link& link, const ModelShape& shape, const Fault& fault,
                       int local_rank) {
  const int ranks = link.size();
  for (int r = 1; r < ranks; ++r) link.watch(r);
  Handoff handoff;
  std::atomic<bool>* halt = &detail::SolverAccess::stop_flag(solver);
  const SolverOptions& options = detail::SolverAccess::options(solver);
  // Every rank runs options.threads workers (0: its cores); the target assumes as many as here.
  const std::size_t target = static_cast<std::size_t>(std::max(1, options.subproblems_per_worker)) *
                             static_cast<std::size_t>(worker_count(options.threads)) *
                             static_cast<std::size_t>(ranks);
  Stopwatch clock;
  RankSearch local(
      solver, true,
      [&](Engine& engine, parallel::Worker& worker, bool root_ok) {
        Stopwatch decomposing;
        parallel::Decomposition d;
        if (root_ok) d = parallel::decompose(engine, target, worker.on_solution(), halt);
        std::lock_guard lock(handoff.mutex);
        handoff.decomposition = std::move(d);
        handoff.seconds = decomposing.seconds();
        handoff.ready = true;
      },
      local_rank);
  std::vector<Peer> peers(static_cast<std::size_t>(ranks));
  peers[0].hello = true;
  peers[0].threads = local.workers();
  peers[0].device = local.device();
  std::deque<search::Subproblem> queue;
  bool decomposed = false;
  bool decomposition_interrupted = false;
  SolveResult result;
  std::uint64_t bound_version = 0;
  bool stopping = false;
  bool exhausted = false;
  bool fault_done = false;
  std::size_t turn = 0;  // round-robin start when serving

  const auto check_hello = [&](Decoder& d, Peer& p) {
    const Hello h = d.hello();
    if (p.hello) throw DistributedError(fmt::format("rank {} sent HELLO twice", d.source()));
    if (h.fingerprint != shape.fingerprint ||
        h.variables != static_cast<std::int64_t>(shape.domain_sizes.size()) ||
        h.constraints != static_cast<std::int64_t>(shape.constraints))
      throw DistributedError(
          fmt::format("rank {} read a different model ({} variables, {} constraints, fingerprint "
                      "{:016x}) than rank 0 ({}, {}, {:016x})",
                      d.source(), h.variables, h.constraints, h.fingerprint,
                      shape.domain_sizes.size(), shape.constraints, shape.fingerprint));
    p.hello = true;
    p.threads = h.threads;
    p.device = h.device;
  };
  const auto begin_stop = [&](bool proved) {
    stopping = true;
    exhausted = proved;
  };

  while (!stopping) {
    // ---- messages ------------------------------------------------------------------------
    while (std::optional<Incoming> in = link.poll()) {
      Decoder d(in->words, in->source, shape);
      Peer& p = peers[static_cast<std::size_t>(in->source)];
      if (!p.hello && d.kind() != Kind::kHello && d.kind() != Kind::kAbort)
        throw DistributedError(
            fmt::format("rank {} sent {} before HELLO", in->source, to_string(d.kind())));
      switch (d.kind()) {
        case Kind::kHello:
          check_hello(d, p);
          break;
        case Kind::kStatus: {
          const Status s = d.status();
          // A status sent before the rank saw our last WORK is stale.
          if (s.work_received == p.sent) {
            p.hungry = s.hungry;
            p.idle = s.idle;
          }
          break;
        }
        case Kind::kGift: {
          std::vector<search::Subproblem> gifts = d.subproblems();
          p.steal_out = false;
          if (gifts.empty()) p.refused_until = Clock::now() + std::chrono::milliseconds(20);
          for (search::Subproblem& g : gifts) queue.push_back(std::move(g));
          break;
        }
        case Kind::kSolution: {
          const std::vector<Value> values = d.solution();
          try {
            local.sink().offer_values(values);
          } catch (const InternalError& e) {
            throw DistributedError(
                fmt::format("rank {} sent a wrong solution: {}", in->source, e.what()));
          }
          break;
        }
        case Kind::kInterrupted:
          d.signal();
          begin_stop(false);
          break;
        case Kind::kHeartbeat:
          d.signal();
          break;
        case Kind::kAbort:
          throw DistributedError(fmt::format("rank {} failed (exit code {}); see its message",
                                             in->source, d.abort_code()));
        default:
          throw DistributedError(
              fmt::format("unexpected {} message from rank {}", to_string(d.kind()), in->source));
      }
    }
    link.check_alive();
    if (local.failed()) local.finish();  // rethrows the worker's error

    // ---- the decomposition -----------------------------------------------------------------
    if (!decomposed) {
      std::lock_guard lock(handoff.mutex);
      if (handoff.ready) {
        decomposed = true;
        parallel::Decomposition& d = handoff.decomposition;
        for (search::Subproblem& s : d.subproblems) queue.push_back(std::move(s));
        result.stats.subproblems = d.subproblems.size();
        result.stats.decomposition_seconds = handoff.seconds;
        result.stats.nodes += d.nodes;
        result.stats.fails += d.fails;
        decomposition_interrupted = d.interrupted;
      }
    }

    // ---- bounds, answers, interruptions ------------------------------------------------------
    if (local.optimising() && local.incumbent().version() != bound_version) {
      bound_version = local.incumbent().version();
      const Value bound = *local.incumbent().get();
      for (int r = 1; r < ranks; ++r) link.send(r, encode_bound(bound));
    }
    if (local.found()) {
      begin_stop(false);
      break;
    }
    if (local.interrupted() || decomposition_interrupted) {
      begin_stop(false);
      break;
    }

    // ---- hand out work -------------------------------------------------------------------
    {
      const Status own = local.status();
      peers[0].hungry = own.hungry;
      peers[0].idle = own.idle;
    }
    for (std::size_t k = 0; k < peers.size() && !queue.empty(); ++k) {
      const std::size_t r = (turn + k) % peers.size();
      Peer& p = peers[r];
      if (!p.hello || p.hungry <= 0) continue;
      // Two spare subproblems per idle worker, while the queue lasts (at most a fair share of
      // it): a worker that finishes then starts its next one without a round trip to rank 0.
      const std::size_t fair = (queue.size() + peers.size() - 1) / peers.size();
      const std::size_t take = std::max<std::size_t>(
          static_cast<std::size_t>(p.hungry),
          std::min(fair, static_cast<std::size_t>(p.hungry) * kPrefetchPerIdleWorker));
      std::vector<search::Subproblem> batch;
      while (!queue.empty() && batch.size() < take) {
        batch.push_back(std::move(queue.front()));
        queue.pop_front();
      }
      if (r == 0) {
        local.pool().add(std::move(batch));
      } else {
        link.send(static_cast<int>(r), encode_subproblems(Kind::kWork, batch));
        ++p.sent;
      }
      p.hungry = 0;
      p.idle = false;
    }
    ++turn;
    if (!fault_done && decomposed && fault.rank == 0) {
      fault_done = true;
      fault.trigger(link);
    }

    // ---- steal when the queue is dry -----------------------------------------------------
    const Clock::time_point now = Clock::now();
    if (decomposed && queue.empty()) {
      local.pool().set_local_stealing(true);
      if (peers[0].steal_out) {
        const parallel::WorkPool::State st = local.pool().state();
        if (st.outbox > 0 || st.waiting == local.workers() ||
            now - peers[0].steal_sent > std::chrono::milliseconds(50)) {
          std::vector<search::Subproblem> gifts = local.pool().close_external();
          peers[0].steal_out = false;
          if (gifts.empty()) peers[0].refused_until = now + std::chrono::milliseconds(20);
          for (search::Subproblem& g : gifts) queue.push_back(std::move(g));
        }
      }
      int wanted = 0;
      int asked = 0;
      for (const Peer& p : peers) {
        wanted += p.hello ? p.hungry : 0;
        asked += p.steal_out ? 1 : 0;
      }
      // Ask busy ranks, one piece each, until as many pieces are coming as workers wait.
      for (std::size_t r = 0; r < peers.size() && asked < wanted; ++r) {
        Peer& p = peers[r];
        if (!p.hello || p.idle || p.steal_out || now < p.refused_until) continue;
        if (r == 0) {
          local.pool().want_external(1);
        } else {
          link.send(static_cast<int>(r), encode_steal(1));
        }
        p.steal_out = true;
        p.steal_sent = now;
        ++asked;
      }
      // The end: nothing queued, in flight or owed, every rank idle.
      bool all_idle = true;
      for (const Peer& p : peers) all_idle = all_idle && p.hello && p.idle && !p.steal_out;
      if (all_idle) {
        begin_stop(true);
        break;
      }
    }
    link.keep_alive();
    std::this_thread::sleep_for(std::chrono::microseconds(300));
  }

  // ---- the end: stop everyone, gather results, answer --------------------------------------
  const StopReason reason =
      exhausted || local.found() ? StopReason::kDone : StopReason::kInterrupted;
  for (int r = 1; r < ranks; ++r) link.send(r, encode_stop(reason));
  local.finish();
  int waiting = ranks - 1;
  while (waiting > 0) {
    while (std::optional<Incoming> in = link.poll()) {
      Decoder d(in->words, in->source, shape);
      Peer& p = peers[static_cast<std::size_t>(in->source)];
      switch (d.kind()) {
        case Kind::kResult:
          if (!p.hello)
            throw DistributedError(fmt::format("rank {} sent RESULT before HELLO", in->source));
          if (p.result)
            throw DistributedError(fmt::format("rank {} sent RESULT twice", in->source));
          p.last = d.result();
          p.result = true;
          --waiting;
          break;
        case Kind::kSolution: {
          // Found before the rank saw STOP: still a solution (and maybe a better one).
          const std::vector<Value> values = d.solution();
          if (local.optimising()) local.sink().offer_values(values);
          break;
        }
        case Kind::kGift:
          (void)d.subproblems();
          break;
        case Kind::kStatus:
          (void)d.status();
          break;
        case Kind::kHello:
          check_hello(d, p);  // a rank that started late must still have read the same model
          break;
        case Kind::kHeartbeat:
        case Kind::kInterrupted:
          d.signal();
          break;
        case Kind::kAbort:
          throw DistributedError(fmt::format("rank {} failed (exit code {}); see its message",
                                             in->source, d.abort_code()));
        default:
          throw DistributedError(
              fmt::format("unexpected {} message from rank {}", to_string(d.kind()), in->source));
      }
    }
    link.check_alive();
    link.keep_alive();
    std::this_thread::sleep_for(std::chrono::microseconds(300));
  }

  // The answer.
  const parallel::ParallelReport own = local.report();
  SolveStats& st = result.stats;
  const bool optimise = local.optimising();
  const bool all = options.all_solutions;
  result.solutions = local.sink().solutions();
  result.best = local.sink().best();
  st.nodes += own.search.nodes;
  st.fails += own.search.fails;
  st.restarts += own.search.restarts;
  st.max_depth = std::max(st.max_depth, own.search.max_depth);
  st.propagations += own.engine.propagations;
  st.removals += own.engine.removals;
  st.splits += own.splits;
  st.init_seconds += own.engine.init_seconds;
  st.propagate_seconds += own.search.propagate_seconds;
  st.workers = local.workers();
  for (int r = 1; r < ranks; ++r) {
    const RankResult& rr = peers[static_cast<std::size_t>(r)].last;
    if (all) result.solutions += rr.solutions;
    if (all && !result.best && rr.solution) {
      parallel::check_values(local.model(), *rr.solution);
      result.best = Solution{*rr.solution, std::nullopt};
    }
    st.nodes += rr.nodes;
    st.fails += rr.fails;
    st.restarts += rr.restarts;
    st.max_depth = std::max(st.max_depth, static_cast<int>(rr.max_depth));
    st.propagations += rr.propagations;
    st.removals += rr.removals;
    st.splits += rr.splits;
    st.init_seconds += rr.init_seconds;
    st.propagate_seconds += rr.propagate_seconds;
    st.workers += static_cast<int>(rr.workers);
  }
  st.solutions = result.solutions;
  st.ranks = ranks;
  st.model_seconds = local.model_seconds();
  st.parse_seconds = detail::SolverAccess::parse_seconds(solver);
  st.search_seconds = clock.seconds();
  result.complete = exhausted || local.found();
  result.status = final_status(exhausted, local.found(), optimise, result.solutions);
  result.backend = backend_line(peers, local.note());
  result.engine = own.engine_description;
  for (int r = 1; r < ranks; ++r)
    link.send(r, encode_bye({static_cast<std::int64_t>(result.status), result.solutions,
                             result.complete}));
  if (!link.flush(5.0)) throw DistributedError("the last messages to the ranks did not complete");
  return result;
}

}  // namespace arcwave::distributed
