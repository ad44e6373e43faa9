// instances/csp/model_build.hpp — small helpers the generators share: arrays of variables with
// XCSP3 names (x[3], x[1][2]), integer ranges, tables, and postfix expression building.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "arcwave/expr.hpp"
#include "arcwave/model.hpp"

namespace arcwave::gen {

/// Throws InputError("generator: <what>") unless `ok`.
void require_param(bool ok, std::string_view what);

/// round(share * space) (halves away from zero), share in [0, 1] (else InputError naming `what`).
std::uint64_t share_of(double share, std::uint64_t space, std::string_view what);

/// lo, lo+1, ..., hi.
std::vector<Value> range_domain(Value lo, Value hi);

/// Declares array `name` of the given sizes and one variable per cell (row-major), the domain
/// of a cell given by `domain_of(flat index)`. Returns the variable indices, row-major.
std::vector<int> add_var_array(Model& model, const std::string& name, const std::vector<int>& sizes,
                               const std::function<std::vector<Value>(std::size_t)>& domain_of);
/// The same with one domain for every cell.
std::vector<int> add_var_array(Model& model, const std::string& name, const std::vector<int>& sizes,
                               const std::vector<Value>& domain);

std::shared_ptr<const Table> make_table(int arity, bool supports, std::vector<std::int32_t> cells);

/// The tuples of [0, d)^2 not in `sorted` (a lexicographically sorted binary table).
std::vector<std::int32_t> complement_pairs(const std::vector<std::int32_t>& sorted, int d);

/// Builds an Expr's postfix code: leaves first, then each operator with its operand count.
class ExprBuilder {
 public:
  ExprBuilder& slot(std::uint32_t i) { return push({ExprOp::kSlot, 0, static_cast<Value>(i)}); }
  ExprBuilder& constant(Value v) { return push({ExprOp::kConst, 0, v}); }
  ExprBuilder& op(ExprOp op, std::uint32_t arity) { return push({op, arity, 0}); }
  [[nodiscard]] std::shared_ptr<const Expr> build() const {
    return std::make_shared<const Expr>(code_);
  }

 private:
  ExprBuilder& push(ExprInstr in) {
    code_.push_back(in);
    return *this;
  }
  std::vector<ExprInstr> code_;
};

/// ne(_0, _1) over a two-variable scope.
std::shared_ptr<const Expr> not_equal_expr();

}  // namespace arcwave::gen
