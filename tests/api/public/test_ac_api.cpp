// arc_consistency (arcwave/ac.hpp), read_xcsp_file (arcwave/xcsp.hpp) and summarize
// (arcwave/model_summary.hpp): every propagator reaches the same closure (it is unique), the
// path and model overloads agree, options are checked before the file is read.
#include <string>

#include "arcwave/ac.hpp"
#include "arcwave/error.hpp"
#include "arcwave/model_summary.hpp"
#include "arcwave/xcsp.hpp"
#include "tests/support/catch.hpp"
#include "tests/support/paths.hpp"

namespace {

std::string instance(const std::string& name) {
  return (arcwave::test::instances_dir() / "xcsp3" / name).string();
}

}  // namespace

TEST_CASE("read_xcsp_file and summarize describe an instance", "[api][xcsp]") {
  const arcwave::XcspFile f = arcwave::read_xcsp_file(instance("queens-8.xml"));
  CHECK(f.format == arcwave::XcspFormat::kXcsp3);
  CHECK(arcwave::to_string(f.format) == "XCSP3");
  CHECK(f.seconds >= 0);
  CHECK(f.stats.threads >= 1);
  const arcwave::ModelSummary s = arcwave::summarize(f.model);
  CHECK(s.variables == 8);
  CHECK(s.declared == 8);
  CHECK(s.auxiliary() == 0);
  CHECK(s.min_domain == 8);
  CHECK(s.max_domain == 8);
  CHECK(s.total_values == 64);
  std::size_t grouped = 0;
  for (const arcwave::ConstraintGroup& g : s.groups) grouped += g.count;
  CHECK(grouped == s.constraints);
  CHECK(s.constraints == f.model.constraints().size());
  CHECK_THROWS_AS(arcwave::read_xcsp_file(instance("no-such-file.xml")), arcwave::InputError);
}

TEST_CASE("arc_consistency: every propagator reaches the same closure", "[api][ac]") {
  using arcwave::AcPropagator;
  for (const char* name : {"rb-12-6-30-0.5-1.xml", "rand-3-12-4-20-0.6-6.xml", "queens-8.xml"}) {
    INFO(name);
    const arcwave::XcspFile f = arcwave::read_xcsp_file(instance(name));
    arcwave::AcOptions o;
    o.backend = arcwave::Backend::kCpu;
    const arcwave::AcResult reference = arcwave::arc_consistency(f.model, o);
    REQUIRE(reference.domains.size() == f.model.variable_count());
    CHECK(reference.variables == f.model.variable_count());
    CHECK_FALSE(reference.ne.has_value());
    for (const AcPropagator p : {AcPropagator::kAc3Bit, AcPropagator::kCompactTable,
                                 AcPropagator::kAc4Gpu, AcPropagator::kAc4GpuPlus}) {
      INFO(arcwave::to_string(p));
      o.propagator = p;
      const arcwave::AcResult r = arcwave::arc_consistency(instance(name), o);
      CHECK(r.wiped_out == reference.wiped_out);
      CHECK(r.removed == reference.removed);
      CHECK(r.parse_seconds > 0);
      CHECK(r.ne.has_value() == arcwave::uses_ne_model(p));
      REQUIRE(r.domains.size() == reference.domains.size());
      for (std::size_t x = 0; x < r.domains.size(); ++x) {
        CHECK(r.domains[x].variable == f.model.variables()[x].name);
        CHECK(r.domains[x].values == reference.domains[x].values);
      }
    }
  }
}

TEST_CASE("arc_consistency: names, and options checked before reading", "[api][ac]") {
  using arcwave::AcPropagator;
  for (const AcPropagator p :
       {AcPropagator::kAc4, AcPropagator::kAc3Bit, AcPropagator::kCompactTable,
        AcPropagator::kAc4Gpu, AcPropagator::kAc4GpuPlus, AcPropagator::kAc4GpuFrontier})
    CHECK(arcwave::parse_ac_propagator(arcwave::to_string(p)) == p);
  CHECK(arcwave::parse_ac_propagator("ac3bit+rm") == AcPropagator::kAc3Bit);
  CHECK_THROWS_AS(arcwave::parse_ac_propagator("ac5"), arcwave::InputError);
  arcwave::AcOptions o;
  o.backend = arcwave::Backend::kGpu;  // a CPU propagator on the GPU: before the missing file
  CHECK_THROWS_AS(arcwave::arc_consistency(instance("no-such-file.xml"), o), arcwave::Unsupported);
  o.propagator = AcPropagator::kAc4GpuFrontier;
  o.backend = arcwave::Backend::kCpu;  // the frontier variant is CUDA code
  CHECK_THROWS_AS(arcwave::arc_consistency(instance("queens-8.xml"), o), arcwave::Unsupported);
}
