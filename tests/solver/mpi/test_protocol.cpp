// The messages of a distributed solve (solver/mpi/protocol.hpp): every kind survives a round
// trip; every truncation, left-over word, unknown kind and out-of-range variable, value, sign or
// count is refused with a DistributedError that names the sender and the kind; fingerprints
// tell models apart.
#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "instances/csp/generators.hpp"
#include "solver/mpi/protocol.hpp"
#include "tests/support/catch.hpp"

namespace arcwave::distributed {

namespace {

const ModelShape& shape() {
  static const ModelShape s = shape_of(gen::queens(6));
  return s;
}

std::vector<search::Subproblem> some_subproblems() {
  return {{}, {{0, 1, true}}, {{0, 2, true}, {3, 5, false}, {5, 0, true}}, {{2, 4, false}}};
}

RankResult some_result(bool with_solution) {
  RankResult r;
  r.solutions = 14200;
  r.nodes = 1234567;
  r.fails = 7654321;
  r.restarts = 3;
  r.propagations = 99;
  r.removals = 1000;
  r.splits = 17;
  r.max_depth = 12;
  r.workers = 4;
  r.init_seconds = 0.25;
  r.propagate_seconds = 12.5;
  if (with_solution) r.solution = std::vector<Value>{1, 3, 5, 0, 2, 4};
  return r;
}

// Every message below, encoded.
std::vector<Words> every_message() {
  return {encode_hello({shape().fingerprint, 6, 15, 8}),
          encode_status({3, false, 42}),
          encode_subproblems(Kind::kWork, some_subproblems()),
          encode_subproblems(Kind::kGift, {}),
          encode_steal(2),
          encode_solution(std::vector<Value>{1, 3, 5, 0, 2, 4}),
          encode_bound(-77),
          encode_stop(StopReason::kInterrupted),
          encode_result(some_result(true)),
          encode_result(some_result(false)),
          encode_abort(6),
          encode_bye({2, 10, true}),
          encode_signal(Kind::kHeartbeat),
          encode_signal(Kind::kInterrupted)};
}

// Decodes a whole message of any kind (what the roles do), throwing what the decoder throws.
void decode_all(const Words& w) {
  Decoder d(w, 2, shape());
  switch (d.kind()) {
    case Kind::kHello:
      (void)d.hello();
      break;
    case Kind::kStatus:
      (void)d.status();
      break;
    case Kind::kWork:
    case Kind::kGift:
      (void)d.subproblems();
      break;
    case Kind::kSteal:
      (void)d.steal();
      break;
    case Kind::kSolution:
      (void)d.solution();
      break;
    case Kind::kBound:
      (void)d.bound();
      break;
    case Kind::kStop:
      (void)d.stop();
      break;
    case Kind::kResult:
      (void)d.result();
      break;
    case Kind::kAbort:
      (void)d.abort_code();
      break;
    case Kind::kBye:
      (void)d.bye();
      break;
    case Kind::kHeartbeat:
    case Kind::kInterrupted:
      d.signal();
      break;
  }
}

}  // namespace

TEST_CASE("every message survives a round trip", "[mpi][protocol]") {
  {
    const Words w = encode_hello({shape().fingerprint, 6, 15, 8, 3});
    Decoder d(w, 1, shape());
    REQUIRE(d.kind() == Kind::kHello);
    const Hello h = d.hello();
    CHECK(h.fingerprint == shape().fingerprint);
    CHECK(h.variables == 6);
    CHECK(h.constraints == 15);
    CHECK(h.threads == 8);
    CHECK(h.device == 3);
  }
  {
    const Words w = encode_status({3, true, 42});
    Decoder d(w, 1, shape());
    const Status s = d.status();
    CHECK(s.hungry == 3);
    CHECK(s.idle);
    CHECK(s.work_received == 42);
  }
  for (const Kind kind : {Kind::kWork, Kind::kGift}) {
    const Words w = encode_subproblems(kind, some_subproblems());
    Decoder d(w, 1, shape());
    CHECK(d.kind() == kind);
    CHECK(d.subproblems() == some_subproblems());
  }
  const Words steal = encode_steal(5);
  CHECK(Decoder(steal, 0, shape()).steal() == 5);
  const Words solution = encode_solution(std::vector<Value>{1, 3, 5, 0, 2, 4});
  CHECK(Decoder(solution, 1, shape()).solution() == std::vector<Value>{1, 3, 5, 0, 2, 4});
  const Words bound = encode_bound(-77);
  CHECK(Decoder(bound, 0, shape()).bound() == -77);
  const Words stop = encode_stop(StopReason::kInterrupted);
  CHECK(Decoder(stop, 0, shape()).stop() == StopReason::kInterrupted);
  const Words abort = encode_abort(6);
  CHECK(Decoder(abort, 1, shape()).abort_code() == 6);
  for (bool with_solution : {false, true}) {
    const RankResult in = some_result(with_solution);
    const Words w = encode_result(in);
    const RankResult out = Decoder(w, 1, shape()).result();
    CHECK(out.solutions == in.solutions);
    CHECK(out.nodes == in.nodes);
    CHECK(out.fails == in.fails);
    CHECK(out.restarts == in.restarts);
    CHECK(out.propagations == in.propagations);
    CHECK(out.removals == in.removals);
    CHECK(out.splits == in.splits);
    CHECK(out.max_depth == in.max_depth);
    CHECK(out.workers == in.workers);
    CHECK(out.init_seconds == Approx(in.init_seconds));
    CHECK(out.propagate_seconds == Approx(in.propagate_seconds));
    CHECK(out.solution == in.solution);
  }
  const Words bye = encode_bye({2, 10, true});
  const Bye b = Decoder(bye, 0, shape()).bye();
  CHECK(b.status == 2);
  CHECK(b.solutions == 10);
  CHECK(b.complete);
  for (const Words& w : every_message()) CHECK_NOTHROW(decode_all(w));
}

TEST_CASE("truncated, padded and unknown messages are refused", "[mpi][protocol]") {
  for (const Words& whole : every_message()) {
    const auto kind = static_cast<Kind>(whole[0]);
    INFO(to_string(kind));
    // Every proper prefix (the empty one included) is refused, naming the sender.
    for (std::size_t n = 0; n < whole.size(); ++n) {
      const Words cut(whole.begin(), whole.begin() + static_cast<std::ptrdiff_t>(n));
      try {
        decode_all(cut);
        FAIL("a message cut to " << n << " of " << whole.size() << " words was accepted");
      } catch (const DistributedError& e) {
        CHECK(std::string(e.what()).find("rank 2") != std::string::npos);
        if (n > 0)
          CHECK(std::string(e.what()).find(std::string(to_string(kind))) != std::string::npos);
      }
    }
    Words padded = whole;
    padded.push_back(0);
    CHECK_THROWS_AS(decode_all(padded), DistributedError);
  }
  CHECK_THROWS_AS(decode_all({0}), DistributedError);
  CHECK_THROWS_AS(decode_all({14}), DistributedError);
  CHECK_THROWS_AS(decode_all({-3, 1}), DistributedError);
}

TEST_CASE("decisions, values and counts outside the model are refused", "[mpi][protocol]") {
  const auto work = [](const std::vector<search::Subproblem>& s) {
    return encode_subproblems(Kind::kWork, s);
  };
  // queens-6: variables 0..5, values 0..5.
  CHECK_NOTHROW(decode_all(work({{{5, 5, true}}})));
  CHECK_THROWS_AS(decode_all(work({{{6, 0, true}}})), DistributedError);
  CHECK_THROWS_AS(decode_all(work({{{-1, 0, true}}})), DistributedError);
  CHECK_THROWS_AS(decode_all(work({{{0, 6, true}}})), DistributedError);
  CHECK_THROWS_AS(decode_all(work({{{0, -1, false}}})), DistributedError);
  // Signs: bit 0 positive, bit 1 a split, which only a large variable takes (queens-6 has none).
  for (const std::int64_t sign : {2, 3, 4, -1}) {
    Words bad_sign = work({{{0, 1, true}}});
    bad_sign.back() = sign;
    CHECK_THROWS_AS(decode_all(bad_sign), DistributedError);
  }
  // A count larger than the message could hold.
  Words many = work({{{0, 1, true}}});
  many[1] = 1'000'000;
  CHECK_THROWS_AS(decode_all(many), DistributedError);
  Words long_subproblem = work({{{0, 1, true}}});
  long_subproblem[2] = 50;
  CHECK_THROWS_AS(decode_all(long_subproblem), DistributedError);
  // Solutions must have one value per variable.
  CHECK_THROWS_AS(decode_all(encode_solution(std::vector<Value>{1, 2, 3})), DistributedError);
  CHECK_THROWS_AS(decode_all(encode_status({-1, false, 0})), DistributedError);
  CHECK_THROWS_AS(decode_all(encode_steal(0)), DistributedError);
  CHECK_THROWS_AS(decode_all(encode_bye({9, 0, false})), DistributedError);
}

TEST_CASE("fingerprints tell models apart", "[mpi][protocol]") {
  CHECK(shape_of(gen::queens(6)).fingerprint == shape().fingerprint);
  CHECK(shape_of(gen::queens(7)).fingerprint != shape().fingerprint);
  CHECK(shape_of(gen::queens(6, gen::QueensEncoding::kAllDifferent)).fingerprint !=
        shape().fingerprint);
  Model with_objective = gen::queens(6);
  Objective o;
  o.kind = Objective::Kind::kVariable;
  o.variable = 0;
  with_objective.set_objective(o);
  CHECK(shape_of(with_objective).fingerprint != shape().fingerprint);
  CHECK(shape().domain_sizes == std::vector<int>(6, 6));
}

}  // namespace arcwave::distributed
