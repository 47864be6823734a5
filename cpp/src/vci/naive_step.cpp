// Symplectic Euler, the naive baseline's flight (lgvci/vci/naive_step.hpp).
#include "lgvci/vci/naive_step.hpp"

#include <utility>

namespace lgvci {

bool symplecticEulerStep(const MatX& Minv, const Potential& V, const GeneralizedState& in, double h, GeneralizedState& out) {
  VecX g;
  V.gradient(in.q, g);
  VecX p = in.p - h * g;  // p ← p − h∇V(q)
  VecX q = in.q + h * (Minv * p);  // q ← q + h M⁻¹p
  if (!p.allFinite() || !q.allFinite() || !V.defined(q)) return false;
  out.t = in.t + h;
  out.p = std::move(p);
  out.q = std::move(q);
  return true;
}

}  // namespace lgvci
