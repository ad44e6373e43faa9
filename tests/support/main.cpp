// Catch2 main for v2; with v3 the library's own main (Catch2WithMain) is linked instead.
#if !__has_include(<catch2/catch_all.hpp>)
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
#endif
