// φ_k(q) and ∇φ_k(q) (Fetecau et al. §4.1, (81) tip by tip).
#include "lgvci/generalized/constraints.hpp"

#include <cmath>

namespace lgvci {

double Constraint::value(const VecX& q) const {
  if (kind == Kind::Linear) return normal.dot(q) + offset;
  return q(1) + a * std::sin(q(2)) + b * std::cos(q(2));
}

void Constraint::gradient(const VecX& q, VecX& out) const {
  if (kind == Kind::Linear) {
    out = normal;
    return;
  }
  out.setZero(q.size());
  out(1) = 1.0;
  out(2) = a * std::cos(q(2)) - b * std::sin(q(2));
}

double Constraint::hessianBound() const { return kind == Kind::Linear ? 0.0 : std::hypot(a, b); }

double Constraint::gradientBound() const {
  return kind == Kind::Linear ? normal.norm() : std::sqrt(1.0 + a * a + b * b);
}

double Constraint::scale() const {
  return kind == Kind::Linear ? std::abs(offset) : std::hypot(a, b);
}

Vec3 Constraint::contactPoint(const VecX& q) const {
  if (kind == Kind::PlanarPoint) {
    const double c = std::cos(q(2)), s = std::sin(q(2));
    return Vec3(q(0) + a * c - b * s, q(1) + a * s + b * c, 0.0);
  }
  Vec3 v = Vec3::Zero();
  for (int i = 0; i < std::min<int>(3, static_cast<int>(q.size())); ++i) v(i) = q(i);
  return v;
}

}  // namespace lgvci
