// batch_census: what the batched search meets in real files. For each XCSP file (folders are
// searched recursively for .xml and .xml.lzma), the constraints as the model states them (kind,
// and for intensions and tables whether they are binary) and as the CPU engine's compilation
// leaves them (tables and small intensions become bit relations or tables; what stays is what a
// device propagator must take), the objective's form, and the batched search's refusal. Then the
// totals: per kind, constraints and files.
//
//   batch_census DIR_OR_FILE... > census.md
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "parsers/xcsp/xcsp_reader.hpp"
#include "propagation/indexed/indexed_model.hpp"
#include "solver/batch/batch_network.hpp"

namespace {

namespace fs = std::filesystem;
using arcwave::Constraint;
using arcwave::IndexedModel;

struct Tally {
  std::size_t constraints = 0;
  std::set<std::string> files;
};
using Tallies = std::map<std::string, Tally>;

std::string model_kind(const Constraint& c) {
  std::string kind(arcwave::constraint_kind(c));
  if (kind == "extension" || kind == "intension")
    kind += arcwave::constraint_scope(c).size() <= 2 ? " (arity <= 2)" : " (arity > 2)";
  return kind;
}

std::string indexed_kind(const arcwave::IndexedConstraint& c) {
  using namespace arcwave;
  if (std::holds_alternative<IndexedUnary>(c)) return "unary";
  if (std::holds_alternative<IndexedBinary>(c)) return "binary relation";
  if (std::holds_alternative<IndexedExtension>(c)) return "n-ary table";
  if (std::holds_alternative<IndexedIntension>(c)) return "intension (not tabulated)";
  if (std::holds_alternative<IndexedAllDifferent>(c)) return "allDifferent";
  if (std::holds_alternative<IndexedSum>(c)) return "sum";
  if (std::holds_alternative<IndexedElement>(c)) return "element";
  return std::string(constraint_kind(std::get<IndexedGlobal>(c).constraint));
}

std::string objective_kind(const std::optional<arcwave::Objective>& o) {
  if (!o) return "none";
  switch (o->kind) {
    case arcwave::Objective::Kind::kVariable:
      return "variable";
    case arcwave::Objective::Kind::kSum:
      return "sum";
    case arcwave::Objective::Kind::kExpression:
      return "expression";
  }
  return "?";
}

void print_table(const char* title, const Tallies& t, std::size_t files) {
  std::vector<std::pair<std::string, Tally>> rows(t.begin(), t.end());
  std::sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) {
    return a.second.files.size() != b.second.files.size()
               ? a.second.files.size() > b.second.files.size()
               : a.second.constraints > b.second.constraints;
  });
  fmt::print("\n| {} | files (of {}) | constraints |\n| --- | --- | --- |\n", title, files);
  for (const auto& [kind, tally] : rows)
    fmt::print("| {} | {} | {} |\n", kind, tally.files.size(), tally.constraints);
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<fs::path> files;
  for (int i = 1; i < argc; ++i) {
    const fs::path p(argv[i]);
    if (!fs::is_directory(p)) {
      files.push_back(p);
      continue;
    }
    for (const auto& e : fs::recursive_directory_iterator(p)) {
      const std::string name = e.path().filename().string();
      if (e.is_regular_file() && (name.ends_with(".xml") || name.ends_with(".xml.lzma")))
        files.push_back(e.path());
    }
  }
  std::sort(files.begin(), files.end());
  Tallies model_kinds;
  Tallies indexed_kinds;
  Tallies objectives;
  std::size_t read = 0;
  std::size_t taken = 0;
  fmt::print("| file | objective | left for device propagators | batched search |\n");
  fmt::print("| --- | --- | --- | --- |\n");
  for (const fs::path& f : files) {
    const std::string name = f.filename().string();
    try {
      const arcwave::XcspInstance inst = arcwave::read_xcsp(f.string());
      const arcwave::Model& m = inst.model;
      const IndexedModel indexed = arcwave::index_model(m);
      ++read;
      for (const Constraint& c : m.constraints()) {
        Tally& t = model_kinds[model_kind(c)];
        ++t.constraints;
        t.files.insert(name);
      }
      std::map<std::string, std::size_t> left;
      for (const auto& c : indexed.constraints) {
        const std::string kind = indexed_kind(c);
        Tally& t = indexed_kinds[kind];
        ++t.constraints;
        t.files.insert(name);
        if (kind != "unary" && kind != "binary relation" && kind != "n-ary table") ++left[kind];
      }
      const std::string obj = objective_kind(m.objective());
      objectives[obj].files.insert(name);
      ++objectives[obj].constraints;
      std::string what;
      for (const auto& [kind, count] : left)
        what += fmt::format("{}{} {}", what.empty() ? "" : ", ", count, kind);
      const auto why = arcwave::batch::batch_refusal(indexed);
      const std::string verdict = why ? "refused: " + *why : "taken";
      taken += why ? 0 : 1;
      fmt::print("| {} | {} | {} | {} |\n", name, obj, what.empty() ? "-" : what, verdict);
    } catch (const std::exception& e) {
      fmt::print("| {} | - | - | not read: {} |\n", name, e.what());
    }
  }
  print_table("constraint (as the model states it)", model_kinds, read);
  print_table("constraint (after compilation: what the batched search meets)", indexed_kinds, read);
  print_table("objective", objectives, read);
  fmt::print("\nThe batched search takes {} of the {} files read.\n", taken, read);
  std::fflush(stdout);
  return 0;
}
