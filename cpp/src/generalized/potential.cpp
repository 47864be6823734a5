// V(q) of (70)/(80) and its gradient.
#include "lgvci/generalized/potential.hpp"

namespace lgvci {

double Potential::value(const VecX& q) const {
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
  out.setZero(q.size());
  out(axis) = slope(q);
}

bool Potential::defined(const VecX& q) const { return kind == Kind::Linear || q(axis) > -radius; }

}  // namespace lgvci
