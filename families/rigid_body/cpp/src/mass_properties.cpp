#include "lgvci/rigid_body/mass_properties.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

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

namespace lgvci {
namespace {

// Second moments ∫ρρᵀ, first moments ∫ρ and volumes of the pieces, about a reference point.
struct Moments {
  double volume = 0.0;
  Vec3 first = Vec3::Zero();
  Mat3 second = Mat3::Zero();
};

double angleBetween(const Vec3& a, const Vec3& b) { return std::atan2(a.cross(b).norm(), a.dot(b)); }

// The arc of the great circle from unit n1 towards unit n2 (angle ψ): with m the unit vector ⊥ n1 in the
// plane of the two, u(φ) = cos φ n1 + sin φ m, ∫u dφ = sin ψ n1 + (1 − cos ψ) m and
// ∫uuᵀ dφ = (ψ/2 + sin 2ψ/4) n1n1ᵀ + (ψ/2 − sin 2ψ/4) mmᵀ + (sin²ψ/2)(n1mᵀ + mn1ᵀ).
struct Arc {
  double psi = 0.0;
  Vec3 n1, m;
  Vec3 integral() const { return std::sin(psi) * n1 + (1.0 - std::cos(psi)) * m; }
  Mat3 outer() const {
    const double s2 = std::sin(2.0 * psi) / 4.0, s = std::sin(psi);
    return (psi / 2.0 + s2) * n1 * n1.transpose() + (psi / 2.0 - s2) * m * m.transpose() +
           (s * s / 2.0) * (n1 * m.transpose() + m * n1.transpose());
  }
};

Arc arcBetween(const Vec3& n1, const Vec3& n2) {
  Arc a;
  a.n1 = n1;
  a.psi = angleBetween(n1, n2);
  const Vec3 t = n2 - n1.dot(n2) * n1;
  a.m = t.norm() > 0.0 ? Vec3(t / t.norm()) : Vec3::Zero();
  return a;
}

}  // namespace

PolyhedronMass roundedPolyhedronMass(double mass, const std::vector<Vec3>& v, double eps) {
  const PolyhedronMass sharp = polyhedronMass(mass, v);
  if (!(eps > 0.0)) return sharp;
  const detail::Hull hull = detail::convexHull(v);
  // The hull's corners (a point on an edge or inside a face is not one; equal points count once).
  std::vector<int> canon(v.size());
  std::vector<bool> corner(v.size(), false);
  for (size_t i = 0; i < v.size(); ++i) {
    canon[i] = static_cast<int>(i);
    for (size_t j = 0; j < i; ++j)
      if (v[j] == v[i]) { canon[i] = canon[j]; break; }
  }
  for (int i : hull.extreme) corner[static_cast<size_t>(canon[static_cast<size_t>(i)])] = true;
  const Vec3 ref = sharp.centroid;
  auto P = [&](int i) -> Vec3 { return v[static_cast<size_t>(i)] - ref; };

  Moments total;
  // The polyhedron: C about its centroid from J = ρ(tr C I − C), ρ = m/V, i.e. C = (tr J/2 I − J)/ρ.
  const double rho = mass / sharp.volume;
  total.volume = sharp.volume;
  total.second = (0.5 * sharp.J.trace() * Mat3::Identity() - sharp.J) / rho;

  struct EdgeRec { int a, b; std::vector<Vec3> normals; };
  std::vector<EdgeRec> edges;
  std::vector<double> faceAngles(v.size(), 0.0);  // Σ of the face angles at each corner
  for (const auto& f : hull.faces) {
    std::vector<int> poly;
    for (int i : f.polygon) {
      const int c = canon[static_cast<size_t>(i)];
      if (corner[static_cast<size_t>(c)] && (poly.empty() || poly.back() != c) && (poly.empty() || poly.front() != c))
        poly.push_back(c);
    }
    const size_t k = poly.size();
    if (k < 3) continue;
    const Vec3& n = f.normal;
    // Face prism {p + t n : p ∈ F, 0 ≤ t ≤ ε}: ∫ = ε∫ppᵀ + ε²/2 (∫p nᵀ + n∫pᵀ) + ε³/3 A nnᵀ, the face's
    // integrals over a fan of triangles, ∫_T ppᵀ = A/12 (aaᵀ + bbᵀ + ccᵀ + ssᵀ), s = a + b + c.
    double area = 0.0;
    Vec3 first = Vec3::Zero();
    Mat3 second = Mat3::Zero();
    for (size_t j = 1; j + 1 < k; ++j) {
      const Vec3 a = P(poly[0]), b = P(poly[j]), c = P(poly[j + 1]);
      const double A = 0.5 * (b - a).cross(c - a).norm();
      const Vec3 s = a + b + c;
      area += A;
      first += A / 3.0 * s;
      second += A / 12.0 * (a * a.transpose() + b * b.transpose() + c * c.transpose() + s * s.transpose());
    }
    total.volume += eps * area;
    total.first += eps * first + 0.5 * eps * eps * area * n;
    total.second += eps * second + 0.5 * eps * eps * (first * n.transpose() + n * first.transpose()) +
                    eps * eps * eps / 3.0 * area * n * n.transpose();
    for (size_t j = 0; j < k; ++j) {
      const int prev = poly[(j + k - 1) % k], cur = poly[j], next = poly[(j + 1) % k];
      faceAngles[static_cast<size_t>(cur)] += angleBetween(P(prev) - P(cur), P(next) - P(cur));
      const int a = std::min(cur, next), b = std::max(cur, next);
      auto it = std::find_if(edges.begin(), edges.end(), [&](const EdgeRec& e) { return e.a == a && e.b == b; });
      if (it == edges.end()) edges.push_back({a, b, {n}});
      else it->normals.push_back(n);
    }
  }
  // Edge wedges {p(s) + r u(φ)}: s ∈ [0, L] along the edge, r ≤ ε, φ over the arc between the two
  // faces' normals (the exterior dihedral angle ψ); volume element r dr dφ ds.
  std::vector<std::vector<std::pair<Arc, Vec3>>> arcsAt(v.size());  // (arc, outward conormal) at each corner
  for (const auto& e : edges) {
    if (e.normals.size() != 2) continue;  // cannot happen on a closed convex hull
    const Arc arc = arcBetween(e.normals[0], e.normals[1]);
    const Vec3 a = P(e.a), b = P(e.b);
    const double L = (b - a).norm();
    const Mat3 pp = L * ((a * a.transpose() + b * b.transpose()) / 3.0 + (a * b.transpose() + b * a.transpose()) / 6.0);
    const Vec3 pbar = L * 0.5 * (a + b);
    const Vec3 W = arc.integral();
    const double e2 = eps * eps / 2.0, e3 = eps * eps * eps / 3.0, e4 = eps * eps * eps * eps / 4.0;
    total.volume += e2 * arc.psi * L;
    total.first += e2 * arc.psi * pbar + e3 * L * W;
    total.second += e2 * arc.psi * pp + e3 * (pbar * W.transpose() + W * pbar.transpose()) + e4 * L * arc.outer();
    // The same arc bounds the normal cones of both ends; the cone of a lies on the side u·(b − a) ≤ 0.
    const Vec3 d = (b - a) / L;
    arcsAt[static_cast<size_t>(e.a)].push_back({arc, d});
    arcsAt[static_cast<size_t>(e.b)].push_back({arc, -d});
  }
  // Vertex sectors {v + r u : u ∈ N_v, r ≤ ε}, N_v the spherical polygon of outward normals at v. Its
  // area is the angle defect Ω = 2π − Σ face angles; by the divergence theorem on the sphere
  // (div (e_k − u_k u) = −2u_k, div u_j(e_k − u_k u) = δ_jk − 3u_j u_k) with ν the outward conormal,
  // constant on each arc: ∫u = −½ Σ ψ ν and ∫uuᵀ = ⅓(Ω I − Σ (∫_arc u) νᵀ).
  for (size_t i = 0; i < v.size(); ++i) {
    if (!corner[i] || canon[i] != static_cast<int>(i) || arcsAt[i].empty()) continue;
    const double omega = 2.0 * M_PI - faceAngles[i];
    Vec3 U = Vec3::Zero();
    Mat3 M = omega * Mat3::Identity();
    for (const auto& [arc, nu] : arcsAt[i]) {
      U -= 0.5 * arc.psi * nu;
      M -= arc.integral() * nu.transpose();
    }
    M = (M + M.transpose()) / 6.0;  // ⅓ of the symmetric part
    const Vec3 p = P(static_cast<int>(i));
    const double e3 = eps * eps * eps / 3.0, e4 = eps * eps * eps * eps / 4.0, e5 = std::pow(eps, 5) / 5.0;
    total.volume += e3 * omega;
    total.first += e3 * omega * p + e4 * U;
    total.second += e3 * omega * p * p.transpose() + e4 * (p * U.transpose() + U * p.transpose()) + e5 * M;
  }
  PolyhedronMass out;
  out.volume = total.volume;
  const Vec3 d = total.first / total.volume;
  out.centroid = ref + d;
  const Mat3 c = total.second - total.volume * d * d.transpose();
  out.J = (mass / total.volume) * (c.trace() * Mat3::Identity() - c);
  return out;
}

}  // namespace lgvci
