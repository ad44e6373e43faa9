// Names of the GPU variants (graph/grid/gpu_wave.hpp), available with or without CUDA.
#include <cctype>
#include <string>

#include "arcwave/error.hpp"
#include "graph/grid/gpu_wave.hpp"

namespace arcwave::grid {

GpuVariant parse_gpu_variant(std::string_view text) {
  std::string lower;
  for (const char c : text) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower == "global") return GpuVariant::kGlobal;
  if (lower == "shared") return GpuVariant::kShared;
  if (lower == "texture") return GpuVariant::kTexture;
  if (lower == "frontier") return GpuVariant::kFrontier;
  if (lower == "bitwave") return GpuVariant::kBitwave;
  if (lower == "fast") return GpuVariant::kFast;
  throw InputError("unknown GPU variant '" + std::string(text) +
                   "' (expected global, shared, texture, frontier, bitwave or fast)");
}

std::string_view to_string(GpuVariant v) {
  switch (v) {
    case GpuVariant::kGlobal:
      return "global";
    case GpuVariant::kShared:
      return "shared";
    case GpuVariant::kTexture:
      return "texture";
    case GpuVariant::kFrontier:
      return "frontier";
    case GpuVariant::kBitwave:
      return "bitwave";
    case GpuVariant::kFast:
      return "fast";
  }
  return "?";
}

}  // namespace arcwave::grid
