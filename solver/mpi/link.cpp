// Definitions for solver/mpi/link.hpp.
#include "solver/mpi/link.hpp"

#include <algorithm>
#include <thread>

#include <fmt/format.h>

#include "arcwave/error.hpp"

namespace arcwave::distributed {

namespace {

constexpr int kTag = 7100;

void check(int rc, const char* call) {
  if (rc == MPI_SUCCESS) return;
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  MPI_Error_string(rc, text, &length);
  throw DistributedError(fmt::format("{} failed: {}", call, std::string(text, length)));
}

}  // namespace

Link::Link(MPI_Comm comm, double timeout)
    : timeout_(timeout), heartbeat_(std::min(0.5, timeout / 4)), start_(Clock::now()) {
  check(MPI_Comm_dup(comm, &comm_), "MPI_Comm_dup");
  check(MPI_Comm_set_errhandler(comm_, MPI_ERRORS_RETURN), "MPI_Comm_set_errhandler");
  check(MPI_Comm_rank(comm_, &rank_), "MPI_Comm_rank");
  check(MPI_Comm_size(comm_, &size_), "MPI_Comm_size");
  last_heard_.assign(static_cast<std::size_t>(size_), start_);
  heard_.assign(static_cast<std::size_t>(size_), false);
  // Long ago: the first keep_alive() greets every watched peer at once, so that each side
  // hears the other early and the (shorter) timeout after a first message applies.
  last_sent_.assign(static_cast<std::size_t>(size_), start_ - std::chrono::hours(1));
}

Link::~Link() {
  // After a failure, sends may never complete (their peer is gone) and freeing the
  // communicator could wait for them: the caller is expected to MPI_Abort then.
  if (failed_ || comm_ == MPI_COMM_NULL) return;
  if (flush(1.0)) MPI_Comm_free(&comm_);
}

void Link::send(int dest, Words words) {
  if (words.size() > kMaxWords) throw InternalError("MPI message over the size limit");
  pending_.push_back({MPI_REQUEST_NULL, std::move(words)});
  Pending& p = pending_.back();
  const int rc = MPI_Isend(p.words.data(), static_cast<int>(p.words.size()), MPI_INT64_T, dest,
                           kTag, comm_, &p.request);
  if (rc != MPI_SUCCESS) {
    failed_ = true;
    pending_.pop_back();
    check(rc, "MPI_Isend");
  }
  last_sent_[static_cast<std::size_t>(dest)] = Clock::now();
}

void Link::progress() {
  for (auto it = pending_.begin(); it != pending_.end();) {
    int done = 0;
    const int rc = MPI_Test(&it->request, &done, MPI_STATUS_IGNORE);
    if (rc != MPI_SUCCESS) failed_ = true;
    check(rc, "MPI_Test");
    it = done != 0 ? pending_.erase(it) : std::next(it);
  }
}

std::optional<Incoming> Link::poll() {
  progress();
  int flag = 0;
  MPI_Status status;
  check(MPI_Iprobe(MPI_ANY_SOURCE, kTag, comm_, &flag, &status), "MPI_Iprobe");
  if (flag == 0) return std::nullopt;
  const int source = status.MPI_SOURCE;
  int count = 0;
  check(MPI_Get_count(&status, MPI_INT64_T, &count), "MPI_Get_count");
  if (count == MPI_UNDEFINED || count <= 0 || static_cast<std::size_t>(count) > kMaxWords) {
    failed_ = true;
    throw DistributedError(fmt::format(
        "malformed message from rank {}: {} (a message is 1 to {} 64-bit words)", source,
        count == MPI_UNDEFINED ? std::string("not a whole number of words")
                               : fmt::format("{} words", count),
        kMaxWords));
  }
  Incoming in{source, Words(static_cast<std::size_t>(count))};
  check(MPI_Recv(in.words.data(), count, MPI_INT64_T, source, kTag, comm_, MPI_STATUS_IGNORE),
        "MPI_Recv");
  last_heard_[static_cast<std::size_t>(source)] = Clock::now();
  heard_[static_cast<std::size_t>(source)] = true;
  return in;
}

void Link::keep_alive() {
  progress();
  for (const int peer : watched_)
    if (since(last_sent_[static_cast<std::size_t>(peer)]) >= heartbeat_)
      send(peer, encode_signal(Kind::kHeartbeat));
}

void Link::check_alive() const {
  for (const int peer : watched_) {
    const auto p = static_cast<std::size_t>(peer);
    const double limit = heard_[p] ? timeout_ : 10 * timeout_;
    const double silent = since(last_heard_[p]);
    if (silent > limit)
      throw DistributedError(
          fmt::format("rank {} sent nothing for {:.1f} s (limit {:.1f} s): it died, hangs or "
                      "cannot be reached",
                      peer, silent, limit));
  }
}

bool Link::flush(double seconds) {
  const Clock::time_point start = Clock::now();
  while (!pending_.empty()) {
    progress();
    if (pending_.empty()) break;
    if (since(start) > seconds) return false;
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
  return true;
}

void Link::abort_peers(int exit_code) noexcept {
  failed_ = true;
  try {
    for (const int peer : watched_) send(peer, encode_abort(exit_code));
    flush(1.0);
  } catch (...) {
    // Nothing more to do: the caller ends the job.
  }
}

}  // namespace arcwave::distributed
