#include "lgvci/rigid_body/collision.hpp"

#include "lgvci/core/portable_math.hpp"

#include <cmath>
#include "lgvci/core/precision.hpp"

namespace lgvci {

Plane::Plane(const Vec3& normal) {
  if (!normal.allFinite()) throw InvalidInput("plane.normal", "must be finite numbers");
  const double len = normal.norm();
  if (!(len > 0.0)) throw InvalidInput("plane.normal", "must be non-zero");
  // Normalise, but leave an already-unit vector alone so that a round trip through JSON is exact.
  n_ = std::abs(len - 1.0) <= 4.0 * kMachineEps ? normal : Vec3(normal / len);
  if (!(n_.z() > 0.0))
    throw InvalidInput("plane.normal", "must have n3 > 0 (gravity along -e3 must point into the plane)");
}

Plane Plane::fromTilt(double tilt, double azimuth) {
  if (!std::isfinite(tilt) || tilt < 0.0 || tilt >= M_PI / 2)
    throw InvalidInput("plane.tilt", "must be in [0, pi/2) radians");
  if (!std::isfinite(azimuth)) throw InvalidInput("plane.azimuth", "must be a finite number");
  double st, ct, sa, ca;
  pmath::sincos(tilt, st, ct);
  pmath::sincos(azimuth, sa, ca);
  return Plane(Vec3(st * ca, st * sa, ct));
}

double collisionFunction(const Shape& body, const Plane& plane, const Vec3& x, const Mat3& R) {
  const Vec3& n = plane.normal();
  return n.dot(x) + body.lowest(R.transpose() * n).value;  // (6.9)
}

ContactPoint closestPoint(const Shape& body, const Plane& plane, const Vec3& x, const Mat3& R) {
  const Vec3& n = plane.normal();
  const Vec3 u = R.transpose() * n;
  const SupportPoint s = body.lowest(u);
  return {s.rho, s.rho.cross(u), n.dot(x) + s.value, s.feature};
}

void contactSet(const Shape& body, const Plane& plane, const Vec3& x, const Mat3& R, double delta,
                std::vector<ContactPoint>& out) {
  const Vec3& n = plane.normal();
  const Vec3 u = R.transpose() * n;
  static thread_local std::vector<SupportPoint> pts;
  pts.clear();
  body.lowestSet(u, delta, pts);
  out.clear();
  for (const auto& s : pts) out.push_back({s.rho, s.rho.cross(u), n.dot(x) + s.value, s.feature});
}

}  // namespace lgvci
