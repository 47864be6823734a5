// Collision detection Φ against a plane through the origin (§2.2, §6).
#pragma once

#include <vector>

#include "lgvci/core/precision.hpp"
#include "lgvci/rigid_body/shapes.hpp"

namespace lgvci {

/// The plane P_n = {z : n·z = 0} (6.3), with unit normal n, n3 > 0; the body lives where n·z ≥ 0.
class Plane {
 public:
  Plane() = default;
  /// Validates: finite, non-zero, n3 > 0. Normalises.
  explicit Plane(const Vec3& normal);
  /// Plane tilted by `tilt` from horizontal towards the azimuth `azimuth` (radians):
  /// n = (sin t cos a, sin t sin a, cos t), 0 ≤ t < π/2.
  static Plane fromTilt(double tilt, double azimuth);
  const Vec3& normal() const { return n_; }

 private:
  Vec3 n_ = Vec3::UnitZ();
};

/// Φ at a configuration, with the data the jump map needs: ∂Φ/∂x = n and the rotational gradient
/// χ = ρ_C × Rᵀn (the body-frame moment arm of a unit normal impulse; (4.15) with (6.10)/(6.14)).
struct ContactPoint {
  Vec3 rho = Vec3::Zero();  // ρ_C, body frame
  Vec3 chi = Vec3::Zero();  // χ
  double phi = 0.0;         // this point's own distance n·x + n·Rρ
  int feature = 0;          // the body's contact feature it lies on (Shape::featureCount)
};

/// Φ(x, R) = n·x + min_ρ n·Rρ (6.9).
double collisionFunction(const Shape& body, const Plane& plane, const Vec3& x, const Mat3& R);

/// The rounding error Φ carries: a few ulps of Σ|n_i x_i| + |ρ_C| (from the dot products and from
/// R F), bounded by 64 ε (|n|·|x| + r) with r the body's bounding radius. A state at Φ ≥ −this is not
/// penetrating: the driver's trial steps (RigidBodyModel::phiNoise) and a start (setState, x0) agree.
inline double collisionRoundOff(const Plane& plane, const Vec3& x, double boundingRadius) {
  return 64.0 * kMachineEps * (plane.normal().cwiseAbs().dot(x.cwiseAbs()) + boundingRadius);
}

/// The closest point and its gradient data (the single point of the paper).
ContactPoint closestPoint(const Shape& body, const Plane& plane, const Vec3& x, const Mat3& R);

/// Every contact point within `delta` of the closest one (simultaneous contacts); first = closest.
void contactSet(const Shape& body, const Plane& plane, const Vec3& x, const Mat3& R, double delta,
                std::vector<ContactPoint>& out);

}  // namespace lgvci
