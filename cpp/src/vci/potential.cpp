// V(q) of (70)/(80) and its gradient.
#include "lgvci/vci/potential.hpp"

#include "lgvci/core/portable_math.hpp"

namespace lgvci {

double Potential::value(const VecX& q) const {
  if (kind == Kind::Pendulums) {  // −m g ℓ Σ cos q_i
    double sum = 0.0;
    for (long i = 0; i < q.size(); ++i) sum += pmath::cos(q(i));
    return -mass * g * length * sum;
  }
  const double y = q(axis);
  if (kind == Kind::Linear) return mass * g * y;
  return mass * g * radius * y / (radius + y);
}

double Potential::slope(const VecX& q) const {
  if (kind == Kind::Linear) return mass * g;
  const double d = radius + q(axis);
  return mass * g * radius * radius / (d * d);
}

void Potential::gradient(const VecX& q, VecX& out) const {
  if (kind == Kind::Pendulums) {  // m g ℓ sin q_i
    out.resize(q.size());
    for (long i = 0; i < q.size(); ++i) out(i) = mass * g * length * pmath::sin(q(i));
    return;
  }
  out.setZero(q.size());
  out(axis) = slope(q);
}

bool Potential::defined(const VecX& q) const { return kind != Kind::Newtonian || q(axis) > -radius; }

}  // namespace lgvci
