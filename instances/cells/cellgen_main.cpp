// arcwave-cellgen — writes a sample of a cell scene as a vector file (text or packed) for
// `arcwave cellgraph`:
//   arcwave-cellgen --scene rotations --constraints 16 --samples 400 -o rot.txt
//   arcwave-cellgen --scene hyperplanes --dim 4 --constraints 256 --distinct 100000
//                   --samples 125000 --format packed -o h4.vec   (20 % duplicates)
#include <cstdio>
#include <string>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "arcwave/error.hpp"
#include "instances/cells/scenes.hpp"
#include "parsers/vectors/vector_file.hpp"

int main(int argc, char** argv) {
  using namespace arcwave;
  CLI::App app{"arcwave-cellgen: sample a cell scene into a vector file"};
  std::string scene_name = "hyperplanes";
  gen::cells::SceneParams params;
  std::uint64_t samples = 1000;
  std::uint64_t distinct = 0;
  std::uint64_t sample_seed = 1;
  std::string format = "text";
  std::string output;
  app.add_option("--scene", scene_name, "hyperplanes, quadrics or rotations (SO(3))")
      ->capture_default_str();
  app.add_option("--dim", params.dimension, "dimension d of R^d (hyperplanes, quadrics)")
      ->capture_default_str();
  app.add_option("--constraints", params.constraints, "ℓ, bits per vector")->capture_default_str();
  app.add_option("--scene-seed", params.seed, "seed of the scene")->capture_default_str();
  app.add_option("--samples", samples, "n, vectors written")->capture_default_str();
  app.add_option("--distinct", distinct,
                 "write this many distinct vectors, plus (samples - distinct) copies of them, "
                 "shuffled (0: plain sampling, duplicates as they fall)")
      ->capture_default_str();
  app.add_option("--seed", sample_seed, "seed of the sample points")->capture_default_str();
  app.add_option("--format", format, "text or packed")->capture_default_str();
  app.add_option("-o,--output", output, "output file")->required();
  CLI11_PARSE(app, argc, argv);
  try {
    params.kind = gen::cells::parse_scene_kind(scene_name);
    if (format != "text" && format != "packed")
      throw InputError(fmt::format("--format {}: expected text or packed", format));
    const gen::cells::Scene scene(params);
    BitVectors vectors;
    std::string how;
    if (distinct > 0) {
      if (distinct > samples) throw InputError("--distinct is larger than --samples");
      const BitVectors unique =
          gen::cells::sample_distinct_vectors(scene, distinct, sample_seed, 64 * distinct);
      vectors = gen::cells::with_duplicates(unique, samples, sample_seed);
      how =
          fmt::format("{} distinct vectors and {} copies, shuffled", distinct, samples - distinct);
    } else {
      vectors = gen::cells::sample_vectors(scene, samples, sample_seed);
      how = fmt::format("{} sample points (seed {})", samples, sample_seed);
    }
    write_vectors_file(output, vectors,
                       format == "packed" ? VectorFormat::kPacked : VectorFormat::kText,
                       fmt::format("arcwave-cellgen: {}\n{}", scene.describe(), how));
  } catch (const Error& e) {
    fmt::print(stderr, "arcwave-cellgen: {}\n", e.what());
    return e.exit_code();
  }
  return 0;
}
