// graph/grid/gpu_search.hpp without CUDA: every entry point says so.
#include "arcwave/error.hpp"
#include "graph/grid/gpu_search.hpp"

namespace arcwave::grid {

struct GpuGridSearch::Impl {};

namespace {

[[noreturn]] void absent() {
  throw ResourceError("the GPU grid search: arcwave was built without CUDA");
}

}  // namespace

GpuGridSearch::GpuGridSearch(const SearchMap& map) : map_(map) {
  absent();
}
GpuGridSearch::~GpuGridSearch() = default;
std::vector<SearchResult> GpuGridSearch::queries(std::span<const Query>, bool) {
  absent();
}
std::vector<std::uint64_t> GpuGridSearch::single_source(Point, const SingleSourceOptions&) {
  absent();
}
std::size_t GpuGridSearch::slot_bytes(const SearchMap& map) {
  return map.cell_count() * 8;
}

}  // namespace arcwave::grid
