// choose_backend() (solver/api/backend_choice.hpp).
#include "solver/api/backend_choice.hpp"

#include <fmt/format.h>

namespace arcwave {

BackendChoice choose_backend(const Model& model, bool gpu_usable,
                             const std::string& no_gpu_reason) {
  BackendChoice choice;
  if (!gpu_usable) {
    choice.reason = "no GPU engine: " + no_gpu_reason;
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
  // The batched GPU search (--backend gpu) is never picked: on the H100 it was not faster than
  // the 16 CPU cores on any family measured (docs/results/h100-2026-11-25.md).
  if (!choice.gpu)
    choice.reason += "; the batched GPU search was not measured faster than the CPU cores";
  return choice;
}

}  // namespace arcwave
