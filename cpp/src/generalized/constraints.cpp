// φ_k(q) and ∇φ_k(q) (Fetecau et al. §4.1, (81) tip by tip).
#include "lgvci/generalized/constraints.hpp"

#include <cmath>

#include "lgvci/core/portable_math.hpp"

namespace lgvci {

double Constraint::value(const VecX& q) const {
  if (kind == Kind::Linear) return normal.dot(q) + offset;
  double s, c;
  pmath::sincos(q(2), s, c);
  return q(1) + a * s + b * c;
}

void Constraint::gradient(const VecX& q, VecX& out) const {
  if (kind == Kind::Linear) {
    out = normal;
    return;
  }
  out.setZero(q.size());
  out(1) = 1.0;
  double s, c;
  pmath::sincos(q(2), s, c);
  out(2) = a * c - b * s;
}

double Constraint::hessianBound() const { return kind == Kind::Linear ? 0.0 : std::sqrt(a * a + b * b); }

double Constraint::gradientBound() const {
  return kind == Kind::Linear ? normal.norm() : std::sqrt(1.0 + a * a + b * b);
}

double Constraint::scale() const {
  return kind == Kind::Linear ? std::abs(offset) : std::sqrt(a * a + b * b);
}

Vec3 Constraint::contactPoint(const VecX& q) const {
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
