// Definitions for solver/batch/state_decisions.hpp.
#include "solver/batch/state_decisions.hpp"

#include <stdexcept>
#include <vector>

namespace arcwave::batch {

Subproblem read_state(const Engine& engine, const BatchNetwork& net) {
  Subproblem s(net.state_words(), 0);
  std::vector<int> values;
  const auto words = static_cast<std::size_t>(net.words);
  for (int x = 0; x < net.n; ++x) {
    engine.values(x, values);
    for (const int a : values)
      s[static_cast<std::size_t>(x) * words + static_cast<std::size_t>(a >> 6)] |= std::uint64_t{1}
                                                                                   << (a & 63);
  }
  return s;
}

std::optional<Subproblem> state_of(Engine& engine, const BatchNetwork& net,
                                   const search::Subproblem& decisions) {
  const search::Replay r = search::replay(engine, decisions);
  std::optional<Subproblem> out;
  if (r.consistent) out = read_state(engine, net);
  for (int i = 0; i < r.pushed; ++i) engine.pop();
  return out;
}

search::Subproblem decisions_of(const BatchNetwork& net, std::span<const std::uint64_t> root,
                                std::span<const std::uint64_t> state) {
  if (root.size() != net.state_words() || state.size() != net.state_words())
    throw std::invalid_argument("decisions_of: a state of the wrong size");
  search::Subproblem out;
  const auto words = static_cast<std::size_t>(net.words);
  for (int x = 0; x < net.n; ++x)
    for (std::size_t w = 0; w < words; ++w) {
      const std::size_t i = static_cast<std::size_t>(x) * words + w;
      if ((state[i] & ~root[i]) != 0)
        throw std::invalid_argument("decisions_of: a state outside the root's domains");
      for (std::uint64_t gone = root[i] & ~state[i]; gone != 0; gone &= gone - 1)
        out.push_back({x, static_cast<int>(w * 64) + __builtin_ctzll(gone), false});
    }
  return out;
}

}  // namespace arcwave::batch
