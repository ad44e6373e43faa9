// Definitions for solver/parallel/helper_priority.hpp.
#include "solver/parallel/helper_priority.hpp"

#if defined(__linux__)
#include <sched.h>
#endif

namespace arcwave::parallel {

bool run_calling_thread_when_idle() noexcept {
#if defined(__linux__)
  // On Linux, sched_setscheduler with pid 0 applies to the calling thread only.
  sched_param param{};
  param.sched_priority = 0;
  return sched_setscheduler(0, SCHED_IDLE, &param) == 0;
#else
  return false;
#endif
}

}  // namespace arcwave::parallel
