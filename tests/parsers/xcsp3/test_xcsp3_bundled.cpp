// XCSP3 reader on every bundled instance (instances/xcsp3/): each file parses, and its counts equal
// those that its XCSP 2.1 twin (instances/xcsp21/, the same model written by the other writer)
// declares in nbVariables / nbConstraints. The twin, read by the XCSP 2.1 reader, is also the
// reference for the model itself: the same domains, the same scopes, and the same number of
// violated constraints along a random walk of assignments (fixed seed) that reassigns a variable
// of the first violated constraint at each step, so that it gets past the first constraints.
#include <algorithm>
#include <filesystem>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "arcwave/model.hpp"
#include "parsers/xcsp/xcsp_reader.hpp"
#include "tests/support/catch.hpp"
#include "tests/support/paths.hpp"

using namespace arcwave;

namespace {

std::vector<std::filesystem::path> bundled_xcsp3_files() {
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(test::instances_dir() / "xcsp3"))
    if (e.is_regular_file() && e.path().extension() == ".xml") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

Value random_value(const Domain& domain, std::mt19937_64& rng) {
  std::uniform_int_distribution<std::size_t> pick(0, domain.size() - 1);
  return domain[pick(rng)];
}

// Every constraint's scope (sorted), in sorted order.
std::vector<std::vector<int>> sorted_scopes(const Model& m) {
  std::vector<std::vector<int>> scopes;
  for (const Constraint& c : m.constraints()) {
    scopes.push_back(constraint_scope(c));
    std::sort(scopes.back().begin(), scopes.back().end());
  }
  std::sort(scopes.begin(), scopes.end());
  return scopes;
}

std::size_t violations(const Model& m, const std::vector<Value>& assignment) {
  std::size_t n = 0;
  for (const Constraint& c : m.constraints()) n += constraint_satisfied(c, assignment) ? 0 : 1;
  return n;
}

}  // namespace

TEST_CASE("every bundled XCSP3 instance has the counts its XCSP 2.1 twin declares",
          "[xcsp3][bundled]") {
  const std::vector<std::filesystem::path> files = bundled_xcsp3_files();
  REQUIRE(files.size() >= 10);
  std::mt19937_64 rng(20261123);
  for (const std::filesystem::path& path : files) {
    INFO(path.string());
    const XcspInstance inst = read_xcsp(path.string());
    const Model& m = inst.model;
    CHECK(inst.format == XcspFormat::kXcsp3);
    const std::filesystem::path twin_path = test::instances_dir() / "xcsp21" / path.filename();
    REQUIRE(std::filesystem::exists(twin_path));
    const XcspInstance twin = read_xcsp(twin_path.string());
    REQUIRE(twin.format == XcspFormat::kXcsp21);
    REQUIRE(twin.declared.variables.has_value());
    REQUIRE(twin.declared.constraints.has_value());
    CHECK(m.variable_count() == *twin.declared.variables);
    CHECK(m.constraints().size() == *twin.declared.constraints);
    REQUIRE(m.variable_count() == twin.model.variable_count());
    REQUIRE(m.constraints().size() == twin.model.constraints().size());

    for (std::size_t v = 0; v < m.variable_count(); ++v)
      CHECK(m.variables()[v].domain == twin.model.variables()[v].domain);
    // The writers may order constraints differently (XCSP3 groups members sharing a table or an
    // expression): compare the multisets of scopes.
    CHECK(sorted_scopes(m) == sorted_scopes(twin.model));

    // A random walk: both models count the same number of violated constraints at every step.
    std::size_t disagreements = 0;
    std::vector<Value> assignment(m.variable_count());
    for (std::size_t v = 0; v < assignment.size(); ++v)
      assignment[v] = random_value(m.variables()[v].domain, rng);
    for (int step = 0; step < 2000; ++step) {
      disagreements += violations(m, assignment) == violations(twin.model, assignment) ? 0 : 1;
      const std::optional<std::size_t> violated = m.first_violation(assignment);
      if (!violated.has_value() || *violated >= m.constraints().size()) break;
      const std::vector<int> scope = constraint_scope(m.constraints()[*violated]);
      const auto v = static_cast<std::size_t>(
          scope[std::uniform_int_distribution<std::size_t>(0, scope.size() - 1)(rng)]);
      assignment[v] = random_value(m.variables()[v].domain, rng);
    }
    CHECK(disagreements == 0);
  }
}
