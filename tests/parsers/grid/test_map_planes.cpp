// parsers/grid: the packed MovingAI reader (memory-mapped, rows on several threads) against the
// sequential letter reader, on the 28 shared maps, on random maps of every awkward shape (odd
// widths, widths around multiples of 32, 1 x 1, CR-LF and mixed line endings, no final line
// ending, blank and whitespace lines after the map) and on random corruptions of them, where
// both readers must fail with the same message at the same line and column.
#include <cmath>
#include <filesystem>
#include <fstream>

#include "arcwave/error.hpp"
#include "graph/grid/grid_planes.hpp"
#include "instances/maps/map_generators.hpp"
#include "instances/maps/map_text.hpp"
#include "parsers/grid/grid_files.hpp"
#include "parsers/grid/text_lines.hpp"
#include "tests/support/catch.hpp"
#include "tests/support/paths.hpp"

using namespace arcwave;

namespace {

constexpr int kThreadCounts[] = {1, 3, 8};

/// What a reader made of a text: the cells, or the error's position and message.
struct Outcome {
  std::vector<std::uint8_t> cells;
  bool failed = false;
  std::uint64_t line = 0;
  std::uint64_t column = 0;
  std::string message;
  bool operator==(const Outcome&) const = default;
};

template <typename F>
Outcome outcome_of(F&& read) {
  Outcome o;
  try {
    const grid::Grid g = read();
    o.cells.assign(g.cells().begin(), g.cells().end());
  } catch (const InputError& e) {
    o.failed = true;
    o.line = e.where().line;
    o.column = e.where().column;
    o.message = e.what();
  }
  return o;
}

Outcome by_letters(const std::string& text) {
  return outcome_of([&] { return parse_movingai_map_by_letters("m.map", text); });
}

Outcome by_planes(const std::string& text, int threads) {
  return outcome_of(
      [&] { return grid::grid_from_planes(parse_movingai_planes("m.map", text, threads)); });
}

void check_same(const std::string& text) {
  const Outcome expected = by_letters(text);
  for (const int threads : kThreadCounts) {
    const Outcome got = by_planes(text, threads);
    INFO("threads " << threads << ", expected: " << expected.message << ", got: " << got.message);
    CHECK(got == expected);
  }
}

/// A random map text: every MovingAI letter, line endings LF, CR-LF or mixed, optional final
/// line ending, optional blank / whitespace lines after the rows.
std::string random_map(gen::SplitMix64& rng, int width, int height) {
  static constexpr char kLetters[] = ".@.@.GSOTW";
  const int endings = static_cast<int>(rng.next() % 3);  // 0 LF, 1 CR-LF, 2 mixed
  std::string text = "type octile\nheight " + std::to_string(height) + "\nwidth " +
                     std::to_string(width) + "\nmap\n";
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) text += kLetters[rng.next() % (sizeof kLetters - 1)];
    const bool crlf = endings == 1 || (endings == 2 && rng.next() % 2 == 0);
    if (y + 1 < height || rng.next() % 4 != 0) text += crlf ? "\r\n" : "\n";
  }
  if (text.back() == '\n') {
    static const char* const kTails[] = {"", "\n", "\n\n", "  \n", "\t\r\n", " "};
    text += kTails[rng.next() % 6];
  }
  return text;
}

/// One random corruption: a letter replaced, deleted or inserted, a line ending dropped or
/// doubled, rows cut off, text appended, or a CR inserted.
std::string corrupt(gen::SplitMix64& rng, std::string text) {
  const std::size_t body = text.find("map\n") + 4;
  const std::size_t span = text.size() - body;
  const std::size_t at = body + (span == 0 ? 0 : rng.next() % span);
  static constexpr char kOdd[] = "x \t\r#0";
  switch (rng.next() % 8) {
    case 0:
      if (at < text.size()) text[at] = kOdd[rng.next() % (sizeof kOdd - 1)];
      break;
    case 1:
      if (at < text.size()) text.erase(at, 1);
      break;
    case 2:
      text.insert(at, 1, rng.next() % 2 == 0 ? '.' : '@');
      break;
    case 3: {
      const std::size_t nl = text.find('\n', at);
      if (nl != std::string::npos) text.erase(nl, 1);
      break;
    }
    case 4: {
      const std::size_t nl = text.find('\n', at);
      if (nl != std::string::npos) text.insert(nl, "\n");
      break;
    }
    case 5:
      text.resize(at);
      break;
    case 6:
      text += rng.next() % 2 == 0 ? "...\n" : "\n  x\n";
      break;
    default:
      text.insert(at, "\r");
      break;
  }
  return text;
}

}  // namespace

TEST_CASE("packed reader: the 28 shared MovingAI maps as the letter reader reads them",
          "[grid-files][map-planes]") {
  const std::filesystem::path dir = test::shared_data_dir("maps");
  if (dir.empty()) ARCWAVE_SKIP("no shared maps (ARCWAVE_SHARED_MAPS)");
  int maps = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir / "movingai")) {
    if (entry.path().extension() != ".map") continue;
    ++maps;
    const std::string path = entry.path().string();
    INFO(path);
    const std::string text = grid_text::read_text(path);
    const grid::Grid expected = parse_movingai_map_by_letters(path, text);
    for (const int threads : kThreadCounts) {
      const grid::GridPlanes planes = read_movingai_planes(path, threads);
      CHECK(std::ranges::equal(grid::grid_from_planes(planes).cells(), expected.cells()));
      CHECK(grid::closed_transitions(planes) == expected.closed_transitions());
    }
    CHECK(std::ranges::equal(read_movingai_map(path).cells(), expected.cells()));
  }
  CHECK(maps == 28);
}

TEST_CASE("packed reader: random maps of awkward shapes", "[grid-files][map-planes]") {
  gen::SplitMix64 rng(20251125);
  const int widths[] = {1, 2, 5, 31, 32, 33, 63, 64, 65, 97, 128, 129, 200};
  for (const int width : widths) {
    for (const int height : {1, 2, 3, 17}) {
      INFO(width << "x" << height);
      for (int round = 0; round < 3; ++round) check_same(random_map(rng, width, height));
    }
  }
  // Larger maps split into many row ranges.
  for (int round = 0; round < 4; ++round) {
    const int width = 100 + static_cast<int>(rng.next() % 300);
    const int height = 50 + static_cast<int>(rng.next() % 200);
    check_same(random_map(rng, width, height));
  }
}

TEST_CASE("packed reader: corrupted maps fail where the letter reader fails",
          "[grid-files][map-planes]") {
  gen::SplitMix64 rng(77);
  int failures = 0;
  for (int round = 0; round < 600; ++round) {
    const int width = 1 + static_cast<int>(rng.next() % 70);
    const int height = 1 + static_cast<int>(rng.next() % 40);
    std::string text = random_map(rng, width, height);
    const int damage = 1 + static_cast<int>(rng.next() % 3);
    for (int k = 0; k < damage; ++k) text = corrupt(rng, std::move(text));
    INFO("round " << round);
    check_same(text);
    failures += by_letters(text).failed ? 1 : 0;
  }
  CHECK(failures > 300);  // most corruptions are errors, some are still valid maps
}

TEST_CASE("packed reader: errors keep their position with many threads",
          "[grid-files][map-planes]") {
  // The first error in file order wins even when a later row range fails first.
  gen::MapTextOptions o;
  o.width = 301;
  o.height = 400;
  o.seed = 5;
  std::string text = gen::random_movingai_map_text(o);
  const std::size_t body = text.find("map\n") + 4;
  const std::size_t stride = 302;
  text[body + 350 * stride + 7] = 'x';    // row 350: line 355, column 8
  text[body + 120 * stride + 300] = '?';  // row 120: line 125, column 301
  text.erase(body + 60 * stride + 3, 1);  // row 60 one letter short: line 65, column 301
  for (const int threads : kThreadCounts) {
    try {
      (void)parse_movingai_planes("big.map", text, threads);
      FAIL("no InputError");
    } catch (const InputError& e) {
      CHECK(e.where().line == 65);
      CHECK(e.where().column == 301);
    }
  }
  check_same(text);
}

TEST_CASE("packed reader: generated maps and files", "[grid-files][map-planes]") {
  for (const bool crlf : {false, true}) {
    gen::MapTextOptions o;
    o.width = 257;
    o.height = 123;
    o.blocked_share = 0.3;
    o.seed = 9;
    o.crlf = crlf;
    const std::string text = gen::random_movingai_map_text(o);
    CHECK(text == gen::random_movingai_map_text(o));  // fixed seed, any thread count
    const grid::Grid g = parse_movingai_map_by_letters("g.map", text);
    CHECK_FALSE(g.blocked({0, 0}));
    CHECK_FALSE(g.blocked({256, 122}));
    std::uint64_t blocked = 0;
    for (const std::uint8_t c : g.cells()) blocked += (c & grid::kBlocked) != 0 ? 1 : 0;
    CHECK(std::abs(static_cast<double>(blocked) / static_cast<double>(g.cell_count()) - 0.3) <
          0.02);
    const auto path = std::filesystem::temp_directory_path() / "arcwave-test-map-planes.map";
    gen::write_random_movingai_map(path.string(), o);
    for (const int threads : kThreadCounts)
      CHECK(std::ranges::equal(
          grid::grid_from_planes(read_movingai_planes(path.string(), threads)).cells(), g.cells()));
    std::filesystem::remove(path);
  }
}
