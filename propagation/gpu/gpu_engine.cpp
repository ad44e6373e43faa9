// GpuEngine (propagation/gpu/gpu_engine.hpp): DeviceAc plus a host mirror of the domains.
#include "propagation/gpu/gpu_engine.hpp"

#include <fmt/format.h>

#include <array>

#include "arcwave/error.hpp"
#include "core/gpu_runtime.hpp"
#include "propagation/cpu/domains.hpp"
#include "propagation/gpu/ac_gpu.hpp"
#include "propagation/gpu/device_ac.hpp"
#include "propagation/network/compact_network.hpp"

namespace arcwave {

#ifdef ARCWAVE_HAVE_CUDA
namespace {

std::vector<int> sizes_of(const CompactNetwork& net) {
  return {net.domain_sizes.begin(), net.domain_sizes.end()};
}

class GpuEngine final : public Engine {
 public:
  GpuEngine(const Model& model, CompactNetwork network)
      : model_(model), network_(std::move(network)), ac_(network_), mirror_(sizes_of(network_)) {
    if (const auto& obj = model.objective(); obj && obj->kind != Objective::Kind::kVariable)
      throw Unsupported(SourcePosition{}, "an objective other than one variable on the GPU engine");
    for (std::size_t c = 0; c < network_.binary_count(); ++c)
      binary_scopes_.push_back(
          {static_cast<int>(network_.binary_x[c]), static_cast<int>(network_.binary_y[c])});
    // Values removed by unary constraints at construction are gone for good.
    const std::vector<std::uint8_t> alive = ac_.alive();
    for (std::uint32_t var = 0; var < network_.variable_count(); ++var)
      for (std::uint32_t a = 0; a < network_.domain_sizes[var]; ++a)
        if (alive[ac_.node_offset(var) + a] == 0 && mirror_.size(static_cast<int>(var)) > 0)
          mirror_.remove(static_cast<int>(var), static_cast<int>(a));
  }

  [[nodiscard]] std::string description() const override {
    const NeSizes s = ne_sizes(network_);
    return fmt::format(
        "gpu: ac4gpu+ device-resident (N-E model: {} values, {} edges, {} supports, "
        "{:.1f} MB)",
        s.nodes, s.edges, s.supports, static_cast<double>(s.bytes) / 1e6);
  }

  [[nodiscard]] int variable_count() const override {
    return static_cast<int>(network_.variable_count());
  }
  [[nodiscard]] int initial_size(int var) const override {
    return static_cast<int>(network_.domain_sizes[var]);
  }
  [[nodiscard]] int constraint_count() const override {
    return static_cast<int>(binary_scopes_.size());
  }
  [[nodiscard]] std::span<const int> constraint_scope(int constraint) const override {
    return binary_scopes_[static_cast<std::size_t>(constraint)];
  }

  [[nodiscard]] int size(int var) const override { return mirror_.size(var); }
  [[nodiscard]] bool contains(int var, int value) const override {
    return mirror_.contains(var, value);
  }
  [[nodiscard]] int min_value(int var) const override { return mirror_.min(var); }
  void values(int var, std::vector<int>& out) const override {
    out.clear();
    for (int a = mirror_.min(var); a >= 0; a = mirror_.next(var, a)) out.push_back(a);
  }

  // Idempotent: a second call finds the fixpoint already reached and applies to the mirror only
  // what the trail gained since (reading the trail from 0 again removed the root's deletions
  // from the mirror twice, corrupting its sparse sets: missed solutions, an invalid one).
  bool propagate_root() override {
    if (empty_domain()) return false;
    const std::uint32_t before = ac_.status().tail;
    return settle(before, ac_.propagate_root());
  }
  void push() override { marks_.push_back({ac_.status().tail, mirror_.log_size()}); }
  void pop() override {
    const Mark m = marks_.back();
    marks_.pop_back();
    ac_.restore(m.trail);
    mirror_.restore(m.log);
  }
  [[nodiscard]] int depth() const override { return static_cast<int>(marks_.size()); }

  bool assign(int var, int value) override {
    if (!mirror_.contains(var, value)) return fail_by_decision(var);
    const std::uint32_t before = ac_.status().tail;
    return settle(before,
                  ac_.assign(static_cast<std::uint32_t>(var), static_cast<std::uint32_t>(value)));
  }
  bool remove(int var, int value) override {
    if (!mirror_.contains(var, value)) return true;
    if (mirror_.size(var) == 1) return fail_by_decision(var);
    const std::uint32_t before = ac_.status().tail;
    const std::uint32_t node =
        ac_.node_offset(static_cast<std::uint32_t>(var)) + static_cast<std::uint32_t>(value);
    return settle(before, ac_.remove(std::span<const std::uint32_t>(&node, 1)));
  }
  bool improve_objective(Value bound) override {
    const auto& obj = model_.objective();
    if (!obj) throw InternalError("improve_objective on a model without objective");
    const int var = obj->variable;
    const Domain& domain = model_.variables()[static_cast<std::size_t>(var)].domain;
    std::vector<std::uint32_t> nodes;
    int left = mirror_.size(var);
    for (int a = mirror_.min(var); a >= 0; a = mirror_.next(var, a)) {
      const Value v = domain[static_cast<std::size_t>(a)];
      const bool better = obj->minimize ? v < bound : v > bound;
      if (!better) {
        nodes.push_back(ac_.node_offset(static_cast<std::uint32_t>(var)) +
                        static_cast<std::uint32_t>(a));
        --left;
      }
    }
    if (left == 0) return fail_by_decision(var);
    const std::uint32_t before = ac_.status().tail;
    return settle(before, ac_.remove(nodes));
  }

  [[nodiscard]] Conflict conflict() const override { return conflict_; }
  [[nodiscard]] EngineStats stats() const override {
    EngineStats s;
    s.propagations = ac_.status().rounds;
    s.removals = removals_;
    s.init_seconds = ac_.build_ms() * 1e-3;
    return s;
  }
  // A device fixpoint is not interrupted midway (it is short: the search checks the flag
  // between decisions), so the flag is only kept for the interface.
  void set_interrupt(const std::atomic<bool>* flag) override { interrupt_ = flag; }

 private:
  struct Mark {
    std::uint32_t trail;
    std::size_t log;
  };

  // A domain emptied by unary constraints at construction: the root fails.
  bool empty_domain() {
    for (int v = 0; v < variable_count(); ++v) {
      if (mirror_.size(v) == 0) {
        conflict_ = {-1, v};
        return true;
      }
    }
    return false;
  }

  bool fail_by_decision(int var) {
    conflict_ = {-1, var};
    return false;
  }

  // After a fixpoint: on a wipe-out, remember where it came from (the mirror is left as it was:
  // the search pops next); otherwise apply the trail's new entries to the mirror.
  bool settle(std::uint32_t before, const DeviceAcStatus& st) {
    if (st.wiped != 0U) {
      const int constraint = st.wiped_counter == UINT32_MAX
                                 ? -1
                                 : static_cast<int>(ac_.counter_constraint(st.wiped_counter));
      conflict_ = {constraint, static_cast<int>(st.wiped_var)};
      return false;
    }
    ac_.read_trail(before, deleted_);
    for (std::uint32_t node : deleted_) {
      const std::uint32_t var = ac_.node_var(node);
      mirror_.remove(static_cast<int>(var), static_cast<int>(node - ac_.node_offset(var)));
    }
    removals_ += deleted_.size();
    return true;
  }

  const Model& model_;
  CompactNetwork network_;
  DeviceAc ac_;
  cpu::Domains mirror_;
  std::vector<std::array<int, 2>> binary_scopes_;
  std::vector<Mark> marks_;
  std::vector<std::uint32_t> deleted_;
  Conflict conflict_;
  std::uint64_t removals_ = 0;
  const std::atomic<bool>* interrupt_ = nullptr;
};

}  // namespace

std::unique_ptr<Engine> make_gpu_engine(const Model& model) {
  if (!gpu_available()) throw ResourceError("the GPU engine: no usable GPU: " + gpu_info().reason);
  CompactNetwork network = make_compact_network(model);
  require_binary_ne(network, "the GPU engine (device-resident AC4GPU+)");
  return std::make_unique<GpuEngine>(model, std::move(network));
}
#else
std::unique_ptr<Engine> make_gpu_engine(const Model&) {
  throw ResourceError("the GPU engine: arcwave was built without CUDA");
}
#endif

}  // namespace arcwave
