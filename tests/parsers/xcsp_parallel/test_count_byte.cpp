// count_byte (parsers/text/count_byte.hpp) against std::count on random texts of every length
// around the word and block sizes, with bytes of all 256 values.
#include <algorithm>
#include <random>
#include <string>

#include "parsers/text/count_byte.hpp"
#include "tests/support/catch.hpp"

TEST_CASE("count_byte counts as std::count does", "[parallel][count]") {
  std::mt19937 rng(17);
  for (int round = 0; round < 400; ++round) {
    const std::size_t length = round < 40 ? static_cast<std::size_t>(round) : rng() % 6000;
    // Few distinct bytes, so that runs of matches fill the byte lanes (255 per block).
    const int alphabet = 1 + static_cast<int>(rng() % (round % 2 == 0 ? 3 : 256));
    std::string text(length, '\0');
    for (char& c : text) c = static_cast<char>(rng() % static_cast<unsigned>(alphabet) + 126);
    const char target = static_cast<char>(126 + rng() % static_cast<unsigned>(alphabet));
    for (const std::size_t from : {std::size_t{0}, std::size_t{1}, std::size_t{5}}) {
      if (from > text.size()) continue;
      const std::string_view view = std::string_view(text).substr(from);
      INFO("length " << view.size());
      CHECK(arcwave::count_byte(view, target) ==
            static_cast<std::size_t>(std::count(view.begin(), view.end(), target)));
    }
  }
  CHECK(arcwave::count_byte(std::string(5000, '('), '(') == 5000);
}
