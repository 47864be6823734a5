// A generalized-coordinates simulation as plain data, its JSON form, and the paper's two presets
// (Fetecau et al. §4.2 particle, §4.3 four-point star; g = 9.81, which the paper does not give).
#pragma once

#include <optional>
#include <string>

#include "lgvci/core/config_schema.hpp"
#include "lgvci/core/hybrid_driver.hpp"
#include "lgvci/generalized/cradle.hpp"
#include "lgvci/generalized/generalized_model.hpp"

namespace lgvci {

struct GeneralizedDef {
  std::string caseName;  // "particle", "star", "cradle" or "" for a custom set-up
  std::optional<CradleParams> cradle;  // the parameters the cradle was built from (JSON "cradle")
  GeneralizedSystem system;
  double t0 = 0.0;
  VecX q0;
  VecX p0;  // the config may give "qdot0" instead: p0 = M q̇0
  DriverSettings integrator;
  double contactTolerance = 1e-10;
  /// Config "integrator": "naive" runs the naive baseline (docs/baselines.md "The naive baseline")
  /// instead of Fetecau et al.'s VCI ("vci", the default).
  bool naive = false;
};

/// "particle": q = (x, y), m = 1, V = m g y, φ = y, h = 0.01, q0 = (0, 1), q̇0 = (−2, 0).
/// "star": q = (x, y, θ), M = diag(m, m, I), I = (29/192) m L², m = L = 1, V = m g y, four tips at the
/// corners (±L/2, ±L/2) of the square hull, h = 0.005, q0 = (0, 3.5, 0), q̇0 = (−2, 0, 5).
/// Throws InvalidInput("case", …) for any other name.
GeneralizedDef generalizedPreset(const std::string& name);

/// The config's fields, bounds and defaults (docs/config.md), the cradle's included: what
/// parseGeneralizedConfig checks before its rules across fields (sizes like q0, M positive definite, …).
const ConfigSchema& generalizedConfigSchema();

/// Parse JSON ("model": "generalized"; docs/cli.md "Configuration (JSON)"); a "case" starts from that preset.
/// Throws InvalidInput naming the field.
GeneralizedDef parseGeneralizedConfig(const std::string& json);
/// The same over a document already read once (the family's factory, FamilyInfo::create).
GeneralizedDef parseGeneralizedConfig(const ConfigDocument& config);
std::string toJson(const GeneralizedDef& def, int indent = -1);
/// Validates everything including φ_k(q0) ≥ 0 (throws InvalidInput) and builds the driver.
HybridDriver<GeneralizedModel> makeGeneralizedDriver(const GeneralizedDef& def);

}  // namespace lgvci
