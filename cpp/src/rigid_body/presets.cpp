#include "lgvci/rigid_body/presets.hpp"

#include "lgvci/core/portable_math.hpp"

#include <cmath>

namespace lgvci {

SimulationDef paperCase(const std::string& name) {
  SimulationDef d;  // §7: m = 1, g = 9.80665, h = 0.01, tol = 1e-15
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
    d.massConvention = MassConvention::Sharp;   // the paper's: J of the sharp cube (README "Rounded mass properties")
  } else {
    throw InvalidInput("case", "must be one of I, II, III, IV (got '" + name + "')");
  }
  return d;
}

}  // namespace lgvci
