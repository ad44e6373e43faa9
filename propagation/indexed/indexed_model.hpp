// propagation/indexed/indexed_model.hpp — a Model compiled for the CPU propagators: values are
// renumbered 0..d-1 per variable (in domain order), tables hold value indices, binary tables
// and small binary intensions become bit matrices, small n-ary intensions become tables, unary
// constraints become allowed-value masks, sums are normalised (repeated variables merged, a
// variable right-hand side moved left). Tables and matrices are shared between constraints with
// the same table (or expression) over the same domains.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <variant>
#include <vector>

#include "arcwave/model.hpp"
#include "propagation/indexed/bit_relation.hpp"
#include "propagation/indexed/intension_shape.hpp"

namespace arcwave {

/// A table over value indices, tuple-major; kAny marks a `*` (any value) of a short table.
struct IndexedTable {
  static constexpr std::int32_t kAny = -1;
  int arity = 0;
  bool supports = true;  // false: the tuples are conflicts
  bool has_star = false;
  std::vector<std::int32_t> cells;
  [[nodiscard]] std::size_t size() const noexcept {
    return arity > 0 ? cells.size() / static_cast<std::size_t>(arity) : 0;
  }
  [[nodiscard]] const std::int32_t* tuple(std::size_t t) const noexcept {
    return cells.data() + t * static_cast<std::size_t>(arity);
  }
};

/// D(var) restricted to the values marked allowed (unary extension, intension, instantiation).
struct IndexedUnary {
  int var = 0;
  std::vector<std::uint8_t> allowed;  // per value index
};
/// Binary constraint (from an extension table or a small intension): allowed pairs (a, b) of
/// x and y as a bit matrix (rows: values of x).
struct IndexedBinary {
  int x = 0;
  int y = 0;
  std::shared_ptr<const BitRelation> relation;
};
/// Table constraint of arity >= 3 (distinct scope variables).
struct IndexedExtension {
  std::vector<int> scope;
  std::shared_ptr<const IndexedTable> table;
};
/// Intension whose domain product was too large to tabulate. `shape`: its restatement as
/// clauses of linear literals when it has one (the CPU engine then gives it dedicated
/// propagators instead of interpreting the expression).
struct IndexedIntension {
  std::vector<int> scope;
  std::shared_ptr<const Expr> expr;
  std::shared_ptr<const IntensionShape> shape;
};
struct IndexedAllDifferent {
  std::vector<int> scope;
  std::vector<Value> except;
};
/// sum(coeffs[i] * scope[i]) satisfies `condition` (a constant, range or set right-hand side);
/// variables are distinct, coefficients non-zero.
struct IndexedSum {
  std::vector<int> scope;
  std::vector<Value> coeffs;
  Condition condition;
};
/// The model's element constraint, unchanged (variables refer to model indices).
struct IndexedElement {
  ElementConstraint element;
};

/// A global constraint the CPU engine propagates as it is: the model's constraint unchanged
/// (variables are model indices; its propagator maps values through the domains).
struct IndexedGlobal {
  Constraint constraint;
};

using IndexedConstraint =
    std::variant<IndexedUnary, IndexedBinary, IndexedExtension, IndexedIntension,
                 IndexedAllDifferent, IndexedSum, IndexedElement, IndexedGlobal>;

struct IndexOptions {
  /// Largest domain product of one intension constraint that is tabulated.
  std::size_t intension_table_limit = 1'000'000;
  /// Total table cells all tabulated intensions may take; the rest stay intensions.
  std::size_t intension_budget = 64'000'000;
  /// n-ary conflict tables whose domain product is at most this become support tables.
  std::size_t conflict_expand_limit = 100'000;
  /// Recognise linear forms, disequalities of distances, disjunctions of precedences... in the
  /// intensions left untabulated (IndexedIntension::shape).
  bool intension_shapes = true;
};

struct IndexedModel {
  std::vector<Domain> domains;  // per variable, sorted (the model's; large: an interval)
  std::vector<IndexedConstraint> constraints;
  std::vector<std::vector<int>> scopes;  // distinct variables of each constraint
  std::vector<int> origin;               // the model constraint each one comes from
  std::optional<Objective> objective;
  /// A constraint that no assignment satisfies was found (for example an empty table).
  bool trivially_false = false;
  int trivially_false_origin = -1;

  [[nodiscard]] std::size_t variable_count() const noexcept { return domains.size(); }
  [[nodiscard]] std::size_t value_count() const noexcept;
  /// Allowed pairs of the binary constraints plus tuples of the n-ary tables.
  [[nodiscard]] std::size_t tuple_count() const noexcept;
};

/// Compiles a model. Constraints that are always satisfied (an empty scope that holds, a sum
/// with only zero coefficients that holds) are dropped.
IndexedModel index_model(const Model& model, const IndexOptions& options = {});

/// The same constraint as a table of supports without `*`: stars expanded, conflicts
/// complemented against the product of `sizes` (the scope's domain sizes). nullptr when the
/// result would hold more than `limit` tuples (or the product exceeds it, for conflicts).
std::shared_ptr<const IndexedTable> plain_supports(const IndexedTable& table,
                                                   const std::vector<std::size_t>& sizes,
                                                   std::size_t limit);

/// Position of `v` in the sorted `domain`, or -1.
int index_of(const Domain& domain, Value v);

}  // namespace arcwave
