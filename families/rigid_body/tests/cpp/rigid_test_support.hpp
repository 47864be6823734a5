// The rigid body's helpers for its Catch2 tests: closed-form energies, the paper's presets, states
// compared bit for bit, Φ's rounding noise, a ball dropped onto the plane.
#pragma once

#include <cmath>
#include <string>

#include "lgvci/lgvci.hpp"
#include "lgvci/rigid_body/rigid_body.hpp"
#include "test_support.hpp"

namespace lgvci_test {

/// Energy |γ|²/2m + ½ΠᵀJ⁻¹Π + m g e3ᵀx of a state, computed here independently of the library.
inline double totalEnergy(const lgvci::RigidBodyState& s, double m, const Mat3& J, double g) {
  return s.gamma.squaredNorm() / (2.0 * m) + 0.5 * s.Pi.dot(J.inverse() * s.Pi) + m * g * s.x.z();
}

/// A §7 preset with the given root finder (and any further edits), ready to step.
inline lgvci::RigidBodyDef paperDef(const std::string& name,
                                     lgvci::RootFinder finder = lgvci::RootFinder::Illinois) {
  lgvci::RigidBodyDef d = lgvci::paperCase(name);
  d.integrator.rootFinder = finder;
  return d;
}

/// Bitwise equality of two states.
inline bool sameState(const lgvci::RigidBodyState& a, const lgvci::RigidBodyState& b) {
  return a.t == b.t && a.x == b.x && a.R == b.R && a.gamma == b.gamma && a.Pi == b.Pi;
}

/// Rounding noise of Φ at a state: a few ulps of |n·x| plus the body's size (cf. the integrator).
inline double phiRoundoff(const lgvci::HybridIntegrator& sim) {
  const lgvci::RigidBodyState& s = sim.state();
  return 64.0 * 2.220446049250313e-16 *
         (sim.system().plane.normal().cwiseAbs().dot(s.x.cwiseAbs()) + sim.system().body->boundingRadius());
}

/// A ball of radius r (an ellipsoid with equal axes) at rest with its centre at height r + H above
/// the horizontal plane, restitution e.
inline lgvci::RigidBodyDef ballDrop(double H, double e, double r = 1.0) {
  lgvci::RigidBodyDef def;
  def.body.type = lgvci::BodyDef::Type::Ellipsoid;
  def.body.semiAxes = Vec3(r, r, r);
  def.initial.x = Vec3(0, 0, r + H);
  def.integrator.restitution = e;
  return def;
}

}  // namespace lgvci_test
