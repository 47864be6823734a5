// The billiard's table: φ, its gradient, the wall's arc length and tangent (docs/billiard.md "Tables").
// Trigonometry is pmath's, so that a bounce's s and the wall point at s are the same bits natively and in
// WebAssembly (the bounce map's loop starts at wallPoint(s): docs/symplecticity.md "The bounce map").
#include "lgvci/billiard/table.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "lgvci/core/portable_math.hpp"

namespace lgvci {
namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr int kPanels = 64;  // of the ellipse's parametric angle: 2π/64 each
constexpr int kNodes = 20;   // Gauss–Legendre points per panel

struct GaussLegendre {
  std::array<double, kNodes> x{}, w{};
  GaussLegendre() {  // Newton on P_n from the usual first guess; exact to rounding for n = 20
    for (int i = 0; i < kNodes; ++i) {
      double z = pmath::cos(kPi * (i + 0.75) / (kNodes + 0.5)), dp = 1.0;
      for (int it = 0; it < 100; ++it) {
        double p0 = 1.0, p1 = z;
        for (int k = 2; k <= kNodes; ++k) {
          const double p2 = ((2.0 * k - 1.0) * z * p1 - (k - 1.0) * p0) / k;
          p0 = p1;
          p1 = p2;
        }
        dp = kNodes * (z * p1 - p0) / (z * z - 1.0);
        const double dz = p1 / dp;
        z -= dz;
        if (std::abs(dz) < 1e-16) break;
      }
      x[static_cast<size_t>(i)] = z;
      w[static_cast<size_t>(i)] = 2.0 / ((1.0 - z * z) * dp * dp);
    }
  }
};

const GaussLegendre& gauss() {
  static const GaussLegendre g;
  return g;
}

// Closest point of the stadium's core segment [(−l, 0), (l, 0)] to q.
Vec2 corePoint(const Vec2& q, double l) { return Vec2(std::clamp(q.x(), -l, l), 0.0); }

}  // namespace

void BilliardTable::prepare() {
  panelEnds_.clear();
  if (shape == Shape::Ellipse) {
    panelEnds_.resize(kPanels + 1);
    panelEnds_[0] = 0.0;
    for (int k = 0; k < kPanels; ++k)
      panelEnds_[static_cast<size_t>(k + 1)] =
          panelEnds_[static_cast<size_t>(k)] + ellipseArc(2.0 * kPi * k / kPanels, 2.0 * kPi * (k + 1) / kPanels);
    perimeter_ = panelEnds_.back();
  } else {
    perimeter_ = 2.0 * kPi * r + 4.0 * l;
  }
}

double BilliardTable::phi(const Vec2& q) const {
  if (shape == Shape::Ellipse) return 1.0 - (q.x() / a) * (q.x() / a) - (q.y() / b) * (q.y() / b);
  return r - (q - corePoint(q, l)).norm();
}

Vec2 BilliardTable::gradient(const Vec2& q) const {
  if (shape == Shape::Ellipse) return Vec2(-2.0 * q.x() / (a * a), -2.0 * q.y() / (b * b));
  const Vec2 d = q - corePoint(q, l);
  const double n = d.norm();
  return n > 0.0 ? Vec2(-d / n) : Vec2(0.0, -1.0);  // at the core segment itself φ has no gradient: any unit vector
}

double BilliardTable::verticalSlopeBound() const { return shape == Shape::Ellipse ? 2.0 / b : 1.0; }

double BilliardTable::scale() const { return shape == Shape::Ellipse ? 1.0 : r + l; }

double BilliardTable::perimeter() const { return perimeter_; }

double BilliardTable::ellipseArc(double t0, double t1) const {
  const GaussLegendre& g = gauss();
  const double mid = 0.5 * (t0 + t1), half = 0.5 * (t1 - t0);
  double sum = 0.0;
  for (int i = 0; i < kNodes; ++i) {
    const double t = mid + half * g.x[static_cast<size_t>(i)];
    double st, ct;
    pmath::sincos(t, st, ct);  // one argument reduction for both
    sum += g.w[static_cast<size_t>(i)] * std::sqrt(a * a * st * st + b * b * ct * ct);
  }
  return half * sum;
}

double BilliardTable::arcLength(const Vec2& q) const {
  double s;
  if (shape == Shape::Ellipse) {
    double theta = pmath::atan2(q.y() / b, q.x() / a);
    if (theta < 0.0) theta += 2.0 * kPi;
    const int k = std::min(kPanels - 1, static_cast<int>(theta / (2.0 * kPi / kPanels)));
    s = panelEnds_[static_cast<size_t>(k)] + ellipseArc(2.0 * kPi * k / kPanels, theta);
  } else {
    const double quarter = 0.5 * kPi * r;
    if (q.x() >= l) {  // right cap, angle in [−π/2, π/2] from (l, 0)
      s = r * pmath::atan2(q.y(), q.x() - l);
    } else if (q.x() <= -l) {  // left cap, angle in [π/2, 3π/2] from (−l, 0)
      double th = pmath::atan2(q.y(), q.x() + l);
      if (th < 0.0) th += 2.0 * kPi;
      s = quarter + 2.0 * l + r * (th - 0.5 * kPi);
    } else if (q.y() >= 0.0) {  // top wall, from (l, r) to (−l, r)
      s = quarter + (l - q.x());
    } else {  // bottom wall, from (−l, −r) to (l, −r)
      s = 3.0 * quarter + 2.0 * l + (q.x() + l);
    }
  }
  if (s < 0.0) s += perimeter_;
  if (!(s < perimeter_)) s = 0.0;  // a wrap that rounded up to the perimeter
  return s;
}

Vec2 BilliardTable::tangent(const Vec2& q) const {
  const Vec2 n = -gradient(q);  // outward
  const Vec2 t(-n.y(), n.x());  // the outward normal turned by +90°: counter-clockwise
  return t / t.norm();
}

double BilliardTable::ellipseAngle(double s) const {
  // Panel by the cumulative table, then Newton on s(θ) (ds/dθ = √(a² sin²θ + b² cos²θ) > 0).
  const auto it = std::upper_bound(panelEnds_.begin(), panelEnds_.end(), s);
  const int k = std::clamp(static_cast<int>(it - panelEnds_.begin()) - 1, 0, kPanels - 1);
  const double t0 = 2.0 * kPi * k / kPanels;
  double theta = t0 + (s - panelEnds_[static_cast<size_t>(k)]) / (panelEnds_[static_cast<size_t>(k + 1)] - panelEnds_[static_cast<size_t>(k)]) * (2.0 * kPi / kPanels);
  for (int i = 0; i < 50; ++i) {
    const double f = panelEnds_[static_cast<size_t>(k)] + ellipseArc(t0, theta) - s;
    double st, ct;
    pmath::sincos(theta, st, ct);
    const double step = f / std::sqrt(a * a * st * st + b * b * ct * ct);
    theta -= step;
    if (std::abs(step) <= 1e-16 * (1.0 + std::abs(theta))) break;
  }
  return theta;
}

Vec2 BilliardTable::wallPoint(double s) const {
  s = std::fmod(s, perimeter_);
  if (s < 0.0) s += perimeter_;
  if (shape == Shape::Ellipse) {
    const double theta = ellipseAngle(s);
    double st, ct;
    pmath::sincos(theta, st, ct);
    return Vec2(a * ct, b * st);
  }
  const double quarter = 0.5 * kPi * r;
  // A point on a cap of radius r at angle th from its centre (±l, 0).
  auto onCap = [this](double cx, double th) {
    double st, ct;
    pmath::sincos(th, st, ct);
    return Vec2(cx + r * ct, r * st);
  };
  if (s <= quarter) return onCap(l, s / r);
  if (s <= quarter + 2.0 * l) return Vec2(l - (s - quarter), r);
  if (s <= 3.0 * quarter + 2.0 * l) {
    const double th = 0.5 * kPi + (s - quarter - 2.0 * l) / r;
    return onCap(-l, th);
  }
  if (s <= 3.0 * quarter + 4.0 * l) return Vec2(-l + (s - 3.0 * quarter - 2.0 * l), -r);
  const double th = (s - perimeter_) / r;  // in [−π/2, 0]
  return onCap(l, th);
}

}  // namespace lgvci
