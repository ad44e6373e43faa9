// Definitions for propagation/cpu/ac4.hpp.
#include "propagation/cpu/ac4.hpp"

#include <algorithm>
#include <limits>

#include "arcwave/error.hpp"

namespace arcwave::cpu {

namespace {

std::vector<int> watched_variables(int n, const std::vector<Ac4Binary>& binaries,
                                   const std::vector<Ac4Table>& tables) {
  std::vector<std::uint8_t> seen(static_cast<std::size_t>(n), 0);
  for (const Ac4Binary& b : binaries) seen[b.x] = seen[b.y] = 1;
  for (const Ac4Table& t : tables)
    for (int v : t.scope) seen[v] = 1;
  std::vector<int> vars;
  for (int v = 0; v < n; ++v)
    if (seen[v] != 0) vars.push_back(v);
  return vars;
}

// Turns per-value counts into CSR offsets (in place: counts become start positions).
std::size_t counts_to_offsets(std::vector<std::size_t>& offsets) {
  std::size_t sum = 0;
  for (std::size_t& o : offsets) {
    const std::size_t c = o;
    o = sum;
    sum += c;
  }
  return sum;
}

}  // namespace

Ac4Propagator::Ac4Propagator(const Domains& domains, const std::vector<Ac4Binary>& binaries,
                             const std::vector<Ac4Table>& tables)
    : Propagator(-1, watched_variables(domains.variable_count(), binaries, tables)) {
  const int n = domains.variable_count();
  value_base_.assign(static_cast<std::size_t>(n) + 1, 0);
  for (int x = 0; x < n; ++x) value_base_[x + 1] = value_base_[x] + domains.initial_size(x);
  const std::size_t values = value_base_.back();

  // Counter blocks: two per binary constraint, one per table position.
  std::size_t counters = 0;
  std::vector<std::size_t> bin_base(binaries.size() * 2);
  for (std::size_t k = 0; k < binaries.size(); ++k) {
    bin_base[2 * k] = counters;
    counters += static_cast<std::size_t>(binaries[k].relation->rows());
    bin_base[2 * k + 1] = counters;
    counters += static_cast<std::size_t>(binaries[k].relation->cols());
  }
  std::vector<std::vector<std::size_t>> tab_base(tables.size());
  std::size_t tuples = 0;
  for (std::size_t k = 0; k < tables.size(); ++k) {
    for (int v : tables[k].scope) {
      tab_base[k].push_back(counters);
      counters += static_cast<std::size_t>(domains.initial_size(v));
    }
    tuples += tables[k].table->size();
  }
  if (counters > std::numeric_limits<std::uint32_t>::max() ||
      tuples > std::numeric_limits<std::uint32_t>::max())
    throw ResourceError("AC4: more than 2^32 counters or tuples");
  counter_.assign(counters, 0);
  counter_var_.resize(counters);
  counter_val_.resize(counters);
  counter_con_.resize(counters);
  auto own_block = [&](std::size_t base, int var, int size, int con) {
    for (int a = 0; a < size; ++a) {
      counter_var_[base + a] = var;
      counter_val_[base + a] = a;
      counter_con_[base + a] = con;
    }
  };

  // Binary: counters and the sizes of the support lists, then the lists.
  support_offset_.assign(values + 1, 0);
  for (std::size_t k = 0; k < binaries.size(); ++k) {
    const Ac4Binary& b = binaries[k];
    const BitRelation& r = *b.relation;
    own_block(bin_base[2 * k], b.x, r.rows(), b.constraint);
    own_block(bin_base[2 * k + 1], b.y, r.cols(), b.constraint);
    for (int a = 0; a < r.rows(); ++a) {
      for_each_bit(r.row(a), r.words(), [&](int c) {
        ++counter_[bin_base[2 * k] + a];
        ++counter_[bin_base[2 * k + 1] + c];
      });
      support_offset_[value_base_[b.x] + a] += counter_[bin_base[2 * k] + a];
    }
    for (int c = 0; c < r.cols(); ++c)
      support_offset_[value_base_[b.y] + c] += counter_[bin_base[2 * k + 1] + c];
  }
  support_.resize(counts_to_offsets(support_offset_));
  {
    std::vector<std::size_t> fill(support_offset_.begin(), support_offset_.end() - 1);
    for (std::size_t k = 0; k < binaries.size(); ++k) {
      const Ac4Binary& b = binaries[k];
      const BitRelation& r = *b.relation;
      for (int a = 0; a < r.rows(); ++a)
        for_each_bit(r.row(a), r.words(), [&](int c) {
          // deleting (x,a) costs (y,c) a support, and the other way round
          support_[fill[value_base_[b.x] + a]++] =
              static_cast<std::uint32_t>(bin_base[2 * k + 1] + c);
          support_[fill[value_base_[b.y] + c]++] = static_cast<std::uint32_t>(bin_base[2 * k] + a);
        });
    }
  }

  // Tables: per tuple its counters; per value the tuples holding it.
  tuple_offset_.assign(values + 1, 0);
  tuple_counters_offset_.assign(tuples + 1, 0);
  std::size_t t = 0;
  for (std::size_t k = 0; k < tables.size(); ++k) {
    const Ac4Table& tab = tables[k];
    const std::size_t r = tab.scope.size();
    for (std::size_t j = 0; j < r; ++j)
      own_block(tab_base[k][j], tab.scope[j], domains.initial_size(tab.scope[j]), tab.constraint);
    for (std::size_t i = 0; i < tab.table->size(); ++i, ++t) {
      const std::int32_t* row = tab.table->tuple(i);
      tuple_counters_offset_[t + 1] = tuple_counters_offset_[t] + r;
      for (std::size_t j = 0; j < r; ++j) {
        ++counter_[tab_base[k][j] + row[j]];
        ++tuple_offset_[value_base_[tab.scope[j]] + row[j]];
      }
    }
  }
  tuple_support_.resize(counts_to_offsets(tuple_offset_));
  tuple_counters_.resize(tuple_counters_offset_.back());
  {
    std::vector<std::size_t> fill(tuple_offset_.begin(), tuple_offset_.end() - 1);
    t = 0;
    for (std::size_t k = 0; k < tables.size(); ++k) {
      const Ac4Table& tab = tables[k];
      for (std::size_t i = 0; i < tab.table->size(); ++i, ++t) {
        const std::int32_t* row = tab.table->tuple(i);
        for (std::size_t j = 0; j < tab.scope.size(); ++j) {
          tuple_counters_[tuple_counters_offset_[t] + j] =
              static_cast<std::uint32_t>(tab_base[k][j] + row[j]);
          tuple_support_[fill[value_base_[tab.scope[j]] + row[j]]++] =
              static_cast<std::uint32_t>(t);
        }
      }
    }
  }
  tuple_valid_.assign(tuples, 1);
}

bool Ac4Propagator::lose_support(Context& ctx, std::uint32_t counter, bool& ok) {
  if (--counter_[counter] != 0 || !ok) return ok;
  const int x = counter_var_[counter];
  const int a = counter_val_[counter];
  if (ctx.domains.contains(x, a) && !ctx.remove(x, a)) {
    ctx.blamed_ = counter_con_[counter];
    ok = false;
  }
  return ok;
}

bool Ac4Propagator::process(Context& ctx, std::size_t i) {
  const Removal del = ctx.domains.logged(i);
  if (ctx.domains.large(del.var)) return true;  // in no table (its entries are bounds)
  const std::size_t v = value_base_[del.var] + static_cast<std::size_t>(del.value);
  // After a wipe-out the entry is still finished (counters only), so undo stays exact.
  bool ok = true;
  for (std::size_t k = support_offset_[v]; k < support_offset_[v + 1]; ++k)
    lose_support(ctx, support_[k], ok);
  for (std::size_t k = tuple_offset_[v]; k < tuple_offset_[v + 1]; ++k) {
    const std::uint32_t t = tuple_support_[k];
    if (tuple_valid_[t] == 0) continue;
    tuple_valid_[t] = 0;
    invalidated_.push_back({t, i});
    for (std::size_t j = tuple_counters_offset_[t]; j < tuple_counters_offset_[t + 1]; ++j)
      lose_support(ctx, tuple_counters_[j], ok);
  }
  return ok;
}

bool Ac4Propagator::propagate(Context& ctx) {
  last_run = ctx.now();
  if (!initial_done_) {
    // AC4's initialisation ends by deleting every value with a zero counter.
    initial_done_ = true;
    for (std::size_t c = 0; c < counter_.size(); ++c) {
      if (counter_[c] != 0) continue;
      const int x = counter_var_[c];
      const int a = counter_val_[c];
      if (ctx.domains.contains(x, a) && !ctx.remove(x, a)) {
        ctx.blamed_ = counter_con_[c];
        return false;
      }
    }
  }
  while (processed_ < ctx.domains.log_size()) {
    const std::size_t i = processed_++;
    if (!process(ctx, i)) return false;
  }
  return true;
}

void Ac4Propagator::backtrack(const Domains& domains, std::size_t mark) {
  // Tuples invalidated by the deletions being undone become valid again.
  while (!invalidated_.empty() && invalidated_.back().cause >= mark) {
    const std::uint32_t t = invalidated_.back().tuple;
    invalidated_.pop_back();
    tuple_valid_[t] = 1;
    for (std::size_t j = tuple_counters_offset_[t]; j < tuple_counters_offset_[t + 1]; ++j)
      ++counter_[tuple_counters_[j]];
  }
  for (std::size_t i = processed_; i-- > mark;) {
    const Removal del = domains.logged(i);
    if (domains.large(del.var)) continue;
    const std::size_t v = value_base_[del.var] + static_cast<std::size_t>(del.value);
    for (std::size_t k = support_offset_[v]; k < support_offset_[v + 1]; ++k)
      ++counter_[support_[k]];
  }
  processed_ = std::min(processed_, mark);
}

}  // namespace arcwave::cpu
