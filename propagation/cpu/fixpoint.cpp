// Definitions for propagation/cpu/fixpoint.hpp.
#include "propagation/cpu/fixpoint.hpp"

#include "arcwave/error.hpp"
#include "core/timer.hpp"

namespace arcwave::cpu {

FixpointResult ac_fixpoint(std::shared_ptr<const IndexedModel> model,
                           const CpuEngineOptions& options) {
  FixpointResult r;
  // The fixpoint lists every remaining value: large domains are refused (exit code 3).
  for (const Domain& d : model->domains)
    if (d.large())
      throw Unsupported(SourcePosition{},
                        "arc consistency lists every value; a domain of more than 2^24 values "
                        "is only solved (arcwave solve)");
  CpuEngine engine(std::move(model), options);
  r.init_seconds = engine.stats().init_seconds;
  r.description = engine.description();
  Stopwatch clock;
  r.wiped_out = !engine.propagate_root();
  r.propagate_seconds = clock.seconds();
  const EngineStats s = engine.stats();
  r.removed = s.removals;
  r.propagations = s.propagations;
  r.domains.resize(static_cast<std::size_t>(engine.variable_count()));
  if (!r.wiped_out)
    for (int x = 0; x < engine.variable_count(); ++x)
      engine.values(x, r.domains[static_cast<std::size_t>(x)]);
  return r;
}

}  // namespace arcwave::cpu
