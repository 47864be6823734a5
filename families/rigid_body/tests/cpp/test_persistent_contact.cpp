// Persistent contact (docs/rigid-body.md "Persistent contact"): the RATTLE step on SE(3) with the
// active contacts φ_f = 0, its multipliers (the normal force), release when the force would pull, and
// the plastic start of a contact phase. Checked against closed forms: rest, the frictionless slide
// with acceleration g sin θ, a ball's settling energy m g r, and the O(h²) energy error of a symplectic
// constrained step.
#include <catch2/catch.hpp>
#include <Eigen/Geometry>
#include <cmath>
#include <vector>

#include "approx.hpp"
#include "rigid_test_support.hpp"

namespace test_persistent_contact {

using namespace lgvci;
using namespace lgvci_test;

namespace {

constexpr double kG = 9.80665;

// A cube of side s (ε-rounded) resting on a face on the plane tilted by `tilt` towards `azimuth`:
// R0 turns e3 onto n, the centre is (s/2 + ε) above the plane (nudged up if rounding put Φ below 0).
RigidBodyDef restingCube(double tilt, double azimuth, double side, double eps) {
  RigidBodyDef def;
  def.body.type = BodyDef::Type::Cube;
  def.body.side = side;
  def.body.epsilon = eps;
  const Vec3 n(std::sin(tilt) * std::cos(azimuth), std::sin(tilt) * std::sin(azimuth), std::cos(tilt));
  def.planeNormal = n;
  def.initial.R = Eigen::AngleAxisd(tilt, Vec3(-std::sin(azimuth), std::cos(azimuth), 0.0)).toRotationMatrix();
  def.initial.x = n * (0.5 * side + eps) + Vec3(0.3, -0.2, 0.0) - n * n.dot(Vec3(0.3, -0.2, 0.0));
  for (int k = 0; k < 8; ++k) {
    const RigidBodySystem sys = makeSystem(def);
    const double phi = collisionFunction(*sys.body, sys.plane, def.initial.x, def.initial.R);
    if (phi >= 0.0) break;
    def.initial.x += n * (-phi + 1e-16);
  }
  return def;
}

// Ellipsoid with semi-axes `axes`, turned by `alpha` about y, touching the horizontal plane with
// angular momentum (0, piY, 0) and the vertical momentum that makes its contact point's normal
// velocity zero: a rocking start in contact.
RigidBodyDef rockingEllipsoid(double alpha, double piY, const Vec3& axes = Vec3(2, 1, 1)) {
  RigidBodyDef def;
  def.body.type = BodyDef::Type::Ellipsoid;
  def.body.semiAxes = axes;
  def.initial.R = Eigen::AngleAxisd(alpha, Vec3::UnitY()).toRotationMatrix();
  const Vec3 u = def.initial.R.transpose() * Vec3::UnitZ();
  const Vec3 w = axes.cwiseProduct(u);
  const Vec3 rho = -axes.cwiseProduct(w) / w.norm();
  const Vec3 chi = rho.cross(u);
  const Mat3 J = ellipsoidMass(1.0, axes).J;
  def.initial.Pi = Vec3(0.0, piY, 0.0);
  def.initial.gamma = Vec3(0.0, 0.0, -chi.dot(J.inverse() * def.initial.Pi));
  def.initial.x = Vec3(0.0, 0.0, w.norm() + 1e-13);
  return def;
}

}  // namespace

TEST_CASE("at rest on a horizontal plane: t advances by h per step, the body stays to 1e-12, no Zeno report", "[contact]") {
  // The set-up: Case I's ellipsoid at x0 = (0, 0, 4), no momentum.
  RigidBodyDef def = paperCase("I");
  def.initial.x = Vec3(0, 0, 4);
  def.initial.gamma = Vec3::Zero();
  def.initial.Pi = Vec3::Zero();
  HybridIntegrator sim = makeIntegrator(def);
  const RigidBodyState s0 = sim.state();
  for (int k = 1; k <= 10000; ++k) {
    const StepReport r = sim.step();
    REQUIRE(r.status == StepStatus::Ok);
    REQUIRE(sim.state().t == static_cast<double>(k) * 0.01);
  }
  const RigidBodyState& s = sim.state();
  CHECK((s.x - s0.x).norm() <= 1e-12);
  CHECK((s.R - s0.R).norm() <= 1e-12);
  CHECK(s.gamma.norm() <= 1e-12);
  CHECK(s.Pi.norm() <= 1e-12);
  CHECK(sim.contactPoints() == 1);
  CHECK(sim.normalForce() == Approx(kG).epsilon(1e-12));  // the multiplier is the weight m g
  CHECK(sim.contactEntries() == 1);
  CHECK(sim.contactReleases() == 0);
  CHECK(sim.totalImpacts() <= 1);  // at most the plastic impact that starts the contact, at t ≈ 0
  CHECK(std::abs(sim.energy().total + sim.dissipated() - sim.energyOf(s0).total) <= 1e-12 * sim.energyOf(s0).total);
}

TEST_CASE("a cube on a face, the other bodies at rest: four contacts held, nothing moves", "[contact]") {
  HybridIntegrator sim = makeIntegrator(restingCube(0.0, 0.0, 2.0, 0.0));
  const RigidBodyState s0 = sim.state();
  for (int k = 0; k < 2000; ++k) REQUIRE(sim.step().status == StepStatus::Ok);
  CHECK(sim.contactPoints() == 4);
  CHECK((sim.state().x - s0.x).norm() <= 1e-12);
  CHECK((sim.state().R - s0.R).norm() <= 1e-12);
  CHECK(sim.normalForce() == Approx(kG).epsilon(1e-12));
}

TEST_CASE("a cube resting on a face slides down a tilted plane with acceleration g sin θ (closed form, 1e-9)", "[contact]") {
  // Frictionless: the four corner contacts carry m g cos θ between them (minimum-norm multipliers,
  // no torque about the centre) and the slope component of gravity accelerates the cube. RATTLE's
  // translation is Störmer–Verlet, exact for a constant force: the closed form ½ g sin θ t² holds.
  for (const double tiltDeg : {10.0, 20.0, 35.0}) {
    for (const double eps : {0.0, 0.1}) {
      const double tilt = tiltDeg * M_PI / 180.0, azimuth = 0.7;
      HybridIntegrator sim = makeIntegrator(restingCube(tilt, azimuth, 2.0, eps));
      const RigidBodyState s0 = sim.state();
      const Vec3 n = sim.system().plane.normal();
      const Vec3 down = (n.z() * n - Vec3::UnitZ()).normalized();  // steepest descent along the plane
      const double E0 = sim.energy().total;
      INFO("tilt " << tiltDeg << " deg, epsilon " << eps);
      for (int k = 1; k <= 200; ++k) {
        REQUIRE(sim.step().status == StepStatus::Ok);
        const RigidBodyState& s = sim.state();
        const double t = s.t, along = (s.x - s0.x).dot(down);
        const double expected = 0.5 * kG * std::sin(tilt) * t * t;
        REQUIRE(std::abs(along - expected) <= 1e-9 * expected);
        REQUIRE(std::abs(s.gamma.dot(down) - kG * std::sin(tilt) * t) <= 1e-9 * kG * t);
        REQUIRE(std::abs((s.x - s0.x).dot(n)) <= 1e-12);                  // stays on the plane
        REQUIRE(((s.x - s0.x) - along * down).norm() <= 1e-12 * (1 + along));  // straight down the slope
        REQUIRE(s.Pi.norm() <= 1e-12);                                      // no spin
        REQUIRE(sim.contactPoints() == 4);
        REQUIRE(std::abs(sim.energy().total + sim.dissipated() - E0) <= 1e-12 * std::abs(E0) + 1e-12);
      }
      CHECK(sim.normalForce() == Approx(kG * std::cos(tilt)).epsilon(1e-10));
      CHECK((sim.state().R - s0.R).norm() <= 1e-12);
    }
  }
}

TEST_CASE("with e < 1 a ball settles into persistent contact and the run goes on at full speed", "[contact][restitution]") {
  // The rebounds e^k v accumulate (Zeno); once the rest of the cascade fits in one step (v below the
  // contact speed g h (1 − e)/(2e)), its limit is taken: the ball rests on the plane with E = m g r,
  // all the normal kinetic energy reported as dissipated, E + dissipated = E0 at every step.
  for (const double e : {0.0, 0.3, 0.5, 0.9}) {
    HybridIntegrator sim = makeIntegrator(ballDrop(1.0, e));
    const double E0 = sim.energy().total;
    INFO("e = " << e);
    for (int k = 1; k <= 3000; ++k) {
      const StepReport r = sim.step();
      REQUIRE(r.status == StepStatus::Ok);  // never the Zeno guard
      REQUIRE(sim.state().t == static_cast<double>(k) * 0.01);
      REQUIRE(std::abs(sim.energy().total + sim.dissipated() - E0) <= 1e-12 * E0);
      REQUIRE(sim.phi() >= -1e-12);
    }
    const RigidBodyState& s = sim.state();
    CHECK(sim.contactPoints() == 1);
    CHECK(s.gamma.norm() <= 1e-12);
    CHECK(std::abs(s.x.z() - 1.0) <= 1e-12);
    CHECK(sim.energy().total == Approx(kG).epsilon(1e-12));  // m g r
    CHECK(sim.dissipated() == Approx(E0 - kG).epsilon(1e-12));
    CHECK(sim.contactEntries() == 1);
    // The contact speed of the model bounds the last impact before rest (except e = 0: the first).
    if (e > 0.0) CHECK(sim.totalImpacts() >= 3);
  }
}

TEST_CASE("an elastic body dropped from 1e-9 settles instead of bouncing thousands of times per step", "[contact]") {
  // e = 1: a bounce whose flight 2v/g is shorter than h/N (N the Zeno budget) is resolved as contact;
  // the energy it takes, ½ m v², is reported as dissipated (about m g · 1e-9 here).
  RigidBodyDef def = restingCube(0.0, 0.0, 2.0, 0.0);
  def.initial.x.z() += 1e-9;
  HybridIntegrator sim = makeIntegrator(def);
  const double E0 = sim.energy().total;
  for (int k = 0; k < 500; ++k) REQUIRE(sim.step().status == StepStatus::Ok);
  CHECK(sim.contactPoints() == 4);
  CHECK(sim.state().gamma.norm() <= 1e-12);
  CHECK(sim.dissipated() == Approx(kG * 1e-9).epsilon(1e-3));
  CHECK(std::abs(sim.energy().total + sim.dissipated() - E0) <= 1e-12 * E0);
}

TEST_CASE("a rocking ellipsoid in contact conserves energy to O(h²) with no drift, as a symplectic flight does", "[contact]") {
  // Released tilted by 30° on its long side: it rocks (and, frictionless, its centre moves only
  // vertically) in contact, the normal force stays positive. RATTLE is symplectic: the energy error
  // oscillates, bounded, of order h², with no drift over the run.
  double spread[2];
  for (int i = 0; i < 2; ++i) {
    const double h = i == 0 ? 0.01 : 0.005;
    RigidBodyDef def = rockingEllipsoid(M_PI / 6.0, 0.0);
    def.integrator.h = h;
    HybridIntegrator sim = makeIntegrator(def);
    const int steps = static_cast<int>(std::lround(40.0 / h));
    double lo[2] = {1e300, 1e300}, hi[2] = {-1e300, -1e300};
    double minForce = 1e300;
    for (int k = 0; k < steps; ++k) {
      REQUIRE(sim.step().status == StepStatus::Ok);
      REQUIRE(sim.contactPoints() == 1);
      REQUIRE(std::abs(sim.state().x.x()) + std::abs(sim.state().x.y()) <= 1e-12);  // no horizontal force
      const double E = sim.energy().total + sim.dissipated();
      const int half = k < steps / 2 ? 0 : 1;
      lo[half] = std::min(lo[half], E);
      hi[half] = std::max(hi[half], E);
      minForce = std::min(minForce, sim.normalForce());
    }
    CHECK(minForce > 0.0);
    CHECK(sim.contactReleases() == 0);
    spread[i] = std::max(hi[0], hi[1]) - std::min(lo[0], lo[1]);
    INFO("h = " << h << ": E spread " << spread[i] << " (first half " << hi[0] - lo[0] << ", second half " << hi[1] - lo[1] << ")");
    CHECK(spread[i] <= 1e-3 * hi[0]);
    CHECK(hi[1] - lo[1] <= 1.2 * (hi[0] - lo[0]));  // no drift: the second half is no wider than the first
  }
  const double order = std::log2(spread[0] / spread[1]);
  INFO("energy error order " << order);
  CHECK(order > 1.8);
  CHECK(order < 2.2);
}

TEST_CASE("a rocking ellipsoid lifts off where its normal force reaches zero, and the switches are reported", "[contact]") {
  // With Π = (0, 4, 0) the ellipsoid swings up over its tip; its centre decelerates faster than g can
  // follow and the contact force decreases to zero, where the contact is released (the position
  // multiplier would pull). The release time converges with h and the force just before it → 0.
  double releaseTime[2];
  for (int i = 0; i < 2; ++i) {
    const double h = i == 0 ? 1e-3 : 1e-4;
    RigidBodyDef def = rockingEllipsoid(M_PI / 6.0, 4.0);
    def.integrator.h = h;
    HybridIntegrator sim = makeIntegrator(def);
    const double E0 = sim.energy().total;
    double firstForce = 0.0, lastForce = 0.0, previous = 1e300;
    bool decreasing = true;
    releaseTime[i] = -1.0;
    const int steps = static_cast<int>(std::lround(0.2 / h));
    for (int k = 0; k < steps; ++k) {
      REQUIRE(sim.step().status == StepStatus::Ok);
      if (sim.contactPoints() > 0) {
        if (firstForce == 0.0) firstForce = sim.normalForce();
        lastForce = sim.normalForce();
        if (sim.state().t > 0.05) decreasing = decreasing && lastForce < previous;
        previous = lastForce;
      } else if (releaseTime[i] < 0.0) {
        releaseTime[i] = sim.state().t;
      }
      REQUIRE(std::abs(sim.energy().total + sim.dissipated() - E0) <= 1e-5 * E0);
    }
    INFO("h = " << h << ": release at t = " << releaseTime[i] << ", force " << firstForce << " → " << lastForce);
    CHECK(sim.contactEntries() == 1);
    CHECK(sim.contactReleases() == 1);
    REQUIRE(releaseTime[i] > 0.0);
    CHECK(decreasing);
    CHECK(lastForce < 50.0 * h * firstForce);  // → 0 with h: about 0.3 % of it at h = 1e-3
    CHECK(lastForce >= 0.0);
  }
  CHECK(std::abs(releaseTime[0] - releaseTime[1]) <= 2e-3);
}

TEST_CASE("a rounded cube tipped onto an edge rocks back onto its face: contacts switch between corners", "[contact]") {
  // Tilted 10° about y on a horizontal plane with e = 0 (plastic): it first touches with one edge
  // (two corner contacts), falls over onto the face, whose other corners arrive by a plastic impact:
  // four contacts, at rest.
  RigidBodyDef def;
  def.body.type = BodyDef::Type::Cube;
  def.body.side = 2.0;
  def.body.epsilon = 0.05;
  def.integrator.restitution = 0.0;
  def.initial.R = Eigen::AngleAxisd(10.0 * M_PI / 180.0, Vec3::UnitY()).toRotationMatrix();
  const RigidBodySystem sys = makeSystem(def);
  def.initial.x = Vec3(0, 0, -collisionFunction(*sys.body, sys.plane, Vec3::Zero(), def.initial.R) + 1e-13);
  HybridIntegrator sim = makeIntegrator(def);
  const double E0 = sim.energy().total;
  int maxContacts = 0, contactsAtStart = 0;
  for (int k = 0; k < 300; ++k) {
    REQUIRE(sim.step().status == StepStatus::Ok);
    if (k == 0) contactsAtStart = sim.contactPoints();
    maxContacts = std::max(maxContacts, sim.contactPoints());
    // The plastic impacts are accounted exactly; what is left is the O(h²) error of the rotation in
    // contact (|ω| h ≈ 0.02 here).
    REQUIRE(std::abs(sim.energy().total + sim.dissipated() - E0) <= 1e-4 * E0);
    REQUIRE(sim.phi() >= -1e-12);
  }
  CHECK(contactsAtStart == 2);
  CHECK(maxContacts == 4);
  CHECK(sim.contactPoints() == 4);
  CHECK(sim.state().gamma.norm() <= 1e-9);
  CHECK(sim.state().Pi.norm() <= 1e-9);
  CHECK(sim.energy().total == Approx(kG * 1.05).epsilon(1e-9));  // at rest on the face: m g (s/2 + ε)
}

TEST_CASE("the contact presets do what their names say: rest stays, slide accelerates at g sin 20°, rocking lifts off and settles", "[contact][presets]") {
  {
    HybridIntegrator sim = makeIntegrator(parseConfig(presetJson("rest")));
    const RigidBodyState s0 = sim.state();
    for (int k = 0; k < 1000; ++k) REQUIRE(sim.step().status == StepStatus::Ok);
    CHECK((sim.state().x - s0.x).norm() <= 1e-12);
    CHECK(sim.contactPoints() == 1);
  }
  {
    HybridIntegrator sim = makeIntegrator(parseConfig(presetJson("slide")));
    const RigidBodyState s0 = sim.state();
    const Vec3 n = sim.system().plane.normal();
    CHECK(std::acos(n.z()) == Approx(20.0 * M_PI / 180.0).epsilon(1e-15));
    CHECK(sim.phi() >= 0.0);
    CHECK(sim.phi() <= 1e-15);
    const Vec3 down = (n.z() * n - Vec3::UnitZ()).normalized();
    for (int k = 0; k < 300; ++k) REQUIRE(sim.step().status == StepStatus::Ok);
    const double t = sim.state().t;
    CHECK((sim.state().x - s0.x).dot(down) == Approx(0.5 * kG * std::sin(20.0 * M_PI / 180.0) * t * t).epsilon(1e-9));
    CHECK(sim.contactPoints() == 4);
  }
  {
    HybridIntegrator sim = makeIntegrator(parseConfig(presetJson("rocking")));
    const double E0 = sim.energy().total;
    for (int k = 0; k < 1000; ++k) {
      REQUIRE(sim.step().status == StepStatus::Ok);
      REQUIRE(std::abs(sim.energy().total + sim.dissipated() - E0) <= 1e-4 * E0);
    }
    CHECK(sim.contactReleases() >= 1);                             // lifted off
    CHECK(sim.contactEntries() == sim.contactReleases() + 1);       // and back in contact
    CHECK(sim.dissipated() > 0.0);                                  // e = 0.5 on landing
  }
}

TEST_CASE("Case IV with e < 1 settles without the Zeno guard: a corner the contact drops is not driven back into the plane", "[contact][restitution]") {
  // Regression: the cube rolling from corner to corner on its way to rest. Dropping a touching
  // corner because its velocity-stage impulse was slightly negative let the pivot about the other
  // corner drive it back in at α ≈ 0, 64 times a step (26 s for 2·10⁴ steps, a Zeno report).
  // Release is now the position stage's force decision (P_f < 0).
  for (const double e : {0.5, 0.9}) {
    RigidBodyDef def = paperCase("IV");
    def.integrator.restitution = e;
    HybridIntegrator sim = makeIntegrator(def);
    const double E0 = sim.energy().total;
    for (int k = 1; k <= 20000; ++k) {
      REQUIRE(sim.step().status == StepStatus::Ok);
      REQUIRE(sim.state().t == Approx(0.01 * k).epsilon(1e-15));
    }
    INFO("e = " << e << ": " << sim.totalImpacts() << " impacts, " << sim.contactEntries() << " contact phases");
    CHECK(sim.contactEntries() >= 1);
    CHECK(std::abs(sim.energy().total + sim.dissipated() - E0) <= 1e-5 * E0);
  }
}

}  // namespace test_persistent_contact
