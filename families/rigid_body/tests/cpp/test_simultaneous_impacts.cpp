// Several points touching together (the "improbable" configurations of §6.2.1 that sliders reach
// easily): one impulse at the barycentre of the approaching contact points, repeated while any
// touching point still approaches (a chain of single impacts at one configuration).
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "approx.hpp"
#include "rigid_test_support.hpp"

namespace test_simultaneous_impacts {

using namespace lgvci;
using namespace lgvci_test;

namespace {

/// The apex height x3 + (γ3/m)²/2g of the current ballistic arc (the maximum of x3 before the next
/// impact, sampled or not).
double apexHeight(const RigidBodyState& s, double m, double g) {
  const double v = s.gamma.z() / m;
  return s.x.z() + v * v / (2.0 * g);
}

struct DropResult {
  int impacts = 0;
  int flatImpacts = 0;
};

/// Drop the Case IV cube flat (R0 = I, Π0 = 0) and check a vertical, spin-free bounce.
DropResult dropFlatCube(const Vec3& gamma0) {
  RigidBodyDef def = paperCase("IV");
  def.initial.R = Mat3::Identity();
  def.initial.Pi = Vec3::Zero();
  def.initial.gamma = gamma0;
  HybridIntegrator sim = makeIntegrator(def);
  const double m = def.mass, g = def.gravity, h = def.integrator.h;
  const double H0 = apexHeight(sim.state(), m, g);
  const double E0 = sim.energy().total;
  const double a = std::sqrt(3.0) + def.body.epsilon;  // centre height when touching flat
  DropResult out;
  double sampledMax = -1e300;
  bool risen = false;  // an arc has been sampled since the last impact
  for (int k = 0; k < 3000; ++k) {
    const StepReport r = sim.step();
    REQUIRE(r.status == StepStatus::Ok);
    const RigidBodyState& s = sim.state();
    REQUIRE(s.Pi.norm() <= 1e-12);
    REQUIRE(s.R == Mat3::Identity());
    REQUIRE(s.gamma.x() == gamma0.x());
    REQUIRE(s.gamma.y() == gamma0.y());
    CHECK(s.x.z() >= a - 1e-12);  // never below resting-on-the-face height
    CHECK(relErr(apexHeight(s, m, g), H0) <= 1e-9);
    CHECK(relErr(sim.energy().total, E0) <= 1e-12);
    if (r.impacts > 0) {
      if (risen) {
        // The sampled maximum of the previous arc lies within g h²/8 below its apex H0.
        CHECK(sampledMax <= H0 + 1e-9);
        CHECK(sampledMax >= H0 - g * h * h / 8.0 - 1e-9);
      }
      sampledMax = -1e300;
      risen = true;
    } else {
      sampledMax = std::max(sampledMax, s.x.z());
    }
  }
  for (const ImpactEvent& e : sim.impactLog()) {
    ++out.impacts;
    if (rigid_impact::contacts(e) == 4) ++out.flatImpacts;
    CHECK(e.lambda > 0);
    CHECK_APPROX_EQUAL(rigid_impact::bodyPoint(e), Vec3(0, 0, -a), 1e-13);  // the barycentre of the bottom face
  }
  return out;
}

}  // namespace

TEST_CASE("a cube dropped flat bounces vertically, without spin, back to its drop height", "[simultaneous]") {
  for (const Vec3& gamma0 : {Vec3(0, 0, 0), Vec3(0, 0, -3), Vec3(0, 0, 10), Vec3(2, 2, 0)}) {
    INFO("gamma0 = " << fmt(gamma0));
    const DropResult r = dropFlatCube(gamma0);
    CHECK(r.impacts >= 5);
    CHECK(r.flatImpacts == r.impacts);  // every impact: the four bottom corners together
  }
}

TEST_CASE("over a tilted plane a cube whose face is parallel to the plane lands flat and leaves without spin", "[simultaneous]") {
  for (const auto& tilt : {std::pair<double, double>{0.3, 0.7}, {M_PI / 90, M_PI}, {1.0, -2.0}}) {
    RigidBodyDef def = paperCase("IV");
    const Vec3 n = Plane::fromTilt(tilt.first, tilt.second).normal();
    def.planeNormal = n;
    def.initial.R = rotationTaking(Vec3::UnitZ(), n);  // the face −e3 faces the plane
    def.initial.Pi = Vec3::Zero();
    def.initial.gamma = Vec3::Zero();
    def.initial.x = Vec3(0, 0, 10);
    HybridIntegrator sim = makeIntegrator(def);
    const double E0 = sim.energy().total;
    int impacts = 0;
    for (int k = 0; k < 600; ++k) {
      const RigidBodyState before = sim.state();
      const StepReport r = sim.step();
      REQUIRE(r.status == StepStatus::Ok);
      const RigidBodyState& s = sim.state();
      INFO("tilt " << tilt.first << ", azimuth " << tilt.second << ", t = " << s.t);
      CHECK(s.Pi.norm() <= 1e-12);
      CHECK(relErr(sim.energy().total, E0) <= 1e-12);
      if (r.impacts == 0) continue;
      REQUIRE(r.impacts == 1);
      const ImpactEvent& e = sim.impactLog().back();
      CHECK(rigid_impact::contacts(e) == 4);
      // Without spin the impact reflects γ in the plane: λ = −2 n·γ⁻ (m = 1), γ⁻ = γ before − m g (t_i − t) e3.
      const Vec3 gammaMinus = before.gamma - Vec3(0, 0, def.mass * def.gravity * (e.t - before.t));
      CHECK(e.lambda == Approx(-2.0 * def.mass * n.dot(gammaMinus)).epsilon(1e-9));
      // The momentum change over the step is gravity plus an impulse along n.
      const Vec3 impulse = s.gamma - (before.gamma - Vec3(0, 0, def.mass * def.gravity * def.integrator.h));
      CHECK(impulse.cross(n).norm() <= 1e-12 * impulse.norm());
      ++impacts;
    }
    CHECK(impacts >= 2);
  }
}

TEST_CASE("a cube dropped on an edge without spin stays in its plane of symmetry", "[simultaneous]") {
  // R0 = rotation about x: the reflection x → −x maps the body, the plane and the initial state to
  // themselves, so x1 = γ1 = 0 and the angular momentum (a pseudo-vector) keeps only Π1. At 45° the
  // lowest edge lies straight below the centre: the impulse passes through it and Π stays 0.
  for (double angle : {M_PI / 4, M_PI / 6, 0.4}) {
    RigidBodyDef def = paperCase("IV");
    def.initial.R = rotationAboutX(angle);
    def.initial.Pi = Vec3::Zero();
    def.initial.gamma = Vec3::Zero();
    HybridIntegrator sim = makeIntegrator(def);
    const double E0 = sim.energy().total;
    double maxPi1 = 0;
    for (int k = 0; k < 3000; ++k) {
      REQUIRE(sim.step().status == StepStatus::Ok);
      const RigidBodyState& s = sim.state();
      INFO("angle " << angle << ", t = " << s.t);
      REQUIRE(s.x.x() == 0.0);
      REQUIRE(s.gamma.x() == 0.0);
      REQUIRE(std::abs(s.Pi.y()) <= 1e-12);
      REQUIRE(std::abs(s.Pi.z()) <= 1e-12);
      CHECK(relErr(sim.energy().total, E0) <= 1e-12);
      maxPi1 = std::max(maxPi1, std::abs(s.Pi.x()));
    }
    INFO("angle " << angle);
    REQUIRE(sim.totalImpacts() >= 3);
    for (const ImpactEvent& e : sim.impactLog()) {
      CHECK((rigid_impact::contacts(e) == 2 || rigid_impact::contacts(e) == 4));  // corners come in mirror pairs
      CHECK(rigid_impact::bodyPoint(e).x() == Approx(0.0).margin(1e-15));
    }
    if (angle == M_PI / 4) {
      CHECK(maxPi1 <= 1e-12);
      // The vertical bounce returns to the drop height.
      CHECK(relErr(apexHeight(sim.state(), 1.0, def.gravity), 10.0) <= 1e-9);
    } else {
      CHECK(maxPi1 > 0.1);  // an off-centre edge impact sets the cube spinning about x
    }
  }
}

TEST_CASE("two equal ellipsoids touching together give a symmetric, spin-free bounce", "[simultaneous]") {
  RigidBodyDef def;
  def.body.type = BodyDef::Type::Union;
  BodyDef left, right;
  left.semiAxes = right.semiAxes = Vec3(1, 1, 1);
  left.center = Vec3(-2, 0, 0);
  right.center = Vec3(2, 0, 0);
  def.body.parts = {left, right};
  // Two balls of mass ½ at ±2: J = diag(2·(2/5)(½), 2·((2/5)(½) + ½·4), same).
  def.inertia = Vec3(0.4, 4.4, 4.4).asDiagonal();
  def.initial.x = Vec3(0, 0, 5);
  HybridIntegrator sim = makeIntegrator(def);
  const double E0 = sim.energy().total;
  for (int k = 0; k < 3000; ++k) {
    REQUIRE(sim.step().status == StepStatus::Ok);
    const RigidBodyState& s = sim.state();
    REQUIRE(s.Pi.norm() <= 1e-12);
    REQUIRE(s.x.x() == 0.0);
    REQUIRE(s.x.y() == 0.0);
    CHECK(relErr(apexHeight(s, 1.0, def.gravity), 5.0) <= 1e-9);
    CHECK(relErr(sim.energy().total, E0) <= 1e-12);
  }
  REQUIRE(sim.totalImpacts() >= 5);
  for (const ImpactEvent& e : sim.impactLog()) {
    CHECK(rigid_impact::contacts(e) == 2);
    CHECK_APPROX_EQUAL(rigid_impact::bodyPoint(e), Vec3(0, 0, -1), 1e-12);  // barycentre of (±2, 0, −1)
  }
}

TEST_CASE("a chain of barycentric impulses at one configuration until no touching point approaches", "[simultaneous]") {
  // A cube of side 4 (ε = 0, J = m s²/6 = 8/3 I) resting flat (Φ = 0) moving down at 1 and spinning
  // about x at ω1 = 1: the corners at y = −2 approach at 3, those at y = +2 recede at 1. By hand:
  //  1st impulse at (0, −2, −2): χ = (−2, 0, 0), λ = 6/2.5 = 2.4 → γ3 = 1.4, ω1 = −0.8; now the
  //      corners at y = +2 approach at 0.2;
  //  2nd impulse at (0, 2, −2): χ = (2, 0, 0), λ = 0.4/2.5 = 0.16 → γ3 = 1.56, ω1 = −0.68; every
  //      corner recedes (2.92 and 0.2).
  RigidBodyDef def;
  def.body.type = BodyDef::Type::Cube;
  def.body.side = 4.0;
  def.body.epsilon = 0.0;
  def.initial.x = Vec3(0, 0, 2);
  def.initial.gamma = Vec3(0, 0, -1);
  def.initial.Pi = Vec3(8.0 / 3.0, 0, 0);
  HybridIntegrator sim = makeIntegrator(def);
  REQUIRE(sim.phi() == 0.0);
  const double E0 = sim.energy().total;
  const StepReport r = sim.step();
  REQUIRE(r.status == StepStatus::Ok);
  CHECK(r.impacts == 2);
  REQUIRE(sim.impactLog().size() == 2);
  const ImpactEvent& first = sim.impactLog()[0];
  const ImpactEvent& second = sim.impactLog()[1];
  // Both at the start of the step (to the round-off of Φ over the approach speed), at one instant.
  CHECK(first.t == Approx(0.0).margin(1e-15));
  CHECK(second.t == first.t);
  CHECK(rigid_impact::contacts(first) == 2);
  CHECK(rigid_impact::contacts(second) == 2);
  CHECK(first.lambda == Approx(2.4).epsilon(1e-12));
  CHECK(second.lambda == Approx(0.16).epsilon(1e-12));
  CHECK_APPROX_EQUAL(rigid_impact::bodyPoint(first), Vec3(0, -2, -2), 1e-15);
  CHECK_APPROX_EQUAL(rigid_impact::bodyPoint(second), Vec3(0, 2, -2), 1e-15);
  CHECK(relErr(sim.energy().total, E0) <= 1e-12);
  // After the chain the body flies off: |Π| = 8/3 · 0.68 until the next impact, which is far away.
  CHECK(std::abs(sim.state().Pi.norm() - 8.0 / 3.0 * 0.68) <= 1e-12);
  CHECK(sim.state().gamma.z() == Approx(1.56 - 9.80665 * 0.01).epsilon(1e-12));
  for (int k = 0; k < 2000; ++k) {
    REQUIRE(sim.step().status == StepStatus::Ok);
    CHECK(sim.phi() >= -1e-12);
    CHECK(relErr(sim.energy().total, E0) <= 1e-10);
    CHECK(std::abs(sim.state().Pi.y()) <= 1e-12);  // mirror symmetry x → −x
    CHECK(std::abs(sim.state().Pi.z()) <= 1e-12);
  }
}

TEST_CASE("the Zeno guard bounds the impulses of a chain too", "[simultaneous][zeno]") {
  // The configuration of the chain test above needs two impulses at one instant; with a budget of
  // one impact per step the chain is cut, the second impulse (1 m/s, far above g h) cannot be the
  // limit of a slow cascade, so the step is discarded and the run halted at t0 with the guard.
  RigidBodyDef def;
  def.body.type = BodyDef::Type::Cube;
  def.body.side = 4.0;
  def.body.epsilon = 0.0;
  def.initial.x = Vec3(0, 0, 2);
  def.initial.gamma = Vec3(0, 0, -1);
  def.initial.Pi = Vec3(8.0 / 3.0, 0, 0);
  def.integrator.maxImpactsPerStep = 1;
  HybridIntegrator sim = makeIntegrator(def);
  const double E0 = sim.energy().total;
  const StepReport r = sim.step();
  CHECK(r.status == StepStatus::ZenoGuard);
  CHECK(r.impacts == 0);
  CHECK(sim.halted());
  CHECK(sim.state().t == 0.0);
  CHECK(sim.impactLog().empty());
  CHECK(sim.energy().total == E0);
  CHECK(sim.phi() >= -1e-12);
  CHECK_FALSE(sim.statusMessage().empty());
  // With the default budget the same start runs: the chain's two impulses in one step.
  def.integrator.maxImpactsPerStep = 64;
  HybridIntegrator full = makeIntegrator(def);
  CHECK(full.step().status == StepStatus::Ok);
  CHECK(full.impactLog().size() == 2);
}

TEST_CASE("a uniform body described off its centroid is recentred or rejected, never spun by a flat drop", "[simultaneous][centroid]") {
  // x is the centre of mass (§4) and, with no inertia given, J comes from the uniform-density closed
  // form / hull about the body's own centroid. A cube whose vertices (or centre) are given 1 off the
  // origin is still a uniform cube: dropped flat without spin it must bounce without spin. Rejecting
  // the description (InvalidInput on a body field) is the other consistent answer.
  std::vector<RigidBodyDef> defs(3);
  defs[0].body.type = BodyDef::Type::Polyhedron;
  defs[0].body.vertices = cubeVertices(2.0, Vec3(1, 0, 0));
  defs[1].body.type = BodyDef::Type::Cube;
  defs[1].body.side = 2.0;
  defs[1].body.center = Vec3(1, 0, 0);
  defs[2].body.type = BodyDef::Type::Ellipsoid;
  defs[2].body.semiAxes = Vec3(1, 1, 1);
  defs[2].body.center = Vec3(1, 0, 0);
  for (size_t i = 0; i < defs.size(); ++i) {
    RigidBodyDef& def = defs[i];
    def.initial.x = Vec3(0, 0, 5);
    INFO("body " << i << " (0 polyhedron, 1 cube, 2 ellipsoid) with its centroid at body point (1, 0, 0)");
    try {
      HybridIntegrator sim = makeIntegrator(def);
      int impacts = 0;
      for (int k = 0; k < 300 && impacts == 0; ++k) impacts = sim.step().impacts;
      REQUIRE(impacts > 0);
      CHECK(sim.state().Pi.norm() <= 1e-12);
    } catch (const InvalidInput& e) {
      CHECK(std::string(e.field()).rfind("body", 0) == 0);
    }
  }
}

TEST_CASE("generic configurations: every impact of Cases III and IV has a single contact point", "[simultaneous]") {
  for (const char* name : {"III", "IV"}) {
    HybridIntegrator sim = makeIntegrator(paperCase(name));
    long long impacts = 0;
    for (int k = 0; k < 100000; ++k) {
      sim.step();
      for (const ImpactEvent& e : sim.impactLog()) {
        ++impacts;
        if (rigid_impact::contacts(e) != 1) FAIL_CHECK("Case " << name << ": " << rigid_impact::contacts(e) << " contacts at t = " << e.t);
      }
      sim.clearImpactLog();
    }
    CHECK(impacts == sim.totalImpacts());
    CHECK(impacts > 500);
  }
}

}  // namespace test_simultaneous_impacts
