// The four numerical experiments of §7 (Table 1).
#pragma once

#include <string>

#include "lgvci/config.hpp"

namespace lgvci {

/// "I" ellipsoid, "II" ellipsoid over the tilted plane, "III" union of ellipsoids, "IV" cube.
/// Throws InvalidInput("case", …) for any other name.
SimulationDef paperCase(const std::string& name);

}  // namespace lgvci
