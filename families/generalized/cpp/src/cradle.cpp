// The cradle preset built from its parameters.
#include "lgvci/generalized/cradle.hpp"

#include <cmath>

#include "lgvci/generalized/generalized_config.hpp"

namespace lgvci {

void validateCradle(const CradleParams& c) {
  // Each field's bounds are the config schema's rows (generalizedConfigSchema, docs/config.md); the
  // rules across fields are here.
  const ConfigSchema& S = generalizedConfigSchema();
  checkNumber(S, "cradle.balls", c.balls);
  checkNumber(S, "cradle.pulled", c.pulled);
  if (c.pulled > c.balls)
    throw InvalidInput("cradle.pulled", "must be an integer in [1, " + std::to_string(c.balls) + "] (at most cradle.balls)");
  checkNumber(S, "cradle.angle", c.angle);
  checkNumber(S, "cradle.mass", c.mass);
  checkNumber(S, "cradle.length", c.length);
  if (!(c.radius >= 1e-3 * c.length && c.radius <= 0.25 * c.length))
    throw InvalidInput("cradle.radius", "must be in [1e-3, 0.25] x length");
  checkNumber(S, "cradle.gap", c.gap);
  if (!(c.gap <= c.radius)) throw InvalidInput("cradle.gap", "must be in [0, radius]");
  checkNumber(S, "cradle.g", c.g);
}

GeneralizedDef cradlePreset(const CradleParams& c) {
  validateCradle(c);
  GeneralizedDef d;
  d.caseName = "cradle";
  d.cradle = c;
  const long n = c.balls;
  d.system.M = MatX::Identity(n, n) * (c.mass * c.length * c.length);  // M = m ℓ² I
  d.system.V.kind = Potential::Kind::Pendulums;                         // V = −m g ℓ Σ cos θ_i
  d.system.V.mass = c.mass;
  d.system.V.g = c.g;
  d.system.V.length = c.length;
  d.system.V.axis = 0;
  for (int i = 0; i + 1 < c.balls; ++i) {  // φ_i = |c_{i+1} − c_i| − 2r
    Constraint k;
    k.kind = Constraint::Kind::BallPair;
    k.ball = i;
    k.spacing = 2.0 * c.radius + c.gap;
    k.length = c.length;
    k.radius = c.radius;
    d.system.constraints.push_back(k);
  }
  d.system.policy = c.policy;
  d.system.restTruncation = c.policy != ImpactPolicy::Sequential;
  d.integrator.h = 0.01;
  d.integrator.tolerance = 1e-15;
  d.q0 = VecX::Zero(n);
  for (int i = 0; i < c.pulled; ++i) d.q0(i) = c.angle;
  d.p0 = VecX::Zero(n);
  return d;
}

const char* policyName(ImpactPolicy p) {
  return p == ImpactPolicy::Chain ? "chain" : p == ImpactPolicy::Simultaneous ? "simultaneous" : "sequential";
}

ImpactPolicy parsePolicy(const std::string& name, const std::string& field) {
  if (name == "chain") return ImpactPolicy::Chain;
  if (name == "simultaneous") return ImpactPolicy::Simultaneous;
  if (name == "sequential") return ImpactPolicy::Sequential;
  throw InvalidInput(field, "must be \"chain\", \"simultaneous\" or \"sequential\"");
}

}  // namespace lgvci
