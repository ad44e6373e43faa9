// tests/support/compress.hpp — compressing test data in memory into the containers the readers
// decompress: xz (or lzma-alone), bzip2 and gzip.
#pragma once

#include <bzlib.h>
#include <lzma.h>
#include <zlib.h>

#include <cstdint>
#include <string>

#include "tests/support/catch.hpp"

namespace arcwave::test {

inline std::string xz(const std::string& in, bool alone) {
  lzma_stream strm = LZMA_STREAM_INIT;
  if (alone) {
    lzma_options_lzma opt;
    lzma_lzma_preset(&opt, 6);
    REQUIRE(lzma_alone_encoder(&strm, &opt) == LZMA_OK);
  } else {
    REQUIRE(lzma_easy_encoder(&strm, 6, LZMA_CHECK_CRC64) == LZMA_OK);
  }
  std::string out(in.size() + 1024, '\0');
  strm.next_in = reinterpret_cast<const uint8_t*>(in.data());
  strm.avail_in = in.size();
  strm.next_out = reinterpret_cast<uint8_t*>(out.data());
  strm.avail_out = out.size();
  REQUIRE(lzma_code(&strm, LZMA_FINISH) == LZMA_STREAM_END);
  out.resize(out.size() - strm.avail_out);
  lzma_end(&strm);
  return out;
}

inline std::string bz2(const std::string& in) {
  std::string out(in.size() + 1024, '\0');
  auto len = static_cast<unsigned>(out.size());
  REQUIRE(BZ2_bzBuffToBuffCompress(out.data(), &len, const_cast<char*>(in.data()),
                                   static_cast<unsigned>(in.size()), 9, 0, 0) == BZ_OK);
  out.resize(len);
  return out;
}

inline std::string gz(const std::string& in) {
  z_stream strm{};
  REQUIRE(deflateInit2(&strm, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) == Z_OK);
  std::string out(in.size() + 1024, '\0');
  strm.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  strm.avail_in = static_cast<uInt>(in.size());
  strm.next_out = reinterpret_cast<Bytef*>(out.data());
  strm.avail_out = static_cast<uInt>(out.size());
  REQUIRE(deflate(&strm, Z_FINISH) == Z_STREAM_END);
  out.resize(out.size() - strm.avail_out);
  deflateEnd(&strm);
  return out;
}

}  // namespace arcwave::test
