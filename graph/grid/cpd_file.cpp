// save_cpd() / load_cpd() of graph/grid/cpd.hpp. The file (little-endian):
//   "ARCWCPD" NUL, u32 version (1), u32 width, u32 height, u32 moves (Neighbourhood),
//   u64 hash of the map's open moves (FNV-1a), u64 cells, u64 runs,
//   u64 row_begin[cells + 1], u32 runs[runs].
// The cell order and the components are recomputed from the map on loading (they are a
// function of it); every row is checked (offsets rising, runs of increasing positions from 0,
// below the number of free cells), so a damaged file is refused instead of walked.
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

#include "arcwave/error.hpp"
#include "graph/grid/cpd.hpp"

namespace arcwave::grid {

namespace {

constexpr char kMagic[8] = {'A', 'R', 'C', 'W', 'C', 'P', 'D', '\0'};
constexpr std::uint32_t kVersion = 1;

std::uint64_t map_hash(const SearchMap& map) {
  std::uint64_t h = 1469598103934665603ULL;
  for (const std::uint8_t m : map.moves()) {
    h ^= m;
    h *= 1099511628211ULL;
  }
  return h;
}

struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};
using File = std::unique_ptr<std::FILE, FileCloser>;

[[noreturn]] void bad(const std::string& path, const std::string& what) {
  throw InputError(SourcePosition{path, 0, 0}, "not a first-move database of this map: " + what);
}

}  // namespace

void save_cpd(const FirstMoveDb& db, const SearchMap& map, const std::string& path) {
  if (db.width() != map.width() || db.height() != map.height())
    throw InputError("save_cpd: the database is not of this map");
  const std::string part = path + ".part";
  File f(std::fopen(part.c_str(), "wb"));
  if (!f) throw InputError(SourcePosition{path, 0, 0}, "cannot create the file");
  bool ok = std::fwrite(kMagic, 1, 8, f.get()) == 8;
  const std::uint32_t head[4] = {kVersion, static_cast<std::uint32_t>(map.width()),
                                 static_cast<std::uint32_t>(map.height()),
                                 static_cast<std::uint32_t>(map.metric().n)};
  const std::uint64_t sizes[3] = {map_hash(map), map.cell_count(), db.runs().size()};
  ok = ok && std::fwrite(head, sizeof head, 1, f.get()) == 1;
  ok = ok && std::fwrite(sizes, sizeof sizes, 1, f.get()) == 1;
  ok = ok && std::fwrite(db.row_begin().data(), sizeof(std::uint64_t), db.row_begin().size(),
                         f.get()) == db.row_begin().size();
  ok = ok && std::fwrite(db.runs().data(), sizeof(std::uint32_t), db.runs().size(), f.get()) ==
                 db.runs().size();
  ok = std::fclose(f.release()) == 0 && ok;
  if (!ok || std::rename(part.c_str(), path.c_str()) != 0) {
    std::remove(part.c_str());
    throw ResourceError("writing the first-move database '" + path + "' failed");
  }
}

FirstMoveDb load_cpd(const SearchMap& map, const std::string& path) {
  check_cpd_map(map);
  File f(std::fopen(path.c_str(), "rb"));
  if (!f) throw InputError(SourcePosition{path, 0, 0}, "cannot open the file");
  char magic[8] = {};
  std::uint32_t head[4] = {};
  std::uint64_t sizes[3] = {};
  if (std::fread(magic, 1, 8, f.get()) != 8 || std::memcmp(magic, kMagic, 8) != 0)
    bad(path, "no ARCWCPD header");
  if (std::fread(head, sizeof head, 1, f.get()) != 1 ||
      std::fread(sizes, sizeof sizes, 1, f.get()) != 1)
    bad(path, "the header is cut short");
  if (head[0] != kVersion) bad(path, "version " + std::to_string(head[0]) + ", not 1");
  if (head[1] != static_cast<std::uint32_t>(map.width()) ||
      head[2] != static_cast<std::uint32_t>(map.height()))
    bad(path, "made for a " + std::to_string(head[1]) + "x" + std::to_string(head[2]) +
                  " map, this one is " + std::to_string(map.width()) + "x" +
                  std::to_string(map.height()));
  if (head[3] != static_cast<std::uint32_t>(map.metric().n))
    bad(path, "made for other moves (" +
                  to_string(static_cast<Neighbourhood>(static_cast<std::uint8_t>(head[3] & 0xFF))) +
                  ")");
  if (sizes[0] != map_hash(map)) bad(path, "made for a map with other blocked cells");
  const std::uint64_t cells = map.cell_count();
  if (sizes[1] != cells) bad(path, "cell count differs");
  // The file must hold exactly the arrays announced.
  const long here = std::ftell(f.get());
  if (here < 0 || std::fseek(f.get(), 0, SEEK_END) != 0) bad(path, "cannot size the file");
  const long end = std::ftell(f.get());
  const std::uint64_t want = (cells + 1) * 8 + sizes[2] * 4;
  if (end < here || static_cast<std::uint64_t>(end - here) != want)
    bad(path, "the file size does not match its header");
  std::fseek(f.get(), here, SEEK_SET);
  std::vector<std::uint64_t> row_begin(cells + 1);
  std::vector<std::uint32_t> runs(sizes[2]);
  if (std::fread(row_begin.data(), 8, row_begin.size(), f.get()) != row_begin.size() ||
      std::fread(runs.data(), 4, runs.size(), f.get()) != runs.size())
    bad(path, "read error");
  CellOrder order = cell_order(map);
  const std::uint64_t positions = order.cell.size();
  if (row_begin[0] != 0 || row_begin[cells] != runs.size()) bad(path, "row offsets");
  for (std::uint64_t c = 0; c < cells; ++c) {
    const std::uint64_t b = row_begin[c];
    const std::uint64_t e = row_begin[c + 1];
    if (e < b || e > runs.size()) bad(path, "row offsets");
    const bool free = order.position[c] != kNoPosition;
    if (free != (e > b))
      bad(path, "a row where the map has " + std::string(free ? "a free" : "a blocked") + " cell");
    for (std::uint64_t r = b; r < e; ++r) {
      const std::uint64_t p = runs[r] >> 3;
      if ((r == b && p != 0) || (r > b && p <= (runs[r - 1] >> 3)) || p >= positions)
        bad(path, "a row's runs are out of order");
    }
  }
  return FirstMoveDb(map, std::move(order), std::move(row_begin), std::move(runs));
}

}  // namespace arcwave::grid
