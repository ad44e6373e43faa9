// [gpu] The device-resident AC4GPU+ (persistent fixpoint, trail, restore) against the naive
// fixpoint: at the root, and along random search paths of assignments, removals and
// backtracks, value by value.
#include <random>

#include "arcwave/error.hpp"
#include "propagation/gpu/device_ac.hpp"
#include "tests/propagation/gpu/messy_models.hpp"
#include "tests/propagation/gpu/naive_ac.hpp"
#include "tests/support/gpu.hpp"

using namespace arcwave;

namespace {

// The naive fixpoint of the network restricted by decisions (extra unary tables).
test::NaiveAcResult restricted_ac(
    TableNetwork net,
    const std::vector<std::pair<std::uint32_t, std::vector<std::uint32_t>>>& unary) {
  for (const auto& [var, allowed] : unary) net.constraints.push_back({{var}, allowed});
  return test::naive_ac(net);
}

}  // namespace

TEST_CASE("device AC root fixpoint equals the naive fixpoint", "[gpu][device_ac]") {
  ARCWAVE_REQUIRE_GPU();
  int wiped = 0;
  for (std::uint64_t seed = 1; seed <= 150; ++seed) {
    const TableNetwork net = test::random_binary_network(
        2 + static_cast<std::uint32_t>(seed % 30), 1 + static_cast<std::uint32_t>(seed % 15), 0.3,
        0.1 + 0.1 * static_cast<double>(seed % 9), seed);
    const test::NaiveAcResult expected = test::naive_ac(net);
    DeviceAc ac(net);
    const DeviceAcStatus& st = ac.propagate_root();
    INFO("seed " << seed);
    REQUIRE((st.wiped != 0U) == expected.wiped_out);
    if (!expected.wiped_out) REQUIRE(ac.alive() == expected.alive);
    wiped += expected.wiped_out ? 1 : 0;
  }
  CHECK(wiped > 5);
  CHECK(wiped < 145);
}

namespace {

// A random search path of `steps` decisions (assignments and removals) and backtracks from the
// root fixpoint, each state compared with the naive fixpoint of the restricted network, and
// the trail with the values that disappeared. False when the root wipes out (no path).
bool check_random_path(const TableNetwork& net, std::uint64_t seed, int steps,
                       std::uint32_t fixpoint_blocks) {
  DeviceAc ac(net);
  if (fixpoint_blocks != 0) ac.set_fixpoint_blocks(fixpoint_blocks);
  if (ac.propagate_root().wiped != 0U) return false;
  std::mt19937_64 rng(seed);
  std::vector<std::pair<std::uint32_t, std::vector<std::uint32_t>>> decisions;
  std::vector<std::uint32_t> marks;
  std::vector<std::uint8_t> alive = ac.alive();
  for (int step = 0; step < steps; ++step) {
    const bool go_down = decisions.size() < 3 || rng() % 3 != 0;
    if (!go_down) {
      ac.restore(marks.back());
      marks.pop_back();
      decisions.pop_back();
      const test::NaiveAcResult expected = restricted_ac(net, decisions);
      REQUIRE_FALSE(expected.wiped_out);
      REQUIRE(ac.alive() == expected.alive);
      alive = expected.alive;
      continue;
    }
    // pick a present value of a random variable with > 1 value
    const std::uint32_t var = static_cast<std::uint32_t>(rng() % net.variable_count());
    std::vector<std::uint32_t> present;
    for (std::uint32_t a = 0; a < net.domain_sizes[var]; ++a)
      if (alive[ac.node_offset(var) + a] != 0) present.push_back(a);
    if (present.size() < 2) continue;
    const std::uint32_t value = present[rng() % present.size()];
    marks.push_back(ac.status().tail);
    const bool assign = rng() % 2 == 0;
    std::vector<std::uint32_t> allowed;
    for (std::uint32_t a : present)
      if (assign ? a == value : a != value) allowed.push_back(a);
    decisions.emplace_back(var, allowed);
    const DeviceAcStatus st =
        assign ? ac.assign(var, value)
               : ac.remove(std::vector<std::uint32_t>{ac.node_offset(var) + value});
    const test::NaiveAcResult expected = restricted_ac(net, decisions);
    INFO("seed " << seed << " step " << step);
    REQUIRE((st.wiped != 0U) == expected.wiped_out);
    if (expected.wiped_out) {
      CHECK(st.wiped_var < net.variable_count());
      ac.restore(marks.back());
      marks.pop_back();
      decisions.pop_back();
      REQUIRE(ac.alive() == alive);
      continue;
    }
    REQUIRE(ac.alive() == expected.alive);
    // the trail since the mark holds exactly the values that disappeared
    std::vector<std::uint32_t> trail;
    ac.read_trail(marks.back(), trail);
    std::size_t disappeared = 0;
    for (std::size_t i = 0; i < alive.size(); ++i)
      disappeared += (alive[i] != 0 && expected.alive[i] == 0) ? 1 : 0;
    REQUIRE(trail.size() == disappeared);
    alive = expected.alive;
  }
  return true;
}

}  // namespace

TEST_CASE("device AC along random search paths with backtracking", "[gpu][device_ac]") {
  ARCWAVE_REQUIRE_GPU();
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const TableNetwork net =
        test::random_binary_network(12 + static_cast<std::uint32_t>(seed % 10), 8, 0.4, 0.25, seed);
    check_random_path(net, seed, 60, seed % 2 == 0 ? 4 : 0);  // both grid shapes
  }
}

// Values with hundreds of supports: a round of few values spreads each one's supports over
// several warps (in the single block and on the grid), and a restore likewise.
TEST_CASE("device AC along random search paths on dense networks with large domains",
          "[gpu][device_ac]") {
  ARCWAVE_REQUIRE_GPU();
  int paths = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const TableNetwork net = test::random_binary_network(
        20 + static_cast<std::uint32_t>(seed % 10), 30 + static_cast<std::uint32_t>(seed % 20), 0.9,
        0.2 + 0.02 * static_cast<double>(seed % 5), seed);
    paths += check_random_path(net, seed, 40, seed % 3 == 0 ? 4 : 0) ? 1 : 0;
  }
  CHECK(paths >= 8);
}

TEST_CASE("device AC hands large cascades from the single block to the grid", "[gpu][device_ac]") {
  ARCWAVE_REQUIRE_GPU();
  // A star of equalities x0 = xi over {0,1,2}: assigning x0 deletes 2 values of every xi in one
  // round (10,000 items, far above the single block's round limit).
  TableNetwork net;
  const std::uint32_t leaves = 5000;
  net.domain_sizes.assign(leaves + 1, 3);
  for (std::uint32_t i = 1; i <= leaves; ++i)
    net.constraints.push_back({{0, i}, {0, 0, 1, 1, 2, 2}});
  DeviceAc ac(net);
  REQUIRE(ac.propagate_root().wiped == 0U);
  const std::vector<std::uint8_t> root = ac.alive();
  const std::uint32_t mark = ac.status().tail;
  const DeviceAcStatus st = ac.assign(0, 1);
  CHECK(st.wiped == 0U);
  CHECK(st.tail - mark == 2 * (leaves + 1));
  const std::vector<std::pair<std::uint32_t, std::vector<std::uint32_t>>> decision = {{0, {1}}};
  CHECK(ac.alive() == restricted_ac(net, decision).alive);
  ac.restore(mark);
  CHECK(ac.alive() == root);
  // the restored counters are exact: a different assignment propagates correctly
  ac.assign(0, 2);
  const std::vector<std::pair<std::uint32_t, std::vector<std::uint32_t>>> other = {{0, {2}}};
  CHECK(ac.alive() == restricted_ac(net, other).alive);
}

TEST_CASE("device AC refuses n-ary networks, naming the constraint", "[gpu][device_ac]") {
  ARCWAVE_REQUIRE_GPU();
  TableNetwork net;
  net.domain_sizes = {2, 2, 2};
  net.constraints.push_back({{0, 1}, {0, 0, 1, 1}});
  net.constraints.push_back({{0, 1, 2}, {0, 0, 0, 1, 1, 1}});
  CHECK_THROWS_AS(DeviceAc(net), Unsupported);
}

namespace {

// DeviceAc from both forms of messy_model(seed) for seeds [first, last]: the same root
// fixpoint, then the same states along assignments (first value left of each variable in
// turn) and restores. Returns how many roots did not wipe out.
int device_ac_forms_agree(std::uint64_t first, std::uint64_t last) {
  int compared = 0;
  for (std::uint64_t seed = first; seed <= last; ++seed) {
    const Model model = test::messy_model(seed, true, /*binary_only=*/true);
    const CompactNetwork compact = make_compact_network(model);
    if (!compact.binary()) continue;
    DeviceAc from_table(make_table_network(model));
    DeviceAc from_compact(compact);
    INFO("seed " << seed);
    REQUIRE(from_compact.propagate_root().wiped == from_table.propagate_root().wiped);
    if (from_table.status().wiped != 0U) continue;
    REQUIRE(from_compact.alive() == from_table.alive());
    ++compared;
    // Assign the first value left of each variable in turn, undoing on a wipe-out.
    for (std::uint32_t var = 0; var < compact.variable_count(); ++var) {
      const std::vector<std::uint8_t> alive = from_table.alive();
      std::uint32_t value = 0;
      while (value < compact.domain_sizes[var] && alive[from_table.node_offset(var) + value] == 0)
        ++value;
      if (value == compact.domain_sizes[var]) break;
      const std::uint32_t mark = from_table.status().tail;
      const std::uint32_t table_wiped = from_table.assign(var, value).wiped;
      REQUIRE(from_compact.assign(var, value).wiped == table_wiped);
      // (A wipe-out stops the fixpoint between rounds: what was deleted by then may differ.)
      if (table_wiped == 0U) REQUIRE(from_compact.alive() == from_table.alive());
      if (table_wiped != 0U) {
        from_table.restore(mark);
        from_compact.restore(mark);
        REQUIRE(from_compact.alive() == from_table.alive());
      }
    }
  }
  return compared;
}

}  // namespace

TEST_CASE("device AC from the compact form follows the table form along search paths",
          "[gpu][device_ac][compact]") {
  ARCWAVE_REQUIRE_GPU();
  // 87 of these 200 binary models are arc consistent at the root (the OpenMP N-E fixpoint says
  // so); the others wipe out there.
  CHECK(device_ac_forms_agree(1, 200) == 87);
}

// A few models, for the sanitizers.
TEST_CASE("device AC from both forms on a few models", "[gpu][device_ac][compact][small]") {
  ARCWAVE_REQUIRE_GPU();
  CHECK(device_ac_forms_agree(1, 15) == 8);  // as above: 8 of the first 15
}
