// Fingerprints of generated models: FNV-1a of their XCSP3 text for fixed seeds, recorded on the
// development machine (x86-64, GCC 12). The generators draw only through gen::Rng (the fully
// specified std::mt19937_64 plus our own range reduction) and use no floating point beyond one
// rounding per parameter, so every platform must produce these same models; a change here
// means a seed no longer gives the published instance (update the bundled files and say so).
#include "instances/csp/generators.hpp"
#include "model_text.hpp"
#include "tests/support/catch.hpp"

using arcwave::test::fnv1a;
using arcwave::test::xcsp3_text;

TEST_CASE("generated models are the same on every platform", "[instances][determinism]") {
  CHECK(fnv1a(xcsp3_text(arcwave::gen::rb({40, 18, 84, 0.9, 1, false, false}))) ==
        0x393c6e75575c0cedull);
  CHECK(fnv1a(xcsp3_text(arcwave::gen::rb({30, 15, 208, 0.25, 7, false, true}))) ==
        0xd3ca90422870f169ull);
  CHECK(fnv1a(xcsp3_text(arcwave::gen::composed(arcwave::gen::composed_family(25, 1, 25, 1)))) ==
        0x781fe708efaa36a2ull);
  CHECK(fnv1a(xcsp3_text(arcwave::gen::random_network({12, 4, 3, 20, 0.6, 5}))) ==
        0x971110b1cae9d589ull);
  CHECK(fnv1a(xcsp3_text(arcwave::gen::latin_square(10, 0.42, 3))) == 0x0ed2fba633517504ull);
  CHECK(fnv1a(xcsp3_text(arcwave::gen::langford(2, 7))) == 0x1bdf03483d4cbb68ull);
}
