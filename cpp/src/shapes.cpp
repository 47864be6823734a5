#include "lgvci/shapes.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "hull.hpp"

namespace lgvci {
namespace {

// Ellipsoid: the closest point is ρ_C = c − I_E² u / ‖I_E u‖ and min u·ρ = u·c − ‖I_E u‖ (2.16, 6.4).
class Ellipsoid final : public Shape {
 public:
  Ellipsoid(const Vec3& axes, const Vec3& center) : axes_(axes), center_(center) {}
  SupportPoint lowest(const Vec3& u) const override {
    const Vec3 w = axes_.cwiseProduct(u);
    const double len = w.norm();
    return {center_ - axes_.cwiseProduct(w) / len, u.dot(center_) - len};
  }
  void lowestSet(const Vec3& u, double, std::vector<SupportPoint>& out) const override {
    out.push_back(lowest(u));
  }
  double boundingRadius() const override { return center_.norm() + axes_.maxCoeff(); }

 private:
  Vec3 axes_, center_;
};

// ε-rounded convex polyhedron: closest vertex v*, ρ_C = v* − εu (6.12), min u·ρ = u·v* − ε (6.13).
class Polyhedron final : public Shape {
 public:
  Polyhedron(std::vector<Vec3> corners, double eps) : v_(std::move(corners)), eps_(eps) {}
  SupportPoint lowest(const Vec3& u) const override {
    size_t best = 0;
    double bestVal = u.dot(v_[0]);
    for (size_t i = 1; i < v_.size(); ++i) {
      const double d = u.dot(v_[i]);
      if (d < bestVal) { bestVal = d; best = i; }
    }
    return {v_[best] - eps_ * u, bestVal - eps_};
  }
  void lowestSet(const Vec3& u, double delta, std::vector<SupportPoint>& out) const override {
    const SupportPoint first = lowest(u);
    out.push_back(first);
    for (const auto& v : v_) {
      const Vec3 rho = v - eps_ * u;
      if (rho != first.rho && u.dot(v) - eps_ <= first.value + delta) out.push_back({rho, u.dot(v) - eps_});
    }
  }
  double boundingRadius() const override {
    double r = 0.0;
    for (const auto& v : v_) r = std::max(r, v.norm());
    return r + eps_;
  }

 private:
  std::vector<Vec3> v_;
  double eps_;
};

// Union (min, 6.15) or intersection (max, 6.17) of convex parts; the gradient is the active part's
// (6.16, 6.18).
class Composite final : public Shape {
 public:
  Composite(std::vector<ShapePtr> parts, bool isUnion) : parts_(std::move(parts)), union_(isUnion) {}
  SupportPoint lowest(const Vec3& u) const override {
    SupportPoint best = parts_[0]->lowest(u);
    for (size_t i = 1; i < parts_.size(); ++i) {
      const SupportPoint s = parts_[i]->lowest(u);
      if (union_ ? s.value < best.value : s.value > best.value) best = s;
    }
    return best;
  }
  void lowestSet(const Vec3& u, double delta, std::vector<SupportPoint>& out) const override {
    const double target = lowest(u).value;
    const size_t start = out.size();
    for (const auto& part : parts_) {
      const double v = part->lowest(u).value;
      if (std::abs(v - target) <= delta) part->lowestSet(u, delta, out);
    }
    // Keep the order deterministic with the active (first-found) minimiser first.
    auto firstActive = std::find_if(out.begin() + static_cast<long>(start), out.end(),
                                    [&](const SupportPoint& s) { return s.value == target; });
    if (firstActive != out.end()) std::rotate(out.begin() + static_cast<long>(start), firstActive, firstActive + 1);
    if (union_) {
      out.erase(std::remove_if(out.begin() + static_cast<long>(start), out.end(),
                               [&](const SupportPoint& s) { return s.value > target + delta; }),
                out.end());
    }
  }
  double boundingRadius() const override {
    double r = union_ ? 0.0 : std::numeric_limits<double>::infinity();
    for (const auto& p : parts_) r = union_ ? std::max(r, p->boundingRadius()) : std::min(r, p->boundingRadius());
    return r;
  }

 private:
  std::vector<ShapePtr> parts_;
  bool union_;
};

void requireFinite(const Vec3& v, const std::string& field) {
  if (!v.allFinite()) throw InvalidInput(field, "must be finite numbers");
}

}  // namespace

ShapePtr makeEllipsoid(const Vec3& semiAxes, const Vec3& center) {
  requireFinite(semiAxes, "semi_axes");
  requireFinite(center, "center");
  if ((semiAxes.array() <= 0.0).any()) throw InvalidInput("semi_axes", "must all be > 0");
  return std::make_shared<Ellipsoid>(semiAxes, center);
}

ShapePtr makePolyhedron(std::vector<Vec3> vertices, double epsilon) {
  if (vertices.empty()) throw InvalidInput("vertices", "must contain at least one vertex");
  if (vertices.size() > 64) throw InvalidInput("vertices", "at most 64 vertices are supported");
  for (const auto& v : vertices) requireFinite(v, "vertices");
  if (!std::isfinite(epsilon) || epsilon < 0.0) throw InvalidInput("epsilon", "must be a finite number >= 0");
  const detail::Hull hull = detail::convexHull(vertices);
  std::vector<Vec3> corners;
  for (int i : hull.extreme) {
    const bool dup = std::any_of(corners.begin(), corners.end(), [&](const Vec3& c) { return c == vertices[static_cast<size_t>(i)]; });
    if (!dup) corners.push_back(vertices[static_cast<size_t>(i)]);
  }
  return std::make_shared<Polyhedron>(std::move(corners), epsilon);
}

std::vector<Vec3> cubeVertices(double side, const Vec3& center) {
  const double a = 0.5 * side;
  std::vector<Vec3> v;
  for (int i = 0; i < 8; ++i)
    v.push_back(center + Vec3((i & 1) ? a : -a, (i & 2) ? a : -a, (i & 4) ? a : -a));
  return v;
}

ShapePtr makeCube(double side, double epsilon, const Vec3& center) {
  if (!std::isfinite(side) || side <= 0.0) throw InvalidInput("side", "must be a finite number > 0");
  if (!std::isfinite(epsilon) || epsilon < 0.0) throw InvalidInput("epsilon", "must be a finite number >= 0");
  requireFinite(center, "center");
  return std::make_shared<Polyhedron>(cubeVertices(side, center), epsilon);
}

ShapePtr makeUnion(std::vector<ShapePtr> parts) {
  if (parts.empty()) throw InvalidInput("parts", "a union needs at least one part");
  return std::make_shared<Composite>(std::move(parts), true);
}

ShapePtr makeIntersection(std::vector<ShapePtr> parts) {
  if (parts.empty()) throw InvalidInput("parts", "an intersection needs at least one part");
  return std::make_shared<Composite>(std::move(parts), false);
}

}  // namespace lgvci
