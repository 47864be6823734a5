// Validation at the library's boundary (InvalidInput names the field: field() and "field: rule" in
// what()), through makeIntegrator(RigidBodyDef) and parseConfig(json), and the JSON round trip.
#include <catch2/catch.hpp>
#include <cstring>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "approx.hpp"
#include "rigid_test_support.hpp"
#include "lgvci/core/json_bounds.hpp"

namespace test_config_validation {

using namespace lgvci;
using namespace lgvci_test;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

void checkInvalid(const std::function<void()>& f, const std::string& field, const std::string& rulePart) {
  try {
    f();
    FAIL_CHECK("no exception; expected InvalidInput for field '" << field << "'");
  } catch (const InvalidInput& e) {
    const std::string what = e.what();
    INFO("what() = " << what);
    CHECK(e.field() == field);
    CHECK(what.rfind(field + ": ", 0) == 0);  // "<field>: <rule>"
    CHECK(what.size() > field.size() + 2);
    if (!rulePart.empty()) CHECK(what.find(rulePart) != std::string::npos);
  } catch (const std::exception& e) {
    FAIL_CHECK("expected InvalidInput for field '" << field << "', got another exception: " << e.what());
  }
}

#define CHECK_INVALID(expr, field, rulePart)        \
  do {                                              \
    INFO("expression: " #expr);                     \
    checkInvalid([&] { (void)(expr); }, field, rulePart); \
  } while (false)

/// A valid custom set-up to break one field at a time.
RigidBodyDef ellipsoidDef() {
  RigidBodyDef d;
  d.body.type = BodyDef::Type::Ellipsoid;
  d.body.semiAxes = Vec3(1, 2, 3);
  d.initial.x = Vec3(0, 0, 5);
  d.initial.Pi = Vec3(1, 0, 0);
  return d;
}

RigidBodyDef cubeDef() {
  RigidBodyDef d = paperCase("IV");
  d.caseName.clear();
  return d;
}

RigidBodyDef polyDef() {
  RigidBodyDef d;
  d.body.type = BodyDef::Type::Polyhedron;
  d.body.vertices = {Vec3(1, 1, 1), Vec3(1, -1, -1), Vec3(-1, 1, -1), Vec3(-1, -1, 1)};
  d.body.epsilon = 0.01;
  d.initial.x = Vec3(0, 0, 3);
  return d;
}

std::string patched(const std::string& caseName, const std::string& members) {
  return "{\"case\": \"" + caseName + "\", " + members + "}";
}

/// Run two integrators side by side and require bit-identical states for `steps` steps.
void requireSameTrajectory(HybridIntegrator a, HybridIntegrator b, int steps) {
  for (int k = 0; k < steps; ++k) {
    const StepReport ra = a.step(), rb = b.step();
    REQUIRE(ra.impacts == rb.impacts);
    REQUIRE(ra.status == rb.status);
    REQUIRE(sameState(a.state(), b.state()));
  }
}

void requireSameDef(const RigidBodyDef& a, const RigidBodyDef& b);

void requireSameBody(const BodyDef& a, const BodyDef& b) {
  REQUIRE(a.type == b.type);
  switch (a.type) {
    case BodyDef::Type::Ellipsoid:
      CHECK(a.semiAxes == b.semiAxes);
      CHECK(a.center == b.center);
      break;
    case BodyDef::Type::Cube:
      CHECK(a.side == b.side);
      CHECK(a.epsilon == b.epsilon);
      CHECK(a.center == b.center);
      break;
    case BodyDef::Type::Polyhedron:
      CHECK(a.epsilon == b.epsilon);
      REQUIRE(a.vertices.size() == b.vertices.size());
      for (size_t i = 0; i < a.vertices.size(); ++i) CHECK(a.vertices[i] == b.vertices[i]);
      break;
    case BodyDef::Type::Union:
    case BodyDef::Type::Intersection:
      REQUIRE(a.parts.size() == b.parts.size());
      for (size_t i = 0; i < a.parts.size(); ++i) requireSameBody(a.parts[i], b.parts[i]);
      break;
  }
}

void requireSameDef(const RigidBodyDef& a, const RigidBodyDef& b) {
  CHECK(a.caseName == b.caseName);
  requireSameBody(a.body, b.body);
  CHECK(a.mass == b.mass);
  CHECK(resolveInertia(a) == resolveInertia(b));
  CHECK(a.gravity == b.gravity);
  CHECK(a.planeNormal == b.planeNormal);
  CHECK(a.initial.t == b.initial.t);
  CHECK(a.initial.x == b.initial.x);
  CHECK(a.initial.R == b.initial.R);
  CHECK(a.initial.gamma == b.initial.gamma);
  CHECK(a.initial.Pi == b.initial.Pi);
  CHECK(a.integrator.h == b.integrator.h);
  CHECK(a.integrator.tolerance == b.integrator.tolerance);
  CHECK(a.integrator.retraction == b.integrator.retraction);
  CHECK(a.integrator.rootFinder == b.integrator.rootFinder);
  CHECK(a.integrator.maxImpactsPerStep == b.integrator.maxImpactsPerStep);
  CHECK(a.integrator.contactTolerance == b.integrator.contactTolerance);
}

}  // namespace

TEST_CASE("validation: mass, gravity and the integrator settings", "[config]") {
  for (double bad : {0.0, -1.0, kNaN, kInf}) {
    RigidBodyDef d = ellipsoidDef();
    d.mass = bad;
    CHECK_INVALID(makeIntegrator(d), "mass", "> 0");
  }
  CHECK_INVALID(makeIntegrator(parseConfig(patched("I", "\"mass\": 0"))), "mass", "> 0");
  CHECK_INVALID(makeIntegrator(parseConfig(patched("I", "\"mass\": -2"))), "mass", "> 0");
  CHECK_INVALID(parseConfig(patched("I", "\"mass\": \"heavy\"")), "mass", "number");
  for (double bad : {-1.0, kNaN, kInf}) {
    RigidBodyDef d = ellipsoidDef();
    d.gravity = bad;
    CHECK_INVALID(makeIntegrator(d), "gravity", ">= 0");
  }
  CHECK_INVALID(makeIntegrator(parseConfig(patched("I", "\"gravity\": -9.8"))), "gravity", "must be in [0, 1e6]");
  for (double bad : {0.0, -0.01, kNaN, kInf}) {
    RigidBodyDef d = ellipsoidDef();
    d.integrator.h = bad;  // a def built in code meets the config's row (lgvci/core/driver_schema.hpp)
    CHECK_INVALID(makeIntegrator(d), "h", std::isfinite(bad) ? "must be in [1e-12, 1e6]" : "must be finite");
  }
  CHECK_INVALID(makeIntegrator(parseConfig(patched("I", "\"h\": 0"))), "h", "must be in [1e-12, 1e6]");
  CHECK_INVALID(makeIntegrator(parseConfig(patched("I", "\"h\": -0.01"))), "h", "must be in [1e-12, 1e6]");
  for (double bad : {0.0, -1e-15, 1.0, kNaN}) {
    RigidBodyDef d = ellipsoidDef();
    d.integrator.tolerance = bad;
    CHECK_INVALID(makeIntegrator(d), "tolerance", "");
  }
  CHECK_INVALID(makeIntegrator(parseConfig(patched("I", "\"tolerance\": 0"))), "tolerance", "");
  for (int bad : {0, -3, 2000000}) {
    RigidBodyDef d = ellipsoidDef();
    d.integrator.maxImpactsPerStep = bad;
    CHECK_INVALID(makeIntegrator(d), "max_impacts_per_step", "");
  }
  CHECK_INVALID(parseConfig(patched("I", "\"max_impacts_per_step\": 1.5")), "max_impacts_per_step", "integer");
  CHECK_INVALID(parseConfig(patched("I", "\"max_impacts_per_step\": 0")), "max_impacts_per_step", "integer");
  for (double bad : {-1e-12, 0.1, kNaN}) {
    RigidBodyDef d = ellipsoidDef();
    d.integrator.contactTolerance = bad;
    CHECK_INVALID(makeIntegrator(d), "contact_tolerance", "");
  }
  CHECK_INVALID(makeIntegrator(parseConfig(patched("I", "\"contact_tolerance\": -1"))), "contact_tolerance", "");
}

TEST_CASE("validation: ellipsoid semi-axes and centre", "[config]") {
  for (const Vec3& bad : {Vec3(0, 1, 1), Vec3(1, -2, 1), Vec3(1, 1, kNaN), Vec3(kInf, 1, 1)}) {
    RigidBodyDef d = ellipsoidDef();
    d.body.semiAxes = bad;
    CHECK_INVALID(makeIntegrator(d), "body.semi_axes", "");
  }
  CHECK_INVALID(makeIntegrator(parseConfig(patched("I", "\"body\": {\"semi_axes\": [1, 0, 1]}"))), "body.semi_axes[1]", "must be in [1e-6, 1e6]");
  CHECK_INVALID(makeIntegrator(parseConfig(patched("I", "\"body\": {\"semi_axes\": [1, -1, 1]}"))), "body.semi_axes[1]", "must be in [1e-6, 1e6]");
  CHECK_INVALID(parseConfig(patched("I", "\"body\": {\"semi_axes\": [1, 1]}")), "body.semi_axes", "3 numbers");
  CHECK_INVALID(parseConfig(patched("I", "\"body\": {\"semi_axes\": [1, 1, \"a\"]}")), "body.semi_axes[2]", "number");
  RigidBodyDef d = ellipsoidDef();
  d.body.center = Vec3(kNaN, 0, 0);
  CHECK_INVALID(makeIntegrator(d), "body.center", "finite");
  CHECK_INVALID(makeEllipsoid(Vec3(1, 0, 1)), "semi_axes", "> 0");
}

TEST_CASE("validation: cube side and ε, polyhedron vertices and ε", "[config]") {
  for (double bad : {0.0, -2.0, kNaN, kInf}) {
    RigidBodyDef d = cubeDef();
    d.body.side = bad;
    d.inertia.reset();
    CHECK_INVALID(makeIntegrator(d), "body.side", "> 0");
  }
  CHECK_INVALID(makeIntegrator(parseConfig(patched("IV", "\"body\": {\"side\": 0}"))), "body.side", "must be in [1e-6, 1e6]");
  CHECK_INVALID(makeIntegrator(parseConfig(patched("IV", "\"body\": {\"side\": -1}"))), "body.side", "must be in [1e-6, 1e6]");
  for (double bad : {-1e-3, kNaN, kInf}) {
    RigidBodyDef d = cubeDef();
    d.body.epsilon = bad;
    CHECK_INVALID(makeIntegrator(d), "body.epsilon", ">= 0");
    RigidBodyDef p = polyDef();
    p.body.epsilon = bad;
    CHECK_INVALID(makeIntegrator(p), "body.epsilon", ">= 0");
  }
  CHECK_INVALID(makeIntegrator(parseConfig(patched("IV", "\"body\": {\"epsilon\": -1e-3}"))), "body.epsilon", "must be in [0, 1e6]");
  CHECK_NOTHROW(makeIntegrator(parseConfig(patched("IV", "\"body\": {\"epsilon\": 0}"))));
  RigidBodyDef p = polyDef();
  p.body.vertices[2] = Vec3(kNaN, 0, 0);
  CHECK_INVALID(makeIntegrator(p), "body.vertices", "finite");
  p = polyDef();
  p.body.vertices = {Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(1, 1, 0)};  // flat: no volume
  CHECK_INVALID(makeIntegrator(p), "body.vertices", "");
  p.body.vertices.clear();
  CHECK_INVALID(makeIntegrator(p), "body.vertices", "");
  Rng rng(61);
  p = polyDef();
  p.body.vertices.clear();
  for (int i = 0; i < 65; ++i) p.body.vertices.push_back(randomUnit(rng));
  CHECK_INVALID(makeIntegrator(p), "body.vertices", "64");
  CHECK_INVALID(parseConfig("{\"body\": {\"type\": \"polyhedron\", \"vertices\": 3}}"), "body.vertices", "");
}

TEST_CASE("validation: unions, intersections and inertia", "[config]") {
  RigidBodyDef u = paperCase("III");
  u.body.parts[1].semiAxes = Vec3(6, 0, 1);
  CHECK_INVALID(makeIntegrator(u), "body.parts[1].semi_axes", "> 0");
  CHECK_INVALID(makeIntegrator(parseConfig(patched("III",
                    "\"inertia\": [[1,0,0],[0,1,0],[0,0,1]], \"body\": {\"parts\": [{\"type\": \"ellipsoid\", \"semi_axes\": [1,1,1]},"
                    " {\"type\": \"ellipsoid\", \"semi_axes\": [1,-1,1]}]}"))),
                "body.parts[1].semi_axes[1]", "must be in [1e-6, 1e6]");
  u = paperCase("III");
  u.inertia.reset();
  CHECK_INVALID(makeIntegrator(u), "inertia", "union");
  u = paperCase("III");
  u.body.parts.clear();
  CHECK_INVALID(makeIntegrator(u), "body.parts", "");
  CHECK_INVALID(parseConfig("{\"body\": {\"type\": \"union\", \"parts\": []}}"), "body.parts", "non-empty");

  Mat3 nonSym = Vec3(5, 4, 2.6).asDiagonal();
  nonSym(0, 1) = 0.5;
  Mat3 notPD = Vec3(5, 4, -2.6).asDiagonal();
  Mat3 nan = Vec3(5, 4, 2.6).asDiagonal();
  nan(1, 1) = kNaN;
  for (const Mat3& bad : {nonSym, notPD, nan}) {
    RigidBodyDef d = ellipsoidDef();
    d.inertia = bad;
    CHECK_INVALID(makeIntegrator(d), "inertia", "");
  }
  CHECK_INVALID(makeIntegrator(parseConfig(patched("I", "\"inertia\": [[1,0.5,0],[0,1,0],[0,0,1]]"))), "inertia", "symmetric");
  CHECK_INVALID(makeIntegrator(parseConfig(patched("I", "\"inertia\": [[1,0,0],[0,1,0],[0,0,-1]]"))), "inertia", "positive definite");
  CHECK_INVALID(parseConfig(patched("I", "\"inertia\": [[1,0,0],[0,1,0]]")), "inertia", "3x3");
}

TEST_CASE("validation: the plane", "[config]") {
  for (const Vec3& bad : {Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0.3, 0.2, -1), Vec3(0, 0, kNaN)}) {
    RigidBodyDef d = ellipsoidDef();
    d.planeNormal = bad;
    CHECK_INVALID(makeIntegrator(d), "plane.normal", "");
    CHECK_INVALID(Plane{bad}, "plane.normal", "");
  }
  CHECK_INVALID(Plane(Vec3(0, 0, 0)), "plane.normal", "non-zero");
  CHECK_INVALID(Plane(Vec3(1, 0, -1)), "plane.normal", "n3 > 0");
  CHECK_INVALID(makeIntegrator(parseConfig(patched("I", "\"plane\": {\"normal\": [0, 0, 0]}"))), "plane.normal", "non-zero");
  CHECK_INVALID(parseConfig(patched("I", "\"plane\": {\"normal\": [0, 0, 0]}")), "plane.normal", "non-zero");
  CHECK_INVALID(parseConfig(patched("I", "\"plane\": {\"normal\": [1, 0, 0]}")), "plane.normal", "n3 > 0");
  CHECK_INVALID(parseConfig(patched("I", "\"plane\": {\"normal\": [0, 0, -1]}")), "plane.normal", "n3 > 0");
  for (double bad : {-0.1, M_PI / 2, 2.0, kNaN}) CHECK_INVALID(Plane::fromTilt(bad, 0.0), "plane.tilt", "[0, pi/2)");
  CHECK_NOTHROW(Plane::fromTilt(0.0, 0.0));
  CHECK_NOTHROW(Plane::fromTilt(std::nextafter(M_PI / 2, 0.0), 0.0));
  CHECK_INVALID(Plane::fromTilt(0.1, kInf), "plane.azimuth", "finite");
  CHECK_INVALID(parseConfig(patched("I", "\"plane\": {\"tilt\": 1.6}")), "plane.tilt", "[0, pi/2)");
  CHECK_INVALID(parseConfig(patched("I", "\"plane\": {\"tilt\": -0.1}")), "plane.tilt", "[0, pi/2)");
  CHECK_INVALID(parseConfig(patched("I", "\"plane\": {\"tilt\": 1.5707963267948966}")), "plane.tilt", "[0, pi/2)");
  CHECK_INVALID(parseConfig(patched("I", "\"plane\": {\"normal\": [0, 0, 1], \"tilt\": 0.1}")), "plane", "either");
  // tilt/azimuth set the normal of §6.1.
  const RigidBodyDef t = parseConfig(patched("I", "\"plane\": {\"tilt\": 0.2, \"azimuth\": 1.0}"));
  CHECK_APPROX_EQUAL(t.planeNormal, Vec3(std::sin(0.2) * std::cos(1.0), std::sin(0.2) * std::sin(1.0), std::cos(0.2)), 1e-16);
}

TEST_CASE("validation: the initial state", "[config]") {
  RigidBodyDef d = ellipsoidDef();
  d.initial.x = Vec3(0, 0, 2.5);  // the ellipsoid's lowest point is 3 below its centre: Φ = −0.5
  CHECK_INVALID(makeIntegrator(d), "x0", "penetrates");
  CHECK_INVALID(makeIntegrator(parseConfig(patched("I", "\"x0\": [0, 0, 1]"))), "x0", "penetrates");
  // Φ's own rounding error (collisionRoundOff, 64 ε (|n|·|x| + r)) is not a penetration: a centre
  // below touching by half the floor is a start, by twice the floor is refused.
  {
    RigidBodyDef touch = ellipsoidDef();
    touch.initial.x = Vec3(0, 0, 3.0);  // Φ = 0: the lowest point on the plane
    const double floor = collisionRoundOff(Plane::fromTilt(0.0, 0.0), touch.initial.x, 3.0);
    touch.initial.x.z() = 3.0 - floor / 2.0;
    CHECK_NOTHROW(makeIntegrator(touch));
    touch.initial.x.z() = 3.0 - 2.0 * floor;
    CHECK_INVALID(makeIntegrator(touch), "x0", "penetrates");
  }
  // Over the tilted plane of Case II (rising towards +x), a centre at z = 5 penetrates far along +x.
  CHECK_INVALID(makeIntegrator(parseConfig(patched("II", "\"x0\": [1000, 0, 5]"))), "x0", "penetrates");
  CHECK_NOTHROW(makeIntegrator(parseConfig(patched("II", "\"x0\": [-1000, 0, 5]"))));
  // Touching (Φ = 0 exactly) is admissible.
  d.initial.x = Vec3(0, 0, 3);
  CHECK_NOTHROW(makeIntegrator(d));
  d = ellipsoidDef();
  d.initial.x = Vec3(0, kNaN, 5);
  CHECK_INVALID(makeIntegrator(d), "x0", "finite");
  d = ellipsoidDef();
  d.initial.gamma = Vec3(0, kInf, 0);
  CHECK_INVALID(makeIntegrator(d), "gamma0", "finite");
  d = ellipsoidDef();
  d.initial.Pi = Vec3(kNaN, 0, 0);
  CHECK_INVALID(makeIntegrator(d), "Pi0", "finite");
  d = ellipsoidDef();
  d.initial.t = kNaN;
  CHECK_INVALID(makeIntegrator(d), "t0", "finite");
  // R0 must be a rotation: scaled, sheared, reflected, non-finite.
  Mat3 scaled = 2.0 * Mat3::Identity();
  Mat3 sheared = Mat3::Identity();
  sheared(0, 1) = 1e-6;
  Mat3 reflection = Vec3(-1, 1, 1).asDiagonal();
  Mat3 nan = Mat3::Identity();
  nan(2, 1) = kNaN;
  for (const Mat3& bad : {scaled, sheared, reflection, nan}) {
    d = ellipsoidDef();
    d.initial.R = bad;
    CHECK_INVALID(makeIntegrator(d), "R0", "");
  }
  CHECK_INVALID(makeIntegrator(parseConfig(patched("I", "\"R0\": [[2,0,0],[0,1,0],[0,0,1]]"))), "R0", "rotation");
  CHECK_INVALID(makeIntegrator(parseConfig(patched("I", "\"R0\": [[-1,0,0],[0,1,0],[0,0,1]]"))), "R0", "rotation");
  // A rotation that is orthogonal only to 1e-12 (e.g. read back from text) is accepted.
  d = ellipsoidDef();
  d.initial.R = Eigen::AngleAxisd(0.3, Vec3(1, 2, 3).normalized()).toRotationMatrix();
  d.initial.R(0, 0) += 1e-12;
  CHECK_NOTHROW(makeIntegrator(d));
  CHECK_INVALID(parseConfig(patched("I", "\"x0\": [0, 0]")), "x0", "3 numbers");
  CHECK_INVALID(parseConfig(patched("I", "\"gamma0\": \"up\"")), "gamma0", "3 numbers");
  CHECK_INVALID(parseConfig(patched("I", "\"Pi0\": [1, null, 2]")), "Pi0[1]", "number");
}

TEST_CASE("validation: JSON syntax, unknown keys, case names, enumerations", "[config]") {
  CHECK_INVALID(parseConfig("{\"case\": \"I\""), "config", "JSON");
  CHECK_INVALID(parseConfig("not json"), "config", "JSON");
  CHECK_INVALID(parseConfig("{\"case\": \"I\", \"mass\": NaN}"), "config", "JSON");
  CHECK_INVALID(parseConfig("[1, 2, 3]"), "config", "object");
  CHECK_INVALID(parseConfig("{\"case\": \"I\", \"foo\": 1}"), "foo", "not a known key");
  CHECK_INVALID(parseConfig("{\"case\": \"I\", \"body\": {\"bar\": 1}}"), "body.bar", "not a known key");
  CHECK_INVALID(parseConfig("{\"case\": \"I\", \"plane\": {\"offset\": 1}}"), "plane.offset", "not a known key");
  CHECK_INVALID(parseConfig("{\"body\": {\"type\": \"union\", \"parts\": [{\"type\": \"ellipsoid\", \"semi_axes\": [1,1,1], \"colour\": 3}]}}"),
                "body.parts[0].colour", "not a known key");
  CHECK_INVALID(parseConfig("{\"mass\": 1}"), "body", "required");
  CHECK_INVALID(parseConfig("{\"body\": {\"type\": \"sphere\"}}"), "body.type", "ellipsoid");
  CHECK_INVALID(parseConfig("{\"body\": {\"semi_axes\": [1, 1, 1]}}"), "body.type", "");
  CHECK_INVALID(parseConfig("{\"body\": {\"type\": \"cube\"}}"), "body.side", "required");
  CHECK_INVALID(parseConfig("{\"case\": \"V\"}"), "case", "I, II, III, IV");
  CHECK_INVALID(parseConfig("{\"case\": 4}"), "case", "I, II, III, IV");
  CHECK_INVALID(parseConfig("{\"case\": \"\"}"), "case", "");
  CHECK_INVALID(paperCase("iv"), "case", "I, II, III, IV");
  CHECK_INVALID(paperCase("V"), "case", "V");
  CHECK_INVALID(parseConfig(patched("I", "\"retraction\": \"quaternion\"")), "retraction", "cayley");
  CHECK_INVALID(parseConfig(patched("I", "\"retraction\": 1")), "retraction", "cayley");
  CHECK_INVALID(parseConfig(patched("I", "\"root_finder\": \"newton\"")), "root_finder", "bisection");
  CHECK_INVALID(parseConfig(patched("I", "\"root_finder\": true")), "root_finder", "bisection");
  CHECK(parseConfig(patched("I", "\"retraction\": \"exp\"")).integrator.retraction == Retraction::Exponential);
  CHECK(parseConfig(patched("I", "\"retraction\": \"cayley\"")).integrator.retraction == Retraction::Cayley);
  CHECK(parseConfig(patched("I", "\"root_finder\": \"bisection\"")).integrator.rootFinder == RootFinder::Bisection);
  CHECK(parseConfig(patched("I", "\"root_finder\": \"fast\"")).integrator.rootFinder == RootFinder::Illinois);
}

TEST_CASE("validation: numbers outside the double range are invalid input, not a crash", "[config]") {
  // JSON has no NaN/Infinity literals, but 1e999 is valid JSON syntax that overflows a double.
  for (const char* json : {"{\"case\": \"I\", \"mass\": 1e999}", "{\"case\": \"I\", \"x0\": [0, 0, -1e999]}"}) {
    INFO(json);
    try {
      (void)makeIntegrator(parseConfig(json));
      FAIL_CHECK("accepted");
    } catch (const InvalidInput& e) {
      const std::string field = e.field();
      CHECK((field == "config" || field == "mass" || field == "x0" || field == "x0[2]"));
    } catch (const std::exception& e) {
      FAIL_CHECK("expected InvalidInput, got " << e.what());
    }
  }
}

TEST_CASE("parseConfig: a case with overrides", "[config]") {
  // {"case": ...} alone is the preset.
  for (const char* name : {"I", "II", "III", "IV"}) {
    INFO("Case " << name);
    requireSameDef(parseConfig(std::string("{\"case\": \"") + name + "\"}"), paperCase(name));
  }
  // The inertia follows a changed mass or body (closed forms), unless given.
  const RigidBodyDef m2 = parseConfig(patched("I", "\"mass\": 2"));
  CHECK(resolveInertia(m2) == ellipsoidMass(2.0, Vec3(2, 3, 4)).J);
  const RigidBodyDef side = parseConfig(patched("IV", "\"body\": {\"side\": 2}"));
  CHECK(side.body.epsilon == 1e-13);
  // A new body gets the rounded body's J (docs/rigid-body.md "Rounded mass properties"): ε = 1e-13 adds ~2e-13.
  CHECK_APPROX_EQUAL(resolveInertia(side), cubeMass(1.0, 2.0).J, 1e-12);
  CHECK(side.massConvention == MassConvention::Rounded);
  const RigidBodyDef given = parseConfig(patched("IV", "\"body\": {\"side\": 2}, \"inertia\": [[1,0,0],[0,1,0],[0,0,1]]"));
  CHECK(resolveInertia(given) == Mat3::Identity());
  // A body of another type replaces the preset's.
  const RigidBodyDef e = parseConfig(patched("IV", "\"body\": {\"type\": \"ellipsoid\", \"semi_axes\": [1, 2, 3]}"));
  CHECK(e.body.type == BodyDef::Type::Ellipsoid);
  CHECK(e.body.semiAxes == Vec3(1, 2, 3));
  CHECK(resolveInertia(e) == ellipsoidMass(1.0, Vec3(1, 2, 3)).J);
  // The other presets' values survive.
  CHECK(e.initial.gamma == Vec3(2, 2, 10));
  CHECK(e.integrator.h == 0.01);
}

TEST_CASE("JSON round trip: parseConfig(toJson(def)) reproduces def and its trajectory bit for bit", "[config]") {
  std::vector<RigidBodyDef> defs;
  for (const char* name : {"I", "II", "III", "IV"}) defs.push_back(paperCase(name));
  {
    RigidBodyDef d = polyDef();
    d.mass = 2.5;
    d.gravity = 3.7;
    d.initial.R = Eigen::AngleAxisd(0.7, Vec3(1, -2, 0.5).normalized()).toRotationMatrix();
    d.initial.gamma = Vec3(0.1, -0.3, 2.0);
    d.initial.Pi = Vec3(0.3, 0.2, -0.1);
    d.planeNormal = Plane::fromTilt(0.3, 2.0).normal();
    d.integrator.retraction = Retraction::Exponential;
    d.integrator.rootFinder = RootFinder::Bisection;
    d.integrator.h = 0.007;
    d.integrator.tolerance = 1e-14;
    d.integrator.maxImpactsPerStep = 7;
    d.integrator.contactTolerance = 1e-8;
    defs.push_back(d);
  }
  {
    RigidBodyDef d;  // an intersection with an explicit inertia
    d.body.type = BodyDef::Type::Intersection;
    BodyDef a, b;
    a.semiAxes = Vec3(2, 1, 1);
    a.center = Vec3(0.5, 0, 0);
    b.semiAxes = Vec3(1.5, 1.2, 1);
    b.center = Vec3(-0.2, 0, 0.1);
    d.body.parts = {a, b};
    d.inertia = Vec3(0.3, 0.5, 0.6).asDiagonal();
    d.initial.x = Vec3(0, 0, 4);
    d.initial.Pi = Vec3(0.5, 0.1, 0.2);
    defs.push_back(d);
  }
  {
    RigidBodyDef d = ellipsoidDef();  // a custom body with a computed inertia (absent in def)
    d.initial.gamma = Vec3(1, 0, -2);
    defs.push_back(d);
  }
  for (size_t i = 0; i < defs.size(); ++i) {
    INFO("def " << i << ": " << toJson(defs[i]));
    const RigidBodyDef back = parseConfig(toJson(defs[i]));
    requireSameDef(back, defs[i]);
    requireSameDef(parseConfig(toJson(defs[i], 2)), defs[i]);  // indentation does not matter
    CHECK(toJson(back) == toJson(defs[i]));
    requireSameTrajectory(makeIntegrator(defs[i]), makeIntegrator(back), 1000);
  }
}

TEST_CASE("JSON round trip keeps a non-zero initial time", "[config]") {
  // RigidBodyState::t is part of RigidBodyDef::initial (validated as "t0"), so it has to survive toJson.
  RigidBodyDef d = paperCase("IV");
  d.initial.t = 2.5;
  const RigidBodyDef back = parseConfig(toJson(d));
  CHECK(back.initial.t == 2.5);
}

TEST_CASE("JSON round trip keeps a plane normal that parseConfig itself produced", "[config]") {
  // parseConfig stores the normalised normal; writing it out and reading it back must not move it
  // (not even by an ulp: the trajectory is chaotic and the round trip is promised bit for bit).
  for (const char* normal : {"[0.1, -0.2, 1]", "[0.1, 0.1, 1]", "[0, 0.3, 1]", "[0.2, 0, 1]", "[1, 1, 1]", "[0, 0, 2]"}) {
    const RigidBodyDef def = parseConfig(std::string("{\"case\": \"IV\", \"plane\": {\"normal\": ") + normal + "}}");
    const RigidBodyDef back = parseConfig(toJson(def));
    INFO("normal " << normal << ": parsed " << fmt(def.planeNormal) << ", after the round trip " << fmt(back.planeNormal));
    CHECK(back.planeNormal == def.planeNormal);
    CHECK(toJson(back) == toJson(def));
    requireSameTrajectory(makeIntegrator(def), makeIntegrator(back), 1000);
  }
}

// ---- A bounded parser, honest messages, validated derived quantities ----

namespace {
std::string nested(const std::string& open, const std::string& close, int depth, const std::string& inner) {
  std::string s;
  s.reserve(static_cast<size_t>(depth) * (open.size() + close.size()) + inner.size());
  for (int i = 0; i < depth; ++i) s += open;
  s += inner;
  for (int i = 0; i < depth; ++i) s += close;
  return s;
}
}  // namespace

TEST_CASE("bounded parser: deep nesting is refused with its path, before any tree is built", "[config][limits]") {
  // Before: 5·10⁴ nested arrays in x0 or 3·10⁴ nested unions overflowed the stack (SIGSEGV).
  // The top-level object is level 1 and x0 level 2: the first array too deep is x0 + 31 × [0].
  std::string x0Path = "x0";
  for (int i = 0; i < 31; ++i) x0Path += "[0]";
  CHECK_INVALID(parseConfig("{\"case\": \"I\", \"x0\": " + nested("[", "]", 50000, "0") + "}"), x0Path, "nesting deeper than 32 levels");
  const std::string unions = nested("{\"type\": \"union\", \"parts\": [", "]}", 30000, "{\"type\": \"ellipsoid\", \"semi_axes\": [1, 1, 1]}");
  try {
    (void)parseConfig("{\"body\": " + unions + "}");
    FAIL_CHECK("accepted");
  } catch (const InvalidInput& e) {
    CHECK(e.field().rfind("body.parts[0].parts[0]", 0) == 0);
    CHECK(std::string(e.what()).find("nesting deeper than 32 levels") != std::string::npos);
  }
  // Unions nested within the JSON depth but beyond the body's own bound.
  const std::string nine = nested("{\"type\": \"union\", \"parts\": [", "]}", 9, "{\"type\": \"ellipsoid\", \"semi_axes\": [1, 1, 1]}");
  CHECK_INVALID(parseConfig("{\"body\": " + nine + ", \"inertia\": [[1,0,0],[0,1,0],[0,0,1]]}"),
                "body.parts[0].parts[0].parts[0].parts[0].parts[0].parts[0].parts[0].parts[0].parts", "nested deeper than 8");
  const std::string eight = nested("{\"type\": \"union\", \"parts\": [", "]}", 8, "{\"type\": \"ellipsoid\", \"semi_axes\": [1, 1, 1]}");
  CHECK_NOTHROW(makeIntegrator(parseConfig("{\"body\": " + eight + ", \"inertia\": [[1,0,0],[0,1,0],[0,0,1]], \"x0\": [0,0,3]}")));
  // Objects count as nesting too.
  std::string abPath = "a";
  for (int i = 0; i < 31; ++i) abPath += ".b";
  CHECK_INVALID(checkJsonText("{\"a\": " + nested("{\"b\": ", "}", 40, "1") + "}"), abPath, "nesting deeper");
}

TEST_CASE("bounded parser: sizes of arrays, bodies and the text", "[config][limits]") {
  std::string many = "[";
  for (int i = 0; i < 300; ++i) many += (i ? ",0" : "0");
  many += "]";
  CHECK_INVALID(parseConfig("{\"case\": \"I\", \"x0\": " + many + "}"), "x0", "more than 256 elements");
  std::string verts = "[";
  for (int i = 0; i < 65; ++i) verts += std::string(i ? "," : "") + "[" + std::to_string(i % 4) + "," + std::to_string(i % 5) + "," + std::to_string(i % 7) + "]";
  verts += "]";
  CHECK_INVALID(parseConfig("{\"body\": {\"type\": \"polyhedron\", \"vertices\": " + verts + "}}"), "body.vertices", "at most 64");
  // 2 × 200 shapes: each array is within 256, the body is not.
  std::string part = "{\"type\": \"union\", \"parts\": [";
  for (int i = 0; i < 200; ++i) part += std::string(i ? "," : "") + "{\"type\": \"ellipsoid\", \"semi_axes\": [1, 1, 1]}";
  part += "]}";
  CHECK_INVALID(parseConfig("{\"body\": {\"type\": \"union\", \"parts\": [" + part + "," + part + "]}}"), "body", "more than 256 shapes");
  std::string huge = "{\"case\": \"I\", \"gamma0\": [1, 2, 3]" + std::string(kMaxConfigBytes, ' ') + "}";
  CHECK_INVALID(parseConfig(huge), "config", "larger than 1048576 bytes");
}

TEST_CASE("parser messages: top level, duplicates, control bytes, positions", "[config][limits]") {
  // Before: "body: is required" for null / [] / 1.
  for (const char* top : {"null", "[]", "1", "\"x\"", "true", "[{\"case\": \"I\"}]"}) CHECK_INVALID(parseConfig(top), "config", "must be a JSON object");
  // Before: the last of two equal keys won silently.
  CHECK_INVALID(parseConfig("{\"case\": \"I\", \"mass\": 1, \"mass\": 2}"), "mass", "duplicate key");
  CHECK_INVALID(parseConfig("{\"body\": {\"type\": \"ellipsoid\", \"type\": \"cube\", \"semi_axes\": [1,1,1]}}"), "body.type", "duplicate key");
  CHECK_INVALID(parseConfig("{\"case\": \"I\", \"plane\": {\"tilt\": 0.1, \"tilt\": 0.2}}"), "plane.tilt", "duplicate key");
  // Before: what() was cut at the NUL byte of the key.
  try {
    (void)parseConfig("{\"case\": \"I\", \"ma\\u0000ss\\u001b\": 1}");
    FAIL_CHECK("accepted");
  } catch (const InvalidInput& e) {
    CHECK(std::string(e.what()) == "ma\\x00ss\\x1b: is not a known key");
    CHECK(std::string(e.what()).size() == std::strlen(e.what()));
  }
  CHECK_INVALID(parseConfig("{\"case\": \"I\\u0000V\"}"), "case", "(got 'I\\x00V')");
  // Found by the fuzzer: the empty key gave the message ": is not a known key" (no field).
  CHECK_INVALID(parseConfig("{\"case\": \"I\", \"\": [0, 0, 1e300]}"), "\"\"", "is not a known key");
  CHECK_INVALID(parseConfig("{\"case\": \"I\", \"body\": {\"\": 1}}"), "body.\"\"", "is not a known key");
  CHECK_INVALID(parseConfig("{\"case\": \"I\", \"\": 1, \"\": 2}"), "\"\"", "duplicate key");
  // The parse position survives into the message.
  CHECK_INVALID(parseConfig("{\n  \"case\": \"I\",\n  \"mass\": ,\n}"), "config", "line 3, column 11");
  CHECK_INVALID(parseConfig("{\"case\": \"I\", \"mass\": 1e999}"), "config", "at byte");
  CHECK_INVALID(parseConfig(""), "config", "not valid JSON");
  CHECK_INVALID(parseConfig("{\"case\": \"I\"} {}"), "config", "not valid JSON");
}

TEST_CASE("derived quantities are validated and blamed on the input responsible", "[config][limits]") {
  // Before: mass 1e308 blamed inertia[0][0]; 1e-320 ran stuck at t ≈ 0 with exit 0.
  CHECK_INVALID(parseConfig(patched("I", "\"mass\": 1e308")), "mass", "must be in [1e-09, 1e+09]");
  CHECK_INVALID(makeIntegrator(parseConfig(patched("I", "\"mass\": 1e-320"))), "mass", "must be in");
  CHECK_INVALID(makeIntegrator(parseConfig(patched("IV", "\"mass\": 1e308"))), "mass", "must be in");
  // Before: the energy came out null; Π0 = 1e200 sat at t ≈ 0.
  CHECK_INVALID(makeIntegrator(parseConfig(patched("I", "\"gamma0\": [0, 0, 1e300]"))), "gamma0[2]", "must be in [-1e12, 1e12]");
  CHECK_INVALID(makeIntegrator(parseConfig(patched("I", "\"Pi0\": [1e200, 0, 0]"))), "Pi0[0]", "must be in [-1e12, 1e12]");
  // |hΠ0| beyond the reach of (5.9c): 2 λmax(J) = 10 for case I with the Cayley map, (1+√2)·5 for exp.
  CHECK_INVALID(makeIntegrator(parseConfig(patched("I", "\"Pi0\": [1000, 0, 0]"))), "Pi0", "(5.9c)");
  CHECK_NOTHROW(makeIntegrator(parseConfig(patched("I", "\"Pi0\": [999, 0, 0]"))));
  CHECK_INVALID(makeIntegrator(parseConfig(patched("I", "\"Pi0\": [1208, 0, 0], \"retraction\": \"exp\""))), "Pi0", "(5.9c)");
  CHECK_NOTHROW(makeIntegrator(parseConfig(patched("I", "\"Pi0\": [1206, 0, 0], \"retraction\": \"exp\""))));
  // Before: a part centred at 1e155 overflowed the bounding radius and fell through the plane.
  CHECK_INVALID(makeIntegrator(parseConfig(patched("III", "\"body\": {\"parts\": [{\"type\": \"ellipsoid\", \"semi_axes\": [1, 1, 1], \"center\": [1e155, 0, 0]}]}"))),
                "body.parts[0].center[0]", "must be in [-1e6, 1e6]");
  CHECK_INVALID(makeIntegrator(parseConfig(patched("I", "\"x0\": [0, 0, 1e7]"))), "x0[2]", "must be in [-1e6, 1e6]");
  CHECK_INVALID(makeIntegrator(parseConfig(patched("I", "\"gravity\": 1e7"))), "gravity", "must be in");
  CHECK_INVALID(makeIntegrator(parseConfig(patched("I", "\"t0\": 1e10"))), "t0", "must be in");
  CHECK_INVALID(makeIntegrator(parseConfig("{\"body\": {\"type\": \"ellipsoid\", \"semi_axes\": [1e-7, 1, 1]}, \"x0\": [0, 0, 3]}")),
                "body.semi_axes[0]", "must be in [1e-6, 1e6]");
  CHECK_INVALID(makeIntegrator(parseConfig(patched("IV", "\"body\": {\"side\": 2e6}"))), "body.side", "must be in [1e-6, 1e6]");
  // An explicit inertia with J⁻¹ losing all digits, or computed from a needle-like body.
  CHECK_INVALID(makeIntegrator(parseConfig(patched("I", "\"inertia\": [[1e13, 0, 0], [0, 1, 0], [0, 0, 1]]"))), "inertia", "condition number");
  // Before: --h 1e-320 said "expected a finite number"; now the rule: t must advance.
  CHECK_INVALID(makeIntegrator(parseConfig(patched("I", "\"h\": 1e-320"))), "h", "must be in [1e-12, 1e6]");
  CHECK_INVALID(makeIntegrator(parseConfig(patched("I", "\"h\": 1e-6, \"t0\": 1e7"))), "h", "must be >= 1e-05");
  CHECK_NOTHROW(makeIntegrator(parseConfig(patched("I", "\"h\": 1e-12"))));
  // A NaN Φ at the start used to pass (NaN < 0 is false): the C++ API with an undefined lowest point.
  class Undefined final : public Shape {
   public:
    SupportPoint lowest(const Vec3&) const override { return {Vec3::Constant(kNaN), kNaN}; }
    void lowestSet(const Vec3& u, double, std::vector<SupportPoint>& out) const override { out.push_back(lowest(u)); }
    double boundingRadius() const override { return 1.0; }
  };
  RigidBodySystem sys;
  sys.body = std::make_shared<Undefined>();
  RigidBodyState s0;
  s0.x = Vec3(0, 0, 5);
  CHECK_INVALID(HybridIntegrator(sys, IntegratorDef{}, s0), "body", "lowest point");
}

TEST_CASE("a thin lens (one semi-axis 1e-3) falls, bounces and keeps Φ finite", "[config][limits]") {
  // Before: Φ(x0, R0) was NaN, validation let it through and the run sat at t = 0 with exit 0.
  const RigidBodyDef def = parseConfig(R"({"body": {"type": "intersection", "parts": [
      {"type": "ellipsoid", "semi_axes": [1, 1, 0.001]}, {"type": "ellipsoid", "semi_axes": [1, 1, 1], "center": [0.5, 0, 0]}]},
    "inertia": [[0.1, 0, 0], [0, 0.1, 0], [0, 0, 0.2]], "x0": [0, 0, 2], "Pi0": [0.01, 0.02, 0.003], "gamma0": [0, 0, 0]})");
  HybridIntegrator sim = makeIntegrator(def);
  const double E0 = sim.energy().total;
  for (int k = 0; k < 400; ++k) {
    REQUIRE(sim.step().status == StepStatus::Ok);
    REQUIRE(std::isfinite(sim.phi()));
    REQUIRE(sim.phi() >= -1e-9);
  }
  CHECK(sim.state().t == Approx(4.0).epsilon(1e-12));
  CHECK(sim.totalImpacts() > 0);
  CHECK(std::abs(sim.energy().total - E0) <= 1e-6 * std::abs(E0));
}

// A thin disc (semi-axis 1e-3 along x) cut by a ball. The intersection's dual ascent (shapes.cpp) finds
// no support point of it at some attitudes (a known defect, docs/validation.md "Findings"); which
// attitudes a run meets is round-off: from Π0 = (0.1, 0.2, 0.3) and five starts 10⁻⁷ away, 4 of 6 met one
// (at step 29–30) before the flight's sums were compensated and 6 of 6 after (this start at step 82).
// What must hold at any attitude: until then every step is clean with Φ finite and the energy kept;
// there the run halts with the reason, and nothing is computed from the NaN (before the dual fix a
// NaN Φ read as penetration and the Zeno guard fired; before the halt, a NaN Φ ran on silently).
TEST_CASE("a thin disc (one semi-axis 1e-3) cut by a ball: finite Φ, or a halt that says why", "[config][limits]") {
  HybridIntegrator disc = makeIntegrator(parseConfig(R"({"body": {"type": "intersection", "parts": [
      {"type": "ellipsoid", "semi_axes": [0.001, 1, 1], "center": [0.0005, 0, 0]},
      {"type": "ellipsoid", "semi_axes": [1, 1, 1], "center": [-0.5, 0, 0]}]},
    "inertia": [[0.1, 0, 0], [0, 0.1, 0], [0, 0, 0.2]], "x0": [0, 0, 2], "Pi0": [0.1, 0.2, 0.3]})"));
  const double Ed = disc.energy().total;
  int clean = 0;
  for (int k = 0; k < 300; ++k) {
    const StepReport r = disc.step();
    if (r.status != StepStatus::Ok) {
      CHECK(r.status == StepStatus::NewtonFailed);
      CHECK(disc.halted());
      CHECK_THAT(disc.statusMessage(), Catch::Contains("the contact function phi is not a finite number"));
      break;
    }
    REQUIRE(std::isfinite(disc.phi()));
    REQUIRE(std::abs(disc.energy().total - Ed) <= 1e-6 * std::abs(Ed));
    ++clean;
  }
  CHECK(clean > 0);
  CHECK(disc.state().t == Approx(0.01 * clean).epsilon(1e-12));
  CHECK(std::isfinite(disc.state().x.norm()));
  CHECK(std::isfinite(disc.state().gamma.norm()));
}

}  // namespace test_config_validation
