// Convex rigid bodies described by their support in a direction: for a unit body-frame direction u,
// the body point ρ minimising u·ρ. With u = Rᵀn this is the closest point ρ_C of (6.8) and gives
// Φ(x, R) = n·x + u·ρ_C (6.9). Shapes compose: a union takes the lowest of its parts (6.15); an
// intersection of ellipsoids solves min u·ρ over all of them exactly (the max rule (6.17) holds for
// the point-wise signed distance ψ, not for this minimum).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "lgvci/core/types.hpp"
#include "lgvci/rigid_body/mass_properties.hpp"

namespace lgvci {

/// One candidate contact point: ρ in the body frame and its height u·ρ along u.
struct SupportPoint {
  Vec3 rho = Vec3::Zero();
  double value = 0.0;
  int feature = 0;  // which contact feature of the body it belongs to (see Shape::featureCount)
};

/// Mass properties of a uniform-density body of total mass m: centroid and J about it (body frame),
/// with a length scale of the body (for tolerances).
struct BodyMass {
  Vec3 centroid = Vec3::Zero();
  Mat3 J = Mat3::Zero();
  double size = 0.0;
};

class Shape {
 public:
  virtual ~Shape() = default;
  /// min over the body of u·ρ and its minimiser (u must be a unit vector).
  virtual SupportPoint lowest(const Vec3& u) const = 0;
  /// Every locally distinct minimiser whose value is within `delta` of the minimum (vertices of a
  /// face or edge, parts of a union touching together). Appends to `out`; the first is lowest().
  virtual void lowestSet(const Vec3& u, double delta, std::vector<SupportPoint>& out) const = 0;
  /// Contact features: the pieces whose own lowest point a persistent contact follows (docs/rigid-body.md
  /// "Persistent contact"). A smooth strictly convex body is one feature (its lowest point moves
  /// continuously over it); an ε-rounded polyhedron has one per vertex (the ball of radius ε there);
  /// a union numbers its parts' features one after the other.
  virtual int featureCount() const { return 1; }
  /// min over feature `feature` of u·ρ and its minimiser: φ_f(x, R) = n·x + value with u = Rᵀn.
  virtual SupportPoint featureLowest(int feature, const Vec3& u) const {
    (void)feature;
    return lowest(u);
  }
  /// The lowest point over the features not in `excluded[0..count)`; value +∞ when none is left.
  virtual SupportPoint lowestExcept(const Vec3& u, const int* excluded, int count) const;
  /// max |ρ| over the body: a length scale for tolerances and rendering.
  virtual double boundingRadius() const = 0;
  /// Closed form (ellipsoid, cube, §7) or from the convex hull (polyhedron); none for unions and
  /// intersections (their inertia must be given). An ε-rounded cube or polyhedron gets the rounded
  /// body's (roundedPolyhedronMass) unless `convention` is Sharp. Throws InvalidInput for a hull
  /// without volume.
  virtual std::optional<BodyMass> massProperties(double mass, MassConvention convention = MassConvention::Rounded) const {
    (void)mass;
    (void)convention;
    return std::nullopt;
  }
};

using ShapePtr = std::shared_ptr<const Shape>;

/// Ellipsoid with semi-axes I_E = diag(a, b, c) centred at `center` (2.13, 2.16).
ShapePtr makeEllipsoid(const Vec3& semiAxes, const Vec3& center = Vec3::Zero());
/// Convex hull of `vertices`, ε-rounded (Minkowski sum with a ball of radius ε) (6.11–6.13).
ShapePtr makePolyhedron(std::vector<Vec3> vertices, double epsilon);
/// Axis-aligned cube of side s centred at `center`, ε-rounded.
ShapePtr makeCube(double side, double epsilon, const Vec3& center = Vec3::Zero());
/// Union (6.15–6.16) of convex parts of any kind.
ShapePtr makeUnion(std::vector<ShapePtr> parts);
/// Intersection (6.17–6.18) of up to 6 overlapping ellipsoids; other parts are refused (InvalidInput).
ShapePtr makeIntersection(std::vector<ShapePtr> parts);

/// The eight vertices of an axis-aligned cube of side s about `center`.
std::vector<Vec3> cubeVertices(double side, const Vec3& center = Vec3::Zero());

}  // namespace lgvci
