// Format choice and file output (instances/csp/writers/xcsp_writer.hpp).
#include "instances/csp/writers/xcsp_writer.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>

#include <fmt/format.h>

#include "arcwave/error.hpp"

namespace arcwave::gen {

std::optional<XcspDialect> parse_dialect(std::string_view text) {
  if (text == "xcsp3" || text == "3") return XcspDialect::kXcsp3;
  if (text == "xcsp21" || text == "xcsp2.1" || text == "2.1") return XcspDialect::kXcsp21;
  return std::nullopt;
}

void write_xcsp(const Model& model, XcspDialect dialect, std::ostream& out,
                const WriteOptions& options) {
  if (dialect == XcspDialect::kXcsp3) {
    write_xcsp3(model, out, options);
  } else {
    write_xcsp21(model, out, options);
  }
}

void write_xcsp_file(const Model& model, XcspDialect dialect, const std::string& path,
                     const WriteOptions& options) {
  if (path == "-") {
    write_xcsp(model, dialect, std::cout, options);
    return;
  }
  const std::filesystem::path target(path);
  std::filesystem::path temp = target;
  temp += ".part";
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    if (!out) throw InputError(fmt::format("cannot open {} for writing", temp.string()));
    try {
      write_xcsp(model, dialect, out, options);
      out.close();
      if (!out) throw ResourceError(fmt::format("writing {} failed (disk full?)", temp.string()));
    } catch (...) {
      out.close();
      std::error_code ignored;
      std::filesystem::remove(temp, ignored);
      throw;
    }
  }
  std::error_code ec;
  std::filesystem::rename(temp, target, ec);
  if (ec) {
    std::filesystem::remove(temp, ec);
    throw ResourceError(fmt::format("cannot rename the output to {}", path));
  }
}

}  // namespace arcwave::gen
