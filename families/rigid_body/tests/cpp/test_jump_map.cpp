// The jump map F̃_Jump of Corollary 4.4 (4.21): γ⁺ = γ⁻ + λn, Π⁺ = Π⁻ + λχ, energy (4.21c).
#include <catch2/catch.hpp>
#include <vector>

#include "approx.hpp"
#include "lgvci/rigid_body/collision.hpp"
#include "lgvci/rigid_body/discrete_flow.hpp"
#include "lgvci/rigid_body/jump_map.hpp"
#include "rigid_test_support.hpp"

namespace test_jump_map {

using namespace lgvci;
using namespace lgvci_test;

namespace {

double kinetic(const Vec3& gamma, const Vec3& Pi, double m, const Mat3& Jinv) {
  return gamma.squaredNorm() / (2.0 * m) + 0.5 * Pi.dot(Jinv * Pi);
}

struct JumpCase {
  Vec3 n, chi, gamma, Pi;
  double m;
  Mat3 J, Jinv;
};

JumpCase randomCase(Rng& rng) {
  JumpCase c;
  c.n = randomPlaneNormal(rng);
  c.m = uniform(rng, 0.2, 5.0);
  c.J = randomInertia(rng);
  c.Jinv = c.J.inverse();
  // χ = ρ × Rᵀn of a body point ρ, as the collision module would give it.
  const Vec3 u = randomUnit(rng);
  c.chi = randomVec(rng, 3.0).cross(u);
  c.gamma = randomVec(rng, 10.0);
  c.Pi = randomVec(rng, 10.0);
  return c;
}

}  // namespace

TEST_CASE("jump map: energy, momentum along (n, χ), reversed normal velocity", "[jump]") {
  Rng rng(51);
  int approaching = 0;
  for (int k = 0; k < 2000; ++k) {
    const JumpCase c = randomCase(rng);
    const double v0 = normalVelocity(c.n, c.chi, c.gamma, c.Pi, c.m, c.Jinv);
    CHECK(v0 == Approx(c.n.dot(c.gamma) / c.m + c.chi.dot(c.Jinv * c.Pi)).margin(1e-13));
    const JumpResult j = jumpMap(c.n, c.chi, c.gamma, c.Pi, c.m, c.Jinv);
    INFO("case " << k << ": v0 = " << v0 << ", lambda = " << j.lambda);
    // (4.21c): the kinetic energy (the configuration, hence the potential, is unchanged).
    const double T0 = kinetic(c.gamma, c.Pi, c.m, c.Jinv);
    CHECK(relErr(kinetic(j.gamma, j.Pi, c.m, c.Jinv), T0) < 1e-12);
    // (4.21a–b): Δγ = λn and ΔΠ = λχ, the change is parallel to (n, χ).
    CHECK_APPROX_EQUAL(j.gamma - c.gamma, j.lambda * c.n, 1e-13 * (1 + c.gamma.norm()));
    CHECK_APPROX_EQUAL(j.Pi - c.Pi, j.lambda * c.chi, 1e-13 * (1 + c.Pi.norm()));
    // The contact point's normal velocity n·γ/m + χ·J⁻¹Π is exactly reversed.
    const double v1 = normalVelocity(c.n, c.chi, j.gamma, j.Pi, c.m, c.Jinv);
    CHECK(v1 == Approx(-v0).margin(1e-12 * (1 + std::abs(v0))));
    // λ is the non-zero root: non-zero, pushing away from the plane when the point approaches.
    CHECK(j.lambda != 0.0);
    CHECK(j.lambda * v0 < 0.0);
    if (v0 < 0) ++approaching;
  }
  CHECK(approaching > 500);
}

TEST_CASE("jump map: λ is the non-zero root of the energy quadratic (4.21c)", "[jump]") {
  Rng rng(52);
  for (int k = 0; k < 200; ++k) {
    const JumpCase c = randomCase(rng);
    const JumpResult j = jumpMap(c.n, c.chi, c.gamma, c.Pi, c.m, c.Jinv);
    // E(λ) − E(0) = λ (n·γ/m + χ·J⁻¹Π) + ½λ² (1/m + χᵀJ⁻¹χ): roots 0 and λ*.
    const double b = c.n.dot(c.gamma) / c.m + c.chi.dot(c.Jinv * c.Pi);
    const double a = 0.5 * (1.0 / c.m + c.chi.dot(c.Jinv * c.chi));
    CHECK(j.lambda == Approx(-b / a).epsilon(1e-12));
    // Any other multiplier changes the energy.
    for (double s : {0.5, 0.9, 1.1, 2.0}) {
      const double T = kinetic(c.gamma + s * j.lambda * c.n, c.Pi + s * j.lambda * c.chi, c.m, c.Jinv);
      CHECK(std::abs(T - kinetic(c.gamma, c.Pi, c.m, c.Jinv)) > 1e-6 * std::abs(a * j.lambda * j.lambda));
    }
  }
}

TEST_CASE("jump map is an involution: a second jump at the same configuration undoes the first", "[jump]") {
  Rng rng(53);
  for (int k = 0; k < 200; ++k) {
    const JumpCase c = randomCase(rng);
    const JumpResult j1 = jumpMap(c.n, c.chi, c.gamma, c.Pi, c.m, c.Jinv);
    const JumpResult j2 = jumpMap(c.n, c.chi, j1.gamma, j1.Pi, c.m, c.Jinv);
    CHECK(j2.lambda == Approx(-j1.lambda).epsilon(1e-12));
    CHECK_APPROX_EQUAL(j2.gamma, c.gamma, 1e-12 * (1 + c.gamma.norm()));
    CHECK_APPROX_EQUAL(j2.Pi, c.Pi, 1e-12 * (1 + c.Pi.norm()));
  }
}

TEST_CASE("jump map: with χ = 0 (impulse through the centre of mass) only n·γ is reversed", "[jump]") {
  const Vec3 n = Vec3(0.1, -0.2, 1.0).normalized();
  const Mat3 Jinv = Vec3(5.0, 4.0, 2.6).asDiagonal().inverse();
  const Vec3 gamma(2.0, 2.0, -7.0), Pi(4, -4, 4);
  const JumpResult j = jumpMap(n, Vec3::Zero(), gamma, Pi, 1.0, Jinv);
  CHECK(j.Pi == Pi);
  CHECK_APPROX_EQUAL(j.gamma, gamma - 2.0 * n.dot(gamma) * n, 1e-14);  // a mirror reflection
  CHECK(j.lambda == Approx(-2.0 * n.dot(gamma)).epsilon(1e-15));
}

TEST_CASE("normalVelocity is dΦ/dt along the flow (n·ẋ + χ·Ω)", "[jump]") {
  // Central differences of Φ along F̃_Ld[±δ] from a state, for an ellipsoid and a cube.
  Rng rng(54);
  const std::vector<ShapePtr> shapes = {makeEllipsoid(Vec3(2, 3, 4)), makeCube(2.0, 0.1)};
  for (const ShapePtr& body : shapes) {
    for (int k = 0; k < 30; ++k) {
      MassProperties mp;
      mp.mass = uniform(rng, 0.5, 3.0);
      mp.J = randomInertia(rng);
      const Plane plane(randomPlaneNormal(rng));
      DiscreteFlow flow(mp, 9.80665, Retraction::Cayley, 1e-15);
      RigidBodyState s;
      s.x = randomVec(rng, 5.0);
      s.R = randomRotation(rng);
      s.gamma = randomVec(rng, 5.0);
      s.Pi = randomVec(rng, 5.0);
      std::vector<ContactPoint> near;
      contactSet(*body, plane, s.x, s.R, 1e-2, near);
      if (near.size() != 1) continue;  // stay away from kinks of Φ
      const ContactPoint cp = closestPoint(*body, plane, s.x, s.R);
      const double delta = 1e-5;
      RigidBodyState fwd, back;
      REQUIRE(flow.step(s, delta, fwd));
      REQUIRE(flow.step(s, -delta, back));
      const double dPhi = (collisionFunction(*body, plane, fwd.x, fwd.R) - collisionFunction(*body, plane, back.x, back.R)) / (2 * delta);
      CHECK(normalVelocity(plane.normal(), cp.chi, s.gamma, s.Pi, mp.mass, mp.J.inverse()) == Approx(dPhi).margin(1e-6));
    }
  }
}

}  // namespace test_jump_map
