// A billiard as plain data, its JSON form (docs/billiard.md "Configuration"), and its two presets.
#pragma once

#include <string>
#include <vector>

#include "lgvci/billiard/billiard_model.hpp"
#include "lgvci/core/config_schema.hpp"
#include "lgvci/core/hybrid_driver.hpp"

namespace lgvci {

struct BilliardDef {
  std::string caseName;  // "billiard-ellipse", "billiard-stadium" or "" for a custom set-up
  BilliardSystem system;
  double h = 0.01;
  double t0 = 0.0;
  Vec2 q0 = Vec2::Zero();
  Vec2 v0 = Vec2::Zero();  // p0 = m v0, unless the momentum is given:
  /// The config's "p0" instead of "v0" (a restart at a run's momentum, Simulation::setState: m·(p/m)
  /// need not be p in binary64).
  bool momentumGiven = false;
  Vec2 p0 = Vec2::Zero();
  /// Config "integrator": "naive" runs the naive baseline (docs/baselines.md "The naive baseline")
  /// instead of the VCI ("vci", the default).
  bool naive = false;
};

/// The preset names, in the order they are listed.
const std::vector<std::string>& billiardPresetNames();
/// "billiard-ellipse": a = 2, b = 1, q0 = (0.5, 0.2), v0 = (0.6, 0.8); "billiard-stadium": r = 1,
/// l = 1, q0 = (0.3, 0.1), v0 = (0.8, 0.6); both m = 1, g = 0, h = 0.01, t0 = 0. Throws
/// InvalidInput("case", …) for another name.
BilliardDef billiardPreset(const std::string& name);
/// The config's fields, bounds and defaults (docs/config.md): what parseBilliardConfig checks before its
/// rules across fields (the ellipse's aspect ratio, h against t0, q0 inside the table).
const ConfigSchema& billiardConfigSchema();
/// Parse and validate JSON ("model": "billiard"); a "case" starts from that preset, the given fields
/// replace its (a "table" of another shape replaces the preset's table whole). Throws InvalidInput
/// naming the field.
BilliardDef parseBilliardConfig(const std::string& json);
/// The same over a document already read once (the family's factory, FamilyInfo::create).
BilliardDef parseBilliardConfig(const ConfigDocument& config);
/// The fully resolved config: parseBilliardConfig(toJson(d)) is d, bit for bit.
std::string toJson(const BilliardDef& def, int indent = -1);
/// Builds the driver of a validated def (parseBilliardConfig's).
HybridDriver<BilliardModel> makeBilliardDriver(const BilliardDef& def);

}  // namespace lgvci
