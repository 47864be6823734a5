// The skew map S and its identities (2.1a–d), (2.2), (2.3), Proposition 2.1, (2.7), (4.1)–(4.2), and
// the two retractions of Appendix D (Rodrigues (D.2), Cayley (D.5)/(D.7)).
#include <catch2/catch.hpp>

#include "approx.hpp"
#include "so3.hpp"
#include "rigid_test_support.hpp"

namespace test_so3 {

using namespace lgvci;
using namespace lgvci_test;

namespace {

bool isRotation(const Mat3& F, double tol) {
  return (F.transpose() * F - Mat3::Identity()).cwiseAbs().maxCoeff() <= tol &&
         std::abs(F.determinant() - 1.0) <= tol;
}

}  // namespace

TEST_CASE("skew map: S(x)y = x × y and the matrix of §2.1.1", "[so3]") {
  const Mat3 S = so3::skew(Vec3(1.0, 2.0, 3.0));
  Mat3 expected;
  expected << 0, -3, 2, 3, 0, -1, -2, 1, 0;
  CHECK(S == expected);
  Rng rng(11);
  for (int k = 0; k < 200; ++k) {
    const Vec3 x = randomVec(rng, 5.0), y = randomVec(rng, 5.0);
    CHECK_APPROX_EQUAL(so3::skew(x) * y, x.cross(y), 1e-13);
  }
}

TEST_CASE("skew map identities (2.1a)-(2.1d) hold for random x, y and R", "[so3]") {
  Rng rng(12);
  for (int k = 0; k < 200; ++k) {
    const Vec3 x = randomVec(rng, 3.0), y = randomVec(rng, 3.0);
    const Mat3 R = randomRotation(rng);
    const Mat3 Sx = so3::skew(x), Sy = so3::skew(y);
    // (2.1a) S(x)ᵀ = −S(x)
    CHECK(Sx.transpose() == -Sx);
    // (2.1b) S(x)² = xxᵀ − |x|² I
    CHECK_APPROX_EQUAL(Sx * Sx, x * x.transpose() - x.squaredNorm() * Mat3::Identity(), 1e-13);
    // (2.1c) S(x × y) = S(x)S(y) − S(y)S(x) = yxᵀ − xyᵀ
    CHECK_APPROX_EQUAL(so3::skew(x.cross(y)), Sx * Sy - Sy * Sx, 1e-13);
    CHECK_APPROX_EQUAL(so3::skew(x.cross(y)), y * x.transpose() - x * y.transpose(), 1e-13);
    // (2.1d) S(Rx) = R S(x) Rᵀ
    CHECK_APPROX_EQUAL(so3::skew(R * x), R * Sx * R.transpose(), 1e-13);
  }
}

TEST_CASE("S⁻¹ (2.2), Asym (2.3), Proposition 2.1 and the inner product (2.7)", "[so3]") {
  Rng rng(13);
  for (int k = 0; k < 100; ++k) {
    const Vec3 w1 = randomVec(rng, 2.0), w2 = randomVec(rng, 2.0);
    // (2.2): S⁻¹(Ω) = (Ω32, Ω13, Ω21), the inverse of S.
    CHECK(so3::unskew(so3::skew(w1)) == w1);
    Mat3 A;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) A(i, j) = uniform(rng, -1.0, 1.0);
    // Asym(A) = A − Aᵀ is skew and S⁻¹ picks the skew part: S(S⁻¹(A)) = ½ Asym(A).
    CHECK(so3::asym(A) == A - A.transpose());
    CHECK_APPROX_EQUAL(so3::skew(so3::unskew(A)), 0.5 * so3::asym(A), 1e-15);
    // Proposition 2.1: tr[Ωᵀ P] = 0 for every skew Ω iff P is symmetric.
    const Mat3 P = A + A.transpose();
    CHECK(std::abs((so3::skew(w1).transpose() * P).trace()) <= 1e-13);
    // (2.6): ⟨A, Ω⟩ = tr[ΩᵀA] = ½ tr[Ωᵀ Asym(A)].
    const Mat3 Om = so3::skew(w1);
    CHECK((Om.transpose() * A).trace() == Approx(0.5 * (Om.transpose() * so3::asym(A)).trace()).margin(1e-13));
    // (2.7): ½ tr[Ω2ᵀ Ω1] = ω2ᵀω1.
    CHECK(0.5 * (so3::skew(w2).transpose() * so3::skew(w1)).trace() == Approx(w2.dot(w1)).margin(1e-13));
  }
}

TEST_CASE("(4.1)-(4.2): J = tr(J_d) I − J_d and S(JΩ) = S(Ω)J_d + J_d S(Ω)", "[so3]") {
  Rng rng(14);
  for (int k = 0; k < 100; ++k) {
    const Mat3 J = randomInertia(rng);
    const Mat3 Jd = nonstandardInertia(J);
    CHECK_APPROX_EQUAL(Jd.trace() * Mat3::Identity() - Jd, J, 1e-13);
    const Vec3 Om = randomVec(rng, 3.0);
    CHECK_APPROX_EQUAL(so3::skew(J * Om), so3::skew(Om) * Jd + Jd * so3::skew(Om), 1e-12);
  }
}

TEST_CASE("Cayley transform (D.7) lands in SO(3) and equals (I + S)(I − S)⁻¹ (D.5)", "[so3]") {
  Rng rng(15);
  for (int k = 0; k < 300; ++k) {
    const double scale = std::pow(10.0, uniform(rng, -9.0, 3.0));
    const Vec3 f = scale * randomUnit(rng);
    const Mat3 F = so3::cayley(f);
    INFO("f = " << fmt(f));
    CHECK(isRotation(F, 1e-14));
    const Mat3 S = so3::skew(f);
    const Mat3 D5 = (Mat3::Identity() + S) * (Mat3::Identity() - S).inverse();
    CHECK_APPROX_EQUAL(F, D5, 1e-13);
    // The axis f is fixed, the angle is 2 atan |f|, and Cay(−f) = Cay(f)ᵀ.
    CHECK_APPROX_REL(F * f, f, 1e-14);
    const double angle = std::atan2(so3::unskew(F).norm(), 0.5 * (F.trace() - 1.0));  // sin θ, cos θ
    if (scale > 1e-6 && scale < 1e3) CHECK(angle == Approx(2.0 * std::atan(f.norm())).epsilon(1e-9));
    CHECK_APPROX_EQUAL(so3::cayley(-f), F.transpose(), 1e-15);
  }
  CHECK(so3::cayley(Vec3::Zero()) == Mat3::Identity());
}

TEST_CASE("exponential map (D.2) lands in SO(3) and equals the axis-angle rotation", "[so3]") {
  Rng rng(16);
  for (int k = 0; k < 300; ++k) {
    const double theta = std::pow(10.0, uniform(rng, -12.0, 1.2));  // includes the θ < 1e-8 branch
    const Vec3 axis = randomUnit(rng);
    const Vec3 f = theta * axis;
    const Mat3 F = so3::expmap(f);
    INFO("theta = " << theta);
    CHECK(isRotation(F, 1e-14));
    CHECK_APPROX_EQUAL(F, Eigen::AngleAxisd(theta, axis).toRotationMatrix(), 1e-14);
    CHECK_APPROX_EQUAL(so3::expmap(-f) * F, Mat3::Identity(), 1e-14);
    CHECK_APPROX_EQUAL(F * f, f, 1e-14 * std::max(1.0, theta));
  }
  CHECK(so3::expmap(Vec3::Zero()) == Mat3::Identity());
  // Across the small-angle switch at θ = 1e-8 the map is continuous to round-off.
  const Vec3 a = Vec3(1, 2, 2).normalized();
  CHECK_APPROX_EQUAL(so3::expmap((1e-8 * (1 - 1e-12)) * a), so3::expmap((1e-8 * (1 + 1e-12)) * a), 1e-16);
}

}  // namespace test_so3
