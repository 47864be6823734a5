// Mass properties: closed forms for the ellipsoid and cube, and volume/centroid/inertia of a convex
// polyhedron from its vertices (hull + tetrahedral decomposition).
#pragma once

#include <vector>

#include "lgvci/core/types.hpp"

namespace lgvci {

struct MassProperties {
  double mass = 1.0;
  Mat3 J = Mat3::Identity();  // standard inertia about the centre of mass, body frame
};

/// J = m/5 diag(b²+c², a²+c², a²+b²) (§7).
MassProperties ellipsoidMass(double mass, const Vec3& semiAxes);
/// J = m s²/6 I (§7).
MassProperties cubeMass(double mass, double side);

struct PolyhedronMass {
  double volume = 0.0;
  Vec3 centroid = Vec3::Zero();
  Mat3 J = Mat3::Zero();  // about the centroid, for the given mass
};
/// Uniform-density convex hull of `vertices` with total mass `mass`.
PolyhedronMass polyhedronMass(double mass, const std::vector<Vec3>& vertices);
/// Uniform-density ε-rounded hull of `vertices` (Minkowski sum with a ball of radius ε), in closed
/// form: the polyhedron, a prism on each face, a cylinder wedge on each edge, a sphere sector at each
/// vertex (docs/rigid-body.md "Rounded mass properties"). ε = 0 gives polyhedronMass.
PolyhedronMass roundedPolyhedronMass(double mass, const std::vector<Vec3>& vertices, double epsilon);

/// Which body's mass properties a rounded polyhedron or cube gets: the ε-rounded body that is drawn
/// and collided (default), or the sharp polyhedron (Tran & Leok's convention, §7 Case IV).
enum class MassConvention { Rounded, Sharp };

/// Throws InvalidInput(field, …) unless J is finite, symmetric and positive definite.
void validateInertia(const Mat3& J, const std::string& field = "inertia");

}  // namespace lgvci
