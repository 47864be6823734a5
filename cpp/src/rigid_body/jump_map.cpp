#include "lgvci/rigid_body/jump_map.hpp"

namespace lgvci {

double normalVelocity(const Vec3& n, const Vec3& chi, const Vec3& gamma, const Vec3& Pi, double mass,
                      const Mat3& Jinv) {
  return n.dot(gamma) / mass + chi.dot(Jinv * Pi);
}

JumpResult jumpMap(const Vec3& n, const Vec3& chi, const Vec3& gamma, const Vec3& Pi, double mass,
                   const Mat3& Jinv) {
  // Non-zero root of the quadratic (4.21c) after substituting (4.21a–b).
  const double a = 1.0 / mass + chi.dot(Jinv * chi);
  JumpResult r;
  r.lambda = -2.0 * normalVelocity(n, chi, gamma, Pi, mass, Jinv) / a;
  r.gamma = gamma + r.lambda * n;  // (4.21a)
  r.Pi = Pi + r.lambda * chi;      // (4.21b)
  return r;
}

}  // namespace lgvci
