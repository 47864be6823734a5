// The four numerical experiments of §7 (Table 1), and the contact set-ups of issue 12 (README
// "Persistent contact").
#pragma once

#include <string>

#include "lgvci/config.hpp"

namespace lgvci {

/// The rigid body's presets, as listed in error messages.
inline constexpr const char* kRigidPresetNames = "I, II, III, IV, rest, slide, rocking";

/// "I" ellipsoid, "II" ellipsoid over the tilted plane, "III" union of ellipsoids, "IV" cube.
/// Throws InvalidInput("case", …) for any other name.
SimulationDef paperCase(const std::string& name);

/// The paper's four, and: "rest" (Case I's ellipsoid at rest on the plane), "slide" (a rounded cube
/// at rest on a face of a plane tilted 20°), "rocking" (an ellipsoid on its side, tilted 30°, swung
/// so that it lifts off, e = 0.5). Throws InvalidInput("case", …) for any other name.
SimulationDef rigidPreset(const std::string& name);
bool isRigidPreset(const std::string& name);

}  // namespace lgvci
