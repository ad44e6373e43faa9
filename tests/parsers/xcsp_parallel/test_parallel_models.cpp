// The XCSP readers on several threads build the model of the sequential reading, cell for cell
// and with the same sharing of tables: on generated networks (RB conflicts and supports, random
// networks of arity 2 to 4, several seeds, XCSP3 and XCSP 2.1), on hand-made XCSP3 documents
// with short tables, groups, slides, blocks and unary tables, on compressed inputs, and on a
// sample of the shared instances.
#include <filesystem>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "instances/csp/generators.hpp"
#include "instances/csp/writers/xcsp_writer.hpp"
#include "tests/parsers/xcsp_parallel/model_difference.hpp"
#include "tests/parsers/xcsp_parallel/parallel_reading.hpp"
#include "tests/support/catch.hpp"
#include "tests/support/compress.hpp"
#include "tests/support/paths.hpp"

using namespace arcwave;
using arcwave::test::Outcome;

namespace {

std::string written(const Model& model, gen::XcspDialect dialect) {
  std::ostringstream out;
  gen::write_xcsp(model, dialect, out);
  return out.str();
}

// Reads `bytes` sequentially and in every parallel way: the outcomes must be the same.
void check_same_readings(const std::string& name, const std::string& bytes,
                         bool must_succeed = true) {
  const Outcome expected = test::read_outcome(name, bytes, test::kSequential);
  INFO(name << ": " << expected.error);
  if (must_succeed) REQUIRE(expected.instance.has_value());
  for (const XcspReadOptions& options : test::parallel_options()) {
    INFO(test::describe(options));
    const Outcome got = test::read_outcome(name, bytes, options);
    CHECK(got.error == expected.error);
    if (expected.instance && got.instance)
      CHECK(test::model_difference(*expected.instance, *got.instance).empty());
  }
}

// A table's text with random spacing, signs and leading zeros; '*' with probability `stars`.
std::string random_tuples(std::mt19937& rng, int arity, int tuples, double stars) {
  static const char* const kSpaces[] = {"", " ", "\n", "\t ", "  \n  "};
  std::uniform_real_distribution<double> unit(0, 1);
  auto space = [&] { return std::string(kSpaces[rng() % 5]); };
  std::string s;
  for (int t = 0; t < tuples; ++t) {
    s += space() + "(";
    for (int k = 0; k < arity; ++k) {
      if (k > 0) s += space() + ",";
      s += space();
      if (unit(rng) < stars) {
        s += "*";
      } else {
        const int v = static_cast<int>(rng() % 10);
        s += rng() % 8 == 0   ? "+" + std::to_string(v)
             : rng() % 8 == 0 ? "0" + std::to_string(v)
                              : std::to_string(v);
      }
    }
    s += space() + ")";
  }
  return s + space();
}

std::string handmade_xcsp3(std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::string d =
      "<instance format=\"XCSP3\" type=\"CSP\">\n<variables>\n"
      "  <array id=\"x\" size=\"[8]\"> 0..9 </array>\n</variables>\n<constraints>\n";
  auto var = [&] { return "x[" + std::to_string(rng() % 8) + "]"; };
  for (int c = 0; c < 12; ++c) {
    const int kind = static_cast<int>(rng() % 5);
    const int tuples = 1 + static_cast<int>(rng() % 300);
    const char* rel = rng() % 2 == 0 ? "supports" : "conflicts";
    const std::string open = std::string("<") + rel + ">";
    const std::string close = std::string("</") + rel + ">";
    if (kind == 0) {  // a 3-ary short table over distinct variables
      d += "<extension><list> x[0] x[" + std::to_string(1 + rng() % 3) + "] x[5] </list>" + open +
           random_tuples(rng, 3, tuples, 0.2) + close + "</extension>\n";
    } else if (kind == 1) {  // one table shared by a group
      d += "<group><extension><list> %0 %1 </list>" + open + random_tuples(rng, 2, tuples, 0.1) +
           close + "</extension>";
      for (int a = 0; a < 3; ++a)
        d += "<args> x[" + std::to_string(a) + "] x[" + std::to_string(a + 4) + "] </args>";
      d += "</group>\n";
    } else if (kind == 2) {  // a slide over x[] and a block
      d += "<slide><list> x[] </list><extension><list> %0 %1 </list>" + open +
           random_tuples(rng, 2, tuples, 0.0) + close + "</extension></slide>\n<block>" +
           "<extension><list> " + var() + " </list><supports> 1 3 5..7 </supports></extension>" +
           "</block>\n";
    } else if (kind == 3) {  // %...: the arity comes from the tuples (read at once)
      d += "<group><extension><list> %... </list>" + open + random_tuples(rng, 2, tuples, 0.1) +
           close + "</extension><args> x[1] x[2] </args></group>\n";
    } else {  // an empty table and a one-tuple table
      d += "<extension><list> x[3] x[4] </list><supports> </supports></extension>\n"
           "<extension><list> x[6] x[7] </list><conflicts>(1,2)</conflicts></extension>\n";
    }
  }
  return d + "</constraints>\n</instance>\n";
}

}  // namespace

TEST_CASE("generated networks: the same model on every thread count", "[xcsp][parallel]") {
  for (const auto dialect : {gen::XcspDialect::kXcsp3, gen::XcspDialect::kXcsp21}) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      for (const bool supports : {false, true}) {
        const Model rb = gen::rb(
            {.n = 30, .d = 20, .e = 60, .tightness = 0.5, .seed = seed, .supports = supports});
        check_same_readings("rb.xml", written(rb, dialect));
      }
      for (int arity = 2; arity <= 4; ++arity) {
        const Model random = gen::random_network({.n = 12,
                                                  .d = arity == 4 ? 5 : 8,
                                                  .arity = arity,
                                                  .constraints = 25,
                                                  .tightness = 0.4,
                                                  .seed = seed});
        check_same_readings("random.xml", written(random, dialect));
      }
    }
  }
}

TEST_CASE("short tables, groups, slides and blocks: the same model", "[xcsp][parallel]") {
  for (std::uint32_t seed = 1; seed <= 12; ++seed)
    check_same_readings("hand.xml", handmade_xcsp3(seed));
}

TEST_CASE("compressed inputs: the same model", "[xcsp][parallel]") {
  const Model rb = gen::rb({.n = 25, .d = 30, .e = 50, .tightness = 0.4, .seed = 7});
  for (const auto dialect : {gen::XcspDialect::kXcsp3, gen::XcspDialect::kXcsp21}) {
    const std::string text = written(rb, dialect);
    const Outcome plain = test::read_outcome("plain.xml", text, test::kSequential);
    REQUIRE(plain.instance.has_value());
    for (const std::string& packed :
         {test::xz(text, false), test::xz(text, true), test::bz2(text), test::gz(text)}) {
      check_same_readings("packed.xml", packed);
      const Outcome parallel = test::read_outcome("packed.xml", packed, {.defer_bytes = 0});
      REQUIRE(parallel.instance.has_value());
      CHECK(test::model_difference(*plain.instance, *parallel.instance).empty());
    }
  }
}

TEST_CASE("a sample of the shared instances: the same model", "[xcsp][parallel][shared]") {
  const std::filesystem::path dir = test::shared_data_dir("instances");
  if (dir.empty()) {
    WARN("no shared instances: skipped");
    return;
  }
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
    if (e.is_regular_file() && e.path().string().find(".xml") != std::string::npos)
      files.push_back(e.path());
  std::sort(files.begin(), files.end());
  std::size_t compared = 0;
  for (std::size_t i = 0; i < files.size(); i += 5) {
    const std::string path = files[i].string();
    INFO(path);
    const Outcome expected = test::read_outcome_file(path, test::kSequential);
    const Outcome got =
        test::read_outcome_file(path, {.threads = 4, .defer_bytes = 0, .split_bytes = 64});
    CHECK(got.error == expected.error);
    if (expected.instance && got.instance) {
      CHECK(test::model_difference(*expected.instance, *got.instance).empty());
      ++compared;
    }
  }
  CHECK(compared >= 20);
}
