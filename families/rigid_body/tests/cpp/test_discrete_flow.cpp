// The implicit equation (D.1) solved by Newton on the Cayley (D.8) and exponential (D.3)
// parameters, and the discrete Hamiltonian map F̃_Ld[h] of (5.9).
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "approx.hpp"
#include "lgvci/rigid_body/discrete_flow.hpp"
#include "so3.hpp"
#include "rigid_test_support.hpp"

namespace test_discrete_flow {

using namespace lgvci;
using namespace lgvci_test;

namespace {

/// ‖F J_d − J_d Fᵀ − S(g)‖_F, the residual of the matrix equation (D.1) itself.
double matrixResidual(const Mat3& F, const Mat3& J, const Vec3& g) {
  const Mat3 Jd = nonstandardInertia(J);
  return (F * Jd - Jd * F.transpose() - so3::skew(g)).norm();
}

/// g = S⁻¹(Asym(F J_d)) for a known F: the right-hand side that F solves.
Vec3 rhsFor(const Mat3& F, const Mat3& J) {
  const Mat3 Jd = nonstandardInertia(J);
  return 2.0 * so3::unskew(F * Jd);
}

std::vector<Mat3> paperInertias() {
  return {Vec3(5.0, 4.0, 2.6).asDiagonal().toDenseMatrix(),                     // Cases I, II
          Vec3(7.5932718, 9.9326434, 8.2731252).asDiagonal().toDenseMatrix(),   // Case III
          Mat3(2.0 * Mat3::Identity())};                                        // Case IV
}

RigidBodyState randomState(Rng& rng) {
  RigidBodyState s;
  s.t = uniform(rng, -5.0, 5.0);
  s.x = randomVec(rng, 10.0);
  s.R = randomRotation(rng);
  s.gamma = randomVec(rng, 10.0);
  s.Pi = randomVec(rng, 10.0);
  return s;
}

}  // namespace

TEST_CASE("G_c (D.8) and G (D.3) are S⁻¹ Asym(F J_d) for F = Cay S(f) and exp S(f)", "[newton]") {
  Rng rng(21);
  for (int k = 0; k < 200; ++k) {
    const Mat3 J = randomInertia(rng);
    const Vec3 f = uniform(rng, 1e-6, 2.0) * randomUnit(rng);
    CHECK_APPROX_REL(cayleyResidualMap(f, J), rhsFor(so3::cayley(f), J), 1e-13);
    CHECK_APPROX_REL(expResidualMap(f, J), rhsFor(so3::expmap(f), J), 1e-13);
  }
}

TEST_CASE("Newton on both retractions solves (D.1) to round-off for random g and J", "[newton]") {
  Rng rng(22);
  std::vector<Mat3> inertias = paperInertias();
  for (int k = 0; k < 60; ++k) inertias.push_back(randomInertia(rng));
  for (int k = 0; k < 20; ++k) inertias.push_back(randomSPD(rng));  // generic SPD, not a body's J
  int cases = 0;
  for (const Mat3& J : inertias) {
    for (int rep = 0; rep < 5; ++rep) {
      // g from a known rotation of up to 1.2 rad, so that a solution near I exists; plus tiny g.
      const double angle = rep == 0 ? std::pow(10.0, uniform(rng, -9.0, -3.0)) : uniform(rng, 1e-3, 1.2);
      const Mat3 Ftrue = Eigen::AngleAxisd(angle, randomUnit(rng)).toRotationMatrix();
      const Vec3 g = rhsFor(Ftrue, J);
      if (g.norm() == 0.0) continue;
      const NewtonResult c = solveImplicit(g, J, Retraction::Cayley, 1e-15);
      const NewtonResult e = solveImplicit(g, J, Retraction::Exponential, 1e-15);
      INFO("J =\n" << J << "\ng = " << fmt(g) << ", angle = " << angle);
      REQUIRE(c.converged);
      REQUIRE(e.converged);
      for (const NewtonResult* r : {&c, &e}) {
        // Relative to |g|, with a floor at the round-off of forming F J_d − J_d Fᵀ (≈ ε‖J_d‖).
        CHECK(matrixResidual(r->F, J, g) <= 1e-13 * g.norm() + 1e-15 * J.norm());
        CHECK((r->F.transpose() * r->F - Mat3::Identity()).cwiseAbs().maxCoeff() <= 1e-13);
        CHECK(std::abs(r->F.determinant() - 1.0) <= 1e-13);
        // The reported residual is ‖G(f) − g‖ for the returned F.
        CHECK(std::abs(r->residual - (rhsFor(r->F, J) - g).norm()) <= 1e-14 * g.norm() + 1e-15 * J.norm());
        CHECK(r->iterations <= 50);
      }
      // Both retractions find the same F (the solution near the identity, i.e. Ftrue).
      CHECK_APPROX_EQUAL(c.F, e.F, 1e-12);
      CHECK_APPROX_EQUAL(c.F, Ftrue, 1e-11);
      ++cases;
    }
  }
  CHECK(cases >= 400);
}

TEST_CASE("Newton solves (D.1) for g = hΠ of the §7 experiments with tol = 1e-15", "[newton]") {
  // Π0 = (4, −4, 4), h = 0.01, and the larger |Π| reached after impacts (~30).
  Rng rng(23);
  for (const Mat3& J : paperInertias()) {
    for (int k = 0; k < 50; ++k) {
      const Vec3 g = 0.01 * (k == 0 ? Vec3(4, -4, 4) : randomVec(rng, 30.0));
      for (Retraction ret : {Retraction::Cayley, Retraction::Exponential}) {
        const NewtonResult r = solveImplicit(g, J, ret, 1e-15);
        REQUIRE(r.converged);
        CHECK(matrixResidual(r.F, J, g) <= 1e-13 * g.norm());
        CHECK(r.residual <= 1e-14 * g.norm());
        CHECK(r.iterations <= 10);  // quadratic convergence from f0 = J⁻¹g/2 (resp. J⁻¹g)
      }
    }
  }
}

TEST_CASE("Cayley, J = cI: (D.8) in closed form, f = g/(c + √(c² − |g|²)), solvable up to |g| = c", "[newton]") {
  // For J = cI, f × Jf = 0 and G_c(f) = 2cf/(1 + |f|²) ∥ f: the root with f → 0 as g → 0 is the one above.
  Rng rng(25);
  for (int k = 0; k < 2000; ++k) {
    const double c = uniform(rng, 0.1, 10.0);
    const Mat3 J = c * Mat3::Identity();
    const Vec3 g = uniform(rng, k % 10 == 0 ? 0.9 : 0.0, 0.999) * c * randomUnit(rng);
    const Vec3 fStar = g / (c + std::sqrt(c * c - g.squaredNorm()));
    REQUIRE(cayleyResidualMap(fStar, J).isApprox(g, 1e-14));
    const NewtonResult r = solveImplicit(g, J, Retraction::Cayley, 1e-15);
    INFO("c = " << c << ", g = " << fmt(g));
    REQUIRE(r.converged);
    CHECK(r.residual <= 1e-15 * g.norm());
    CHECK((r.F - so3::cayley(fStar)).cwiseAbs().maxCoeff() <= 4e-16);
  }
  for (const double c : {0.5, 2.0, 7.0}) {  // beyond |g| = c no F near I (the bound is sharp here)
    CHECK_FALSE(solveImplicit(Vec3(0.0, 1.001 * c, 0.0), c * Mat3::Identity(), Retraction::Cayley, 1e-15).converged);
    CHECK_FALSE(solveImplicit(1.01 * c * Vec3(1, 2, 2) / 3.0, c * Mat3::Identity(), Retraction::Cayley, 1e-15).converged);
  }
}

TEST_CASE("Cayley, diagonal J: the direct solve holds up to the existence bound |g| < min J_i", "[newton]") {
  // |g| < λmin(J) always has a solution with |f| < 1 (docs/rigid-body.md "Hard impacts: sub-division"); close to the
  // bound s = f·g is no longer small, P(s) is flat, and the solve must still converge (or hand over to
  // Newton on f) — never report a wrong F as converged.
  Rng rng(26);
  for (int k = 0; k < 2000; ++k) {
    const Vec3 d(uniform(rng, 0.3, 9.0), uniform(rng, 0.3, 9.0), uniform(rng, 0.3, 9.0));
    const Mat3 J = d.asDiagonal();
    const double lmin = d.minCoeff();
    const Vec3 g = uniform(rng, 0.5, 0.9999) * lmin * randomUnit(rng);
    const NewtonResult r = solveImplicit(g, J, Retraction::Cayley, 1e-15);
    INFO("J = " << fmt(d) << ", g = " << fmt(g));
    REQUIRE(r.converged);
    CHECK(matrixResidual(r.F, J, g) <= 1e-13 * g.norm() + 1e-15 * J.norm());
    CHECK(std::abs(Eigen::AngleAxisd(r.F).angle()) < M_PI / 2);  // 2 atan|f| < 90°: the branch through I
  }
}

TEST_CASE("Newton with g = 0 returns F = I", "[newton]") {
  for (Retraction ret : {Retraction::Cayley, Retraction::Exponential}) {
    const NewtonResult r = solveImplicit(Vec3::Zero(), Mat3(2.0 * Mat3::Identity()), ret, 1e-15);
    CHECK(r.converged);
    CHECK(r.F == Mat3::Identity());
  }
}

TEST_CASE("Newton reports non-convergence instead of returning garbage", "[newton]") {
  const Mat3 J = Vec3(5.0, 4.0, 2.6).asDiagonal();
  SECTION("one iteration is not enough for a 1 rad rotation") {
    const Vec3 g = rhsFor(Eigen::AngleAxisd(1.0, Vec3(1, 2, 3).normalized()).toRotationMatrix(), J);
    for (Retraction ret : {Retraction::Cayley, Retraction::Exponential}) {
      const NewtonResult r = solveImplicit(g, J, ret, 1e-15, 1);
      CHECK_FALSE(r.converged);
      CHECK(r.iterations <= 1);
      CHECK(r.residual > 1e-15 * g.norm());
      // With the iterations it needs, the same problem converges.
      CHECK(solveImplicit(g, J, ret, 1e-15, 50).converged);
    }
  }
  SECTION("no F ∈ SO(3) solves (D.1) when |g| exceeds max |S⁻¹ Asym(F J_d)|") {
    // |S⁻¹(F J_d − J_d Fᵀ)| ≤ 2‖J_d‖_F, so g = 100 (‖J_d‖_F ≈ 4.6) has no solution at all.
    const Mat3 Jd = nonstandardInertia(J);
    for (const Vec3& dir : {Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(1, -1, 1).normalized()}) {
      const Vec3 g = 10.0 * Jd.norm() * dir;
      for (Retraction ret : {Retraction::Cayley, Retraction::Exponential}) {
        const NewtonResult r = solveImplicit(g, J, ret, 1e-15);
        INFO("g = " << fmt(g) << (ret == Retraction::Cayley ? " cayley" : " exp"));
        CHECK_FALSE(r.converged);
      }
    }
  }
  SECTION("a non-finite g is not converged") {
    for (Retraction ret : {Retraction::Cayley, Retraction::Exponential}) {
      CHECK_FALSE(solveImplicit(Vec3(std::nan(""), 0, 0), J, ret, 1e-15).converged);
      CHECK_FALSE(solveImplicit(Vec3(0, HUGE_VAL, 0), J, ret, 1e-15).converged);
    }
  }
  SECTION("DiscreteFlow::step returns false and leaves the output untouched") {
    MassProperties mp;
    mp.mass = 1.0;
    mp.J = J;
    RigidBodyState in;
    in.x = Vec3(0, 0, 10);
    in.Pi = Vec3(1e5, 0, 0);  // hΠ = 1e3 for h = 0.01: no solution
    RigidBodyState out;
    out.t = 123.0;
    out.x = Vec3(7, 8, 9);
    const RigidBodyState before = out;
    for (Retraction ret : {Retraction::Cayley, Retraction::Exponential}) {
      DiscreteFlow flow(mp, 9.80665, ret, 1e-15);
      CHECK_FALSE(flow.step(in, 0.01, out));
      CHECK_FALSE(flow.lastSolve().converged);
      CHECK(out.t == before.t);
      CHECK(out.x == before.x);
      CHECK(out.R == before.R);
      CHECK(out.gamma == before.gamma);
      CHECK(out.Pi == before.Pi);
    }
  }
}

TEST_CASE("F̃_Ld[h] (5.9): translational flight is the exact parabola", "[flow]") {
  Rng rng(24);
  for (int trial = 0; trial < 10; ++trial) {
    MassProperties mp;
    mp.mass = uniform(rng, 0.3, 5.0);
    mp.J = randomInertia(rng);
    const double g = 9.80665, h = uniform(rng, 0.001, 0.05);
    DiscreteFlow flow(mp, g, Retraction::Cayley, 1e-15);
    const RigidBodyState s0 = randomState(rng);
    RigidBodyState s = s0;
    for (int k = 1; k <= 500; ++k) {
      RigidBodyState next;
      REQUIRE(flow.step(s, h, next));
      s = next;
      const double t = k * h;
      const Vec3 xExact = s0.x + (t / mp.mass) * s0.gamma - Vec3(0, 0, 0.5 * g * t * t);
      const Vec3 gExact = s0.gamma - Vec3(0, 0, mp.mass * g * t);
      CHECK_APPROX_EQUAL(s.x, xExact, 1e-12 * (1.0 + xExact.norm()));
      CHECK_APPROX_EQUAL(s.gamma, gExact, 1e-12 * (1.0 + gExact.norm()));
      // Horizontal momentum is untouched: bit for bit.
      CHECK(s.gamma.x() == s0.gamma.x());
      CHECK(s.gamma.y() == s0.gamma.y());
    }
    CHECK(s.t == Approx(s0.t + 500 * h).epsilon(1e-13));
  }
}

TEST_CASE("F̃_Ld[h]: R stays in SO(3), RΠ, |Π| and ½ΠᵀJ⁻¹Π are conserved", "[flow]") {
  Rng rng(25);
  for (Retraction ret : {Retraction::Cayley, Retraction::Exponential}) {
    for (int trial = 0; trial < 8; ++trial) {
      MassProperties mp;
      mp.mass = 1.0;
      mp.J = trial < 3 ? paperInertias()[static_cast<size_t>(trial)] : randomInertia(rng);
      DiscreteFlow flow(mp, 9.80665, ret, 1e-15);
      RigidBodyState s = randomState(rng);
      s.Pi = uniform(rng, 1.0, 30.0) * randomUnit(rng);
      const Vec3 spatial0 = s.R * s.Pi;
      const double T0 = 0.5 * s.Pi.dot(mp.J.inverse() * s.Pi);
      const double norm0 = s.Pi.norm();
      double worstSpatial = 0, worstT = 0, worstNorm = 0, worstOrth = 0;
      for (int k = 0; k < 2000; ++k) {
        RigidBodyState next;
        REQUIRE(flow.step(s, 0.01, next));
        s = next;
        worstSpatial = std::max(worstSpatial, (s.R * s.Pi - spatial0).norm() / norm0);
        worstT = std::max(worstT, relErr(0.5 * s.Pi.dot(mp.J.inverse() * s.Pi), T0));
        worstNorm = std::max(worstNorm, relErr(s.Pi.norm(), norm0));
        worstOrth = std::max(worstOrth, (s.R.transpose() * s.R - Mat3::Identity()).cwiseAbs().maxCoeff());
      }
      INFO("J =\n" << mp.J);
      CHECK(worstSpatial <= 1e-12);  // spatial angular momentum RΠ (no torque in flight)
      CHECK(worstT <= 1e-12);        // rotational kinetic energy
      CHECK(worstNorm <= 1e-13);     // the Casimir |Π| (Π⁺ = FᵀΠ)
      CHECK(worstOrth <= 1e-12);
      CHECK(std::abs(s.R.determinant() - 1.0) <= 1e-12);
    }
  }
}

TEST_CASE("F̃_Ld[h]: a step with −h inverts a step with +h", "[flow]") {
  Rng rng(26);
  for (Retraction ret : {Retraction::Cayley, Retraction::Exponential}) {
    for (int trial = 0; trial < 100; ++trial) {
      MassProperties mp;
      mp.mass = uniform(rng, 0.3, 5.0);
      mp.J = randomInertia(rng);
      DiscreteFlow flow(mp, 9.80665, ret, 1e-15);
      const RigidBodyState s0 = randomState(rng);
      const double h = uniform(rng, 0.001, 0.05);
      RigidBodyState fwd, back;
      REQUIRE(flow.step(s0, h, fwd));
      REQUIRE(flow.step(fwd, -h, back));
      CHECK_APPROX_EQUAL(back.x, s0.x, 1e-10);
      CHECK_APPROX_EQUAL(back.gamma, s0.gamma, 1e-10);
      CHECK_APPROX_EQUAL(back.R, s0.R, 1e-10);
      CHECK_APPROX_EQUAL(back.Pi, s0.Pi, 1e-10);
      CHECK(back.t == Approx(s0.t).margin(1e-12));
    }
  }
}

TEST_CASE("F̃_Ld[h]: 100 steps forward then 100 back return to the start", "[flow]") {
  Rng rng(27);
  MassProperties mp;
  mp.mass = 1.0;
  mp.J = Vec3(5.0, 4.0, 2.6).asDiagonal();
  DiscreteFlow flow(mp, 9.80665, Retraction::Cayley, 1e-15);
  RigidBodyState s0;
  s0.x = Vec3(0, 0, 10);
  s0.gamma = Vec3(2, 2, 10);
  s0.Pi = Vec3(4, -4, 4);
  RigidBodyState s = s0;
  for (int k = 0; k < 100; ++k) REQUIRE(flow.step(RigidBodyState(s), 0.01, s));
  CHECK((s.R - s0.R).norm() > 0.1);  // it really moved
  for (int k = 0; k < 100; ++k) REQUIRE(flow.step(RigidBodyState(s), -0.01, s));
  CHECK_APPROX_EQUAL(s.x, s0.x, 1e-10);
  CHECK_APPROX_EQUAL(s.gamma, s0.gamma, 1e-10);
  CHECK_APPROX_EQUAL(s.R, s0.R, 1e-10);
  CHECK_APPROX_EQUAL(s.Pi, s0.Pi, 1e-10);
}

TEST_CASE("F̃_Ld[h]: Cayley and exponential retractions give the same step", "[flow]") {
  Rng rng(28);
  for (int trial = 0; trial < 100; ++trial) {
    MassProperties mp;
    mp.mass = 1.0;
    mp.J = randomInertia(rng);
    const RigidBodyState s0 = randomState(rng);
    RigidBodyState a, b;
    REQUIRE(DiscreteFlow(mp, 9.80665, Retraction::Cayley, 1e-15).step(s0, 0.01, a));
    REQUIRE(DiscreteFlow(mp, 9.80665, Retraction::Exponential, 1e-15).step(s0, 0.01, b));
    CHECK_APPROX_EQUAL(a.R, b.R, 1e-12);
    CHECK_APPROX_EQUAL(a.Pi, b.Pi, 1e-12 * s0.Pi.norm());
    CHECK(a.x == b.x);
    CHECK(a.gamma == b.gamma);
  }
}

TEST_CASE("F̃_Ld[h] is second-order accurate for the free rigid body", "[flow]") {
  // Euler's equations Π̇ = Π × J⁻¹Π, Ṙ = R S(J⁻¹Π): halving h divides the error at a fixed time by ~4.
  MassProperties mp;
  mp.mass = 1.0;
  mp.J = Vec3(5.0, 4.0, 2.6).asDiagonal();
  const Mat3 Jinv = mp.J.inverse();
  RigidBodyState s0;
  s0.Pi = Vec3(4, -4, 4);
  // Reference: classical RK4 on (Π, R) with a tiny step.
  auto rhs = [&](const Vec3& Pi, const Mat3& R, Vec3& dPi, Mat3& dR) {
    const Vec3 w = Jinv * Pi;
    dPi = Pi.cross(w);
    dR = R * so3::skew(w);
  };
  Vec3 Pi = s0.Pi;
  Mat3 R = Mat3::Identity();
  const double T = 1.0, dt = 1e-4;
  for (int k = 0; k < static_cast<int>(T / dt + 0.5); ++k) {
    Vec3 k1p, k2p, k3p, k4p;
    Mat3 k1r, k2r, k3r, k4r;
    rhs(Pi, R, k1p, k1r);
    rhs(Pi + 0.5 * dt * k1p, R + 0.5 * dt * k1r, k2p, k2r);
    rhs(Pi + 0.5 * dt * k2p, R + 0.5 * dt * k2r, k3p, k3r);
    rhs(Pi + dt * k3p, R + dt * k3r, k4p, k4r);
    Pi += dt / 6.0 * (k1p + 2 * k2p + 2 * k3p + k4p);
    R += dt / 6.0 * (k1r + 2 * k2r + 2 * k3r + k4r);
  }
  auto errorWith = [&](double h) {
    DiscreteFlow flow(mp, 0.0, Retraction::Cayley, 1e-15);
    RigidBodyState s = s0;
    for (int k = 0; k < static_cast<int>(T / h + 0.5); ++k) REQUIRE(flow.step(RigidBodyState(s), h, s));
    return (s.Pi - Pi).norm() + (s.R - R).norm();
  };
  const double e1 = errorWith(0.02), e2 = errorWith(0.01), e3 = errorWith(0.005);
  INFO("errors " << e1 << " " << e2 << " " << e3);
  CHECK(e1 / e2 == Approx(4.0).epsilon(0.15));
  CHECK(e2 / e3 == Approx(4.0).epsilon(0.15));
}

}  // namespace test_discrete_flow
