// The exact tangent map of a run (docs/jacobians.md): the product of its steps' Jacobians in the family's
// canonical chart (StepJacobian, lgvci/core/extensions.hpp), with what a symplectic map keeps of it
// (det = 1, Dᵀ𝕁D = 𝕁) and its JSON object {"coordinates": [...], "matrix": [[...]]}.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "lgvci/core/simulation.hpp"

namespace lgvci {

/// ∂z(t)/∂z(t0) in the chart (q₁ … q_n, p₁ … p_n).
struct TangentMap {
  std::vector<std::string> coordinates;  // the 2n names, the rows' and the columns' order
  std::vector<double> matrix;            // row-major, (2n)²
  long long steps = 0;                   // the steps it spans
  double t0 = 0.0, t = 0.0;              // from t0 to t

  int dimension() const { return static_cast<int>(coordinates.size()); }
  double at(int row, int col) const { return matrix[static_cast<std::size_t>(row * dimension() + col)]; }
};

/// Takes `steps` steps of `sim` (≥ 0; 0 gives the identity) and returns their tangent map J_N ⋯ J_1.
/// Throws InvalidInput("jacobian", …) for a run without StepJacobian (an integrator without exact
/// derivatives: the naive baseline, RK4, a family not yet covered), and std::domain_error naming the step
/// where a step halted or its map is not differentiable (docs/jacobians.md "Where the map is not smooth").
/// `afterStep`, when given, is called after each step with the run and that step's Jacobian (row-major).
using StepJacobianObserver = std::function<void(const Simulation& run, const double* stepJacobian)>;
TangentMap runTangentMap(Simulation& sim, long long steps, const StepJacobianObserver& afterStep = {});

/// The Jacobian of the next step of `sim` (which is taken): runTangentMap(sim, 1).
inline TangentMap stepTangentMap(Simulation& sim) { return runTangentMap(sim, 1); }

/// det D.
double tangentDeterminant(const TangentMap& map);
/// The exact symplecticity defect ‖DᵀJD − 𝕁‖_F, 𝕁 = [[0, I], [−I, 0]] (docs/symplecticity.md "The defect").
double tangentSymplecticDefect(const TangentMap& map);
/// The same of a row-major d × d matrix (a step's Jacobian as StepJacobianObserver sees it).
double symplecticDefect(const double* rowMajor, int d);

/// {"coordinates": [...], "matrix": [[...], ...]} (the CLI's "jacobian" object).
std::string tangentMapJson(const TangentMap& map);

/// Finite-time Lyapunov exponents of a run by the QR method (Benettin et al.): Q₀ = I, J_k Q_{k−1} = Q_k R_k
/// for each step's exact Jacobian J_k, λ_i = Σ_k log |R_k,ii| / (t − t0), largest first. For a symplectic
/// map they come in ± pairs and sum to log det / (t − t0) = 0 (docs/jacobians.md "Lyapunov exponents").
struct LyapunovSpectrum {
  std::vector<double> exponents;
  long long steps = 0;
  double t0 = 0.0, t = 0.0;
};
/// Takes `steps` steps of `sim` (≥ 1); throws as runTangentMap; `afterStep` as runTangentMap's.
LyapunovSpectrum lyapunovExponents(Simulation& sim, long long steps, const StepJacobianObserver& afterStep = {});
/// {"exponents": [...], "t": t − t0} (the CLI's "lyapunov" object).
std::string lyapunovJson(const LyapunovSpectrum& spectrum);

}  // namespace lgvci
