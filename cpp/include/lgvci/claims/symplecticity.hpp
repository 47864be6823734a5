// Symplecticity, measured (docs/symplecticity.md): Fetecau et al. §3.3 prove the discrete flow of a
// variational collision integrator symplectic, the collision map included; Tran & Leok state the same
// for the LGVCI. Two measurements, generic over a family's canonical chart (lgvci/core/canonical_chart.hpp)
// and naming no family:
//  - the loop: a closed loop of starts around the current start in one canonical pair (q_i, p_i), each
//    evolved by the run's integrator, and the action ∮ Σ_j p_j dq_j of its image (Poincaré's integral
//    invariant) relative to the start's;
//  - the defect of the one-step map, ‖DΦᵀ𝕁DΦ − 𝕁‖_F with DΦ by central differences in the chart, beside
//    the differencing floor.
#pragma once

#include <string>
#include <vector>

#include "lgvci/core/canonical_chart.hpp"
#include "lgvci/core/simulation.hpp"

namespace lgvci {

struct SymplecticityOptions {
  /// "" (the family's: the loop when its chart has a 2-D slice, else the defect), "loop" or "defect".
  std::string measure;
  /// Starts on the loop (at least 8).
  int loopPoints = 200;
  /// The loop is the closed curve z0 + ρ(s_q cos θ e_{q_i} + s_p sin θ e_{p_i}), s = max(1, |z0 component|).
  double loopRadius = 1e-3;
  /// Adaptive refinement of the image (docs/symplecticity.md "Refinement"): a segment is bisected (its
  /// midpoint start evolved) when its length, in units of the chart scaled by ρ s per component, exceeds
  /// maxSeparation times the start loop's spacing 2π/loopPoints, or when the image turns by more than
  /// maxTurn radians at either end; never beyond maxLoopPoints points.
  double maxSeparation = 2.0;
  double maxTurn = 0.1;
  int maxLoopPoints = 6000;
  /// A segment shorter in θ than minSegment × 2π/loopPoints is not bisected further: if it is still
  /// stretched, the image is torn there (a jump of the scheme's map, docs/symplecticity.md "Tears").
  double minSegment = 1e-12;
  /// Central-difference step of the defect, relative: δ_j = δ · max(1, |z_j|).
  double delta = 1e-5;
};

/// The one-step map's defect at a run's current state (docs/symplecticity.md "The defect").
struct StepDefect {
  /// ‖S(δ) − 𝕁‖_F, S(δ) = DΦᵀ𝕁DΦ with DΦ by central differences of step δ (Frobenius norm).
  double defect = 0.0;
  /// 2‖S(δ) − S(δ/2)‖_F: the change of S when the step is halved, doubled to bound the differencing error
  /// of S(δ) whether truncation (O(δ²)) or rounding (O(ε/δ)) dominates.
  double floor = 0.0;
  /// Impacts in the step (of the unperturbed run).
  int impacts = 0;
};
/// DΦ of one step of `run` in `chart` (made by run.canonicalChart(), so centred at its state).
StepDefect stepDefect(const Simulation& run, const CanonicalChart& chart, double delta);

/// The action ∮ Σ_{j<n} p_j dq_j of the closed curve through the points z[k] (2n coordinates each) at
/// the increasing loop parameters theta[k] ∈ [0, 2π): on each segment the cubic through the four
/// nearest points (in θ, periodically) is integrated by 3-point Gauss–Legendre, exact for a cubic
/// curve, so the rule keeps the action of a loop mapped by any affine symplectic map.
/// `chord` (optional, one flag per segment k → k+1): segments integrated along their straight chord
/// instead (the trapezoid rule), for the segments at and next to a tear, whose cubic would reach across it.
double loopAction(const std::vector<std::vector<double>>& z, const std::vector<double>& theta, int pairs,
                  const std::vector<bool>& chord = {});

struct SymplecticityReport {
  std::string measure;  // "loop_area" or "defect"
  std::string family;
  std::string integrator;
  std::vector<std::string> coordinates;  // the chart's names, q's then p's
  std::vector<long long> sampleSteps;    // loop: steps since the start; defect: the step measured is sampleSteps[k] → +1
  std::vector<double> sampleTimes;       // the time at sampleSteps[k]

  // The loop.
  std::string sliceQ, sliceP;                 // the pair the loop of starts lies in
  double startArea = 0.0;                     // A_0 (signed: ∮ p dq)
  std::vector<double> area;                   // A_T at each sample (NaN where the refinement was capped)
  std::vector<double> areaRelChange;          // (A_T − A_0)/A_0 (NaN where the refinement was capped)
  std::vector<int> loopPointCount;            // points on the image at each sample (after refinement)
  bool refinementCapped = false;              // maxLoopPoints was reached
  /// Tears of the image at each sample: segments at the bisection limit (minSegment) still stretched,
  /// where the scheme's map jumps; and the largest such jump in the scaled chart units of the refinement
  /// (1 = the loop's radius). The area across a tear is that of the straight chord closing it.
  std::vector<int> tears;
  std::vector<double> maxTear;
  std::vector<double> loopTheta;              // the final image's parameters (its starts: θ on the loop)
  std::vector<double> startQ, startP;         // the start loop in the slice (at loopTheta)
  std::vector<double> imageQ, imageP;         // its image at the last sample, in the slice
  /// For a family whose impact record has Birkhoff coordinates "s" and "p_t" (docs/billiard.md "The
  /// bounce map"): bounce k of every loop point at the last sample, loop order, k = 1..K, where K is the
  /// fewest bounces any point had; each entry (s, p_t) pairs flattened.
  std::vector<std::vector<double>> bounces;

  // The defect.
  std::vector<double> defect, floor;
  /// ‖DΦᵀ𝕁DΦ − 𝕁‖_F with the exact DΦ (docs/jacobians.md), no floor: for a run that offers StepJacobian,
  /// one per sample (NaN where the step has none: the map is not smooth there); empty otherwise.
  std::vector<double> exactDefect;
  std::vector<int> impacts;  // impacts in the step measured
  double delta = 0.0;

  int haltedRuns = 0;  // loop or differencing runs that halted (their state frozen): the measure is then suspect
};

/// The measure of `sim`'s family over `steps` steps from its current state at `samples` samples
/// (loop: after steps·k/samples steps, k = 1..samples; defect: the step from steps·k/samples, k = 0..samples−1).
/// `sim` is not changed. Throws InvalidInput("--symplecticity", …) for samples outside [1, 1000], steps < 1,
/// bad options, or a family that declares no canonical chart.
SymplecticityReport measureSymplecticity(const Simulation& sim, long long steps, int samples,
                                         const SymplecticityOptions& options = {});

/// {"measure", "family", "integrator", "coordinates", "steps", "t", then "pair", "start_area", "area",
/// "area_rel_change", "loop_points", "refinement_capped" (loop) or "norm", "delta", "defect", "floor" (the
/// largest), "floor_per_sample", "impacts" (defect); "halted_runs"}.
std::string symplecticityJson(const SymplecticityReport& report);
/// One line for the CLI's text output.
std::string symplecticityText(const SymplecticityReport& report);

// ---- The bounce map (docs/symplecticity.md "The bounce map") ----
// For a family with a Birkhoff chart (Simulation::bounceChart): B: (s_k, p_t,k) ↦ (s_k+1, p_t,k+1)
// preserves ds ∧ dp_t at one energy. A loop of starts on a circle around the run's next bounce, each
// leaving the wall there at the run's energy, is followed bounce by bounce; the area of the loop of
// k-th bounces must stay that of the first. Members are paired by bounce count, not by time.

struct BounceMapOptions {
  int loopPoints = 200;     // starts on the loop (at least 8)
  double loopRadius = 2e-5; // the circle's radius in (s/perimeter, p_t/maxMomentum)
  int bounces = 20;         // bounces followed (at least 2)
  long long maxSteps = 1000000;  // steps a member may take to make them (and the base run to its first)
  double resolvedEdge = 2.0;     // loops whose largest edge (report.maxEdge) is at most this are resolved
};

struct BounceMapReport {
  std::string family, integrator;
  double perimeter = 0.0, maxMomentum = 0.0;
  double s0 = 0.0, pt0 = 0.0;  // the base run's next bounce, the loop's centre
  double t0 = 0.0;             // its time
  /// The loop of starts (k = 0) and of the k-th bounces (k = 1..K, K the fewest any member made),
  /// loop order; s continuous along each loop (not reduced modulo the perimeter).
  std::vector<std::vector<double>> s, pt;
  /// The shoelace area ½∮(s dp_t − p_t ds) of each (about its mean point), k = 0..K, and
  /// (A_k − A_1)/A_1 for k = 1..K: the map's own area change from the first bounce on (the start loop,
  /// a short way from the wall, is B's preimage only to first order).
  std::vector<double> area, areaRelChange;
  /// The largest edge of loop k in the circle's units (1 = the start loop's radius): the shoelace
  /// rule's error grows as (edge × the loop's curvature)², so a sheared loop's areas are trusted while
  /// this stays small (docs/symplecticity.md "The bounce map").
  std::vector<double> maxEdge;
  /// Bounces k = 1..resolved have maxEdge ≤ options.resolvedEdge (all of them in an integrable
  /// table; a chaotic one stretches the loop several times a bounce, so only its first few: docs/billiard.md).
  int resolved = 0;
  int haltedRuns = 0, shortRuns = 0;  // members that halted, or made fewer than options.bounces bounces
};

/// The bounce-map loop of `sim`'s family at its current state (`sim` is not changed). Throws
/// InvalidInput("--symplecticity", …) for a family without a bounce map, bad options, a run without a
/// bounce within maxSteps, or a grazing next bounce (the loop would leave the map's domain |p_t| < |p|).
BounceMapReport measureBounceMap(const Simulation& sim, const BounceMapOptions& options = {});
/// {"family", "integrator", "perimeter", "s0", "pt0", "t0", "bounces", "area", "area_rel_change",
/// "max_edge", "resolved_bounces", "halted_runs", "short_runs"}.
std::string bounceMapJson(const BounceMapReport& report);

/// The CLI's --symplecticity object (docs/symplecticity.md): symplecticityJson of measureSymplecticity
/// over `steps` steps at `samples` samples, with "bounce_map" (bounceMapJson of measureBounceMap) for a
/// family that declares a bounce chart. `sim` is not changed; its text line in `line` when given.
std::string symplecticityClaimJson(const Simulation& sim, long long steps, int samples, std::string* line = nullptr);

}  // namespace lgvci
