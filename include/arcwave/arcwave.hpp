// arcwave/arcwave.hpp — every public header at once (link arcwave::arcwave). Each capability
// also has its own header and CMake target: solver.hpp / model.hpp / expr_text.hpp / xcsp.hpp /
// model_summary.hpp / ac.hpp / competition.hpp
// (arcwave::solver), grid.hpp (arcwave::grid), paths.hpp (arcwave::paths), cellgraph.hpp
// (arcwave::cellgraph), polyline.hpp (arcwave::polyline).
#pragma once

#include "arcwave/ac.hpp"
#include "arcwave/backend.hpp"
#include "arcwave/cellgraph.hpp"
#include "arcwave/competition.hpp"
#include "arcwave/error.hpp"
#include "arcwave/expr.hpp"
#include "arcwave/expr_text.hpp"
#include "arcwave/grid.hpp"
#include "arcwave/model.hpp"
#include "arcwave/model_summary.hpp"
#include "arcwave/paths.hpp"
#include "arcwave/polyline.hpp"
#include "arcwave/solver.hpp"
#include "arcwave/version.hpp"
#include "arcwave/xcsp.hpp"
