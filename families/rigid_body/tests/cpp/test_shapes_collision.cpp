// Collision detection Φ (2.16), (6.4), (6.9), (6.13), (6.15) against brute-force sampling of the body,
// and its rotational gradient χ = ρ_C × Rᵀn against finite differences along R exp(S(ζ)).
#include <algorithm>
#include <catch2/catch.hpp>
#include <functional>
#include <limits>
#include <vector>

#include "approx.hpp"
#include "lgvci/rigid_body/collision.hpp"
#include "so3.hpp"
#include "rigid_test_support.hpp"

namespace test_shapes_collision {

using namespace lgvci;
using namespace lgvci_test;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

/// Points of an ellipsoid's surface on a (θ, φ) grid of spacing π/nTheta.
std::vector<Vec3> ellipsoidSurface(const Vec3& axes, const Vec3& center, int nTheta) {
  std::vector<Vec3> pts;
  const double d = M_PI / nTheta;
  for (int i = 0; i <= nTheta; ++i) {
    const double th = i * d;
    for (int j = 0; j < 2 * nTheta; ++j) {
      const double ph = j * d;
      pts.push_back(center + axes.cwiseProduct(Vec3(std::sin(th) * std::cos(ph), std::sin(th) * std::sin(ph), std::cos(th))));
    }
  }
  return pts;
}

/// Unit directions on a (θ, φ) grid of spacing π/nTheta.
std::vector<Vec3> sphereDirections(int nTheta) { return ellipsoidSurface(Vec3(1, 1, 1), Vec3::Zero(), nTheta); }

/// Samples of the ε-rounded cube (Minkowski sum of the cube with a ball of radius ε): every
/// vertex plus ε times dense sphere directions, every edge plus ε times coarser directions, every
/// face grid point plus ε times the face's outward normal.
std::vector<Vec3> roundedCubeSamples(double side, double eps, const Vec3& center) {
  std::vector<Vec3> pts;
  const double a = 0.5 * side;
  const std::vector<Vec3> verts = cubeVertices(side, center);
  for (const Vec3& v : verts)
    for (const Vec3& d : sphereDirections(200)) pts.push_back(v + eps * d);
  const std::vector<Vec3> coarse = sphereDirections(24);
  for (size_t i = 0; i < verts.size(); ++i)
    for (size_t j = i + 1; j < verts.size(); ++j) {
      if (std::abs((verts[i] - verts[j]).norm() - side) > 1e-12) continue;  // an edge
      for (int k = 1; k < 40; ++k) {
        const Vec3 p = verts[i] + (k / 40.0) * (verts[j] - verts[i]);
        for (const Vec3& d : coarse) pts.push_back(p + eps * d);
      }
    }
  for (int axis = 0; axis < 3; ++axis)
    for (double sgn : {-1.0, 1.0}) {
      Vec3 nrm = Vec3::Zero();
      nrm(axis) = sgn;
      for (int i = 0; i <= 40; ++i)
        for (int j = 0; j <= 40; ++j) {
          Vec3 p = center;
          p(axis) += sgn * a;
          p((axis + 1) % 3) += -a + side * i / 40.0;
          p((axis + 2) % 3) += -a + side * j / 40.0;
          pts.push_back(p + eps * nrm);
        }
    }
  return pts;
}

/// min over the samples of n·(x + Rρ).
double sampledMin(const std::vector<Vec3>& body, const Vec3& n, const Vec3& x, const Mat3& R) {
  const Vec3 u = R.transpose() * n;
  double best = kInf;
  for (const Vec3& p : body) best = std::min(best, u.dot(p));
  return n.dot(x) + best;
}

/// Central differences of Φ along R exp(S(±δ e_i)): the gradient in the body-frame rotation ζ.
Vec3 finiteDifferenceChi(const std::function<double(const Mat3&)>& phiOfR, const Mat3& R, double delta) {
  Vec3 out;
  for (int i = 0; i < 3; ++i) {
    const Vec3 z = delta * Vec3::Unit(i);
    out(i) = (phiOfR(R * so3::expmap(z)) - phiOfR(R * so3::expmap(-z))) / (2.0 * delta);
  }
  return out;
}

double ellipsoidLevel(const Vec3& p, const Vec3& axes, const Vec3& center) {
  return (p - center).cwiseQuotient(axes).squaredNorm();  // f_E of (2.13)
}

}  // namespace

TEST_CASE("Plane normalises its normal — fromTilt gives n = (sin t cos a, sin t sin a, cos t)", "[collision]") {
  CHECK_APPROX_EQUAL(Plane(Vec3(0, 0, 5)).normal(), Vec3(0, 0, 1), 0.0);
  CHECK_APPROX_EQUAL(Plane(Vec3(3, 0, 4)).normal(), Vec3(0.6, 0, 0.8), 1e-16);
  CHECK(Plane().normal() == Vec3::UnitZ());
  const double t = 0.3, a = 2.0;
  CHECK_APPROX_EQUAL(Plane::fromTilt(t, a).normal(),
                     Vec3(std::sin(t) * std::cos(a), std::sin(t) * std::sin(a), std::cos(t)), 1e-16);
  CHECK(Plane::fromTilt(0.0, 1.0).normal() == Vec3::UnitZ());
  // Case II: a 2° rotation of e3 about y, n = (sin θ, 0, cos θ) with θ = −π/90 (§7).
  const Vec3 n2 = Eigen::AngleAxisd(-M_PI / 90, Vec3::UnitY()) * Vec3::UnitZ();
  CHECK_APPROX_EQUAL(Plane::fromTilt(M_PI / 90, M_PI).normal(), n2, 1e-16);
}

TEST_CASE("ellipsoid Φ equals the closed form (2.16)/(6.4) and the closest point (A.5)", "[collision]") {
  Rng rng(31);
  for (int k = 0; k < 200; ++k) {
    const Vec3 axes(uniform(rng, 0.2, 5.0), uniform(rng, 0.2, 5.0), uniform(rng, 0.2, 5.0));
    const ShapePtr e = makeEllipsoid(axes);
    const Plane plane(randomPlaneNormal(rng));
    const Vec3& n = plane.normal();
    const Mat3 R = randomRotation(rng);
    const Vec3 x = randomVec(rng, 10.0);
    const Vec3 IERtn = axes.cwiseProduct(R.transpose() * n);
    CHECK(collisionFunction(*e, plane, x, R) == Approx(n.dot(x) - IERtn.norm()).margin(1e-13));
    const ContactPoint c = closestPoint(*e, plane, x, R);
    CHECK_APPROX_EQUAL(c.rho, -axes.cwiseProduct(IERtn) / IERtn.norm(), 1e-13);  // −I_E² Rᵀn / ‖I_E Rᵀn‖
    CHECK(c.phi == Approx(collisionFunction(*e, plane, x, R)).margin(1e-13));
  }
}

TEST_CASE("ellipsoid Φ is the minimum of n·(x + Rρ) over a dense sampling of the surface", "[collision]") {
  Rng rng(32);
  const int nTheta = 300;
  const double d = M_PI / nTheta;
  for (int k = 0; k < 12; ++k) {
    const Vec3 axes(uniform(rng, 0.5, 5.0), uniform(rng, 0.5, 5.0), uniform(rng, 0.5, 5.0));
    const Vec3 center = k % 2 ? randomVec(rng, 2.0) : Vec3::Zero();
    const ShapePtr e = makeEllipsoid(axes, center);
    const std::vector<Vec3> surface = ellipsoidSurface(axes, center, nTheta);
    for (int r = 0; r < 4; ++r) {
      const Plane plane(randomPlaneNormal(rng));
      const Mat3 R = randomRotation(rng);
      const Vec3 x = randomVec(rng, 10.0);
      const double phi = collisionFunction(*e, plane, x, R);
      const double sampled = sampledMin(surface, plane.normal(), x, R);
      INFO("axes " << fmt(axes) << " sampled " << sampled << " phi " << phi);
      CHECK(sampled >= phi - 1e-12);                           // no body point is closer than Φ says
      CHECK(sampled - phi <= axes.maxCoeff() * d * d);         // and the sampling reaches it
      const ContactPoint c = closestPoint(*e, plane, x, R);
      CHECK(ellipsoidLevel(c.rho, axes, center) == Approx(1.0).margin(1e-13));  // on the surface
      // The outward normal at ρ_C is −Rᵀn (Remark 6.2).
      CHECK_APPROX_EQUAL((c.rho - center).cwiseQuotient(axes.cwiseProduct(axes)).normalized(),
                         -(R.transpose() * plane.normal()), 1e-12);
    }
  }
}

TEST_CASE("union of ellipsoids (Case III shape): Φ is the minimum over both surfaces", "[collision]") {
  const double c = -0.9937128;
  const Vec3 a1(3, 4, 5), c1(1.5 + c, 0, 0), a2(6, 1, 1), c2(-4.5 + c, 0, 0);
  const ShapePtr body = makeUnion({makeEllipsoid(a1, c1), makeEllipsoid(a2, c2)});
  std::vector<Vec3> surface = ellipsoidSurface(a1, c1, 300);
  const std::vector<Vec3> s2 = ellipsoidSurface(a2, c2, 300);
  surface.insert(surface.end(), s2.begin(), s2.end());
  const double d = M_PI / 300;
  Rng rng(33);
  int secondActive = 0;
  for (int k = 0; k < 40; ++k) {
    const Plane plane(randomPlaneNormal(rng));
    const Mat3 R = randomRotation(rng);
    const Vec3 x = randomVec(rng, 10.0);
    const double phi = collisionFunction(*body, plane, x, R);
    const double sampled = sampledMin(surface, plane.normal(), x, R);
    CHECK(sampled >= phi - 1e-12);
    CHECK(sampled - phi <= 6.0 * d * d);
    const ContactPoint cp = closestPoint(*body, plane, x, R);
    const bool onFirst = std::abs(ellipsoidLevel(cp.rho, a1, c1) - 1.0) < 1e-12;
    const bool onSecond = std::abs(ellipsoidLevel(cp.rho, a2, c2) - 1.0) < 1e-12;
    CHECK((onFirst || onSecond));
    if (onSecond) ++secondActive;
    CHECK(cp.phi == Approx(phi).margin(1e-13));
  }
  CHECK(secondActive > 0);  // both parts were the active one for some attitude
  CHECK(secondActive < 40);
}

TEST_CASE("ε-rounded cube: Φ (6.13) is the minimum over the Minkowski sum with the ε-ball", "[collision]") {
  const double side = 2.0, eps = 0.25;
  const Vec3 center(0.3, -0.2, 0.1);
  const ShapePtr cube = makeCube(side, eps, center);
  const std::vector<Vec3> samples = roundedCubeSamples(side, eps, center);
  const double d = M_PI / 200;
  Rng rng(34);
  for (int k = 0; k < 25; ++k) {
    const Plane plane(randomPlaneNormal(rng));
    const Mat3 R = randomRotation(rng);
    const Vec3 x = randomVec(rng, 10.0);
    const double phi = collisionFunction(*cube, plane, x, R);
    const double sampled = sampledMin(samples, plane.normal(), x, R);
    INFO("sampled " << sampled << " phi " << phi);
    CHECK(sampled >= phi - 1e-12);
    CHECK(sampled - phi <= eps * d * d);
    // ρ_C = v* − ε Rᵀn (6.12): the lowest vertex pushed ε towards the plane.
    const ContactPoint cp = closestPoint(*cube, plane, x, R);
    const Vec3 u = R.transpose() * plane.normal();
    const std::vector<Vec3> verts = cubeVertices(side, center);
    const Vec3 vstar = *std::min_element(verts.begin(), verts.end(),
                                         [&](const Vec3& p, const Vec3& q) { return u.dot(p) < u.dot(q); });
    CHECK_APPROX_EQUAL(cp.rho, vstar - eps * u, 1e-14);
    CHECK(phi == Approx(plane.normal().dot(x) + u.dot(vstar) - eps).margin(1e-13));
  }
}

TEST_CASE("polyhedron: Φ uses the lowest point of the hull, interior points never matter", "[collision]") {
  Rng rng(35);
  for (int k = 0; k < 100; ++k) {
    std::vector<Vec3> pts;
    const int count = 4 + static_cast<int>(rng() % 30);
    for (int i = 0; i < count; ++i) pts.push_back(randomVec(rng, 2.0));
    const double eps = k % 3 == 0 ? 0.0 : uniform(rng, 0.0, 0.3);
    const ShapePtr poly = makePolyhedron(pts, eps);
    for (int r = 0; r < 5; ++r) {
      const Plane plane(randomPlaneNormal(rng));
      const Mat3 R = randomRotation(rng);
      const Vec3 x = randomVec(rng, 5.0);
      const Vec3 u = R.transpose() * plane.normal();
      double best = kInf;
      for (const Vec3& p : pts) best = std::min(best, u.dot(p));
      CHECK(collisionFunction(*poly, plane, x, R) == Approx(plane.normal().dot(x) + best - eps).margin(1e-13));
    }
  }
}

TEST_CASE("Φ is n·x plus a function of R only: ∂Φ/∂x = n", "[collision]") {
  Rng rng(36);
  const std::vector<ShapePtr> shapes = {makeEllipsoid(Vec3(2, 3, 4)), makeCube(2 * std::sqrt(3.0), 1e-13),
                                        makeUnion({makeEllipsoid(Vec3(1, 1, 1), Vec3(2, 0, 0)),
                                                   makeEllipsoid(Vec3(1, 2, 1), Vec3(-2, 0, 0))})};
  for (const ShapePtr& s : shapes)
    for (int k = 0; k < 50; ++k) {
      const Plane plane(randomPlaneNormal(rng));
      const Vec3& n = plane.normal();
      const Mat3 R = randomRotation(rng);
      const Vec3 x = randomVec(rng, 10.0);
      const double phi = collisionFunction(*s, plane, x, R);
      const double step = uniform(rng, -3.0, 3.0);
      CHECK(collisionFunction(*s, plane, x + step * n, R) == Approx(phi + step).margin(1e-12));
      const Vec3 along = randomVec(rng, 3.0).cross(n);  // parallel to the plane
      CHECK(collisionFunction(*s, plane, x + along, R) == Approx(phi).margin(1e-12));
    }
}

TEST_CASE("χ = ρ_C × Rᵀn matches central differences of Φ along R exp(S(ζ))", "[collision]") {
  Rng rng(37);
  const double delta = 1e-5;
  struct Named {
    const char* name;
    ShapePtr shape;
  };
  const std::vector<Named> shapes = {
      {"ellipsoid", makeEllipsoid(Vec3(2, 3, 4))},
      {"offset ellipsoid", makeEllipsoid(Vec3(1, 0.5, 2), Vec3(0.3, -1, 0.2))},
      {"Case III union", makeUnion({makeEllipsoid(Vec3(3, 4, 5), Vec3(1.5 - 0.9937128, 0, 0)),
                                    makeEllipsoid(Vec3(6, 1, 1), Vec3(-4.5 - 0.9937128, 0, 0))})},
      {"rounded cube", makeCube(2.0, 0.3)},
      {"Case IV cube", makeCube(2 * std::sqrt(3.0), 1e-13)},
  };
  for (const Named& s : shapes) {
    int tested = 0;
    for (int k = 0; k < 60; ++k) {
      const Plane plane(randomPlaneNormal(rng));
      const Mat3 R = randomRotation(rng);
      const Vec3 x = randomVec(rng, 10.0);
      auto phiOfR = [&](const Mat3& Rp) { return collisionFunction(*s.shape, plane, x, Rp); };
      // Skip attitudes where the lowest point jumps between vertices/parts within ±δ (a kink of Φ).
      std::vector<ContactPoint> near;
      contactSet(*s.shape, plane, x, R, 1e-3, near);
      if (near.size() != 1) continue;
      const ContactPoint cp = closestPoint(*s.shape, plane, x, R);
      const Vec3 u = R.transpose() * plane.normal();
      CHECK_APPROX_EQUAL(cp.chi, cp.rho.cross(u), 1e-15 * (1 + cp.rho.norm()));
      const Vec3 fd = finiteDifferenceChi(phiOfR, R, delta);
      INFO(s.name << ": chi " << fmt(cp.chi) << " fd " << fmt(fd));
      CHECK_APPROX_EQUAL(cp.chi, fd, 1e-7 * (1.0 + cp.rho.norm()));
      ++tested;
    }
    INFO(s.name);
    CHECK(tested >= 30);
  }
}

TEST_CASE("contactSet: the points touching together", "[collision]") {
  std::vector<ContactPoint> out;
  const Plane horizontal;
  SECTION("an ellipsoid always has a single closest point") {
    const ShapePtr e = makeEllipsoid(Vec3(2, 3, 4));
    contactSet(*e, horizontal, Vec3(0, 0, 5), Mat3::Identity(), 1.0, out);
    REQUIRE(out.size() == 1);
    CHECK(out[0].rho == closestPoint(*e, horizontal, Vec3(0, 0, 5), Mat3::Identity()).rho);
  }
  SECTION("a cube lying flat touches with its four bottom corners") {
    const double side = 2.0, eps = 0.1;
    const ShapePtr cube = makeCube(side, eps);
    const Vec3 x(0.5, -0.25, 3.0);
    contactSet(*cube, horizontal, x, Mat3::Identity(), 1e-9, out);
    REQUIRE(out.size() == 4);
    CHECK(out[0].rho == closestPoint(*cube, horizontal, x, Mat3::Identity()).rho);
    Vec3 sum = Vec3::Zero();
    for (const ContactPoint& c : out) {
      CHECK(c.rho.z() == Approx(-1.0 - eps).margin(1e-15));
      CHECK(c.phi == Approx(x.z() - 1.0 - eps).margin(1e-14));
      CHECK_APPROX_EQUAL(c.chi, c.rho.cross(Vec3::UnitZ()), 1e-15);
      sum += c.rho;
    }
    CHECK_APPROX_EQUAL(sum / 4.0, Vec3(0, 0, -1.0 - eps), 1e-15);  // barycentre under the centre
    // With a tolerance larger than the side, every corner counts.
    contactSet(*cube, horizontal, x, Mat3::Identity(), side + 1e-9, out);
    CHECK(out.size() == 8);
  }
  SECTION("a cube standing on an edge touches with the edge's two corners") {
    const ShapePtr cube = makeCube(2.0, 0.0);
    contactSet(*cube, horizontal, Vec3(0, 0, 3), rotationAboutX(M_PI / 4), 1e-9, out);
    REQUIRE(out.size() == 2);
    CHECK(out[0].rho.x() == -out[1].rho.x());
    CHECK(out[0].rho.y() == out[1].rho.y());
    CHECK(out[0].rho.z() == out[1].rho.z());
  }
  SECTION("a generically rotated cube touches with one corner") {
    Rng rng(38);
    const ShapePtr cube = makeCube(2.0, 1e-13);
    for (int k = 0; k < 50; ++k) {
      contactSet(*cube, Plane(randomPlaneNormal(rng)), Vec3(0, 0, 5), randomRotation(rng), 1e-10, out);
      CHECK(out.size() == 1);
    }
  }
  SECTION("a union of two equal spheres held level touches with both") {
    const ShapePtr u = makeUnion({makeEllipsoid(Vec3(1, 1, 1), Vec3(2, 0, 0)), makeEllipsoid(Vec3(1, 1, 1), Vec3(-2, 0, 0))});
    contactSet(*u, horizontal, Vec3(0, 0, 3), Mat3::Identity(), 1e-10, out);
    REQUIRE(out.size() == 2);
    CHECK_APPROX_EQUAL(out[0].rho + out[1].rho, Vec3(0, 0, -2), 1e-15);
    // Tilted by 0.01 rad about y, only the lower sphere touches.
    contactSet(*u, horizontal, Vec3(0, 0, 3), Eigen::AngleAxisd(0.01, Vec3::UnitY()).toRotationMatrix(), 1e-10, out);
    CHECK(out.size() == 1);
  }
}

TEST_CASE("boundingRadius bounds |ρ| over the body", "[collision]") {
  const Vec3 axes(3, 4, 5), center(0.5, -0.2, 0.1);
  double maxNorm = 0;
  for (const Vec3& p : ellipsoidSurface(axes, center, 100)) maxNorm = std::max(maxNorm, p.norm());
  CHECK(makeEllipsoid(axes, center)->boundingRadius() >= maxNorm);
  CHECK(makeCube(2.0, 0.1)->boundingRadius() == Approx(std::sqrt(3.0) + 0.1).epsilon(1e-15));
  const ShapePtr u = makeUnion({makeEllipsoid(Vec3(1, 1, 1), Vec3(2, 0, 0)), makeEllipsoid(Vec3(6, 1, 1), Vec3(-4, 0, 0))});
  CHECK(u->boundingRadius() >= 10.0);
}

TEST_CASE("intersection of convex parts: Φ is the minimum over the intersection (6.9), (6.17)", "[collision][intersection]") {
  // A lens: the intersection of two unit balls centred at (±0.5, 0, 0). Its lowest point over the
  // horizontal plane is (0, 0, −√0.75), not either ball's lowest point (±0.5, 0, −1), which lies
  // outside the other ball.
  const Vec3 a(1, 1, 1), c1(0.5, 0, 0), c2(-0.5, 0, 0);
  const ShapePtr lens = makeIntersection({makeEllipsoid(a, c1), makeEllipsoid(a, c2)});
  const Plane horizontal;
  const Vec3 x(0, 0, 2);
  CHECK(collisionFunction(*lens, horizontal, x, Mat3::Identity()) == Approx(2.0 - std::sqrt(0.75)).margin(1e-12));
  const ContactPoint cp = closestPoint(*lens, horizontal, x, Mat3::Identity());
  CHECK(ellipsoidLevel(cp.rho, a, c1) <= 1.0 + 1e-12);  // the contact point belongs to the body
  CHECK(ellipsoidLevel(cp.rho, a, c2) <= 1.0 + 1e-12);

  // Random attitudes: sample the boundary of the intersection (each surface's points inside the other).
  std::vector<Vec3> boundary;
  for (const Vec3& p : ellipsoidSurface(a, c1, 200))
    if (ellipsoidLevel(p, a, c2) <= 1.0) boundary.push_back(p);
  for (const Vec3& p : ellipsoidSurface(a, c2, 200))
    if (ellipsoidLevel(p, a, c1) <= 1.0) boundary.push_back(p);
  // The rim where the two spheres meet (x = 0, y² + z² = 0.75) is a ridge: the minimum often lies on
  // it, and surface samples only approach it to first order, so sample it on its own.
  for (int k = 0; k < 20000; ++k) {
    const double t = 2.0 * M_PI * k / 20000.0;
    boundary.emplace_back(0.0, std::sqrt(0.75) * std::cos(t), std::sqrt(0.75) * std::sin(t));
  }
  Rng rng(39);
  int bad = 0;
  for (int k = 0; k < 20; ++k) {
    const Plane plane(randomPlaneNormal(rng));
    const Mat3 R = randomRotation(rng);
    const double phi = collisionFunction(*lens, plane, x, R);
    const double sampled = sampledMin(boundary, plane.normal(), x, R);
    CHECK(sampled >= phi - 1e-12);
    if (sampled - phi > 1e-3) ++bad;
  }
  CHECK(bad == 0);
  // Parts other than ellipsoids are refused with a message rather than given a wrong Φ.
  CHECK_THROWS_WITH(makeIntersection({makeEllipsoid(a, c1), makeCube(1.0, 0.0)}), Catch::Contains("ellipsoids"));
  CHECK_THROWS_WITH(makeIntersection({makeEllipsoid(a, Vec3(5, 0, 0)), makeEllipsoid(a, Vec3(-5, 0, 0))}), Catch::Contains("overlap"));
}

namespace {
// Independent optimality certificate for min u·ρ over ∩E_i (convex): ρ is feasible and the KKT
// conditions hold, −u = Σ λ_i ∇f_i(ρ) with λ_i ≥ 0 over the constraints active at ρ. Checked by
// non-negative least squares over subsets of the active constraints (at most 6 here).
struct Ell { Vec3 a, c; };
double kktResidual(const std::vector<Ell>& parts, const Vec3& u, const Vec3& rho) {
  std::vector<Vec3> grads;
  for (const auto& e : parts)
    if (std::abs(ellipsoidLevel(rho, e.a, e.c) - 1.0) <= 1e-7)
      grads.push_back(2.0 * (rho - e.c).cwiseQuotient(e.a.cwiseProduct(e.a)));
  double best = kInf;
  const unsigned k = static_cast<unsigned>(grads.size());
  for (unsigned mask = 1; mask < (1u << k); ++mask) {
    std::vector<Vec3> G;
    for (unsigned i = 0; i < k; ++i)
      if (mask & (1u << i)) G.push_back(grads[i]);
    if (G.size() > 3) continue;
    Eigen::MatrixXd A(3, static_cast<Eigen::Index>(G.size()));
    for (size_t j = 0; j < G.size(); ++j) A.col(static_cast<Eigen::Index>(j)) = G[j];
    const Eigen::VectorXd lambda = A.colPivHouseholderQr().solve(-u);
    if ((lambda.array() < -1e-9).any()) continue;
    best = std::min(best, (A * lambda + u).norm());
  }
  return best;
}
}  // namespace

TEST_CASE("intersection off the symmetric lens: Φ is finite and optimal in every direction",
          "[collision][intersection]") {
  // Before: the dual Newton crawled to μ_i → 0 and stopped, rejecting the right active set, so the
  // lowest point came back NaN for ~0.7 % of directions (two unit balls at (0.5, −1, 0), (−0.5, 0, 0)).
  std::vector<std::vector<Ell>> bodies = {{{Vec3(1, 1, 1), Vec3(0.5, -1, 0)}, {Vec3(1, 1, 1), Vec3(-0.5, 0, 0)}}};
  Rng rng(808);
  for (int b = 0; b < 6; ++b) {  // random overlapping ellipsoids: every centre within 0.4 of the origin
    std::vector<Ell> parts;
    const int k = 2 + b % 3;
    for (int i = 0; i < k; ++i)
      parts.push_back({Vec3(uniform(rng, 0.5, 2.0), uniform(rng, 0.5, 2.0), uniform(rng, 0.5, 2.0)), randomVec(rng, 0.23)});
    bodies.push_back(parts);
  }
  bodies.push_back({{Vec3(1, 1, 1e-3), Vec3::Zero()}, {Vec3(1, 1, 1), Vec3(0.5, 0, 0)}});  // a thin lens
  for (size_t b = 0; b < bodies.size(); ++b) {
    std::vector<ShapePtr> shapes;
    for (const auto& e : bodies[b]) shapes.push_back(makeEllipsoid(e.a, e.c));
    const ShapePtr body = makeIntersection(shapes);
    // Surface samples of the intersection: a brute-force upper bound for the minimum.
    std::vector<Vec3> boundary;
    for (const auto& e : bodies[b])
      for (const Vec3& p : ellipsoidSurface(e.a, e.c, 40)) {
        bool inside = true;
        for (const auto& f : bodies[b]) inside = inside && ellipsoidLevel(p, f.a, f.c) <= 1.0;
        if (inside) boundary.push_back(p);
      }
    int nonFinite = 0, infeasible = 0, notOptimal = 0, aboveSamples = 0;
    for (int d = 0; d < 2000; ++d) {
      const Vec3 u = randomUnit(rng);
      const SupportPoint s = body->lowest(u);
      if (!std::isfinite(s.value) || !s.rho.allFinite()) { ++nonFinite; continue; }
      double worst = 0.0;
      for (const auto& e : bodies[b]) worst = std::max(worst, ellipsoidLevel(s.rho, e.a, e.c) - 1.0);
      if (worst > 1e-9) ++infeasible;
      if (kktResidual(bodies[b], u, s.rho) > 1e-6) ++notOptimal;
      double sampled = kInf;
      for (const Vec3& p : boundary) sampled = std::min(sampled, u.dot(p));
      if (!boundary.empty() && sampled < s.value - 1e-9) ++aboveSamples;
    }
    INFO("body " << b);
    CHECK(nonFinite == 0);
    CHECK(infeasible == 0);
    CHECK(notOptimal == 0);
    CHECK(aboveSamples == 0);
  }
}

TEST_CASE("contact features: lowest() names its feature, featureLowest and lowestExcept agree with brute force", "[shapes][contact]") {
  // A union of a rounded cube (features 0..7, its corners' balls), an ellipsoid (8) and a rounded
  // tetrahedron (9..12): every feature's own lowest point, and the lowest over the ones not excluded.
  const ShapePtr cube = makeCube(2.0, 0.1);
  const ShapePtr ell = makeEllipsoid(Vec3(1.0, 0.5, 0.7), Vec3(3.0, 0.0, 0.0));
  const ShapePtr tet = makePolyhedron({Vec3(0, 0, 3), Vec3(1, 0, 4), Vec3(0, 1, 4), Vec3(0, 0, 5)}, 0.05);
  const ShapePtr body = makeUnion({cube, ell, tet});
  REQUIRE(body->featureCount() == 13);
  Rng rng(4242);
  for (int k = 0; k < 500; ++k) {
    const Vec3 u = randomUnit(rng);
    std::vector<SupportPoint> all;
    for (int f = 0; f < 13; ++f) {
      const SupportPoint s = body->featureLowest(f, u);
      CHECK(s.feature == f);
      CHECK(s.value == Approx(u.dot(s.rho)).margin(1e-12));
      all.push_back(s);
    }
    const SupportPoint best = body->lowest(u);
    CHECK(best.value == Approx(std::min_element(all.begin(), all.end(), [](auto& a, auto& b) { return a.value < b.value; })->value).margin(1e-12));
    CHECK(all[static_cast<size_t>(best.feature)].value == Approx(best.value).margin(1e-12));
    // Exclude a random subset; the answer is the lowest of the rest (or none).
    std::vector<int> excluded;
    for (int f = 0; f < 13; ++f)
      if (uniform(rng, 0.0, 1.0) < 0.6) excluded.push_back(f);
    const SupportPoint rest = body->lowestExcept(u, excluded.data(), static_cast<int>(excluded.size()));
    double expected = kInf;
    for (int f = 0; f < 13; ++f)
      if (std::find(excluded.begin(), excluded.end(), f) == excluded.end()) expected = std::min(expected, all[static_cast<size_t>(f)].value);
    if (expected == kInf) {
      CHECK(rest.feature == -1);
    } else {
      CHECK(rest.value == Approx(expected).margin(1e-12));
      CHECK(std::find(excluded.begin(), excluded.end(), rest.feature) == excluded.end());
    }
  }
}

}  // namespace test_shapes_collision
