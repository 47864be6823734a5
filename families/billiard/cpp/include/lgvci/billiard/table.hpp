// The billiard's table (docs/billiard.md "Tables"): a convex region C = {q : φ(q) ≥ 0} of the plane
// with a smooth wall, its Birkhoff coordinates (arc length s along the wall, counter-clockwise, and
// the tangential momentum p·t̂) and the bounds the hybrid driver needs.
#pragma once

#include <vector>

#include <Eigen/Dense>

namespace lgvci {

using Vec2 = Eigen::Vector2d;

struct BilliardTable {
  enum class Shape { Ellipse, Stadium };
  Shape shape = Shape::Ellipse;
  double a = 2.0, b = 1.0;  // ellipse: semi-axes along x and y, centred at the origin
  double r = 1.0, l = 1.0;  // stadium: two semicircles of radius r, centred at (±l, 0), joined by flat walls at y = ±r

  /// Ellipse: φ = 1 − x²/a² − y²/b². Stadium: φ = r − dist(q, segment [(−l, 0), (l, 0)]), the signed
  /// distance to the wall. Both are concave: a chord between two points of C stays in C.
  double phi(const Vec2& q) const;
  /// ∇φ (points into the table at the wall).
  Vec2 gradient(const Vec2& q) const;
  /// ≥ sup |∂φ/∂y| over C: with gravity g along −y the flight's d²φ/dτ² ≤ g·this (φ concave).
  double verticalSlopeBound() const;
  /// A length scale of φ's terms (1 for the ellipse's dimensionless φ; r + l for the stadium).
  double scale() const;
  /// The wall's length.
  double perimeter() const;
  /// The arc length, counter-clockwise, of the wall point nearest q (q at the wall, up to rounding),
  /// from (a, 0) (ellipse) or (l + r, 0) (stadium), in [0, perimeter()).
  double arcLength(const Vec2& q) const;
  /// The counter-clockwise unit tangent of the wall at the wall point nearest q.
  Vec2 tangent(const Vec2& q) const;
  /// The wall point at arc length s (any real s, taken modulo the perimeter) and the tangent there.
  Vec2 wallPoint(double s) const;

  /// Precomputes the ellipse's arc-length table; call after setting the shape and sizes.
  void prepare();

 private:
  // Ellipse: cumulative arc length at the panel ends θ_k = 2πk/K of the parametric angle, x = a cos θ, y = b sin θ.
  std::vector<double> panelEnds_;
  double ellipseArc(double theta0, double theta1) const;  // ∫ √(a² sin²θ + b² cos²θ) dθ, one panel or less
  double ellipseAngle(double s) const;                     // the inverse of s(θ)
  double perimeter_ = 0.0;
};

}  // namespace lgvci
