// The explicit flight-step kernels of discrete_flow.cpp against the Eigen formulation they
// replaced: G_c (D.8), G (D.3) and Newton on f (general J, exponential retraction) must give the same
// bits. The reference below is the previous implementation (Eigen expressions, PartialPivLU), kept
// here only as the oracle. For a diagonal J the Cayley solve is no longer Newton on f but the scalar
// equation for s = f·g (docs/benchmarks.md "Flight step"): it changes bits, so there the oracle is accuracy — the
// same F, and a residual at least as small (every solve within the tolerance; median and max no larger).
#include <catch2/catch.hpp>
#include <cmath>
#include <algorithm>
#include <cstring>
#include <limits>

#include "lgvci/core/portable_math.hpp"
#include "lgvci/rigid_body/discrete_flow.hpp"
#include "lgvci/rigid_body/state.hpp"
#include "so3.hpp"
#include "approx.hpp"
#include "rigid_test_support.hpp"

namespace test_flow_kernels {

using namespace lgvci;
using namespace lgvci_test;

namespace {

namespace ref {
double expCoefA(double th) {
  if (th < 0.1) { const double t2 = th * th; return -1.0 / 3.0 + t2 / 30.0 - t2 * t2 / 840.0 + t2 * t2 * t2 / 45360.0; }
  double s, c;
  pmath::sincos(th, s, c);
  return (th * c - s) / (th * th * th);
}
double expCoefB(double th) {
  if (th < 0.1) { const double t2 = th * th; return -1.0 / 12.0 + t2 / 180.0 - t2 * t2 / 6720.0 + t2 * t2 * t2 / 453600.0; }
  double s, c;
  pmath::sincos(th, s, c);
  return (th * s - 2.0 * (1.0 - c)) / (th * th * th * th);
}
double sinc(double th) { return th < 1e-4 ? 1.0 - th * th / 6.0 : pmath::sin(th) / th; }
double cosc(double th) {
  const double s = sinc(0.5 * th);
  return 0.5 * s * s;
}
Vec3 cayleyMap(const Vec3& f, const Mat3& J) {
  const Vec3 Jf = J * f;
  return (2.0 / (1.0 + f.squaredNorm())) * (Jf + f.cross(Jf));
}
Vec3 expMap(const Vec3& f, const Mat3& J) {
  const double th = f.norm();
  const Vec3 Jf = J * f;
  return sinc(th) * Jf + cosc(th) * f.cross(Jf);
}
Mat3 cayleyJacobian(const Vec3& f, const Mat3& J) {
  const double k = 2.0 / (1.0 + f.squaredNorm());
  const Vec3 Jf = J * f;
  return k * ((J + so3::skew(f) * J - so3::skew(Jf)) - k * (Jf + f.cross(Jf)) * f.transpose());
}
Mat3 expJacobian(const Vec3& f, const Mat3& J) {
  const double th = f.norm();
  const Vec3 Jf = J * f;
  return expCoefA(th) * Jf * f.transpose() + sinc(th) * J + expCoefB(th) * f.cross(Jf) * f.transpose() +
         cosc(th) * (so3::skew(f) * J - so3::skew(Jf));
}
NewtonResult solve(const Vec3& g, const Mat3& J, const Mat3& Jinv, Retraction retraction, double tol) {
  constexpr double kEps = std::numeric_limits<double>::epsilon();
  NewtonResult r;
  const double gnorm = g.norm();
  if (gnorm == 0.0) { r.converged = true; return r; }
  const bool cay = retraction == Retraction::Cayley;
  Vec3 f = cay ? Vec3(0.5 * (Jinv * g)) : Vec3(Jinv * g);
  auto G = [&](const Vec3& v) { return cay ? cayleyMap(v, J) : expMap(v, J); };
  Vec3 res = G(f) - g;
  r.residual = res.norm();
  for (r.iterations = 0; r.iterations < 50; ++r.iterations) {
    if (r.residual <= tol * gnorm) { r.converged = true; break; }
    const Mat3 jac = cay ? cayleyJacobian(f, J) : expJacobian(f, J);
    const Vec3 df = jac.partialPivLu().solve(res);
    if (!df.allFinite()) break;
    f -= df;
    res = G(f) - g;
    r.residual = res.norm();
    if (df.norm() <= 4.0 * kEps * f.norm()) {
      r.converged = r.residual <= 1e-12 * gnorm;
      ++r.iterations;
      break;
    }
  }
  if (!r.converged && r.residual <= 64.0 * kEps * gnorm && f.allFinite()) r.converged = true;
  r.F = cay ? so3::cayley(f) : so3::expmap(f);
  return r;
}
}  // namespace ref

bool sameBits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }
template <class M>
bool sameBits(const M& a, const M& b) {
  for (Eigen::Index i = 0; i < a.size(); ++i)
    if (!sameBits(a(i), b(i))) return false;
  return true;
}

/// Inertias of every kind the presets use (diagonal, isotropic) and generic ones, some with zeros.
Mat3 someInertia(Rng& rng, int k) {
  switch (k % 4) {
    case 0: return Vec3(5.0, 4.0, 2.6).asDiagonal();
    case 1: return Mat3(2.0 * Mat3::Identity());
    case 2: return randomInertia(rng);
    default: return Vec3(uniform(rng, 0.5, 9.0), uniform(rng, 0.5, 9.0), uniform(rng, 0.5, 9.0)).asDiagonal();
  }
}

/// g = hΠ with Π random, sometimes with exact zero components (a spin about one axis).
Vec3 someMomentum(Rng& rng, int k) {
  Vec3 g = 0.01 * randomVec(rng, 30.0);
  if (k % 5 == 0) g[k % 3] = 0.0;
  if (k % 7 == 0) g[(k + 1) % 3] = 0.0;
  if (k % 11 == 0) g = -g;
  return g;
}

bool isDiagonal(const Mat3& J) {
  return J(0, 1) == 0.0 && J(0, 2) == 0.0 && J(1, 0) == 0.0 && J(1, 2) == 0.0 && J(2, 0) == 0.0 && J(2, 1) == 0.0;
}

}  // namespace

TEST_CASE("explicit G_c (D.8) and G (D.3) are bit-identical to the Eigen expressions", "[newton][bits]") {
  Rng rng(141);
  for (int k = 0; k < 20000; ++k) {
    const Mat3 J = someInertia(rng, k);
    Vec3 f = uniform(rng, 1e-6, 2.0) * randomUnit(rng);
    if (k % 5 == 0) f[k % 3] = 0.0;
    REQUIRE(sameBits(cayleyResidualMap(f, J), ref::cayleyMap(f, J)));
    REQUIRE(sameBits(expResidualMap(f, J), ref::expMap(f, J)));
  }
}

TEST_CASE("explicit Newton (closed-form Jacobian, unrolled pivoted 3×3 solve) gives the bits of Eigen's PartialPivLU Newton",
          "[newton][bits]") {
  // Every retraction/inertia pair that still runs Newton on f: the exponential retraction, and the
  // Cayley one for a non-diagonal J (whose F also checks Cay S(f) written out against so3::cayley).
  Rng rng(142);
  int solves = 0, iterations = 0;
  for (int k = 0; k < 20000; ++k) {
    const Mat3 J = someInertia(rng, k);
    const Mat3 Jinv = J.inverse();
    const Vec3 g = someMomentum(rng, k);
    for (Retraction ret : {Retraction::Cayley, Retraction::Exponential}) {
      if (ret == Retraction::Cayley && isDiagonal(J)) continue;
      const NewtonResult a = solveImplicit(g, J, Jinv, ret, 1e-15);
      const NewtonResult b = ref::solve(g, J, Jinv, ret, 1e-15);
      INFO("k = " << k << ", g = " << fmt(g) << (ret == Retraction::Cayley ? " cayley" : " exp"));
      REQUIRE(a.converged == b.converged);
      REQUIRE(a.iterations == b.iterations);
      REQUIRE(sameBits(a.residual, b.residual));
      REQUIRE(sameBits(a.F, b.F));
      ++solves;
      iterations += a.iterations;
    }
  }
  CHECK(solves == 25000);      // 5000 non-diagonal J × Cayley + 20000 × exponential
  CHECK(iterations >= solves);  // Newton really iterated (g = 0 would return at once)
}

TEST_CASE("diagonal J, Cayley: the direct solve of (D.8) finds Newton's F with a residual at least as small",
          "[newton]") {
  Rng rng(143);
  std::vector<double> mine, newton;
  for (int k = 0; k < 20000; ++k) {
    static constexpr int kDiagonalKinds[3] = {0, 1, 3};  // Cases I/II, Case IV (isotropic), random diagonal
    const Mat3 J = someInertia(rng, kDiagonalKinds[k % 3]);
    REQUIRE(isDiagonal(J));
    const Mat3 Jinv = J.inverse();
    const Vec3 g = someMomentum(rng, k);
    const NewtonResult a = solveImplicit(g, J, Jinv, Retraction::Cayley, 1e-15);
    const NewtonResult b = ref::solve(g, J, Jinv, Retraction::Cayley, 1e-15);
    INFO("k = " << k << ", J = " << fmt(Vec3(J.diagonal())) << ", g = " << fmt(g));
    REQUIRE(b.converged);
    REQUIRE(a.converged);
    CHECK(a.iterations <= 4);
    if (g.norm() == 0.0) continue;
    // Within the tolerance itself (Newton on f also accepted up to 1e-12|g| at a round-off step).
    CHECK(a.residual <= 1e-15 * g.norm());
    CHECK((a.F - b.F).cwiseAbs().maxCoeff() <= 1e-15);
    mine.push_back(a.residual / g.norm());
    newton.push_back(b.residual / g.norm());
  }
  std::sort(mine.begin(), mine.end());
  std::sort(newton.begin(), newton.end());
  const size_t mid = mine.size() / 2;
  INFO("median " << mine[mid] << " vs " << newton[mid] << ", max " << mine.back() << " vs " << newton.back());
  CHECK(mine.size() > 19000);
  CHECK(mine[mid] <= newton[mid]);
  CHECK(mine.back() <= newton.back());
}

TEST_CASE("diagonal J, Cayley, |g| up to 2λmin: the direct solve converges exactly when Newton on f does, to its F",
          "[newton]") {
  // Beyond the existence bound |g| < λmin(J) the quartic for s can have roots whose F turns by more than
  // 90°; the driver sub-divides a step whose solve fails, so the direct solve must not accept such a
  // root where Newton on f (from the linearisation) fails. Scales and conditions of the validated range.
  Rng rng(144);
  int both = 0, neither = 0;
  for (int k = 0; k < 20000; ++k) {
    const double scale = std::pow(10.0, uniform(rng, -30.0, 30.0));
    const double cond = std::pow(10.0, uniform(rng, 0.0, k % 3 == 0 ? 12.0 : 1.0));
    Vec3 d(scale, scale * uniform(rng, 1.0, cond), scale * uniform(rng, 1.0, cond));
    if (k % 7 == 0) d = Vec3::Constant(scale);
    if (k % 11 == 0) d[1] = d[0];
    const Mat3 J = d.asDiagonal();
    const Vec3 g = uniform(rng, 0.5, 2.0) * d.minCoeff() * randomUnit(rng);
    const NewtonResult a = solveImplicit(g, J, J.inverse(), Retraction::Cayley, 1e-15);
    const NewtonResult b = ref::solve(g, J, J.inverse(), Retraction::Cayley, 1e-15);
    INFO("k = " << k << ", J = " << fmt(d) << ", |g|/λmin = " << g.norm() / d.minCoeff());
    REQUIRE(a.converged == b.converged);
    if (a.converged) {
      CHECK((a.F - b.F).cwiseAbs().maxCoeff() <= 1e-12);
      ++both;
    } else {
      ++neither;
    }
  }
  CHECK(both > 1000);
  CHECK(neither > 1000);
}

TEST_CASE("DiscreteFlow::step is (5.9) as Eigen expressions, bit for bit: step sizes kept or changed, in and out one state",
          "[flow][bits]") {
  // DiscreteFlow keeps h/m and ½mgh for the last step size and writes the products into `out`
  // directly (docs/benchmarks.md "Flight step"); this is the formulation it replaced, with (5.9a–b)'s
  // e3 components as compensated kick, drift, kick (docs/method.md "Round-off without drift"),
  // written out here: Fast2Sum of the increment plus the carried residual.
  Rng rng(145);
  for (int kind = 0; kind < 4; ++kind) {
    MassProperties mp;
    mp.mass = uniform(rng, 0.1, 10.0);
    mp.J = someInertia(rng, kind);
    const double gravity = kind == 3 ? 0.0 : 9.80665;
    for (Retraction ret : {Retraction::Cayley, Retraction::Exponential}) {
      const DiscreteFlow flow(mp, gravity, ret, 1e-15);
      RigidBodyState s;
      s.t = uniform(rng, -10.0, 10.0);
      s.x = randomVec(rng, 10.0);
      s.R = randomRotation(rng);
      s.gamma = randomVec(rng, 5.0);
      s.Pi = randomVec(rng, 5.0);
      const double sizes[] = {0.01, 0.01, 0.003, -0.01, 0.01, 1e-7, 1e-7, 0.0, -0.0, 0.01};
      for (int k = 0; k < 200; ++k) {
        const double h = sizes[k % 10] * (k % 20 < 10 ? 1.0 : uniform(rng, 0.5, 1.0));
        const NewtonResult solved = solveImplicit(h * s.Pi, mp.J, mp.J.inverse(), ret, 1e-15);
        REQUIRE(solved.converged);
        RigidBodyState expected = s;
        const double m = mp.mass;
        expected.t = s.t + h;
        const auto add = [](double& hi, double& lo, double d) {
          const double y = d + lo, sum = hi + y;
          lo = y - (sum - hi);
          hi = sum;
        };
        const double kick = 0.5 * (m * gravity * h);
        double gz = s.gamma.z(), gzLow = s.gammaLow, xz = s.x.z(), xzLow = s.xLow;
        add(gz, gzLow, -kick);
        add(xz, xzLow, (h / m) * gz);
        add(gz, gzLow, -kick);
        expected.x = Vec3(s.x.x() + (h / m) * s.gamma.x(), s.x.y() + (h / m) * s.gamma.y(), xz);
        expected.gamma = Vec3(s.gamma.x(), s.gamma.y(), gz);
        expected.xLow = xzLow;
        expected.gammaLow = gzLow;
        expected.Pi = solved.F.transpose() * s.Pi;
        expected.R = s.R * solved.F;
        RigidBodyState out, same = s;
        REQUIRE(flow.step(s, h, out));
        REQUIRE(flow.step(same, h, same));  // in and out the same object
        for (const RigidBodyState* r : {&out, &same}) {
          INFO("kind " << kind << ", step " << k << ", h = " << h << (r == &same ? ", in place" : ""));
          CHECK(sameBits(r->t, expected.t));
          CHECK(sameBits(r->x, expected.x));
          CHECK(sameBits(r->gamma, expected.gamma));
          CHECK(sameBits(r->xLow, expected.xLow));
          CHECK(sameBits(r->gammaLow, expected.gammaLow));
          CHECK(sameBits(r->Pi, expected.Pi));
          CHECK(sameBits(r->R, expected.R));
        }
        s = out;
        s.t = std::fmod(s.t, 10.0);
        if (s.x.norm() > 100.0) s.x = randomVec(rng, 10.0);
        if (s.gamma.norm() > 100.0) s.gamma = randomVec(rng, 5.0);
      }
    }
  }
}

}  // namespace test_flow_kernels
