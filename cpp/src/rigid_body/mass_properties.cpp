#include "lgvci/rigid_body/mass_properties.hpp"

#include <cmath>

#include <Eigen/Eigenvalues>

#include "hull.hpp"

namespace lgvci {

MassProperties ellipsoidMass(double mass, const Vec3& s) {
  const Vec3 q = s.cwiseProduct(s);
  MassProperties mp;
  mp.mass = mass;
  mp.J = (mass / 5.0) * Vec3(q.y() + q.z(), q.x() + q.z(), q.x() + q.y()).asDiagonal();
  return mp;
}

MassProperties cubeMass(double mass, double side) {
  MassProperties mp;
  mp.mass = mass;
  mp.J = (mass * side * side / 6.0) * Mat3::Identity();
  return mp;
}

PolyhedronMass polyhedronMass(double mass, const std::vector<Vec3>& v) {
  const detail::Hull hull = detail::convexHull(v);
  if (hull.faces.empty()) throw InvalidInput("vertices", "must span a solid (non-zero volume) to compute its inertia");
  Vec3 ref = Vec3::Zero();
  for (const auto& p : v) ref += p;
  ref /= static_cast<double>(v.size());
  // Tetrahedra (ref, p0, pi, pi+1) over a fan of each face; covariance of the unit tetrahedron.
  Mat3 canonical;
  canonical << 2, 1, 1, 1, 2, 1, 1, 1, 2;
  canonical /= 120.0;
  double vol = 0.0;
  Vec3 first = Vec3::Zero();
  Mat3 cov = Mat3::Zero();
  for (const auto& f : hull.faces) {
    const Vec3 a = v[static_cast<size_t>(f.polygon[0])] - ref;
    for (size_t k = 1; k + 1 < f.polygon.size(); ++k) {
      Mat3 A;
      A.col(0) = a;
      A.col(1) = v[static_cast<size_t>(f.polygon[k])] - ref;
      A.col(2) = v[static_cast<size_t>(f.polygon[k + 1])] - ref;
      const double det = A.determinant();
      vol += det / 6.0;
      first += det / 6.0 * (A.col(0) + A.col(1) + A.col(2)) / 4.0;
      cov += det * A * canonical * A.transpose();
    }
  }
  PolyhedronMass out;
  out.volume = vol;
  const Vec3 d = first / vol;
  out.centroid = ref + d;
  const Mat3 c = cov - vol * d * d.transpose();
  out.J = (mass / vol) * (c.trace() * Mat3::Identity() - c);
  return out;
}

void validateInertia(const Mat3& J, const std::string& field) {
  if (!J.allFinite()) throw InvalidInput(field, "must be finite numbers");
  const double scale = J.cwiseAbs().maxCoeff();
  if ((J - J.transpose()).cwiseAbs().maxCoeff() > 1e-12 * scale)
    throw InvalidInput(field, "must be symmetric");
  Eigen::SelfAdjointEigenSolver<Mat3> es(J);
  if (!(es.eigenvalues().minCoeff() > 0.0)) throw InvalidInput(field, "must be positive definite");
}

}  // namespace lgvci
