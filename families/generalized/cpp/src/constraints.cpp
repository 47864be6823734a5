// φ_k(q) and ∇φ_k(q) (Fetecau et al. §4.1, (81) tip by tip).
#include "lgvci/generalized/constraints.hpp"

#include <cmath>

#include "lgvci/core/portable_math.hpp"

namespace lgvci {
namespace {

// Δc = c_{i+1} − c_i of a ball pair and the unit derivatives ∂c_j/∂q_j / ℓ = (cos q_j, sin q_j).
struct PairGeometry {
  double dx, dy, si, ci, sj, cj;
};
PairGeometry pairGeometry(const Constraint& k, const VecX& q) {
  PairGeometry g;
  pmath::sincos(q(k.ball), g.si, g.ci);
  pmath::sincos(q(k.ball + 1), g.sj, g.cj);
  g.dx = k.spacing + k.length * (g.sj - g.si);
  g.dy = -k.length * (g.cj - g.ci);
  return g;
}

}  // namespace

double Constraint::value(const VecX& q) const {
  if (kind == Kind::Linear) return normal.dot(q) + offset;
  if (kind == Kind::BallPair) {
    const PairGeometry g = pairGeometry(*this, q);
    return std::sqrt(g.dx * g.dx + g.dy * g.dy) - 2.0 * radius;
  }
  double s, c;
  pmath::sincos(q(2), s, c);
  return q(1) + a * s + b * c;
}

void Constraint::gradient(const VecX& q, VecX& out) const {
  if (kind == Kind::Linear) {
    out = normal;
    return;
  }
  if (kind == Kind::BallPair) {  // ∂|Δc|/∂q_j = ±ℓ Δc·(cos q_j, sin q_j)/|Δc|
    const PairGeometry g = pairGeometry(*this, q);
    const double d = std::sqrt(g.dx * g.dx + g.dy * g.dy);
    out.setZero(q.size());
    out(ball) = -length * (g.dx * g.ci + g.dy * g.si) / d;
    out(ball + 1) = length * (g.dx * g.cj + g.dy * g.sj) / d;
    return;
  }
  out.setZero(q.size());
  out(1) = 1.0;
  double s, c;
  pmath::sincos(q(2), s, c);
  out(2) = a * c - b * s;
}

double Constraint::hessianBound() const {
  // Ball pair: |Jᵀ∇²|x| J| + |x̂·∇²Δc| ≤ 2ℓ²/|Δc| + ℓ, with |Δc| ≥ r wherever the pair is near contact.
  if (kind == Kind::BallPair) return 2.0 * length * length / radius + length;
  return kind == Kind::Linear ? 0.0 : std::sqrt(a * a + b * b);
}

double Constraint::gradientBound() const {
  if (kind == Kind::BallPair) return std::sqrt(2.0) * length;
  return kind == Kind::Linear ? normal.norm() : std::sqrt(1.0 + a * a + b * b);
}

double Constraint::scale() const {
  if (kind == Kind::BallPair) return spacing + 2.0 * length;
  return kind == Kind::Linear ? std::abs(offset) : std::sqrt(a * a + b * b);
}

Vec3 Constraint::contactPoint(const VecX& q) const {
  if (kind == Kind::BallPair) {  // midpoint of the two centres, pivot of ball i at x = 0
    const PairGeometry g = pairGeometry(*this, q);
    return Vec3(length * g.si + 0.5 * g.dx, -length * g.ci + 0.5 * g.dy, 0.0);
  }
  if (kind == Kind::PlanarPoint) {
    double s, c;
    pmath::sincos(q(2), s, c);
    return Vec3(q(0) + a * c - b * s, q(1) + a * s + b * c, 0.0);
  }
  Vec3 v = Vec3::Zero();
  for (int i = 0; i < std::min<int>(3, static_cast<int>(q.size())); ++i) v(i) = q(i);
  return v;
}

}  // namespace lgvci
