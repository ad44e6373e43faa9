// arcwave/version.hpp — the library version.
#pragma once

namespace arcwave {
inline constexpr const char* kVersion = "0.1.0";
}  // namespace arcwave
