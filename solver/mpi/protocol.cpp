// Definitions for solver/mpi/protocol.hpp.
#include "solver/mpi/protocol.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "arcwave/domain.hpp"
#include "arcwave/error.hpp"

namespace arcwave::distributed {

namespace {

// FNV-1a over 64-bit words.
class Fingerprint {
 public:
  void add(std::uint64_t w) {
    for (int i = 0; i < 8; ++i) {
      hash_ ^= (w >> (8 * i)) & 0xff;
      hash_ *= 1099511628211ULL;
    }
  }
  void add(std::string_view s) {
    add(s.size());
    for (const char c : s) add(static_cast<std::uint64_t>(static_cast<unsigned char>(c)));
  }
  [[nodiscard]] std::uint64_t value() const noexcept { return hash_; }

 private:
  std::uint64_t hash_ = 14695981039346656037ULL;
};

std::int64_t as_word(std::uint64_t v) {
  return std::bit_cast<std::int64_t>(v);
}
std::uint64_t as_count(std::int64_t v) {
  return std::bit_cast<std::uint64_t>(v);
}
// Times travel as whole microseconds.
std::int64_t micros(double seconds) {
  return static_cast<std::int64_t>(std::llround(seconds * 1e6));
}

}  // namespace

std::string_view to_string(Kind kind) {
  switch (kind) {
    case Kind::kHello:
      return "HELLO";
    case Kind::kStatus:
      return "STATUS";
    case Kind::kWork:
      return "WORK";
    case Kind::kSteal:
      return "STEAL";
    case Kind::kGift:
      return "GIFT";
    case Kind::kSolution:
      return "SOLUTION";
    case Kind::kBound:
      return "BOUND";
    case Kind::kStop:
      return "STOP";
    case Kind::kResult:
      return "RESULT";
    case Kind::kHeartbeat:
      return "HEARTBEAT";
    case Kind::kInterrupted:
      return "INTERRUPTED";
    case Kind::kAbort:
      return "ABORT";
    case Kind::kBye:
      return "BYE";
  }
  return "?";
}

ModelShape shape_of(const Model& model) {
  ModelShape shape;
  Fingerprint f;
  f.add(model.variable_count());
  for (const Variable& v : model.variables()) {
    // A large domain (up to 2^31 values) saturates: its indices all stay below INT_MAX.
    shape.domain_sizes.push_back(
        static_cast<int>(std::min<std::size_t>(v.domain.size(), std::numeric_limits<int>::max())));
    f.add(v.domain.size());
    if (v.domain.large()) {
      f.add(as_count(v.domain.front()));
      f.add(as_count(v.domain.back()));
    } else {
      for (const Value a : v.domain) f.add(as_count(a));
    }
  }
  shape.constraints = model.constraints().size();
  f.add(shape.constraints);
  for (const Constraint& c : model.constraints()) {
    f.add(constraint_kind(c));
    const std::vector<int> scope = constraint_scope(c);
    f.add(scope.size());
    for (const int x : scope) f.add(static_cast<std::uint64_t>(x));
  }
  f.add(model.objective().has_value() ? 1U : 0U);
  shape.fingerprint = f.value();
  return shape;
}

Words encode_hello(const Hello& h) {
  return {static_cast<std::int64_t>(Kind::kHello),
          as_word(h.fingerprint),
          h.variables,
          h.constraints,
          h.threads,
          h.device};
}

Words encode_status(const Status& s) {
  return {static_cast<std::int64_t>(Kind::kStatus), s.hungry, s.idle ? 1 : 0,
          as_word(s.work_received)};
}

Words encode_subproblems(Kind kind, std::span<const search::Subproblem> subproblems) {
  Words w{static_cast<std::int64_t>(kind), static_cast<std::int64_t>(subproblems.size())};
  for (const search::Subproblem& s : subproblems) {
    w.push_back(static_cast<std::int64_t>(s.size()));
    for (const search::Decision& d : s) {
      w.push_back(d.var);
      w.push_back(d.value);
      w.push_back((d.positive ? 1 : 0) + (d.split ? 2 : 0));
    }
  }
  return w;
}

Words encode_steal(int count) {
  return {static_cast<std::int64_t>(Kind::kSteal), count};
}

Words encode_solution(std::span<const Value> values) {
  Words w{static_cast<std::int64_t>(Kind::kSolution), static_cast<std::int64_t>(values.size())};
  w.insert(w.end(), values.begin(), values.end());
  return w;
}

Words encode_bound(Value bound) {
  return {static_cast<std::int64_t>(Kind::kBound), bound};
}

Words encode_stop(StopReason reason) {
  return {static_cast<std::int64_t>(Kind::kStop), static_cast<std::int64_t>(reason)};
}

Words encode_result(const RankResult& r) {
  Words w{static_cast<std::int64_t>(Kind::kResult),
          as_word(r.solutions),
          as_word(r.nodes),
          as_word(r.fails),
          as_word(r.restarts),
          as_word(r.propagations),
          as_word(r.removals),
          as_word(r.splits),
          r.max_depth,
          r.workers,
          micros(r.init_seconds),
          micros(r.propagate_seconds),
          r.solution ? 1 : 0};
  if (r.solution) {
    w.push_back(static_cast<std::int64_t>(r.solution->size()));
    w.insert(w.end(), r.solution->begin(), r.solution->end());
  }
  return w;
}

Words encode_abort(int exit_code) {
  return {static_cast<std::int64_t>(Kind::kAbort), exit_code};
}

Words encode_bye(const Bye& bye) {
  return {static_cast<std::int64_t>(Kind::kBye), bye.status, as_word(bye.solutions),
          bye.complete ? 1 : 0};
}

Words encode_signal(Kind kind) {
  return {static_cast<std::int64_t>(kind)};
}

Decoder::Decoder(std::span<const std::int64_t> words, int source, const ModelShape& shape)
    : words_(words), source_(source), shape_(shape) {
  if (words.empty())
    throw DistributedError(fmt::format("malformed message from rank {}: empty", source));
  if (words.size() > kMaxWords)
    throw DistributedError(fmt::format("malformed message from rank {}: {} words (at most {})",
                                       source, words.size(), kMaxWords));
  if (words[0] < static_cast<std::int64_t>(Kind::kHello) ||
      words[0] > static_cast<std::int64_t>(Kind::kBye))
    throw DistributedError(
        fmt::format("malformed message from rank {}: unknown kind {}", source, words[0]));
  kind_ = static_cast<Kind>(words[0]);
}

void Decoder::fail(const std::string& what) const {
  throw DistributedError(fmt::format("malformed {} message from rank {} ({} words): {}",
                                     to_string(kind_), source_, words_.size(), what));
}

std::int64_t Decoder::next(std::string_view what) {
  if (at_ >= words_.size()) fail(fmt::format("truncated before {}", what));
  return words_[at_++];
}

std::int64_t Decoder::next_in(std::string_view what, std::int64_t lo, std::int64_t hi) {
  const std::int64_t v = next(what);
  if (v < lo || v > hi) fail(fmt::format("{} {} outside {}..{}", what, v, lo, hi));
  return v;
}

void Decoder::end() {
  if (at_ != words_.size())
    fail(fmt::format("{} words left over after the payload", words_.size() - at_));
}

std::vector<Value> Decoder::values(std::string_view what) {
  const auto n = static_cast<std::int64_t>(shape_.domain_sizes.size());
  next_in(fmt::format("{} size (the model has {} variables)", what, n), n, n);
  if (words_.size() - at_ < static_cast<std::size_t>(n))
    fail(fmt::format("truncated {}: {} values for {} variables", what, words_.size() - at_, n));
  std::vector<Value> v(words_.begin() + static_cast<std::ptrdiff_t>(at_),
                       words_.begin() + static_cast<std::ptrdiff_t>(at_) + n);
  at_ += static_cast<std::size_t>(n);
  return v;
}

Hello Decoder::hello() {
  Hello h;
  h.fingerprint = as_count(next("fingerprint"));
  h.variables = next_in("variable count", 0, std::int64_t{1} << 40);
  h.constraints = next_in("constraint count", 0, std::int64_t{1} << 40);
  h.threads = static_cast<int>(next_in("threads", 1, 1 << 20));
  h.device = static_cast<int>(next_in("device", -2, 1 << 20));
  end();
  return h;
}

Status Decoder::status() {
  Status s;
  s.hungry = static_cast<int>(next_in("hungry workers", 0, 1 << 20));
  s.idle = next_in("idle flag", 0, 1) == 1;
  s.work_received = as_count(next_in("work received", 0, std::int64_t{1} << 62));
  end();
  return s;
}

std::vector<search::Subproblem> Decoder::subproblems() {
  const std::int64_t count =
      next_in("subproblem count", 0, static_cast<std::int64_t>(words_.size()));
  std::vector<search::Subproblem> out;
  out.reserve(static_cast<std::size_t>(count));
  const auto n = static_cast<std::int64_t>(shape_.domain_sizes.size());
  for (std::int64_t i = 0; i < count; ++i) {
    const std::int64_t length = next_in("decision count", 0, 1 << 24);
    if (static_cast<std::size_t>(length) * 3 > words_.size() - at_)
      fail(fmt::format("subproblem {} of {} decisions is truncated", i, length));
    search::Subproblem s;
    s.reserve(static_cast<std::size_t>(length));
    for (std::int64_t k = 0; k < length; ++k) {
      search::Decision d;
      d.var = static_cast<int>(next_in("variable", 0, n - 1));
      d.value = static_cast<int>(
          next_in("value index", 0, shape_.domain_sizes[static_cast<std::size_t>(d.var)] - 1));
      const std::int64_t sign = next_in("decision sign", 0, 3);
      d.positive = (sign & 1) != 0;
      d.split = (sign & 2) != 0;
      // Only a large variable (more than Domain::kMaxEnumerated values) is split.
      if (d.split &&
          static_cast<std::uint64_t>(shape_.domain_sizes[static_cast<std::size_t>(d.var)]) <=
              Domain::kMaxEnumerated)
        fail(fmt::format("a split of variable {}, whose domain is enumerated", d.var));
      s.push_back(d);
    }
    out.push_back(std::move(s));
  }
  end();
  return out;
}

int Decoder::steal() {
  const auto n = static_cast<int>(next_in("steal count", 1, 1 << 20));
  end();
  return n;
}

std::vector<Value> Decoder::solution() {
  std::vector<Value> v = values("solution");
  end();
  return v;
}

Value Decoder::bound() {
  const Value b = next("bound");
  end();
  return b;
}

StopReason Decoder::stop() {
  const auto r = static_cast<StopReason>(next_in("stop reason", 0, 1));
  end();
  return r;
}

RankResult Decoder::result() {
  constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
  RankResult r;
  r.solutions = as_count(next_in("solutions", 0, kMax));
  r.nodes = as_count(next_in("nodes", 0, kMax));
  r.fails = as_count(next_in("fails", 0, kMax));
  r.restarts = as_count(next_in("restarts", 0, kMax));
  r.propagations = as_count(next_in("propagations", 0, kMax));
  r.removals = as_count(next_in("removals", 0, kMax));
  r.splits = as_count(next_in("splits", 0, kMax));
  r.max_depth = next_in("max depth", 0, kMax);
  r.workers = next_in("workers", 0, 1 << 20);
  r.init_seconds = static_cast<double>(next_in("init microseconds", 0, kMax)) * 1e-6;
  r.propagate_seconds = static_cast<double>(next_in("propagate microseconds", 0, kMax)) * 1e-6;
  if (next_in("solution flag", 0, 1) == 1) r.solution = values("solution");
  end();
  return r;
}

int Decoder::abort_code() {
  const auto code = static_cast<int>(next_in("exit code", 0, 255));
  end();
  return code;
}

Bye Decoder::bye() {
  Bye b;
  b.status = next_in("status", 0, 3);
  b.solutions = as_count(next_in("solutions", 0, std::numeric_limits<std::int64_t>::max()));
  b.complete = next_in("complete flag", 0, 1) == 1;
  end();
  return b;
}

void Decoder::signal() {
  end();
}

}  // namespace arcwave::distributed
