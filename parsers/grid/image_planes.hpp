// parsers/grid/image_planes.hpp — internal: height maps whose samples can be used in place (binary
// PGM, raw) packed into planes straight from the memory-mapped file (image_planes.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "parsers/grid/grid_files.hpp"

namespace arcwave {

/// The planes of a raw file (options.raw_*) or a P5 PGM at `threshold`; nullopt for other
/// images (P2, PNG: decode them). Errors as the image readers report them.
std::optional<LoadedPlanes> read_sample_planes(const std::string& path,
                                               const HeightMapOptions& options,
                                               std::uint32_t threshold);

}  // namespace arcwave
