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

}  // namespace lgvci_test
