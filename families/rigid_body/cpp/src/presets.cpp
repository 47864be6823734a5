#include "lgvci/rigid_body/presets.hpp"

#include "lgvci/core/portable_math.hpp"

#include <cmath>

namespace lgvci {

RigidBodyDef paperCase(const std::string& name) {
  RigidBodyDef d;  // §7: m = 1, g = 9.80665, h = 0.01, tol = 1e-15
  d.caseName = name;
  d.mass = 1.0;
  d.gravity = 9.80665;
  d.integrator.h = 0.01;
  d.integrator.tolerance = 1e-15;
  d.initial.x = Vec3(0, 0, 10);
  d.initial.gamma = Vec3(2, 2, 10);
  d.initial.Pi = Vec3(4, -4, 4);
  d.initial.R = Mat3::Identity();
  if (name == "I" || name == "II") {
    d.body.type = BodyDef::Type::Ellipsoid;
    d.body.semiAxes = Vec3(2, 3, 4);  // J = diag(5, 4, 2.6) from the closed form
    if (name == "II") {
      const double theta = -M_PI / 90.0;  // n = R_y(θ) e3
      d.planeNormal = Vec3(pmath::sin(theta), 0.0, pmath::cos(theta));
    }
  } else if (name == "III") {
    const double c = -0.9937128;
    BodyDef e1, e2;
    e1.semiAxes = Vec3(3, 4, 5);
    e1.center = Vec3(1.5 + c, 0, 0);
    e2.semiAxes = Vec3(6, 1, 1);
    e2.center = Vec3(-4.5 + c, 0, 0);
    d.body.type = BodyDef::Type::Union;
    d.body.parts = {e1, e2};
    // Table 1 prints off-diagonals ±6e-7, ±4e-7 with opposite signs (antisymmetric); an inertia
    // tensor is symmetric and their symmetric part is zero, so J is the diagonal.
    d.inertia = Vec3(7.5932718, 9.9326434, 8.2731252).asDiagonal().toDenseMatrix();
  } else if (name == "IV") {
    d.body.type = BodyDef::Type::Cube;
    d.body.side = 2.0 * std::sqrt(3.0);
    d.body.epsilon = 1e-13;
    d.inertia = Mat3(2.0 * Mat3::Identity());  // Table 1: m s²/6 = 2
    d.massConvention = MassConvention::Sharp;   // the paper's: J of the sharp cube (docs/rigid-body.md "Rounded mass properties")
  } else {
    throw InvalidInput("case", "must be one of I, II, III, IV (got '" + name + "')");
  }
  return d;
}

bool isRigidPreset(const std::string& name) {
  return name == "I" || name == "II" || name == "III" || name == "IV" || name == "rest" || name == "slide" ||
         name == "rocking";
}

namespace {

// Lift `d.initial.x` along n until Φ(x0, R0) ≥ 0 (it was placed at Φ = 0 up to rounding).
void touchFromAbove(RigidBodyDef& d) {
  const RigidBodySystem sys = makeSystem(d);
  for (int k = 0; k < 8; ++k) {
    const double phi = collisionFunction(*sys.body, sys.plane, d.initial.x, d.initial.R);
    if (phi >= 0.0) return;
    d.initial.x += sys.plane.normal() * (-phi + 1e-16);
  }
}

}  // namespace

void rederivePresetStart(RigidBodyDef& d, const PresetChanges& c) {
  const std::string& name = d.caseName;
  if (name != "rest" && name != "slide" && name != "rocking") return;
  const RigidBodySystem sys = makeSystem(d);
  const Vec3& n = sys.plane.normal();
  bool moved = c.attitude || c.body || c.plane;
  if (name == "slide" && c.plane && !c.attitude) {
    // The face flat on the new plane: the smallest rotation taking e3 to n (R_y(tilt) for azimuth 0).
    const Vec3 v = Vec3::UnitZ().cross(n);
    Mat3 S;
    S << 0.0, -v.z(), v.y(), v.z(), 0.0, -v.x(), -v.y(), v.x(), 0.0;
    d.initial.R = Mat3::Identity() + S + S * S / (1.0 + n.z());
    moved = true;
  }
  if (moved && !c.position) {  // touching the plane again: slide along n to Φ = 0
    d.initial.x -= n * collisionFunction(*sys.body, sys.plane, d.initial.x, d.initial.R);
    touchFromAbove(d);
  }
  if (name == "rocking" && !c.momentum && (moved || c.spin || c.mass)) {
    // The contact point's normal velocity n·γ/m + χ·J⁻¹Π zero, as in the preset: it starts in contact.
    const Vec3 u = d.initial.R.transpose() * n;
    const Vec3 chi = sys.body->lowest(u).rho.cross(u);
    d.initial.gamma = Vec3::Zero() - d.mass * chi.dot(sys.mass.J.inverse() * d.initial.Pi) * n;  // +0, not −0, off n
  }
}

RigidBodyDef rigidPreset(const std::string& name) {
  if (name != "rest" && name != "slide" && name != "rocking") return paperCase(name);
  if (name == "rest") {  // the "lgvci --case I --x0 0,0,4 --gamma0 0,0,0 --Pi0 0,0,0"
    RigidBodyDef d = paperCase("I");
    d.caseName = name;
    d.initial.x = Vec3(0, 0, 4);
    d.initial.gamma = Vec3::Zero();
    d.initial.Pi = Vec3::Zero();
    return d;
  }
  RigidBodyDef d;  // §7's m, g, h and tolerance, a new body and start
  d.caseName = name;
  d.mass = 1.0;
  d.gravity = 9.80665;
  d.integrator.h = 0.01;
  d.integrator.tolerance = 1e-15;
  if (name == "slide") {  // a cube of side 2, ε = 0.1, on a face of the plane tilted 20° (towards +x)
    double s, c;
    pmath::sincos(20.0 * M_PI / 180.0, s, c);
    d.body.type = BodyDef::Type::Cube;
    d.body.side = 2.0;
    d.body.epsilon = 0.1;
    d.planeNormal = Vec3(s, 0.0, c);
    d.initial.R << c, 0.0, s, 0.0, 1.0, 0.0, -s, 0.0, c;  // R_y(20°): e3 onto n, the face flat on the plane
    d.initial.x = 1.1 * d.planeNormal - Vec3(4.0 * c, 0.0, -4.0 * s);  // 4 up the slope from the origin
    touchFromAbove(d);
  } else {  // an ellipsoid (2, 1, 1) on its side, turned 30° about y, Π0 = (0, 5, 0), e = 0.5
    double s, c;
    pmath::sincos(30.0 * M_PI / 180.0, s, c);
    const Vec3 axes(2.0, 1.0, 1.0);
    d.body.type = BodyDef::Type::Ellipsoid;
    d.body.semiAxes = axes;
    d.integrator.restitution = 0.5;
    d.initial.R << c, 0.0, s, 0.0, 1.0, 0.0, -s, 0.0, c;
    d.initial.Pi = Vec3(0.0, 5.0, 0.0);
    // Touching, with the contact point's normal velocity n·γ/m + χ·J⁻¹Π zero: it starts rocking in contact.
    const Vec3 u = d.initial.R.transpose() * Vec3::UnitZ();
    const Vec3 w = axes.cwiseProduct(u);
    const double len = std::sqrt(w.dot(w));
    const Vec3 rho = -axes.cwiseProduct(w) / len;  // the lowest point (2.16)
    const Vec3 chi = rho.cross(u);
    const Mat3 J = ellipsoidMass(d.mass, axes).J;
    d.initial.gamma = Vec3(0.0, 0.0, -d.mass * chi.dot(J.inverse() * d.initial.Pi));
    d.initial.x = Vec3(0.0, 0.0, len);
    touchFromAbove(d);
  }
  return d;
}

}  // namespace lgvci
