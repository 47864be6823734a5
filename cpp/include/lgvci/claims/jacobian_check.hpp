// The exact step Jacobian checked against central differences of the step in the family's canonical
// chart (docs/jacobians.md "Measured"): the test's and the figures' measure.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "lgvci/core/jacobian.hpp"
#include "lgvci/core/simulation.hpp"

namespace lgvci {

/// The central-difference step, relative: δ_j = δ·max(1, |z_j|). 10⁻⁶ balances the truncation error
/// O(δ²‖D³Φ‖) against rounding O(ε|z|/δ) ≈ 10⁻¹⁰.
inline constexpr double kJacobianDifferenceStep = 1e-6;

/// One step's exact Jacobian against its central differences.
struct JacobianComparison {
  int impacts = 0;       // impulses in the step
  bool refused = false;  // the step has no exact Jacobian (std::domain_error from the extension): `reason`
  std::string reason;
  bool samePath = true;       // every perturbed step had as many impulses (else the map is not smooth there)
  double disagreement = 0.0;  // max |J − J_cd| / max |J|
  TangentMap exact;
  std::vector<double> differences;  // row-major, as exact.matrix
};

/// At sim's current state (sim unchanged: a clone steps): the next step's exact Jacobian and
/// its central differences, column j from the chart's runs started at z ± δ_j e_j. Throws as
/// runTangentMap (InvalidInput), and InvalidInput("jacobian", …) for a run without a canonical chart; a step
/// where the map is not differentiable comes back `refused` with the reason.
JacobianComparison compareStepJacobian(const Simulation& sim, double delta = kJacobianDifferenceStep);

/// Along a run: the steps compared, by kind, and the largest disagreement.
struct JacobianSurvey {
  int flight = 0, single = 0, multi = 0;  // steps compared: no impulse, one, several
  int skipped = 0;                        // steps where a perturbation changed the impulses (not compared)
  int refused = 0;                        // steps without an exact Jacobian (not differentiable there)
  std::string firstRefusal;
  double worst = 0.0;
  long long worstStep = -1;
};

/// Steps `sim` `steps` times; before each step of a kind compared fewer than `perKind` times yet,
/// compareStepJacobian. `onEach`, when given, sees every comparison (the test asserts on each).
JacobianSurvey surveyStepJacobians(Simulation& sim, long long steps, int perKind,
                                   const std::function<void(long long step, const JacobianComparison&)>& onEach = {});

}  // namespace lgvci
