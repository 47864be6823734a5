// The driver's config fields and their rules, once (lgvci/core/driver_schema.hpp).
#include "lgvci/core/driver_schema.hpp"

#include <algorithm>
#include <cmath>

#include "lgvci/core/text.hpp"
#include "lgvci/core/types.hpp"

namespace lgvci {
namespace {

using Type = ConfigField::Type;

ConfigSchema allRows() {
  ConfigSchema s;
  s.fields = driverConfigFields();
  return s;
}

}  // namespace

std::vector<ConfigField> driverConfigFields(const DriverFieldSet& which) {
  std::vector<ConfigField> rows = {
      ConfigField("h", Type::Number, "s", "Time step (and h >= 1e-12 max(1, |t0|)).")
          .range(kMinStepRel, kMaxStep)
          .byDefault("0.01")
          .slider(SliderHint("h", 1e-4, 0.05, 0.01, "s").logScale()),
      ConfigField("t0", Type::Number, "s", "Initial time.").range(-kMaxStartTime, kMaxStartTime).byDefault("0"),
  };
  if (which.tolerance) rows.push_back(ConfigField("tolerance", Type::Number, "", which.toleranceDescription).range(0.0, 1e-3, true).byDefault("1e-15"));
  if (which.rootFinder)
    rows.push_back(ConfigField("root_finder", Type::String, "", "The root finder of the impact time.").oneOf({"bisection", "fast"}).byDefault("\"fast\""));
  if (which.maxImpactsPerStep)
    rows.push_back(ConfigField("max_impacts_per_step", Type::Integer, "", "The Zeno guard: impacts resolved in one step.")
                       .range(1, kMaxImpactsPerStepLimit)
                       .withRule(kMaxImpactsPerStepRule)
                       .byDefault("64"));
  return rows;
}

void checkDriverSettings(const DriverSettings& s, double t0) {
  static const ConfigSchema rows = allRows();
  checkNumber(rows, "t0", t0);
  checkNumber(rows, "h", s.h);
  checkNumber(rows, "tolerance", s.tolerance);
  checkNumber(rows, "max_impacts_per_step", s.maxImpactsPerStep);
  const double hMin = kMinStepRel * std::max(1.0, std::abs(t0));
  if (!(s.h >= hMin)) throw InvalidInput("h", concat("must be >= ", hMin, " = 1e-12 max(1, |t0|), so that t advances (got ", s.h, ")"));
}

}  // namespace lgvci
