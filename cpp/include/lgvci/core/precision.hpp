// The machine epsilon the core's tolerances are multiples of ("n·ε·scale" in the solvers, root finders
// and guards): one definition for every file, so that none keeps its own copy (and files of one folder
// can share a unity translation unit, docs/contributing.md "Build time").
#pragma once

#include <limits>

namespace lgvci {

/// ε of double, 2⁻⁵².
inline constexpr double kMachineEps = std::numeric_limits<double>::epsilon();

}  // namespace lgvci
