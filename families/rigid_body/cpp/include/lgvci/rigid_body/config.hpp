// A whole rigid-body simulation as plain data: body description, mass, plane, initial state, integrator settings.
// Parsed from and written to JSON (the CLI's --config, the WASM module's constructor).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "lgvci/core/config_schema.hpp"
#include "lgvci/rigid_body/hybrid_integrator.hpp"

namespace lgvci {

/// Description of a body (a tree for unions/intersections).
struct BodyDef {
  enum class Type { Ellipsoid, Cube, Polyhedron, Union, Intersection };
  Type type = Type::Ellipsoid;
  Vec3 semiAxes = Vec3(1, 1, 1);  // ellipsoid
  Vec3 center = Vec3::Zero();     // ellipsoid, cube
  double side = 1.0;              // cube
  double epsilon = 0.0;           // cube, polyhedron
  std::vector<Vec3> vertices;     // polyhedron
  std::vector<BodyDef> parts;     // union, intersection
};

struct RigidBodyDef {
  std::string caseName;  // "I".."IV" or "" for a custom set-up
  BodyDef body;
  double mass = 1.0;
  std::optional<Mat3> inertia;  // computed from the body when absent and a closed form exists
  /// "mass_properties": "rounded" (default: the ε-rounded body's) or "sharp" (the polyhedron's, the
  /// paper's convention); only matters for a computed inertia of an ε-rounded cube or polyhedron.
  MassConvention massConvention = MassConvention::Rounded;
  double gravity = 9.80665;
  Vec3 planeNormal = Vec3::UnitZ();
  RigidBodyState initial;
  IntegratorDef integrator;
};

/// Build the shape (validating sizes, ε ≥ 0, …; throws InvalidInput).
ShapePtr buildShape(const BodyDef& body, const std::string& field = "body");
/// J given, or computed: ellipsoid and cube closed forms, polyhedron from its hull. Throws for
/// unions/intersections without an explicit inertia.
Mat3 resolveInertia(const RigidBodyDef& def);
/// Body, mass properties, gravity and plane of a config (the system every integrator family flows).
RigidBodySystem makeSystem(const RigidBodyDef& def);
/// Everything the LGVCI needs, validated (throws for a config whose "integrator" is "rk4").
HybridIntegrator makeIntegrator(const RigidBodyDef& def);

/// Bounds on a body tree (docs/validation.md "Validation and limits", beside the text's own bounds).
inline constexpr int kMaxBodyNesting = 8;                 // unions/intersections inside each other
inline constexpr int kMaxBodyShapes = 256;                // shapes in one body tree, all levels

/// The config's fields, bounds and defaults (docs/config.md): what parseConfig checks before its
/// rules across fields (the body's geometry, its mass properties, the start above the plane).
const ConfigSchema& rigidBodyConfigSchema();

/// Parse JSON (see docs/cli.md "Configuration (JSON)"). A "case" key starts from that preset and the other keys
/// override it. Throws InvalidInput naming the field for bad JSON, unknown keys or bad values.
RigidBodyDef parseConfig(const std::string& json);
/// The same over a document already read once (the family's factory, FamilyInfo::create).
RigidBodyDef parseConfig(const ConfigDocument& config);
/// JSON with every field written out (inertia resolved), parseable by parseConfig.
std::string toJson(const RigidBodyDef& def, int indent = -1);

}  // namespace lgvci
