// Newton's cradle (Seghete & Murphey §IV): n planar pendulums in generalized coordinates
// θ_i (0 = hanging), M = m ℓ² I, V = −m g ℓ Σ cos θ_i, one contact φ_i = |c_{i+1} − c_i| − 2r ≥ 0 per
// neighbouring pair, pivots 2r + gap apart (the balls touch at rest when gap = 0).
#pragma once

#include <string>

#include "lgvci/generalized/simultaneous_impacts.hpp"

namespace lgvci {

struct GeneralizedDef;

/// The paper gives no numbers; these defaults are the issue's: m = ℓ = 1, r = 0.05, g = 9.81, h = 0.01,
/// the first k = 1 of n = 3 balls pulled back to θ = −0.2 and released from rest.
struct CradleParams {
  int balls = 3;         // n ∈ [2, 7]
  int pulled = 1;        // k ∈ [1, n]: balls 1..k start at θ = angle
  double angle = -0.2;   // ∈ [−π/2, 0): pulled back, away from the others
  double gap = 0.0;      // ∈ [0, r]: extra pivot spacing, so that φ_i = gap at rest
  double mass = 1.0;
  double length = 1.0;
  double radius = 0.05;
  double g = 9.81;
  ImpactPolicy policy = ImpactPolicy::Chain;
};

/// Throws InvalidInput("cradle.<field>", …) for a parameter out of range.
void validateCradle(const CradleParams& c);
/// The cradle as a generalized system (h = 0.01, rest truncation on; docs/generalized.md "Newton's cradle: simultaneous impacts").
GeneralizedDef cradlePreset(const CradleParams& c);

const char* policyName(ImpactPolicy p);
/// "sequential" | "chain" | "simultaneous"; throws InvalidInput(field, …) otherwise.
ImpactPolicy parsePolicy(const std::string& name, const std::string& field);

}  // namespace lgvci
