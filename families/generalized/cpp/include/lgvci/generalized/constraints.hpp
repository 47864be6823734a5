// Contact constraints φ_k(q) ≥ 0 of the admissible set C (Fetecau et al. §4.1: ∂C = φ⁻¹(0)), with
// gradients; the star's (81) φ = y − (L/2)(|sin θ| + |cos θ|) is the min over its four tips.
#pragma once

#include <vector>

#include "lgvci/core/types.hpp"
#include "lgvci/vci/state.hpp"

namespace lgvci {

struct Constraint {
  enum class Kind {
    Linear,       // φ = n·q + b
    PlanarPoint,  // q = (x, y, θ, …): height over the floor y = 0 of the body point (a, b):
                  // φ = y + a sin θ + b cos θ
    BallPair,     // Newton's cradle: pendulums i and i+1 (angles q_i, q_{i+1}), pivots
                  // `spacing` apart, strings of length ℓ, balls of radius r, centres
                  // c_j = (x_j + ℓ sin q_j, −ℓ cos q_j): φ = |c_{i+1} − c_i| − 2r
  };
  Kind kind = Kind::Linear;
  VecX normal;                   // linear
  double offset = 0.0;           // linear
  double a = 0.0, b = 0.0;       // planar point, body frame
  int ball = 0;                  // ball pair: index i of the left ball
  double spacing = 0.1, length = 1.0, radius = 0.05;  // ball pair

  double value(const VecX& q) const;
  void gradient(const VecX& q, VecX& out) const;
  /// ≥ sup |∂²φ/∂q²| (operator norm): 0 for a linear constraint, |(a, b)| for a planar point.
  double hessianBound() const;
  /// ≥ sup |∇φ|.
  double gradientBound() const;
  /// A length scale of φ's terms for its rounding noise.
  double scale() const;
  /// Where the contact is, for display: a planar point's position (x, y, 0); a linear one's (q1, q2, q3).
  Vec3 contactPoint(const VecX& q) const;
};

}  // namespace lgvci
