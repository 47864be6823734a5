// The discrete Hamiltonian map F̃_Ld[h] (5.9) and the implicit equation (5.9c) solved by Newton's
// method on one of the two retractions of Appendix D.
#pragma once

#include <limits>

#include "lgvci/rigid_body/mass_properties.hpp"
#include "lgvci/rigid_body/state.hpp"

namespace lgvci {

enum class Retraction { Cayley, Exponential };

struct NewtonResult {
  Mat3 F = Mat3::Identity();
  int iterations = 0;
  double residual = 0.0;  // ‖G(f) − g‖ at the returned f
  bool converged = false;
};

/// Solve S(g) = F J_d − J_d Fᵀ (D.1) for F ∈ SO(3): G_c(f) = g (D.8) or G(f) = g (D.3). For the Cayley
/// parameter and a diagonal J, through the scalar s = f·g (closed form for J = cI); otherwise, or if that
/// does not settle on the branch through I, Newton (D.4) on f. Accepts when the residual reaches `tol`
/// (relative) or a Newton step reaches round-off; never throws. `iterations` counts Newton steps (on s
/// or on f), at most maxIterations.
NewtonResult solveImplicit(const Vec3& g, const Mat3& J, Retraction retraction, double tol,
                           int maxIterations = 50);
/// The same with J⁻¹ supplied (DiscreteFlow computes it once instead of on every step).
NewtonResult solveImplicit(const Vec3& g, const Mat3& J, const Mat3& Jinv, Retraction retraction, double tol,
                           int maxIterations = 50);

/// The residual/Jacobian pair that solves (D.1): the exponential map's (D.3), or the Cayley map's
/// (D.8), for a diagonal J through the scalar s = f·g, for J = cI in closed form. It depends on J and
/// the retraction only.
enum class ImplicitKernel { CayleyDiagonal, CayleyIsotropic, CayleyGeneral, Exponential };
ImplicitKernel implicitKernel(const Mat3& J, Retraction retraction);
/// solveImplicit with the kernel chosen beforehand, into `r` (every field written): the dispatch
/// DiscreteFlow::step inlines, the same bits as the two functions above.
void solveImplicit(ImplicitKernel kernel, const Vec3& g, const Mat3& J, const Mat3& Jinv, double tol, int maxIterations,
                   NewtonResult& r);

/// G_c(f) of (D.8) and G(f) of (D.3); exposed for tests.
Vec3 cayleyResidualMap(const Vec3& f, const Mat3& J);
Vec3 expResidualMap(const Vec3& f, const Mat3& J);

/// F̃_Ld[h] of (5.9): x⁺ = x + hγ/m − ½gh²e3, γ⁺ = γ − mghe3, S(hΠ) = Asym(F J_d), Π⁺ = FᵀΠ, R⁺ = RF.
class DiscreteFlow {
 public:
  DiscreteFlow(const MassProperties& mass, double gravity, Retraction retraction, double tolerance);
  /// One step of size h (any sign: −h inverts +h). Returns false, leaving `out` untouched, if Newton
  /// did not converge.
  bool step(const RigidBodyState& in, double h, RigidBodyState& out) const;
  const NewtonResult& lastSolve() const { return last_; }
  const MassProperties& mass() const { return mass_; }
  double gravity() const { return g_; }

 private:
  MassProperties mass_;
  Mat3 Jinv_;
  double g_;
  double tol_;
  ImplicitKernel kernel_;
  mutable NewtonResult last_;
  // h/m and ½mgh of (5.9a–b) for the step size coefH_ (NaN: none yet).
  mutable double coefH_ = std::numeric_limits<double>::quiet_NaN();
  mutable double hOverM_ = 0.0, halfImpulse_ = 0.0;
};

}  // namespace lgvci
