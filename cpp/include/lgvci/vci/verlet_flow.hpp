// Flight away from impacts: the DEL (73) of the trapezoidal L_d (71) in position–momentum form,
// i.e. velocity Verlet: q⁺ = q + τM⁻¹p − (τ²/2)M⁻¹∇V(q), p⁺ = p − (τ/2)(∇V(q) + ∇V(q⁺)).
#pragma once

#include "lgvci/vci/potential.hpp"
#include "lgvci/vci/state.hpp"

namespace lgvci {

/// One step of size τ (any sign). False when q⁺ leaves V's domain; `out` is then written all the same
/// when it is another state than `in`, and left as it was when it is `in`.
bool verletFlow(const MatX& Minv, const Potential& V, const GeneralizedState& in, double tau, GeneralizedState& out);

/// E_d (72) of the Verlet arc of length τ starting at `start` and ending at `end` (= its q⁺):
/// ½ vᵀMv + (V(q) + V(q⁺))/2 with v = M⁻¹(p − (τ/2)∇V(q)) = (q⁺ − q)/τ.
double arcDiscreteEnergy(const MatX& M, const MatX& Minv, const Potential& V, const GeneralizedState& start, double tau,
                         const VecX& end);

}  // namespace lgvci
