#include "lgvci/rigid_body/jump_map.hpp"

namespace lgvci {

double normalVelocity(const Vec3& n, const Vec3& chi, const Vec3& gamma, const Vec3& Pi, double mass,
                      const Mat3& Jinv) {
  return n.dot(gamma) / mass + chi.dot(Jinv * Pi);
}

// Along the impulse direction (n, χ) the kinetic energy is T(λ) = T⁻ + λ v_n + ½ a λ². Corollary 4.4
// asks T(λ) = T⁻ (4.21c): λ = 0 or λ = −2 v_n/a. With restitution (Fetecau et al. §2.5, the energy
// term of the contact force as a loss) T(λ) = T⁻ − (1 − e²)·½ v_n²/a, whose outgoing root is
// λ = −(1 + e) v_n/a: the contact point leaves with normal velocity v_n + aλ = −e v_n. Tangential
// momentum and the angular momentum about the contact point are untouched since the impulse is
// along the normal at the contact point.
JumpResult jumpMap(const Vec3& n, const Vec3& chi, const Vec3& gamma, const Vec3& Pi, double mass,
                   const Mat3& Jinv, double restitution) {
  const double a = 1.0 / mass + chi.dot(Jinv * chi);
  const double vn = normalVelocity(n, chi, gamma, Pi, mass, Jinv);
  JumpResult r;
  r.lambda = -(1.0 + restitution) * vn / a;  // e = 1: exactly −2 v_n/a, the paper's root
  r.dissipated = (1.0 - restitution * restitution) * 0.5 * vn * vn / a;
  r.gamma = gamma + r.lambda * n;  // (4.21a)
  r.Pi = Pi + r.lambda * chi;      // (4.21b)
  return r;
}

}  // namespace lgvci
