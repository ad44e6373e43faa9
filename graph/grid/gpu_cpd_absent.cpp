// graph/grid/gpu_cpd.hpp without CUDA: every entry point says so.
#include "arcwave/error.hpp"
#include "graph/grid/gpu_cpd.hpp"

namespace arcwave::grid {

struct GpuCpdBuilder::Impl {};
struct GpuCpdQueries::Impl {};

namespace {

[[noreturn]] void absent() {
  throw ResourceError("the GPU first-move database: arcwave was built without CUDA");
}

}  // namespace

GpuCpdBuilder::GpuCpdBuilder(const SearchMap& map, const CellOrder& order)
    : map_(map), order_(order) {
  absent();
}
GpuCpdBuilder::~GpuCpdBuilder() = default;
std::vector<std::vector<std::uint32_t>> GpuCpdBuilder::rows(std::span<const std::uint32_t>) {
  absent();
}
FirstMoveDb GpuCpdBuilder::build() {
  absent();
}
std::size_t GpuCpdBuilder::slot_bytes(std::uint64_t cells, std::uint64_t positions) {
  return cells * 24 + positions * 5;
}

GpuCpdQueries::GpuCpdQueries(const FirstMoveDb& db, const SearchMap& map) : db_(db), map_(map) {
  absent();
}
GpuCpdQueries::~GpuCpdQueries() = default;
std::vector<SearchResult> GpuCpdQueries::queries(std::span<const Query>, bool) {
  absent();
}
std::size_t GpuCpdQueries::device_bytes(const FirstMoveDb& db) {
  return db.bytes();
}

}  // namespace arcwave::grid
