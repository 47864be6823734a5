// The four numerical experiments of §7 (Table 1), and the contact set-ups (docs/rigid-body.md
// "Persistent contact").
#pragma once

#include <string>

#include "lgvci/rigid_body/config.hpp"

namespace lgvci {

/// The rigid body's presets, as listed in error messages.
inline constexpr const char* kRigidPresetNames = "I, II, III, IV, rest, slide, rocking";

/// "I" ellipsoid, "II" ellipsoid over the tilted plane, "III" union of ellipsoids, "IV" cube.
/// Throws InvalidInput("case", …) for any other name.
RigidBodyDef paperCase(const std::string& name);

/// The paper's four, and: "rest" (Case I's ellipsoid at rest on the plane), "slide" (a rounded cube
/// at rest on a face of a plane tilted 20°), "rocking" (an ellipsoid on its side, tilted 30°, swung
/// so that it lifts off, e = 0.5). Throws InvalidInput("case", …) for any other name.
RigidBodyDef rigidPreset(const std::string& name);
bool isRigidPreset(const std::string& name);

/// Which inputs of a preset a config changed (the keys it gives over the preset).
struct PresetChanges {
  bool attitude = false;  // R0
  bool body = false;      // body
  bool plane = false;     // plane
  bool position = false;  // x0 (then it is kept as given)
  bool momentum = false;  // gamma0 (then it is kept as given)
  bool spin = false;      // Pi0
  bool mass = false;      // mass, inertia or mass_properties
};
/// The contact presets' starts are derived from their inputs: "rest", "slide" and "rocking" touch
/// the plane (x0 from R0, the body and the plane; "slide"'s R0 lays its face on the plane) and
/// "rocking" starts with the contact point's normal velocity zero (γ0 from Π0, R0, the body and the
/// mass). When a config changes such an input and not the derived value itself, the value is derived
/// again from the new inputs (else e.g. Π0 = (0, 4, 0) would keep the γ0 computed for (0, 5, 0) and
/// the body would leave the plane at once). Other presets are left as they are.
void rederivePresetStart(RigidBodyDef& d, const PresetChanges& changes);

}  // namespace lgvci
