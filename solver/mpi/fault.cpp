// Fault::from_environment and Fault::trigger (solver/mpi/roles.hpp): failures the MPI tests
// inject to check that the other ranks end with an error instead of hanging.
#include <csignal>
#include <cstdlib>
#include <string>
#include <thread>

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "solver/mpi/roles.hpp"

namespace arcwave::distributed {

Fault Fault::from_environment() {
  const char* env = std::getenv("ARCWAVE_MPI_FAULT");
  Fault f;
  if (env == nullptr || *env == '\0') return f;
  const std::string text(env);
  const auto colon = text.find(':');
  const std::string kind = text.substr(0, colon);
  if (kind == "kill")
    f.kind = Kind::kKill;
  else if (kind == "hang")
    f.kind = Kind::kHang;
  else if (kind == "truncate")
    f.kind = Kind::kTruncate;
  try {
    if (colon == std::string::npos || f.kind == Kind::kNone) throw std::invalid_argument(text);
    std::size_t used = 0;
    f.rank = std::stoi(text.substr(colon + 1), &used);
    if (used != text.size() - colon - 1 || f.rank < 0) throw std::invalid_argument(text);
  } catch (const std::logic_error&) {
    throw InputError(fmt::format(
        "ARCWAVE_MPI_FAULT='{}' (expected kill:RANK, hang:RANK or truncate:RANK)", text));
  }
  return f;
}

void Fault::trigger(Link& link) const {
  if (kind == Kind::kNone || link.rank() != rank) return;
  switch (kind) {
    case Kind::kKill:
      std::raise(SIGKILL);
      break;
    case Kind::kHang:
      for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
    case Kind::kTruncate:
      // A STATUS message with its kind and nothing else.
      link.send(link.rank() == 0 ? 1 : 0, {static_cast<std::int64_t>(distributed::Kind::kStatus)});
      break;
    case Kind::kNone:
      break;
  }
}

}  // namespace arcwave::distributed
