// tests/support/catch.hpp — one include for Catch2 v2 (Debian 12) and v3 (newer systems).
#pragma once

#if __has_include(<catch2/catch_all.hpp>)
#include <catch2/catch_all.hpp>
#define ARCWAVE_CATCH3 1
#else
#include <catch2/catch.hpp>
#endif

/// Skips the current test (with a message) when no GPU is usable: [gpu] tests use it first.
#ifdef ARCWAVE_CATCH3
#define ARCWAVE_SKIP(msg) SKIP(msg)
#else
#define ARCWAVE_SKIP(msg) \
  do {                    \
    WARN(msg);            \
    return;               \
  } while (0)
#endif
