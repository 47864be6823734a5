// The rigid body's naive baseline at one impact (docs/baselines.md "The naive baseline"): the contact
// point's normal velocity reflected with restitution e, the impulse along n at the contact point, the
// body translated back onto the plane. The baseline over every family is tests/cpp/baselines/test_naive.cpp.
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "rigid_test_support.hpp"

namespace test_naive_rigid_body {

using namespace lgvci;

TEST_CASE("naive: the contact point's normal velocity is reversed (restitution e) and the body set on the plane", "[naive]") {
  const RigidBodyDef d = lgvci::paperCase("I");
  const RigidBodySystem sys = makeSystem(d);
  const Mat3 Jinv = sys.mass.J.inverse();
  const double m = sys.mass.mass, h = 0.01;
  const Vec3 n = sys.plane.normal();
  for (double e : {1.0, 0.5}) {
    NaiveRigidBodyModel model(sys, e, h, 64);
    RigidBodyState s = d.initial;
    RigidBodyState out;
    int k = 0;
    for (; k < 2000; ++k) {
      REQUIRE(model.flight(s, h, out));
      if (model.phi(out) < 0.0) break;
      s = out;
    }
    REQUIRE(k < 2000);
    std::vector<ImpactEvent> events;
    RigidBodyState after = out;
    REQUIRE(model.resolve(after, events) == 1);
    const ImpactEvent& ev = events.front();
    const Vec3 rho = rigid_impact::bodyPoint(ev);
    auto normalVelocity = [&](const RigidBodyState& st) {
      return n.dot(st.gamma / m + (st.R * (Jinv * st.Pi)).cross(st.R * rho));
    };
    auto kinetic = [&](const RigidBodyState& st) { return st.gamma.squaredNorm() / (2.0 * m) + 0.5 * st.Pi.dot(Jinv * st.Pi); };
    const double before = normalVelocity(out), vAfter = normalVelocity(after);
    INFO("e " << e << ": v_n " << before << " → " << vAfter);
    CHECK(before < 0.0);
    CHECK(std::abs(vAfter + e * before) <= 1e-12 * std::abs(before));
    CHECK((after.gamma - out.gamma).cross(n).norm() <= 1e-15 * after.gamma.norm());  // the impulse is along n
    CHECK((after.Pi - out.Pi - rho.cross(out.R.transpose() * (after.gamma - out.gamma))).norm() <= 1e-13);
    CHECK(std::abs(kinetic(out) - kinetic(after) - ev.dissipated) <= 1e-12 * kinetic(out));
    if (e == 1.0) CHECK(ev.dissipated == 0.0);
    CHECK(std::abs(model.phi(after)) <= 1e-12);  // translated back onto the plane
    CHECK(after.R == out.R);
    CHECK(((after.x - out.x).cross(n)).norm() <= 1e-15);  // along n
  }
}

}  // namespace test_naive_rigid_body
