// Mass properties: the closed forms of §7 and the uniform-density convex polyhedron (§6.3).
#include <catch2/catch.hpp>
#include <limits>
#include <vector>

#include "approx.hpp"
#include "lgvci/rigid_body/mass_properties.hpp"
#include "lgvci/rigid_body/shapes.hpp"
#include "rigid_test_support.hpp"

namespace test_mass_properties {

using namespace lgvci;
using namespace lgvci_test;

namespace {

std::vector<Vec3> boxVertices(const Vec3& dims) {
  std::vector<Vec3> v;
  for (int i = 0; i < 8; ++i)
    v.push_back(0.5 * Vec3((i & 1) ? dims.x() : -dims.x(), (i & 2) ? dims.y() : -dims.y(), (i & 4) ? dims.z() : -dims.z()));
  return v;
}

std::vector<Vec3> transformed(const std::vector<Vec3>& v, const Mat3& Q, const Vec3& t) {
  std::vector<Vec3> out;
  for (const Vec3& p : v) out.push_back(Q * p + t);
  return out;
}

void checkInvalid(const Mat3& J, const std::string& rulePart) {
  try {
    validateInertia(J);
    FAIL("validateInertia accepted\n" << J);
  } catch (const InvalidInput& e) {
    CHECK(e.field() == "inertia");
    CHECK(std::string(e.what()).rfind("inertia: ", 0) == 0);
    CHECK(std::string(e.what()).find(rulePart) != std::string::npos);
  }
}

}  // namespace

TEST_CASE("ellipsoidMass: J = m/5 diag(b²+c², a²+c², a²+b²) (§7) and Table 1", "[mass]") {
  // Table 1, Cases I and II: I_E = diag(2, 3, 4), m = 1 → J = diag(5, 4, 2.6).
  const MassProperties e = ellipsoidMass(1.0, Vec3(2, 3, 4));
  CHECK(e.mass == 1.0);
  CHECK_APPROX_EQUAL(e.J, Vec3(5.0, 4.0, 2.6).asDiagonal().toDenseMatrix(), 1e-15);
  // A ball of radius r: 2/5 m r².
  CHECK_APPROX_EQUAL(ellipsoidMass(3.0, Vec3(2, 2, 2)).J, (0.4 * 3.0 * 4.0) * Mat3::Identity(), 1e-14);
  Rng rng(41);
  for (int k = 0; k < 50; ++k) {
    const double m = uniform(rng, 0.1, 10.0);
    const Vec3 s(uniform(rng, 0.1, 5.0), uniform(rng, 0.1, 5.0), uniform(rng, 0.1, 5.0));
    const Mat3 J = ellipsoidMass(m, s).J;
    const double a2 = s.x() * s.x(), b2 = s.y() * s.y(), c2 = s.z() * s.z();
    CHECK_APPROX_REL(J, (m / 5.0 * Vec3(b2 + c2, a2 + c2, a2 + b2)).asDiagonal().toDenseMatrix(), 1e-15);
    validateInertia(J);  // positive definite
  }
}

TEST_CASE("ellipsoidMass agrees with a midpoint-rule integration of the solid ellipsoid", "[mass]") {
  const Vec3 s(1.0, 1.5, 2.5);
  const int N = 120;
  double vol = 0;
  Vec3 second = Vec3::Zero();  // ∫x², ∫y², ∫z²
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j)
      for (int k = 0; k < N; ++k) {
        const Vec3 p(-s.x() + (2 * i + 1) * s.x() / N, -s.y() + (2 * j + 1) * s.y() / N, -s.z() + (2 * k + 1) * s.z() / N);
        if (p.cwiseQuotient(s).squaredNorm() > 1.0) continue;
        vol += 1;
        second += p.cwiseProduct(p);
      }
  second /= vol;
  const Vec3 Jnum(second.y() + second.z(), second.x() + second.z(), second.x() + second.y());
  const Mat3 J = ellipsoidMass(1.0, s).J;
  for (int i = 0; i < 3; ++i) CHECK(J(i, i) == Approx(Jnum(i)).epsilon(2e-3));
}

TEST_CASE("cubeMass: J = m s²/6 I (§7) — Table 1 Case IV gives 2 I", "[mass]") {
  CHECK_APPROX_EQUAL(cubeMass(1.0, 2.0 * std::sqrt(3.0)).J, 2.0 * Mat3::Identity(), 1e-15);
  CHECK_APPROX_EQUAL(cubeMass(3.0, 2.0).J, 2.0 * Mat3::Identity(), 1e-15);
  CHECK(cubeMass(3.0, 2.0).mass == 3.0);
}

TEST_CASE("polyhedronMass of a cube equals the closed form", "[mass]") {
  for (double side : {1.0, 2.0 * std::sqrt(3.0), 0.01, 100.0}) {
    const PolyhedronMass p = polyhedronMass(1.7, cubeVertices(side));
    CHECK(p.volume == Approx(side * side * side).epsilon(1e-13));
    CHECK_APPROX_EQUAL(p.centroid, Vec3::Zero(), 1e-13 * side);
    CHECK_APPROX_REL(p.J, cubeMass(1.7, side).J, 1e-13);
  }
}

TEST_CASE("polyhedronMass of a box: J = m/12 diag(b²+c², a²+c², a²+b²)", "[mass]") {
  const Vec3 d(1.0, 2.0, 3.5);
  const PolyhedronMass p = polyhedronMass(2.0, boxVertices(d));
  CHECK(p.volume == Approx(d.prod()).epsilon(1e-13));
  CHECK_APPROX_EQUAL(p.centroid, Vec3::Zero(), 1e-14);
  const Vec3 sq = d.cwiseProduct(d);
  CHECK_APPROX_REL(p.J, (2.0 / 12.0 * Vec3(sq.y() + sq.z(), sq.x() + sq.z(), sq.x() + sq.y())).asDiagonal().toDenseMatrix(), 1e-13);
}

TEST_CASE("polyhedronMass of a regular tetrahedron: V = a³/(6√2), J = m a²/20 I", "[mass]") {
  // Alternate corners of the cube [−1, 1]³: edge a = 2√2.
  const std::vector<Vec3> tet = {Vec3(1, 1, 1), Vec3(1, -1, -1), Vec3(-1, 1, -1), Vec3(-1, -1, 1)};
  const double a = 2.0 * std::sqrt(2.0), m = 3.0;
  const PolyhedronMass p = polyhedronMass(m, tet);
  CHECK(p.volume == Approx(a * a * a / (6.0 * std::sqrt(2.0))).epsilon(1e-13));
  CHECK_APPROX_EQUAL(p.centroid, Vec3::Zero(), 1e-14);
  CHECK_APPROX_REL(p.J, (m * a * a / 20.0) * Mat3::Identity(), 1e-13);
}

TEST_CASE("polyhedronMass of a regular octahedron: V = √2/3 a³, J = m a²/10 I", "[mass]") {
  const double r = 1.3;  // vertices ±r e_i, edge a = r√2
  const std::vector<Vec3> oct = {Vec3(r, 0, 0), Vec3(-r, 0, 0), Vec3(0, r, 0), Vec3(0, -r, 0), Vec3(0, 0, r), Vec3(0, 0, -r)};
  const double a = r * std::sqrt(2.0), m = 0.5;
  const PolyhedronMass p = polyhedronMass(m, oct);
  CHECK(p.volume == Approx(std::sqrt(2.0) / 3.0 * a * a * a).epsilon(1e-13));
  CHECK_APPROX_EQUAL(p.centroid, Vec3::Zero(), 1e-14);
  CHECK_APPROX_REL(p.J, (m * a * a / 10.0) * Mat3::Identity(), 1e-13);
}

TEST_CASE("polyhedronMass: a rotated and shifted copy moves the centroid and rotates J", "[mass]") {
  Rng rng(42);
  const std::vector<std::vector<Vec3>> bodies = {
      boxVertices(Vec3(1.0, 2.0, 3.5)),
      {Vec3(1, 1, 1), Vec3(1, -1, -1), Vec3(-1, 1, -1), Vec3(-1, -1, 1)},
      {Vec3(1, 0, 0), Vec3(-1, 0, 0), Vec3(0, 1, 0), Vec3(0, -1, 0), Vec3(0, 0, 1), Vec3(0, 0, -1)}};
  for (const auto& body : bodies) {
    const PolyhedronMass p0 = polyhedronMass(1.0, body);
    for (int k = 0; k < 20; ++k) {
      const Mat3 Q = randomRotation(rng);
      const Vec3 t = randomVec(rng, 50.0);
      const PolyhedronMass p = polyhedronMass(1.0, transformed(body, Q, t));
      CHECK(p.volume == Approx(p0.volume).epsilon(1e-12));
      CHECK_APPROX_EQUAL(p.centroid, Q * p0.centroid + t, 1e-12 * (1 + t.norm()));
      CHECK_APPROX_EQUAL(p.J, Q * p0.J * Q.transpose(), 1e-11 * p0.J.norm());
    }
  }
}

TEST_CASE("polyhedronMass of random point clouds: invariant under rigid motions and interior points", "[mass]") {
  Rng rng(43);
  for (int k = 0; k < 30; ++k) {
    std::vector<Vec3> pts;
    for (int i = 0; i < 12; ++i) pts.push_back(randomVec(rng, 1.0));
    const PolyhedronMass p0 = polyhedronMass(2.0, pts);
    REQUIRE(p0.volume > 0);
    validateInertia(p0.J);
    // A body's J satisfies the triangle inequalities: J_d = ½ tr(J) I − J = ∫ρρᵀ dm ⪰ 0.
    const Eigen::SelfAdjointEigenSolver<Mat3> es(nonstandardInertia(p0.J));
    CHECK(es.eigenvalues().minCoeff() >= -1e-12);
    // Points strictly inside the hull (the centroid and convex combinations) change nothing.
    std::vector<Vec3> more = pts;
    more.push_back(p0.centroid);
    more.push_back(0.5 * (p0.centroid + pts[0]));
    const PolyhedronMass p1 = polyhedronMass(2.0, more);
    CHECK(p1.volume == Approx(p0.volume).epsilon(1e-12));
    CHECK_APPROX_EQUAL(p1.centroid, p0.centroid, 1e-12);
    CHECK_APPROX_EQUAL(p1.J, p0.J, 1e-12);
    // A rigid motion.
    const Mat3 Q = randomRotation(rng);
    const Vec3 t = randomVec(rng, 5.0);
    const PolyhedronMass p2 = polyhedronMass(2.0, transformed(pts, Q, t));
    CHECK(p2.volume == Approx(p0.volume).epsilon(1e-12));
    CHECK_APPROX_EQUAL(p2.centroid, Q * p0.centroid + t, 1e-12);
    CHECK_APPROX_EQUAL(p2.J, Q * p0.J * Q.transpose(), 1e-12);
    // J scales with the mass.
    CHECK_APPROX_REL(polyhedronMass(6.0, pts).J, 3.0 * p0.J, 1e-14);
  }
}

TEST_CASE("polyhedronMass rejects points spanning no volume", "[mass]") {
  const std::vector<Vec3> flat = {Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(1, 1, 0)};
  CHECK_THROWS_AS(polyhedronMass(1.0, flat), InvalidInput);
  try {
    polyhedronMass(1.0, flat);
  } catch (const InvalidInput& e) {
    CHECK(e.field() == "vertices");
  }
}

TEST_CASE("validateInertia accepts SPD and rejects non-symmetric, non-PD and non-finite J", "[mass]") {
  CHECK_NOTHROW(validateInertia(Vec3(5.0, 4.0, 2.6).asDiagonal().toDenseMatrix()));
  CHECK_NOTHROW(validateInertia(2.0 * Mat3::Identity()));
  Rng rng(44);
  for (int k = 0; k < 20; ++k) CHECK_NOTHROW(validateInertia(randomInertia(rng)));

  Mat3 nonSym = 2.0 * Mat3::Identity();
  nonSym(0, 1) = 0.1;  // Table 1's antisymmetric off-diagonals would be rejected the same way
  checkInvalid(nonSym, "symmetric");
  checkInvalid(Vec3(1.0, 1.0, -1.0).asDiagonal().toDenseMatrix(), "positive definite");
  checkInvalid(Vec3(1.0, 1.0, 0.0).asDiagonal().toDenseMatrix(), "positive definite");
  checkInvalid(-Mat3::Identity(), "positive definite");
  Mat3 indefinite;
  indefinite << 1, 2, 0, 2, 1, 0, 0, 0, 1;  // symmetric, eigenvalues 3, −1, 1
  checkInvalid(indefinite, "positive definite");
  Mat3 nan = Mat3::Identity();
  nan(2, 2) = std::numeric_limits<double>::quiet_NaN();
  checkInvalid(nan, "finite");
  Mat3 inf = Mat3::Identity();
  inf(0, 0) = std::numeric_limits<double>::infinity();
  checkInvalid(inf, "finite");
  // The field name is the caller's.
  try {
    validateInertia(-Mat3::Identity(), "body.inertia");
    FAIL("accepted");
  } catch (const InvalidInput& e) {
    CHECK(e.field() == "body.inertia");
  }
}

TEST_CASE("shapes own their mass properties: closed forms, hull, none for unions and intersections", "[mass]") {
  const Vec3 axes(2, 3, 4), c(0.5, 0, 0);
  const auto e = makeEllipsoid(axes, c)->massProperties(2.0);
  REQUIRE(e);
  CHECK(e->J == ellipsoidMass(2.0, axes).J);
  CHECK(e->centroid == c);
  const auto cube = makeCube(2.0, 1e-13)->massProperties(3.0, MassConvention::Sharp);
  REQUIRE(cube);
  CHECK(cube->J == cubeMass(3.0, 2.0).J);  // the paper's convention: the closed form, not the hull's integral
  const auto rounded = makeCube(2.0, 1e-13)->massProperties(3.0);  // default: the rounded body's
  REQUIRE(rounded);
  CHECK_APPROX_EQUAL(rounded->J, cubeMass(3.0, 2.0).J, 1e-11);
  const std::vector<Vec3> tet = {Vec3(1, 1, 1), Vec3(1, -1, -1), Vec3(-1, 1, -1), Vec3(-1, -1, 1), Vec3(0.1, 0, 0)};
  const auto poly = makePolyhedron(tet, 0.0)->massProperties(1.5);
  REQUIRE(poly);
  const PolyhedronMass pm = polyhedronMass(1.5, tet);  // from the vertices as given (interior one too)
  CHECK(poly->J == pm.J);
  CHECK(poly->centroid == pm.centroid);
  CHECK_FALSE(makeUnion({makeEllipsoid(axes), makeCube(1.0, 0.0)})->massProperties(1.0));
  CHECK_FALSE(makeIntersection({makeEllipsoid(axes), makeEllipsoid(axes, c)})->massProperties(1.0));
  // resolveInertia asks the body.
  RigidBodyDef d = paperCase("I");
  CHECK(resolveInertia(d) == ellipsoidMass(1.0, axes).J);
}

}  // namespace test_mass_properties
