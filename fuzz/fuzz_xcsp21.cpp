// libFuzzer target: the XCSP 2.1 reader on arbitrary bytes (decompressed first when they look
// compressed, as files are). Bad input must be an arcwave error, never a crash; a model that
// was read must be checkable, and the reading on several threads must agree with it
// (fuzz/parallel_check.hpp).
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "arcwave/error.hpp"
#include "fuzz/parallel_check.hpp"
#include "parsers/input/byte_source.hpp"
#include "parsers/xcsp/xcsp21_document.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  try {
    auto source = arcwave::memory_input("fuzz.xml", bytes);
    const arcwave::XcspInstance inst = arcwave::xcsp21::read_document(*source);
    std::vector<arcwave::Value> assignment;
    for (const arcwave::Variable& v : inst.model.variables())
      assignment.push_back(v.domain.front());
    (void)inst.model.check(assignment);
  } catch (const arcwave::InputError&) {
  } catch (const arcwave::Unsupported&) {
  } catch (const arcwave::ResourceError&) {
  }
  arcwave::fuzz::check_parallel_reading(
      bytes, [](arcwave::ByteSource& source, const arcwave::XcspReadOptions& options) {
        return arcwave::xcsp21::read_document(source, options);
      });
  return 0;
}
