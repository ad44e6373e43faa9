// solver/parallel/helper_priority.hpp — a portfolio's helper workers (all but worker 0, which
// runs the sequential search's configuration) run at the scheduler's idle priority: they use
// cores that nothing else wants and give way to worker 0 and to other programs otherwise, so
// that on a loaded machine the portfolio does not halve the time of the one search line that
// -p 1 would run alone (measured on the 2-core development machine: under a load of about 10,
// two equal workers got together the CPU time of one).
#pragma once

namespace arcwave::parallel {

/// Lowers the calling thread to idle priority where the system has one (Linux: SCHED_IDLE);
/// true when it did. Nothing else changes: a helper on an idle core runs at full speed.
bool run_calling_thread_when_idle() noexcept;

}  // namespace arcwave::parallel
