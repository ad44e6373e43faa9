// choose_backend() (solver/api/backend_choice.hpp).
#include "solver/api/backend_choice.hpp"

#include <optional>
#include <string_view>
#include <utility>

#include <fmt/format.h>

#include "propagation/cpu/difference_cliques.hpp"

namespace arcwave {

BackendChoice choose_backend(const Model& model, bool gpu_usable,
                             const std::string& no_gpu_reason) {
  BackendChoice choice;
  if (!gpu_usable) {
    choice.reason = "no GPU engine: " + no_gpu_reason;
    return choice;
  }
  for (const Variable& v : model.variables())
    if (v.domain.large()) {
      choice.reason = "a domain of more than 2^24 values (the GPU engines enumerate values)";
      return choice;
    }
  if (const auto& obj = model.objective(); obj && obj->kind != Objective::Kind::kVariable) {
    choice.reason = "the objective is not one variable (the GPU engine takes those only)";
    return choice;
  }
  double pairs = 0;
  double values = 0;
  for (const Variable& v : model.variables()) values += static_cast<double>(v.domain.size());
  for (const Constraint& c : model.constraints()) {
    const std::vector<int> scope = constraint_scope(c);
    if (scope.size() > 2) {
      choice.reason = fmt::format(
          "a constraint on {} variables (the GPU engine takes binary "
          "networks)",
          scope.size());
      return choice;
    }
    if (scope.size() == 2)
      pairs +=
          2.0 *
          static_cast<double>(model.variables()[static_cast<std::size_t>(scope[0])].domain.size()) *
          static_cast<double>(model.variables()[static_cast<std::size_t>(scope[1])].domain.size());
  }
  choice.pairs_per_value = values > 0 ? pairs / values : 0;
  choice.gpu = choice.pairs_per_value >= kGpuPairsPerValue;
  choice.reason =
      fmt::format("{:.0f} value pairs per value, {} {:.0f}: MAC on the {} was faster in that range",
                  choice.pairs_per_value, choice.gpu ? ">=" : "<", kGpuPairsPerValue,
                  choice.gpu ? "GPU" : "CPU with AC3bit+rm");
  return choice;
}

namespace {

// The first constraint whose device propagator filters far less than the CPU's (time-tabling
// and pairwise disjunctions against edge finding and energy; subtours against reachability):
// its position in the model and kind, or nullopt.
std::optional<std::pair<std::size_t, std::string_view>> weak_on_device(
    const IndexedModel& indexed) {
  for (std::size_t k = 0; k < indexed.constraints.size(); ++k) {
    const auto* g = std::get_if<IndexedGlobal>(&indexed.constraints[k]);
    if (g == nullptr) continue;
    if (std::holds_alternative<CumulativeConstraint>(g->constraint) ||
        std::holds_alternative<NoOverlapConstraint>(g->constraint) ||
        std::holds_alternative<CircuitConstraint>(g->constraint))
      return std::pair{indexed.origin[k], constraint_kind(g->constraint)};
  }
  return std::nullopt;
}

}  // namespace

BackendChoice choose_batched(const IndexedModel& indexed) {
  BackendChoice choice;
  for (const Domain& d : indexed.domains)
    if (d.large()) {
      choice.reason = "a domain of more than 2^24 values (the batched GPU search refuses them)";
      return choice;
    }
  if (const auto weak = weak_on_device(indexed)) {
    choice.reason = fmt::format(
        "constraint #{} ({}): its device propagator filters less than the CPU's (time-tabling, "
        "pairwise disjunctions or subtours against edge finding, energy or reachability)",
        weak->first, weak->second);
    return choice;
  }
  const std::size_t cliques = cpu::difference_cliques(indexed).size();
  choice.gpu = cliques == 0;
  choice.reason =
      cliques == 0 ? std::string(
                         "no cliques of != constraints: the batched GPU search settled more hard "
                         "random networks than 16 CPU cores, and faster")
                   : fmt::format(
                         "{} clique{} of != constraints: the CPU's allDifferent on them beat the "
                         "batched GPU search",
                         cliques, cliques == 1 ? "" : "s");
  return choice;
}

}  // namespace arcwave
