// solver/mpi/protocol.hpp — the messages of a distributed solve, as arrays of 64-bit words
// (MPI_INT64_T): word 0 is the kind, the payload follows. Encoding and checked decoding live
// here, apart from MPI, so that they are tested without it. Every decode checks the length
// against what the kind needs and every variable, value and count against the model, and throws
// DistributedError naming the sender, the kind and what is wrong: a truncated or corrupted
// message ends the run with a clear error instead of a crash or a hang.
//
// The exchange (solver/mpi/mpi_solve.cpp): every rank sends HELLO (its model's fingerprint)
// first; ranks send STATUS (idle workers wanting work, whether all their workers are idle, and
// how many WORK messages they have received) when it changes; rank 0 answers with WORK
// (subproblems) or, when it has none left, sends STEAL to busy ranks, which answer GIFT (the
// right branches their workers split off; maybe none). SOLUTION goes to rank 0 (the first one,
// or each improving one); BOUND (a better objective value) goes from rank 0 to every rank.
// INTERRUPTED tells rank 0 that a rank was stopped (signal, time limit). STOP ends the search;
// each rank answers RESULT (counters, its solution count, a solution), and rank 0 closes with
// BYE (the job's answer). HEARTBEAT keeps a silent link alive; ABORT tells the others that the
// sender failed.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "arcwave/model.hpp"
#include "solver/search/subproblem.hpp"

namespace arcwave::distributed {

enum class Kind : std::int64_t {
  kHello = 1,
  kStatus,
  kWork,
  kSteal,
  kGift,
  kSolution,
  kBound,
  kStop,
  kResult,
  kHeartbeat,
  kInterrupted,
  kAbort,
  kBye,
};
std::string_view to_string(Kind kind);

using Words = std::vector<std::int64_t>;

/// The largest message accepted (words): far above any subproblem batch or solution.
inline constexpr std::size_t kMaxWords = std::size_t{1} << 26;

/// What the messages about one model may name, and its fingerprint (ranks read the file each:
/// rank 0 checks that every rank read the same model).
struct ModelShape {
  std::vector<int> domain_sizes;
  std::size_t constraints = 0;
  std::uint64_t fingerprint = 0;
};
ModelShape shape_of(const Model& model);

struct Hello {
  std::uint64_t fingerprint = 0;
  std::int64_t variables = 0;
  std::int64_t constraints = 0;
  int threads = 1;
  int device = -1;  // its GPU, or -1 (CPU workers), -2 (the host test device)
};

struct Status {
  int hungry = 0;     // idle workers without queued work
  bool idle = false;  // every worker idle and nothing queued
  std::uint64_t work_received = 0;
};

enum class StopReason : std::int64_t { kDone = 0, kInterrupted = 1 };

/// What a rank reports at the end.
struct RankResult {
  std::uint64_t solutions = 0;  // counted on that rank (all solutions)
  std::uint64_t nodes = 0;
  std::uint64_t fails = 0;
  std::uint64_t restarts = 0;
  std::uint64_t propagations = 0;
  std::uint64_t removals = 0;
  std::uint64_t splits = 0;
  std::int64_t max_depth = 0;
  std::int64_t workers = 0;
  double init_seconds = 0;
  double propagate_seconds = 0;
  std::optional<std::vector<Value>> solution;  // one solution it found, if any
};

Words encode_hello(const Hello& h);
Words encode_status(const Status& s);
/// kWork or kGift.
Words encode_subproblems(Kind kind, std::span<const search::Subproblem> subproblems);
Words encode_steal(int count);
Words encode_solution(std::span<const Value> values);
Words encode_bound(Value bound);
Words encode_stop(StopReason reason);
Words encode_result(const RankResult& r);
Words encode_abort(int exit_code);
/// The job's answer, sent by rank 0 to every rank at the very end.
struct Bye {
  std::int64_t status = 0;  // a SolveStatus
  std::uint64_t solutions = 0;
  bool complete = false;
};
Words encode_bye(const Bye& bye);
/// kHeartbeat or kInterrupted (no payload).
Words encode_signal(Kind kind);

/// One received message, checked as it is read.
class Decoder {
 public:
  /// Throws when the message is empty, too long, or of no known kind.
  Decoder(std::span<const std::int64_t> words, int source, const ModelShape& shape);
  /// The words must outlive the decoder.
  Decoder(Words&& words, int source, const ModelShape& shape) = delete;

  [[nodiscard]] Kind kind() const noexcept { return kind_; }
  [[nodiscard]] int source() const noexcept { return source_; }

  Hello hello();
  Status status();
  std::vector<search::Subproblem> subproblems();
  int steal();
  std::vector<Value> solution();
  Value bound();
  StopReason stop();
  RankResult result();
  int abort_code();
  Bye bye();
  /// For kinds without payload.
  void signal();

 private:
  std::int64_t next(std::string_view what);
  std::int64_t next_in(std::string_view what, std::int64_t lo, std::int64_t hi);
  std::vector<Value> values(std::string_view what);
  void end();
  [[noreturn]] void fail(const std::string& what) const;

  std::span<const std::int64_t> words_;
  std::size_t at_ = 1;
  int source_;
  const ModelShape& shape_;
  Kind kind_ = Kind::kHello;
};

}  // namespace arcwave::distributed
