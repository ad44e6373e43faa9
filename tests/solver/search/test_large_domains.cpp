// Variables with large domains (more than 2^24 values, kept as intervals): generated XCSP3
// files whose every variable ranges over 2^31 values, restricted by unary constraints to a few,
// must give the answers of the same model declared with those few values enumerated — the
// number of solutions (every solution counted), SAT / UNSAT, the optimum — over sums, linear
// and other intensions, minimum / maximum, element, noOverlap and cumulative, with one worker
// and two. A jobshop with a 10^8 horizon (durations in millions) is solved to the optimum of
// the same jobshop in units. Constraints that need every value are refused (exit code 3).
#include <atomic>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <unistd.h>

#include "arcwave/error.hpp"
#include "arcwave/solver.hpp"
#include "propagation/cpu/domains.hpp"
#include "tests/support/catch.hpp"

namespace arcwave {

namespace {

std::string write_file(const std::string& name, const std::string& text) {
  const std::filesystem::path p =
      std::filesystem::temp_directory_path() / fmt::format("arcwave-large-{}-{}", ::getpid(), name);
  std::ofstream(p) << text;
  return p.string();
}

struct Answer {
  SolveStatus status = SolveStatus::kUnknown;
  std::uint64_t solutions = 0;
  std::optional<Value> objective;
};

Answer solve_text(const std::string& name, const std::string& text, bool all, int threads) {
  SolverOptions o;
  o.all_solutions = all;
  o.threads = threads;
  o.backend = SolverBackend::kCpu;
  o.time_limit_seconds = 60;
  const std::string path = write_file(name, text);
  Solver solver = Solver::load(path, o);
  const SolveResult r = solver.solve();
  std::filesystem::remove(path);
  REQUIRE(r.complete);
  Answer a{r.status, r.solutions, std::nullopt};
  if (r.best) {
    CHECK(solver.model().check(r.best->values));
    a.objective = r.best->objective;
  }
  return a;
}

// A random model over n variables valued 0..k (an index variable i in 0..2 besides): the same
// text with `domain` as the variables' domain; unary constraints keep them within 0..k.
struct RandomModel {
  std::string variables;  // with {domain} left to fill
  std::string constraints;
  std::string objective;  // empty: a CSP
};

RandomModel random_model(std::mt19937& rng, int n, int k) {
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  auto var = [&] { return fmt::format("x[{}]", pick(0, n - 1)); };
  auto distinct = [&](int count) {
    std::vector<int> all(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) all[static_cast<std::size_t>(i)] = i;
    std::shuffle(all.begin(), all.end(), rng);
    std::vector<std::string> out;
    for (int i = 0; i < count; ++i)
      out.push_back(fmt::format("x[{}]", all[static_cast<std::size_t>(i)]));
    return out;
  };
  const char* ops[] = {"le", "ge", "eq", "ne", "lt", "gt"};
  RandomModel m;
  m.variables = fmt::format("<array id=\"x\" size=\"[{}]\"> {{domain}} </array>", n) +
                "<var id=\"i\"> 0..2 </var>";
  for (int x = 0; x < n; ++x)
    m.constraints += fmt::format(
        "<intension> ge(x[{0}],0) </intension><intension> "
        "le(x[{0}],{1}) </intension>",
        x, k);
  const int count = pick(3, 7);
  for (int c = 0; c < count; ++c) {
    switch (pick(0, 6)) {
      case 0: {
        const auto v = distinct(3);
        m.constraints += fmt::format(
            "<sum><list> {} {} {} </list><coeffs> {} {} {} </coeffs><condition> ({},{}) "
            "</condition></sum>",
            v[0], v[1], v[2], pick(1, 3), -pick(1, 3), pick(-2, 2) == 0 ? 1 : 2, ops[pick(0, 5)],
            pick(-k, 2 * k));
        break;
      }
      case 1: {
        const auto v = distinct(3);
        m.constraints +=
            fmt::format("<intension> ne(add({},{}),{}) </intension>", v[0], v[1], v[2]);
        m.constraints +=
            fmt::format("<intension> le(dist({},{}),{}) </intension>", v[0], v[2], pick(1, k));
        break;
      }
      case 2: {
        const auto v = distinct(4);
        const char* kind = pick(0, 1) == 0 ? "maximum" : "minimum";
        m.constraints +=
            fmt::format("<{0}><list> {1} {2} {3} </list><condition> ({4},{5}) </condition></{0}>",
                        kind, v[0], v[1], v[2], pick(0, 1) == 0 ? "eq" : ops[pick(0, 5)], v[3]);
        break;
      }
      case 3: {
        const auto v = distinct(4);
        m.constraints += fmt::format(
            "<element><list> {} {} {} </list><index> i </index><condition> ({},{}) "
            "</condition></element>",
            v[0], v[1], v[2], pick(0, 1) == 0 ? "eq" : ops[pick(0, 5)], v[3]);
        break;
      }
      case 4: {
        const auto v = distinct(2);
        m.constraints += fmt::format(
            "<noOverlap><origins> {} {} </origins><lengths> {} {} </lengths></noOverlap>", v[0],
            v[1], pick(1, 3), pick(1, 3));
        break;
      }
      case 5: {
        const auto v = distinct(3);
        m.constraints += fmt::format(
            "<cumulative><origins> {} {} {} </origins><lengths> {} {} {} </lengths><heights> {} "
            "{} {} </heights><condition> (le,{}) </condition></cumulative>",
            v[0], v[1], v[2], pick(1, 3), pick(1, 3), pick(1, 3), pick(1, 2), pick(1, 2),
            pick(1, 2), pick(2, 3));
        break;
      }
      default:
        m.constraints += fmt::format("<intension> gt(mul({},2),{}) </intension>", var(), var());
        break;
    }
  }
  if (pick(0, 1) == 0) {
    const auto v = distinct(2);
    m.objective = fmt::format(
        "<objectives><{0} type=\"sum\"><list> {1} {2} </list><coeffs> {3} {4} </coeffs></{0}>"
        "</objectives>",
        pick(0, 1) == 0 ? "minimize" : "maximize", v[0], v[1], pick(1, 3), -pick(0, 2));
  }
  return m;
}

std::string instance(const RandomModel& m, const std::string& domain) {
  std::string vars = m.variables;
  vars.replace(vars.find("{domain}"), 8, domain);
  return fmt::format(
      "<instance format=\"XCSP3\" type=\"{}\"><variables>{}</variables>"
      "<constraints>{}</constraints>{}</instance>",
      m.objective.empty() ? "CSP" : "COP", vars, m.constraints, m.objective);
}

// A jobshop (n jobs, m machines, durations 1..9 times `scale`) within `horizon`, minimising the
// makespan (the maximum of the jobs' ends).
std::string jobshop(unsigned seed, int n, int m, Value scale, Value horizon) {
  std::mt19937 rng(seed);
  std::vector<std::vector<std::pair<int, Value>>> jobs(static_cast<std::size_t>(n));
  for (auto& job : jobs) {
    std::vector<int> machines(static_cast<std::size_t>(m));
    for (int k = 0; k < m; ++k) machines[static_cast<std::size_t>(k)] = k;
    std::shuffle(machines.begin(), machines.end(), rng);
    for (int machine : machines)
      job.emplace_back(machine, std::uniform_int_distribution<Value>(1, 9)(rng) * scale);
  }
  std::string c;
  for (int j = 0; j < n; ++j) {
    const auto& job = jobs[static_cast<std::size_t>(j)];
    for (int k = 0; k + 1 < m; ++k)
      c += fmt::format("<intension> le(add(s[{0}][{1}],{2}),s[{0}][{3}]) </intension>", j, k,
                       job[static_cast<std::size_t>(k)].second, k + 1);
    c += fmt::format("<intension> eq(add(s[{0}][{1}],{2}),e[{0}]) </intension>", j, m - 1,
                     job.back().second);
  }
  c += "<maximum><list> e[] </list><condition> (eq,mk) </condition></maximum>";
  for (int machine = 0; machine < m; ++machine) {
    std::string origins, lengths;
    for (int j = 0; j < n; ++j)
      for (int k = 0; k < m; ++k)
        if (jobs[static_cast<std::size_t>(j)][static_cast<std::size_t>(k)].first == machine) {
          origins += fmt::format(" s[{}][{}]", j, k);
          lengths += fmt::format(
              " {}", jobs[static_cast<std::size_t>(j)][static_cast<std::size_t>(k)].second);
        }
    c += fmt::format("<noOverlap><origins>{}</origins><lengths>{}</lengths></noOverlap>", origins,
                     lengths);
  }
  return fmt::format(
      "<instance format=\"XCSP3\" type=\"COP\"><variables><array id=\"s\" size=\"[{0}][{1}]\"> "
      "0..{2} </array><array id=\"e\" size=\"[{0}]\"> 0..{2} </array><var id=\"mk\"> 0..{2} "
      "</var></variables><constraints>{3}</constraints><objectives><minimize> mk </minimize>"
      "</objectives></instance>",
      n, m, horizon, c);
}

}  // namespace

TEST_CASE("large domains: bounds, holes and restores against a reference", "[large]") {
  // One large variable of 2^31 values between two small ones; random bound moves, holes,
  // choice points and restores, compared with (lo, hi, holes) snapshots.
  struct State {
    int lo, hi;
    std::set<int> holes;
  };
  std::mt19937 rng(7);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  for (int walk = 0; walk < 200; ++walk) {
    cpu::Domains d({3, 0, 5}, {0, std::int64_t{1} << 31, 0});
    State now{0, std::numeric_limits<int>::max(), {}};
    std::vector<std::pair<std::size_t, State>> marks;
    for (int step = 0; step < 60; ++step) {
      const int op = pick(0, 9);
      if (op <= 1 || now.lo > now.hi) {
        if (marks.empty()) break;
        d.restore(marks.back().first);
        now = marks.back().second;
        marks.pop_back();
      } else if (op == 2) {
        marks.emplace_back(d.log_size(), now);
        d.mark_level();
      } else if (op <= 5) {
        const int a = now.lo + pick(1, 1000);
        d.raise_min(1, a);
        now.lo = a;
        while (now.lo <= now.hi && now.holes.count(now.lo) != 0) ++now.lo;
      } else if (op <= 7) {
        const int a = now.hi - pick(1, 1000);
        d.lower_max(1, a);
        now.hi = a;
        while (now.lo <= now.hi && now.holes.count(now.hi) != 0) --now.hi;
      } else {
        const int a = now.lo + pick(0, 5);
        if (a > now.hi || now.holes.count(a) != 0) continue;
        d.remove(1, a);
        if (a == now.lo) {
          ++now.lo;
          while (now.lo <= now.hi && now.holes.count(now.lo) != 0) ++now.lo;
        } else if (a == now.hi) {
          --now.hi;
          while (now.lo <= now.hi && now.holes.count(now.hi) != 0) --now.hi;
        } else {
          now.holes.insert(a);
        }
      }
      if (now.lo > now.hi) {
        CHECK(d.size(1) == 0);
        continue;
      }
      REQUIRE(d.min(1) == now.lo);
      REQUIRE(d.max(1) == now.hi);
      std::int64_t inside = 0;
      for (int h : now.holes) inside += h >= now.lo && h <= now.hi ? 1 : 0;
      const std::int64_t size = std::int64_t{now.hi} - now.lo + 1 - inside;
      CHECK(d.size(1) == static_cast<int>(std::min<std::int64_t>(size, 2147483647)));
      for (int h : now.holes) CHECK_FALSE(d.contains(1, h));
      CHECK(d.next(1, now.lo - 1) == now.lo);
      CHECK(d.size(0) == 3);
      CHECK(d.size(2) == 5);
    }
    // Back to the root: the whole domain.
    d.restore(0);
    CHECK(d.min(1) == 0);
    CHECK(d.max(1) == std::numeric_limits<int>::max());
    CHECK(d.size(1) == std::numeric_limits<int>::max());
  }
}

TEST_CASE("large domains: the answers of the enumerated model", "[large]") {
  std::mt19937 rng(20261128);
  int sat = 0, unsat = 0, optima = 0;
  for (int round = 0; round < 60; ++round) {
    const RandomModel m = random_model(rng, 4, 6);
    const bool cop = !m.objective.empty();
    const std::string small = instance(m, "0..6");
    // 2^31 values, shifted so that value 0 sits in the middle: a large domain.
    const std::string large = instance(m, "-1073741824..1073741823");
    INFO(large);
    const Answer a = solve_text("small.xml", small, !cop, 1);
    const Answer b = solve_text("large.xml", large, !cop, 1);
    CHECK(a.status == b.status);
    if (cop) {
      CHECK(a.objective == b.objective);
      optima += a.status == SolveStatus::kOptimum ? 1 : 0;
    } else {
      CHECK(a.solutions == b.solutions);
      (a.solutions > 0 ? sat : unsat) += 1;
    }
    // Two workers: the decomposition halves large domains, the portfolio shares bounds.
    const Answer c = solve_text("large2.xml", large, !cop, 2);
    CHECK(c.status == a.status);
    if (cop)
      CHECK(c.objective == a.objective);
    else
      CHECK(c.solutions == a.solutions);
  }
  // The rounds cover every answer.
  CHECK(sat > 0);
  CHECK(unsat > 0);
  CHECK(optima > 0);
}

TEST_CASE("large domains: a jobshop with a 10^8 horizon solved to its optimum", "[large]") {
  for (unsigned seed : {1U, 2U, 3U}) {
    const Answer units = solve_text("js-small.xml", jobshop(seed, 6, 4, 1, 100), false, 1);
    REQUIRE(units.status == SolveStatus::kOptimum);
    const Answer large =
        solve_text("js-large.xml", jobshop(seed, 6, 4, 1'000'000, 100'000'000), false, 1);
    CHECK(large.status == SolveStatus::kOptimum);
    REQUIRE(units.objective.has_value());
    CHECK(large.objective == *units.objective * 1'000'000);
  }
  // The whole 32-bit positive range as the horizon.
  const Answer full = solve_text("js-full.xml", jobshop(4, 5, 3, 1'000'000, 2147483647), false, 2);
  CHECK(full.status == SolveStatus::kOptimum);
}

TEST_CASE("large domains: an objective over a wide range is bisected, not raised by one",
          "[large]") {
  // Maximise y with x - y >= k and x + y <= n over 0..2^31-1: the optimum (n - k) / 2 lies 5 x
  // 10^7 above the first solution; one unit per solution would not prove it within the limit.
  const std::string text =
      "<instance format=\"XCSP3\" type=\"COP\"><variables><var id=\"x\"> 0..2147483647 </var>"
      "<var id=\"y\"> 0..2147483647 </var></variables><constraints><intension> "
      "le(add(x,y),100000000) </intension><intension> ge(sub(x,y),12345) </intension>"
      "</constraints><objectives><maximize> y </maximize></objectives></instance>";
  for (int threads : {1, 2}) {
    const Answer a = solve_text("bisect.xml", text, false, threads);
    CHECK(a.status == SolveStatus::kOptimum);
    CHECK(a.objective == (100000000 - 12345) / 2);
  }
}

TEST_CASE("large domains: constraints that need every value are refused", "[large]") {
  const auto refusal = [](const std::string& constraint) -> std::string {
    const std::string text = fmt::format(
        "<instance format=\"XCSP3\" type=\"CSP\"><variables><array id=\"x\" size=\"[3]\"> "
        "0..100000000 </array></variables><constraints>{}</constraints></instance>",
        constraint);
    try {
      (void)solve_text("refused.xml", text, false, 1);
    } catch (const Unsupported& e) {
      CHECK(e.exit_code() == 3);
      return e.what();
    }
    return "";
  };
  CHECK_THAT(refusal("<allDifferent> x[] </allDifferent>"),
             Catch::Matchers::Contains("allDifferent") &&
                 Catch::Matchers::Contains("too large to enumerate"));
  CHECK_THAT(refusal("<extension><list> x[0] x[1] </list><supports> (1,2)(3,4) "
                     "</supports></extension>"),
             Catch::Matchers::Contains("extension"));
  CHECK_THAT(refusal("<count><list> x[] </list><values> 1 </values><condition> (eq,1) "
                     "</condition></count>"),
             Catch::Matchers::Contains("count"));
}

TEST_CASE("large domains: bounds moving a step at a time log one entry per choice point",
          "[large]") {
  // x < y and y < x over 2^31 values converge one value per revision: 10^5 alternating moves of
  // both bounds within one choice point leave one log entry, and a restore undoes them all.
  cpu::Domains d({0}, {std::int64_t{1} << 31});
  d.remove(0, 5);  // a hole, before the choice point
  const std::size_t mark = d.log_size();
  d.mark_level();
  for (int step = 1; step <= 100000; ++step) {
    d.raise_min(0, step);
    d.lower_max(0, std::numeric_limits<int>::max() - step);
    if (step % 1000 == 0) d.remove(0, 2 * step + 1);
  }
  CHECK(d.log_size() == mark + 1);
  CHECK(d.min(0) == 100000);
  d.restore(mark);
  CHECK(d.log_size() == mark);
  CHECK(d.min(0) == 0);
  CHECK(d.max(0) == std::numeric_limits<int>::max());
  CHECK_FALSE(d.contains(0, 5));
  CHECK(d.contains(0, 2001));
  CHECK(d.size(0) == std::numeric_limits<int>::max());  // 2^31 - 1 values saturate
}

}  // namespace arcwave
