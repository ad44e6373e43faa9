// summarize() (include/arcwave/model_summary.hpp): counts over a model's variables and
// constraints.
#include <algorithm>
#include <cstdint>
#include <map>
#include <utility>

#include "arcwave/model_summary.hpp"

namespace arcwave {

ModelSummary summarize(const Model& model) {
  ModelSummary s;
  s.variables = model.variable_count();
  s.min_domain = s.variables > 0 ? SIZE_MAX : 0;
  for (const Variable& v : model.variables()) {
    s.min_domain = std::min(s.min_domain, v.domain.size());
    s.max_domain = std::max(s.max_domain, v.domain.size());
    s.total_values += v.domain.size();
    s.symbolic += v.symbolic ? 1 : 0;
  }
  s.symbols = model.symbols().size();
  for (const Declaration& d : model.declarations()) {
    if (!d.is_array) {
      ++s.declared;
      continue;
    }
    for (const int cell : model.arrays()[static_cast<std::size_t>(d.index)].cells)
      s.declared += cell >= 0 ? 1 : 0;
  }
  s.constraints = model.constraints().size();
  std::map<std::pair<std::string, std::size_t>, std::size_t> by_kind;
  for (const Constraint& c : model.constraints())
    ++by_kind[{std::string(constraint_kind(c)), constraint_scope(c).size()}];
  for (const auto& [key, count] : by_kind) s.groups.push_back({key.first, key.second, count});
  return s;
}

}  // namespace arcwave
