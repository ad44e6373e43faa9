// parsers/vectors/vector_file.hpp — files of binary vectors, the input of the cell graph
// (`arcwave cellgraph FILE`). Two formats, told apart by the first bytes (after transparent
// decompression of .xz/.lzma/.bz2/.gz content):
//
// Text: one vector per line, a string of '0' and '1' whose character k is bit k. Spaces and
// tabs around a vector, '\r' before '\n', blank lines and lines starting with '#' (comments)
// are allowed; every vector must have the length of the first one.
//
// Packed (parsers/vectors/FORMAT.md): the 8-byte magic "AWPACKV1", then little-endian u32 ℓ,
// u32 flags (0), u64 n, then n rows of ceil(ℓ/64) little-endian u64 words, bit k of a vector
// being bit k % 64 of word k / 64, padding bits 0 — the in-memory layout of BitVectors.
//
// Errors are InputError: FILE:LINE:COL for text; FILE and the byte offset for packed files.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "graph/cellgraph/bit_vectors.hpp"
#include "parsers/input/byte_source.hpp"

namespace arcwave {

enum class VectorFormat : std::uint8_t { kText, kPacked };

inline constexpr std::string_view kPackedVectorMagic = "AWPACKV1";
inline constexpr std::size_t kPackedVectorHeaderBytes = 24;

/// Reads a vector file ("-" is standard input). At least one vector is required.
BitVectors read_vectors(const std::string& path);
/// Reads vectors from a source, either format.
BitVectors read_vectors(ByteSource& source);
/// Parses text-format vectors held in memory; `name` is the file name in messages.
BitVectors parse_vectors_text(std::string_view text, const std::string& name);

void write_vectors_text(std::ostream& out, const BitVectors& vectors,
                        std::string_view comment = {});
void write_vectors_packed(std::ostream& out, const BitVectors& vectors);
/// Writes a file in one go: to PATH.tmp, then renamed (no partial file on failure).
void write_vectors_file(const std::string& path, const BitVectors& vectors, VectorFormat format,
                        std::string_view comment = {});

/// One vector given on the command line (for example `--from 0110`): its ceil(bits/64)
/// words. `what` names it in errors ("--from"), which point at the offending column.
std::vector<std::uint64_t> parse_vector_argument(std::string_view text, std::uint32_t bits,
                                                 const std::string& what);

}  // namespace arcwave
