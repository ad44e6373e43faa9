// Helpers shared by the generators (instances/csp/model_build.hpp).
#include "instances/csp/model_build.hpp"

#include <cmath>

#include <fmt/format.h>

#include "arcwave/error.hpp"

namespace arcwave::gen {

void require_param(bool ok, std::string_view what) {
  if (!ok) throw InputError(fmt::format("generator: {}", what));
}

std::uint64_t share_of(double share, std::uint64_t space, std::string_view what) {
  require_param(share >= 0.0 && share <= 1.0, fmt::format("{} must be within [0, 1]", what));
  return static_cast<std::uint64_t>(std::llround(share * static_cast<double>(space)));
}

std::vector<Value> range_domain(Value lo, Value hi) {
  std::vector<Value> values;
  values.reserve(static_cast<std::size_t>(hi - lo + 1));
  for (Value v = lo; v <= hi; ++v) values.push_back(v);
  return values;
}

std::vector<int> add_var_array(Model& model, const std::string& name, const std::vector<int>& sizes,
                               const std::function<std::vector<Value>(std::size_t)>& domain_of) {
  const int array = model.add_array(name, sizes);
  std::size_t cells = 1;
  for (int s : sizes) cells *= static_cast<std::size_t>(s);
  std::vector<int> vars;
  vars.reserve(cells);
  std::vector<int> index(sizes.size(), 0);
  for (std::size_t flat = 0; flat < cells; ++flat) {
    std::string cell_name = name;
    for (int i : index) cell_name += fmt::format("[{}]", i);
    const int v = model.add_variable(std::move(cell_name), domain_of(flat), false);
    model.set_array_cell(array, flat, v);
    vars.push_back(v);
    for (std::size_t dim = sizes.size(); dim-- > 0;) {  // row-major odometer
      if (++index[dim] < sizes[dim]) break;
      index[dim] = 0;
    }
  }
  return vars;
}

std::vector<int> add_var_array(Model& model, const std::string& name, const std::vector<int>& sizes,
                               const std::vector<Value>& domain) {
  return add_var_array(model, name, sizes, [&](std::size_t) { return domain; });
}

std::shared_ptr<const Table> make_table(int arity, bool supports, std::vector<std::int32_t> cells) {
  auto table = std::make_shared<Table>();
  table->arity = arity;
  table->supports = supports;
  table->cells = std::move(cells);
  return table;
}

std::vector<std::int32_t> complement_pairs(const std::vector<std::int32_t>& sorted, int d) {
  std::vector<std::int32_t> out;
  out.reserve(static_cast<std::size_t>(d) * static_cast<std::size_t>(d) * 2 - sorted.size());
  std::size_t k = 0;
  for (std::int32_t a = 0; a < d; ++a)
    for (std::int32_t b = 0; b < d; ++b) {
      if (k < sorted.size() && sorted[k] == a && sorted[k + 1] == b) {
        k += 2;
        continue;
      }
      out.push_back(a);
      out.push_back(b);
    }
  return out;
}

std::shared_ptr<const Expr> not_equal_expr() {
  return ExprBuilder().slot(0).slot(1).op(ExprOp::kNe, 2).build();
}

}  // namespace arcwave::gen
