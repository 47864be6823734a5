// The driver's own config fields — the step h, the start time t0, the impact-time tolerance, the root
// finder and the Zeno budget — declared once here and composed into every family's config schema
// (docs/config.md "The driver's fields"), with their single-field rules and the one rule across them
// checked in one place.
#pragma once

#include <string>
#include <vector>

#include "lgvci/core/config_schema.hpp"
#include "lgvci/core/hybrid_driver.hpp"

namespace lgvci {

/// h ≤ 1e6 and h ≥ 1e-12·max(1, |t0|) (t + h ≠ t by some 4500 ulps, so that t advances); |t0| ≤ 1e9.
inline constexpr double kMaxStep = 1e6, kMinStepRel = 1e-12, kMaxStartTime = 1e9;

/// Which of the driver's fields a family's config exposes beyond h and t0 (a family whose driver keeps
/// the defaults of the others leaves them out), and the words of its tolerance row.
struct DriverFieldSet {
  bool tolerance = true, rootFinder = true, maxImpactsPerStep = true;
  std::string toleranceDescription = "Impact-time bracket, a fraction of h.";
};

/// The rows "h", "t0" and, as `which` says, "tolerance", "root_finder", "max_impacts_per_step", to
/// append to a family's ConfigSchema::fields.
std::vector<ConfigField> driverConfigFields(const DriverFieldSet& which = {});

/// The rows' rules on values a program built (a def, a restart) — the same rules the checker applies
/// to a parsed config — then the rule across them, h ≥ 1e-12·max(1, |t0|). Throws InvalidInput("h",
/// "t0", "tolerance" or "max_impacts_per_step", …).
void checkDriverSettings(const DriverSettings& settings, double t0);

}  // namespace lgvci
