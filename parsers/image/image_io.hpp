// parsers/image/image_io.hpp — internal helpers of the image readers and writers: whole-file
// reads, size checks, and the per-format decoders that read_image() dispatches to.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "parsers/image/image.hpp"

namespace arcwave::image_detail {

/// The bytes of a file; throws InputError when it cannot be opened or read.
std::vector<std::uint8_t> read_file_bytes(const std::string& path);
/// Writes bytes to a file; throws InputError when it cannot be created or written.
void write_file_bytes(const std::string& path, std::span<const std::uint8_t> bytes);

/// Throws InputError (naming `name`) when the size is empty or beyond the limits of image.hpp.
void check_size(const std::string& name, std::uint64_t width, std::uint64_t height);

bool looks_like_png(std::span<const std::uint8_t> bytes);
bool looks_like_pgm(std::span<const std::uint8_t> bytes);
GrayImage decode_pgm(const std::string& name, std::span<const std::uint8_t> bytes);
GrayImage decode_png(const std::string& name, std::span<const std::uint8_t> bytes);

}  // namespace arcwave::image_detail
