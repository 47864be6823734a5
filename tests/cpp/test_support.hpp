// Shared helpers of the native test suite: seeded random inputs and small closed forms.
#pragma once

#include <Eigen/Geometry>
#include <cmath>
#include <random>
#include <string>

#include "lgvci/lgvci.hpp"

namespace lgvci_test {

using lgvci::Mat3;
using lgvci::Vec3;
using Rng = std::mt19937;

inline double uniform(Rng& rng, double lo, double hi) {
  return std::uniform_real_distribution<double>(lo, hi)(rng);
}

/// Uniform in the cube [−scale, scale]³.
inline Vec3 randomVec(Rng& rng, double scale) {
  return Vec3(uniform(rng, -scale, scale), uniform(rng, -scale, scale), uniform(rng, -scale, scale));
}

/// Uniform on the unit sphere.
inline Vec3 randomUnit(Rng& rng) {
  std::normal_distribution<double> N(0.0, 1.0);
  Vec3 v;
  do {
    v = Vec3(N(rng), N(rng), N(rng));
  } while (v.norm() < 1e-3);
  return v.normalized();
}

/// Random rotation from a uniformly distributed unit quaternion.
inline Mat3 randomRotation(Rng& rng) {
  std::normal_distribution<double> N(0.0, 1.0);
  Eigen::Quaterniond q;
  do {
    q = Eigen::Quaterniond(N(rng), N(rng), N(rng), N(rng));
  } while (q.norm() < 1e-3);
  q.normalize();
  return q.toRotationMatrix();
}

/// A unit plane normal with n3 ≥ minN3 > 0 (the half-sphere S²₊ of §6.1).
inline Vec3 randomPlaneNormal(Rng& rng, double minN3 = 0.2) {
  Vec3 n;
  do {
    n = randomUnit(rng);
    if (n.z() < 0) n = -n;
  } while (n.z() < minN3);
  return n;
}

/// Inertia of a physical body: principal moments d2+d3, d1+d3, d1+d2 (so J_d = ½trJ·I − J ≥ 0),
/// in a random principal frame.
inline Mat3 randomInertia(Rng& rng, double lo = 0.2, double hi = 3.0) {
  const Vec3 d(uniform(rng, lo, hi), uniform(rng, lo, hi), uniform(rng, lo, hi));
  const Vec3 moments(d.y() + d.z(), d.x() + d.z(), d.x() + d.y());
  const Mat3 Q = randomRotation(rng);
  Mat3 J = Q * moments.asDiagonal() * Q.transpose();
  return 0.5 * (J + J.transpose());
}

/// A generic symmetric positive-definite matrix (not necessarily a physical inertia).
inline Mat3 randomSPD(Rng& rng) {
  Mat3 A;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) A(i, j) = uniform(rng, -1.0, 1.0);
  Mat3 J = A * A.transpose() + 0.3 * Mat3::Identity();
  return 0.5 * (J + J.transpose());
}

/// J_d = ½ tr(J) I − J (4.1).
inline Mat3 nonstandardInertia(const Mat3& J) { return 0.5 * J.trace() * Mat3::Identity() - J; }

/// A rotation taking the unit vector a to the unit vector b.
inline Mat3 rotationTaking(const Vec3& a, const Vec3& b) {
  return Eigen::Quaterniond::FromTwoVectors(a, b).toRotationMatrix();
}

inline Mat3 rotationAboutX(double angle) {
  return Eigen::AngleAxisd(angle, Vec3::UnitX()).toRotationMatrix();
}

/// |x − y| / |y|, the relative error of a scalar.
inline double relErr(double x, double y) { return std::abs(x - y) / std::abs(y); }

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
