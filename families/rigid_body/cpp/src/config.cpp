#include "lgvci/rigid_body/config.hpp"

#include <cmath>
#include <algorithm>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "lgvci/rigid_body/presets.hpp"
#include "lgvci/core/config_check.hpp"
#include "lgvci/core/driver_schema.hpp"
#include "lgvci/core/json_bounds.hpp"
#include "validation.hpp"
#include "lgvci/core/text.hpp"

namespace lgvci {
namespace {

using nlohmann::json;

const char* typeName(BodyDef::Type t) {
  switch (t) {
    case BodyDef::Type::Ellipsoid: return "ellipsoid";
    case BodyDef::Type::Cube: return "cube";
    case BodyDef::Type::Polyhedron: return "polyhedron";
    case BodyDef::Type::Union: return "union";
    case BodyDef::Type::Intersection: return "intersection";
  }
  return "?";
}

// Re-throw a shape's InvalidInput with its full path ("body.parts[1].semi_axes").
template <class F>
auto withPath(const std::string& prefix, F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const InvalidInput& e) {
    if (e.field().rfind(prefix, 0) == 0) throw;
    const std::string what = e.what();
    throw InvalidInput(prefix + "." + e.field(), what.substr(e.field().size() + 2));
  }
}

// The readers below run after checkConfigTree: types, sizes and bounds are already the table's.
Vec3 getVec3(const json& j) { return Vec3(j[0].get<double>(), j[1].get<double>(), j[2].get<double>()); }

Mat3 getMat3(const json& j) {
  Mat3 M;
  for (int r = 0; r < 3; ++r) M.row(r) = getVec3(j[static_cast<size_t>(r)]).transpose();
  return M;
}

using Type = ConfigField::Type;
const std::vector<std::string> kBodyTypes = {"ellipsoid", "cube", "polyhedron", "union", "intersection"};

std::vector<std::string> rigidPresets() {
  std::vector<std::string> names;
  const std::string all = kRigidPresetNames;
  for (size_t i = 0, j; i < all.size(); i = j + 2) {
    j = all.find(", ", i);
    if (j == std::string::npos) j = all.size();
    names.push_back(all.substr(i, j - i));
  }
  return names;
}

ConfigSchema makeSchema() {
  using limits::kMaxLength;
  const double kMaxMomentum = limits::kMaxMomentum;
  ConfigSchema s;
  s.family = s.model = "rigid_body";
  s.fields = {
      ConfigField("model", Type::String, "", "The model family.").oneOf({"rigid_body"}).byDefault("\"rigid_body\""),
      ConfigField("case", Type::String, "", "A preset to start from; the other keys override it.").oneOf(rigidPresets()),
      ConfigField("body", Type::Object, "", "The body, in its body frame (origin at the centre of mass).").need(),
      ConfigField("body.type", Type::String, "", "The kind of body.").oneOf(kBodyTypes).need(),
      ConfigField("body.semi_axes", Type::Vector, "m", "Semi-axes a, b, c of the ellipsoid.")
          .ofSize(3).range(limits::kMinSize, kMaxLength).when("type", {"ellipsoid"}).need(),
      ConfigField("body.center", Type::Vector, "m", "Centre in the body frame (a part of a union).")
          .ofSize(3).range(-kMaxLength, kMaxLength).when("type", {"ellipsoid", "cube"}).byDefault("[0, 0, 0]"),
      ConfigField("body.side", Type::Number, "m", "Side of the cube.").range(limits::kMinSize, kMaxLength).when("type", {"cube"}).need(),
      ConfigField("body.epsilon", Type::Number, "m", "Rounding radius of the corners and edges (0: sharp).")
          .range(0.0, kMaxLength).when("type", {"cube", "polyhedron"}).byDefault("0")
          .slider(SliderHint("epsilon", 1e-13, 0.5, 0.01, "m").logScale()),
      ConfigField("body.vertices", Type::Matrix, "m", "Vertices of the convex polyhedron (its hull), body frame.")
          .upTo(64).range(-kMaxLength, kMaxLength).when("type", {"polyhedron"}).need(),
      ConfigField("body.parts", Type::Array, "", "The parts, each a body (an intersection takes 1 to 6 ellipsoids).")
          .upTo(kMaxBodyShapes).when("type", {"union", "intersection"}).need(),
      ConfigField("mass", Type::Number, "kg", "Mass m.").range(limits::kMinMass, limits::kMaxMass).byDefault("1"),
      ConfigField("inertia", Type::Matrix, "kg m^2", "Inertia tensor J about the centre of mass (default: computed from the body).")
          .ofSize(3),
      ConfigField("mass_properties", Type::String, "", "Mass properties of a rounded body: the rounded body's or the sharp polyhedron's.")
          .oneOf({"rounded", "sharp"}).byDefault("\"rounded\""),
      ConfigField("gravity", Type::Number, "m/s^2", "Gravitational acceleration g, along -e3.")
          .range(0.0, limits::kMaxGravity).byDefault("9.80665"),
      ConfigField("plane", Type::Object, "", "The plane through the origin: a normal, or a tilt and azimuth."),
      ConfigField("plane.normal", Type::Vector, "", "Normal n (normalized; n3 > 0).").ofSize(3).byDefault("[0, 0, 1]"),
      ConfigField("plane.tilt", Type::Number, "rad", "Tilt t: n = (sin t cos a, sin t sin a, cos t).")
          .range(0.0, M_PI / 2, false, true).withRule("must be in [0, pi/2) radians").byDefault("0")
          .slider(SliderHint("tilt", 0, 30, 0.1, "°").shown(SliderHint::Display::Degrees)),
      ConfigField("plane.azimuth", Type::Number, "rad", "Azimuth a of the tilt.").byDefault("0")
          .slider(SliderHint("azimuth", 0, 360, 1, "°").shown(SliderHint::Display::Degrees)),
      ConfigField("x0", Type::Vector, "m", "Initial position of the centre of mass.").ofSize(3).range(-kMaxLength, kMaxLength)
          .slider(SliderHint("x0z", 0, 30, 0.1, "m").at(2)),
      ConfigField("R0", Type::Matrix, "", "Initial attitude, a rotation matrix (rows).").ofSize(3).byDefault("[[1, 0, 0], [0, 1, 0], [0, 0, 1]]"),
      ConfigField("gamma0", Type::Vector, "kg m/s", "Initial linear momentum.").ofSize(3).range(-kMaxMomentum, kMaxMomentum).byDefault("[0, 0, 0]")
          .slider(SliderHint("gamma0x", -20, 20, 0.1, "kg·m/s").at(0))
          .slider(SliderHint("gamma0y", -20, 20, 0.1, "kg·m/s").at(1))
          .slider(SliderHint("gamma0z", -20, 20, 0.1, "kg·m/s").at(2)),
      ConfigField("Pi0", Type::Vector, "kg m^2/s", "Initial angular momentum, body frame.").ofSize(3).range(-kMaxMomentum, kMaxMomentum).byDefault("[0, 0, 0]")
          .slider(SliderHint("Pi0x", -20, 20, 0.1, "kg·m²/s").at(0))
          .slider(SliderHint("Pi0y", -20, 20, 0.1, "kg·m²/s").at(1))
          .slider(SliderHint("Pi0z", -20, 20, 0.1, "kg·m²/s").at(2)),
      ConfigField("retraction", Type::String, "", "The retraction of SO(3) in the attitude update.").oneOf({"cayley", "exp"}).byDefault("\"cayley\""),
      ConfigField("contact_tolerance", Type::Number, "m", "Gap below which a resting body is in contact.").range(0.0, 1e-3).byDefault("1e-10"),
      ConfigField("strict_detection", Type::Boolean, "", "Also search each step for an impact between its ends.").byDefault("false"),
      ConfigField("integrator", Type::String, "", "The LGVCI, the RK4 baseline or the naive baseline (docs/baselines.md).").oneOf({"lgvci", "rk4", "naive"}).byDefault("\"lgvci\""),
      ConfigField("restitution", Type::Number, "", "Coefficient of restitution e (1: elastic).").range(0.0, 1.0).byDefault("1")
          .slider(SliderHint("restitution", 0, 1, 0.01, "")),
      ConfigField("jump", Type::String, "",
                  "The impact's multiplier: energy = Corollary 4.4, keeps H across the impact (the paper's); variational = the "
                  "discrete energy balance (5.16a), keeps E_d of the sub-steps around it: a symplectic impact step, H off by O(h^2) "
                  "per impact (docs/rigid-body.md).")
          .oneOf({"energy", "variational"}).byDefault("\"energy\""),
  };
  s.fields[3].noun = "body";
  DriverFieldSet driver;  // h, t0 and the driver's settings: the core's rows (lgvci/core/driver_schema.hpp)
  driver.toleranceDescription = "Impact-time bracket (a fraction of h) and Newton tolerance.";
  for (ConfigField& f : driverConfigFields(driver)) s.fields.push_back(std::move(f));
  for (ConfigField& f : s.fields)
    if (f.path == "body.parts") f.items = "body";
    else if (f.path == "body.vertices") f.columns = 3;
  return s;
}

// The body tree of a checked config; the bounds on the tree's size stay here (docs/validation.md).
BodyDef parseBody(const json& j, const std::string& field, int nesting, int& shapes) {
  if (++shapes > kMaxBodyShapes)
    throw InvalidInput("body", "has more than " + std::to_string(kMaxBodyShapes) + " shapes");
  const std::string type = j["type"];
  BodyDef b;
  if (type == "ellipsoid") {
    b.type = BodyDef::Type::Ellipsoid;
    b.semiAxes = getVec3(j["semi_axes"]);
  } else if (type == "cube") {
    b.type = BodyDef::Type::Cube;
    b.side = j["side"].get<double>();
  } else if (type == "polyhedron") {
    b.type = BodyDef::Type::Polyhedron;
    for (const json& v : j["vertices"]) b.vertices.push_back(getVec3(v));
  } else {
    b.type = type == "union" ? BodyDef::Type::Union : BodyDef::Type::Intersection;
    if (nesting >= kMaxBodyNesting)
      throw InvalidInput(field + ".parts", "unions and intersections nested deeper than " + std::to_string(kMaxBodyNesting) + " levels");
    const json& p = j["parts"];
    for (size_t i = 0; i < p.size(); ++i)
      b.parts.push_back(parseBody(p[i], field + ".parts[" + std::to_string(i) + "]", nesting + 1, shapes));
  }
  if (j.contains("center")) b.center = getVec3(j["center"]);
  if (j.contains("epsilon")) b.epsilon = j["epsilon"].get<double>();
  return b;
}

json vecJson(const Vec3& v) { return json::array({v.x(), v.y(), v.z()}); }
json matJson(const Mat3& M) {
  json rows = json::array();
  for (int r = 0; r < 3; ++r) rows.push_back(vecJson(M.row(r).transpose()));
  return rows;
}

json bodyJson(const BodyDef& b) {
  json j;
  j["type"] = typeName(b.type);
  switch (b.type) {
    case BodyDef::Type::Ellipsoid: j["semi_axes"] = vecJson(b.semiAxes); j["center"] = vecJson(b.center); break;
    case BodyDef::Type::Cube: j["side"] = b.side; j["epsilon"] = b.epsilon; j["center"] = vecJson(b.center); break;
    case BodyDef::Type::Polyhedron: {
      j["vertices"] = json::array();
      for (const auto& v : b.vertices) j["vertices"].push_back(vecJson(v));
      j["epsilon"] = b.epsilon;
      break;
    }
    case BodyDef::Type::Union:
    case BodyDef::Type::Intersection:
      j["parts"] = json::array();
      for (const auto& p : b.parts) j["parts"].push_back(bodyJson(p));
      break;
  }
  return j;
}

json toJsonObject(const RigidBodyDef& d) {
  json j;
  if (!d.caseName.empty()) j["case"] = d.caseName;
  j["body"] = bodyJson(d.body);
  j["mass"] = d.mass;
  if (d.inertia) j["inertia"] = matJson(*d.inertia);
  if (d.massConvention == MassConvention::Sharp) j["mass_properties"] = "sharp";  // docs/rigid-body.md "Rounded mass properties"
  j["gravity"] = d.gravity;
  j["h"] = d.integrator.h;
  j["plane"] = {{"normal", vecJson(d.planeNormal)}};
  j["t0"] = d.initial.t;
  j["x0"] = vecJson(d.initial.x);
  j["R0"] = matJson(d.initial.R);
  j["gamma0"] = vecJson(d.initial.gamma);
  j["Pi0"] = vecJson(d.initial.Pi);
  j["retraction"] = d.integrator.retraction == Retraction::Cayley ? "cayley" : "exp";
  j["root_finder"] = d.integrator.rootFinder == RootFinder::Bisection ? "bisection" : "fast";
  j["tolerance"] = d.integrator.tolerance;
  j["max_impacts_per_step"] = d.integrator.maxImpactsPerStep;
  j["contact_tolerance"] = d.integrator.contactTolerance;
  if (d.integrator.strictDetection) j["strict_detection"] = true;
  if (d.integrator.restitution != 1.0) j["restitution"] = d.integrator.restitution;  // docs/rigid-body.md "Restitution"
  if (d.integrator.jump == JumpKind::Variational) j["jump"] = "variational";  // docs/rigid-body.md "The variational jump"
  if (d.integrator.family == IntegratorFamily::Rk4) j["integrator"] = "rk4";  // docs/baselines.md "Why variational? The RK4 baseline"
  if (d.integrator.family == IntegratorFamily::Naive) j["integrator"] = "naive";  // docs/baselines.md "The naive baseline"
  return j;
}

RigidBodyDef fromJsonObject(const json& j) {
  checkConfigTree(rigidBodyConfigSchema(), j);  // keys, types, sizes, bounds: the table above
  RigidBodyDef d;
  if (j.contains("case")) d.caseName = j["case"];
  int shapes = 0;
  d.body = parseBody(j["body"], "body", 0, shapes);
  auto number = [&](const char* key, double& out) {
    if (j.contains(key)) out = j[key].get<double>();
  };
  number("mass", d.mass);
  if (j.contains("inertia")) d.inertia = getMat3(j["inertia"]);
  if (j.contains("mass_properties"))  // docs/rigid-body.md "Rounded mass properties"
    d.massConvention = j["mass_properties"] == "sharp" ? MassConvention::Sharp : MassConvention::Rounded;
  number("gravity", d.gravity);
  number("h", d.integrator.h);
  if (j.contains("plane")) {
    const json& p = j["plane"];
    if (p.contains("normal") && (p.contains("tilt") || p.contains("azimuth")))
      throw InvalidInput("plane", "give either normal or tilt/azimuth, not both");
    if (p.contains("normal")) d.planeNormal = Plane(getVec3(p["normal"])).normal();
    else d.planeNormal = Plane::fromTilt(p.value("tilt", 0.0), p.value("azimuth", 0.0)).normal();
  }
  number("t0", d.initial.t);
  if (j.contains("x0")) d.initial.x = getVec3(j["x0"]);
  if (j.contains("R0")) d.initial.R = getMat3(j["R0"]);
  if (j.contains("gamma0")) d.initial.gamma = getVec3(j["gamma0"]);
  if (j.contains("Pi0")) d.initial.Pi = getVec3(j["Pi0"]);
  if (j.contains("retraction")) d.integrator.retraction = j["retraction"] == "exp" ? Retraction::Exponential : Retraction::Cayley;
  if (j.contains("root_finder")) d.integrator.rootFinder = j["root_finder"] == "bisection" ? RootFinder::Bisection : RootFinder::Illinois;
  number("tolerance", d.integrator.tolerance);
  if (j.contains("max_impacts_per_step")) d.integrator.maxImpactsPerStep = j["max_impacts_per_step"].get<int>();
  number("contact_tolerance", d.integrator.contactTolerance);
  if (j.contains("strict_detection")) d.integrator.strictDetection = j["strict_detection"].get<bool>();  // docs/method.md
  number("restitution", d.integrator.restitution);  // docs/rigid-body.md "Restitution"
  if (j.contains("integrator"))  // docs/baselines.md "Why variational? The RK4 baseline"
    d.integrator.family = j["integrator"] == "rk4"     ? IntegratorFamily::Rk4
                          : j["integrator"] == "naive" ? IntegratorFamily::Naive
                                                       : IntegratorFamily::Lgvci;
  if (j.contains("jump")) d.integrator.jump = j["jump"] == "variational" ? JumpKind::Variational : JumpKind::Energy;
  if (d.integrator.jump == JumpKind::Variational && d.integrator.family != IntegratorFamily::Lgvci)
    throw InvalidInput("jump", "\"variational\" balances the discrete energy (5.12) of the LGVCI's sub-steps; the rk4 and naive "
                               "baselines have none (use \"energy\")");
  return d;
}

}  // namespace

const ConfigSchema& rigidBodyConfigSchema() {
  static const ConfigSchema s = makeSchema();
  return s;
}

ShapePtr buildShape(const BodyDef& b, const std::string& field) {
  return withPath(field, [&]() -> ShapePtr {
    switch (b.type) {
      case BodyDef::Type::Ellipsoid: return makeEllipsoid(b.semiAxes, b.center);
      case BodyDef::Type::Cube: return makeCube(b.side, b.epsilon, b.center);
      case BodyDef::Type::Polyhedron: return makePolyhedron(b.vertices, b.epsilon);
      case BodyDef::Type::Union:
      case BodyDef::Type::Intersection: {
        std::vector<ShapePtr> parts;
        for (size_t i = 0; i < b.parts.size(); ++i) parts.push_back(buildShape(b.parts[i], field + ".parts[" + std::to_string(i) + "]"));
        return b.type == BodyDef::Type::Union ? makeUnion(std::move(parts)) : makeIntersection(std::move(parts));
      }
    }
    throw InvalidInput("type", "unknown body type");
  });
}

namespace {
// The dynamics take the body-frame origin as the centre of mass; a computed inertia is about the
// centroid, so the two must coincide.
void requireCentroidAtOrigin(const Vec3& centroid, double size) {
  if (centroid.norm() > 1e-9 * std::max(size, 1.0)) {
    throw InvalidInput("body", concat("its centroid (", centroid.x(), ", ", centroid.y(), ", ", centroid.z(),
                                      ") must be at the body-frame origin, the centre of mass: shift the body by minus the centroid",
                                      " or give an explicit inertia about the origin"));
  }
}

// The body owns its mass properties (closed form or hull); unions and intersections have none.
Mat3 inertiaOf(const Shape& body, double mass, MassConvention convention) {
  const std::optional<BodyMass> mp = withPath("body", [&] { return body.massProperties(mass, convention); });
  if (!mp) throw InvalidInput("inertia", "must be given for a union or intersection body (no closed form)");
  requireCentroidAtOrigin(mp->centroid, mp->size);
  return mp->J;
}

}  // namespace

Mat3 resolveInertia(const RigidBodyDef& d) {
  if (d.inertia) return *d.inertia;
  return inertiaOf(*buildShape(d.body), d.mass, d.massConvention);
}

RigidBodySystem makeSystem(const RigidBodyDef& d) {
  RigidBodySystem sys;
  sys.body = buildShape(d.body);
  validateMass(d.mass);
  sys.mass.mass = d.mass;
  sys.mass.J = d.inertia ? *d.inertia : inertiaOf(*sys.body, d.mass, d.massConvention);
  if (!d.inertia) validateInertiaScale(sys.mass.J, "body");  // computed from the body: blame it
  sys.gravity = d.gravity;
  sys.plane = Plane(d.planeNormal);
  return sys;
}

HybridIntegrator makeIntegrator(const RigidBodyDef& d) {
  if (d.integrator.family != IntegratorFamily::Lgvci)  // never run the LGVCI silently for a baseline's config
    throw InvalidInput("integrator", "a baseline (\"rk4\", \"naive\") runs through createSimulation (or makeRk4Integrator, "
                                     "makeNaiveRigidBodyIntegrator), not makeIntegrator");
  return HybridIntegrator(makeSystem(d), d.integrator, d.initial);
}

RigidBodyDef parseConfig(const std::string& text) { return parseConfig(ConfigDocument(text)); }

namespace {

// Each preset's config as a tree, made once: a "case" merges the given keys over it (RFC 7386) as JSON,
// before the one typed parse (fromJsonObject).
const json& presetTree(const std::string& name) {
  static const std::map<std::string, json> trees = [] {
    std::map<std::string, json> m;
    for (const std::string& p : rigidPresets()) m.emplace(p, toJsonObject(rigidPreset(p)));
    return m;
  }();
  return trees.at(name);
}

}  // namespace

RigidBodyDef parseConfig(const ConfigDocument& config) {
  const json& patch = configTree(config);  // bounded, no duplicates, an object: ConfigDocument checked it
  if (!patch.contains("case")) return fromJsonObject(patch);
  const std::string name = patch["case"].is_string() ? patch["case"].get<std::string>() : std::string();
  if (!isRigidPreset(name))
    throw InvalidInput("case", std::string("must be one of ") + kRigidPresetNames +
                                   (patch["case"].is_string() ? " (got '" + printable(name) + "')" : std::string()));
  // The mass is checked before it scales the preset's inertia (else 1e308 would blame inertia[0][0]).
  if (patch.contains("mass")) {
    if (!patch["mass"].is_number()) throw InvalidInput("mass", "must be a number");
    validateMass(patch["mass"].get<double>());
  }
  checkConfigTree(rigidBodyConfigSchema(), patch, true);  // the given keys, before the preset is merged
  // A preset, with the given keys merged over it (RFC 7386). If the body or mass changes and no
  // inertia is given, the inertia is recomputed from the new body.
  const json& base = presetTree(patch["case"].get<std::string>());
  json merged = base;
  json bodyPatch = patch.contains("body") ? patch["body"] : json();
  merged.merge_patch(patch);
  if (bodyPatch.is_object() && bodyPatch.contains("type") && bodyPatch["type"] != base["body"]["type"])
    merged["body"] = bodyPatch;  // a different kind of body replaces the preset's instead of merging
  if (!patch.contains("inertia") && base.contains("inertia")) {
    if (merged["body"] != base["body"]) {
      merged.erase("inertia");  // recomputed from the new body
      // The preset's convention belongs to its own body (Case IV: sharp); a new body gets the default.
      if (!patch.contains("mass_properties")) merged.erase("mass_properties");
    } else if (merged["mass"] != base["mass"] && merged["mass"].is_number() && merged["mass"].get<double>() > 0.0) {
      const double scale = merged["mass"].get<double>() / base["mass"].get<double>();  // J ∝ m at fixed shape
      for (auto& row : merged["inertia"])
        for (auto& v : row) v = v.get<double>() * scale;
    }
  }
  if (patch.contains("plane") && patch["plane"].is_object() && !patch["plane"].contains("normal") &&
      merged.contains("plane") && merged["plane"].is_object())
    merged["plane"].erase("normal");  // tilt/azimuth replace the preset's normal
  RigidBodyDef d = fromJsonObject(merged);
  PresetChanges changes;
  changes.attitude = patch.contains("R0");
  changes.body = patch.contains("body");
  changes.plane = patch.contains("plane");
  changes.position = patch.contains("x0");
  changes.momentum = patch.contains("gamma0");
  changes.spin = patch.contains("Pi0");
  changes.mass = patch.contains("mass") || patch.contains("inertia") || patch.contains("mass_properties");
  rederivePresetStart(d, changes);
  return d;
}

std::string toJson(const RigidBodyDef& d, int indent) {
  RigidBodyDef full = d;
  full.inertia = resolveInertia(d);
  return toJsonObject(full).dump(indent);
}

}  // namespace lgvci
