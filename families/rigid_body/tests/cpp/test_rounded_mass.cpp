// Mass properties of ε-rounded polyhedra (docs/rigid-body.md "Rounded mass properties"): closed forms against an
// independent numerical integration and a seeded Monte-Carlo estimate; ε → 0 gives the sharp body.
#include <catch2/catch.hpp>
#include <cmath>
#include <random>
#include <vector>

#include "approx.hpp"
#include "rigid_test_support.hpp"

namespace test_rounded_mass {

using namespace lgvci;
using namespace lgvci_test;

namespace {

// Distance from p to the segment [a, b], to the triangle (a, b, c), to a tetrahedron.
double segmentDistance(const Vec3& p, const Vec3& a, const Vec3& b) {
  const Vec3 d = b - a;
  const double t = std::clamp((p - a).dot(d) / d.squaredNorm(), 0.0, 1.0);
  return (p - a - t * d).norm();
}
double triangleDistance(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c) {
  const Vec3 n = (b - a).cross(c - a).normalized();
  const Vec3 q = p - n.dot(p - a) * n;  // projection on the plane
  const bool inside = (b - a).cross(q - a).dot(n) >= 0 && (c - b).cross(q - b).dot(n) >= 0 && (a - c).cross(q - c).dot(n) >= 0;
  if (inside) return std::abs(n.dot(p - a));
  return std::min({segmentDistance(p, a, b), segmentDistance(p, b, c), segmentDistance(p, c, a)});
}
double tetDistance(const Vec3& p, const std::vector<Vec3>& v) {
  bool inside = true;
  const int faces[4][4] = {{0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 3, 1}, {1, 2, 3, 0}};
  double best = 1e300;
  for (const auto& f : faces) {
    const Vec3 &a = v[f[0]], &b = v[f[1]], &c = v[f[2]], &o = v[f[3]];
    const Vec3 n = (b - a).cross(c - a);
    const bool sameSideAsOpposite = (n.dot(p - a) > 0) == (n.dot(o - a) > 0);
    if (!sameSideAsOpposite) inside = false;
    best = std::min(best, triangleDistance(p, a, b, c));
  }
  return inside ? 0.0 : best;
}

}  // namespace

TEST_CASE("rounded cube: Steiner volume and J against an independent quadrature (issue: J_xx ≈ 2.71 at ε = 0.3)", "[mass][rounded]") {
  const double s = 2.0 * std::sqrt(3.0), eps = 0.3, a = s / 2.0, m = 1.0;
  const PolyhedronMass pm = roundedPolyhedronMass(m, cubeVertices(s), eps);
  // Steiner: V + A ε + (Σ L ψ/2) ε² + 4/3 π ε³ for a cube: s³ + 6s²ε + 3π s ε² + 4/3 π ε³.
  const double V = s * s * s + 6 * s * s * eps + 3 * M_PI * s * eps * eps + 4.0 / 3.0 * M_PI * eps * eps * eps;
  CHECK(pm.volume == Approx(V).epsilon(1e-13));
  CHECK(pm.centroid.norm() <= 1e-14);
  // Independent: the body over (x, y) spans |z| ≤ a + √(ε² − qx² − qy²) with q = max(|·| − a, 0); a
  // midpoint rule on a 1200² grid of the quarter x, y ≥ 0 (the square-root edge costs O(dx^1.5),
  // ~1e-5 relative at this grid).
  const int N = 1200;
  const double L = a + eps, dx = L / N;
  double vol = 0, Ixx = 0, Izz = 0;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) {
      const double x = (i + 0.5) * dx, y = (j + 0.5) * dx;
      const double qx = std::max(x - a, 0.0), qy = std::max(y - a, 0.0);
      const double r2 = eps * eps - qx * qx - qy * qy;
      if (r2 < 0) continue;
      const double zh = a + std::sqrt(r2);
      vol += 2 * zh;                                        // ∫dz
      Ixx += 2 * zh * y * y + 2.0 / 3.0 * zh * zh * zh;      // ∫(y² + z²) dz
      Izz += 2 * zh * (x * x + y * y);                        // ∫(x² + y²) dz
    }
  vol *= 4 * dx * dx;
  Ixx *= 4 * dx * dx;
  Izz *= 4 * dx * dx;
  CHECK(vol == Approx(V).epsilon(5e-5));
  INFO("closed form J = " << pm.J.diagonal().transpose() << ", quadrature Jxx = " << m * Ixx / vol);
  CHECK(pm.J(0, 0) == Approx(m * Ixx / vol).epsilon(5e-5));
  CHECK(pm.J(2, 2) == Approx(m * Izz / vol).epsilon(5e-5));
  CHECK(pm.J(0, 0) == Approx(2.71).margin(0.005));  // the issue's figure (sharp: 2.0)
  CHECK(std::abs(pm.J(0, 1)) <= 1e-13);
}

TEST_CASE("rounded tetrahedron: closed form against seeded Monte-Carlo (tolerance from the sample size)", "[mass][rounded]") {
  const std::vector<Vec3> v = {Vec3(0.3, -0.2, 0.1), Vec3(2.1, 0.2, -0.3), Vec3(0.1, 1.7, 0.4), Vec3(0.6, 0.4, 1.9)};
  const double eps = 0.4, m = 2.0;
  const PolyhedronMass pm = roundedPolyhedronMass(m, v, eps);
  Vec3 lo = v[0], hi = v[0];
  for (const auto& p : v) {
    lo = lo.cwiseMin(p);
    hi = hi.cwiseMax(p);
  }
  lo.array() -= eps;
  hi.array() += eps;
  std::mt19937_64 rng(20261122);
  std::uniform_real_distribution<double> U(0.0, 1.0);
  const int N = 400000;
  int in = 0;
  Vec3 first = Vec3::Zero();
  std::vector<Vec3> pts;
  pts.reserve(N / 2);
  for (int k = 0; k < N; ++k) {
    const Vec3 p = lo + (hi - lo).cwiseProduct(Vec3(U(rng), U(rng), U(rng)));
    if (tetDistance(p, v) <= eps) {
      ++in;
      first += p;
      pts.push_back(p);
    }
  }
  const double boxV = (hi - lo).prod(), frac = static_cast<double>(in) / N;
  const double volMC = boxV * frac, volSE = boxV * std::sqrt(frac * (1 - frac) / N);
  INFO("volume: closed form " << pm.volume << ", Monte-Carlo " << volMC << " ± " << volSE);
  CHECK(std::abs(pm.volume - volMC) <= 5 * volSE);
  const Vec3 c = first / in;
  Mat3 C = Mat3::Zero();
  for (const auto& p : pts) C += (p - c) * (p - c).transpose();
  C /= in;
  const Mat3 Jmc = m * (C.trace() * Mat3::Identity() - C);
  // Standard error of a mean of |ρ|²-sized samples: ~ spread/√n; 5σ with the spread bounded by the
  // body's diameter² (the mean of each entry's square-deviation is below diameter⁴).
  const double diam = (hi - lo).norm();
  const double tol = 5.0 * m * diam * diam / std::sqrt(static_cast<double>(in)) / 4.0;
  INFO("J closed form\n" << pm.J << "\nMonte-Carlo\n" << Jmc << "\ntolerance " << tol);
  CHECK_APPROX_EQUAL(pm.J, Jmc, tol);
  CHECK_APPROX_EQUAL(pm.centroid, c, 5.0 * diam / std::sqrt(static_cast<double>(in)));
}

TEST_CASE("ε → 0 gives the sharp polyhedron's mass properties, ε ≫ size gives a ball's", "[mass][rounded]") {
  const std::vector<Vec3> v = {Vec3(0.3, -0.2, 0.1), Vec3(2.1, 0.2, -0.3), Vec3(0.1, 1.7, 0.4), Vec3(0.6, 0.4, 1.9),
                               Vec3(1.0, 1.0, 1.0)};
  const PolyhedronMass sharp = polyhedronMass(1.5, v);
  for (const double eps : {1e-4, 1e-7, 1e-10}) {
    const PolyhedronMass r = roundedPolyhedronMass(1.5, v, eps);
    INFO("eps = " << eps);
    CHECK(std::abs(r.volume - sharp.volume) <= 20 * eps * sharp.volume);  // A ε ≲ 20 ε V here
    CHECK_APPROX_EQUAL(r.J, sharp.J, 50 * eps * sharp.J.norm());
    CHECK_APPROX_EQUAL(r.centroid, sharp.centroid, 20 * eps);
  }
  CHECK(roundedPolyhedronMass(1.5, v, 0.0).J == sharp.J);
  // A tiny cube inside a big ball: J → 2/5 m ε² I.
  const PolyhedronMass ball = roundedPolyhedronMass(1.0, cubeVertices(1e-4), 1.0);
  CHECK(ball.volume == Approx(4.0 / 3.0 * M_PI).epsilon(1e-3));
  CHECK_APPROX_EQUAL(ball.J, Mat3(0.4 * Mat3::Identity()), 1e-3);
}

TEST_CASE("config: rounded by default for ε > 0, \"sharp\" selectable, Case IV keeps the paper's J", "[mass][rounded][config]") {
  const std::string cube = R"({"body":{"type":"cube","side":3.4641016151377544,"epsilon":0.3},"x0":[0,0,5]})";
  const Mat3 rounded = resolveInertia(parseConfig(cube));
  CHECK(rounded(0, 0) == Approx(2.71).margin(0.005));
  const std::string sharpCfg = R"({"body":{"type":"cube","side":3.4641016151377544,"epsilon":0.3},"x0":[0,0,5],"mass_properties":"sharp"})";
  CHECK_APPROX_EQUAL(resolveInertia(parseConfig(sharpCfg)), Mat3(2.0 * Mat3::Identity()), 1e-14);
  CHECK(parseConfig(sharpCfg).massConvention == MassConvention::Sharp);
  CHECK(parseConfig(toJson(parseConfig(sharpCfg))).massConvention == MassConvention::Sharp);
  SimulationResult bad = createSimulation(R"({"case":"IV","mass_properties":"blunt"})");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error.message == "mass_properties: must be \"rounded\" or \"sharp\"");
  // Case IV: the paper's J = 2 I (sharp), explicitly.
  const RigidBodyDef iv = parseConfig(R"({"case":"IV"})");
  CHECK(iv.massConvention == MassConvention::Sharp);
  CHECK(resolveInertia(iv) == Mat3(2.0 * Mat3::Identity()));
  // The page's ε slider on Case IV changes the body: its inertia is then the rounded body's.
  const RigidBodyDef slider = parseConfig(R"({"case":"IV","body":{"epsilon":0.3}})");
  CHECK(slider.massConvention == MassConvention::Rounded);
  CHECK(resolveInertia(slider)(0, 0) == Approx(2.71).margin(0.005));
}

}  // namespace test_rounded_mass
