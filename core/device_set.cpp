// Definitions for core/device_set.hpp.
#include "core/device_set.hpp"

#include <algorithm>
#include <string>

#include "arcwave/error.hpp"

namespace arcwave {

std::vector<int> parse_gpu_list(std::string_view text) {
  if (text.empty() || text == "all") return {};
  std::vector<int> out;
  std::size_t at = 0;
  while (at <= text.size()) {
    const std::size_t start = at;
    long long v = 0;
    while (at < text.size() && text[at] >= '0' && text[at] <= '9' && v < 1'000'000)
      v = v * 10 + (text[at++] - '0');
    if (at == start || (at < text.size() && text[at] != ','))
      throw InputError(
          "--gpus: expected device ordinals separated by commas (\"0,1\") or "
          "\"all\", at character " +
          std::to_string(at + 1) + " of \"" + std::string(text) + "\"");
    out.push_back(static_cast<int>(v));
    if (at == text.size()) break;
    ++at;  // the comma
    if (at == text.size())
      throw InputError("--gpus: a device ordinal must follow the last comma in \"" +
                       std::string(text) + "\"");
  }
  return out;
}

std::vector<int> resolve_gpus(const std::vector<int>& requested, int visible) {
  if (visible <= 0) return {};
  if (requested.empty()) {
    std::vector<int> all(static_cast<std::size_t>(visible));
    for (int d = 0; d < visible; ++d) all[static_cast<std::size_t>(d)] = d;
    return all;
  }
  for (const int d : requested)
    if (d < 0 || d >= visible)
      throw InputError("--gpus: device " + std::to_string(d) + " is not visible (" +
                       std::to_string(visible) + " visible: ordinals 0.." +
                       std::to_string(visible - 1) + ", after CUDA_VISIBLE_DEVICES)");
  return requested;
}

int gpu_for_local_rank(const std::vector<int>& requested, int local_rank, int visible) {
  const std::vector<int> devices = resolve_gpus(requested, visible);
  if (devices.empty()) return -1;
  const auto r = static_cast<std::size_t>(std::max(local_rank, 0));
  return devices[r % devices.size()];
}

std::vector<int> workers_per_device(const std::vector<int>& devices) {
  std::vector<int> out;
  out.reserve(devices.size());
  for (const int d : devices)
    out.push_back(static_cast<int>(std::count(devices.begin(), devices.end(), d)));
  return out;
}

std::string format_gpu_list(const std::vector<int>& devices) {
  std::string s;
  for (const int d : devices) {
    if (!s.empty()) s += ',';
    s += std::to_string(d);
  }
  return s;
}

}  // namespace arcwave
