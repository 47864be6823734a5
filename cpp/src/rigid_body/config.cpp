#include "lgvci/rigid_body/config.hpp"

#include <cmath>
#include <algorithm>
#include <set>

#include <nlohmann/json.hpp>

#include "lgvci/rigid_body/presets.hpp"
#include "core/json_bounds.hpp"
#include "rigid_body/validation.hpp"
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

double getNumber(const json& j, const std::string& field) {
  if (!j.is_number()) throw InvalidInput(field, "must be a number");
  const double v = j.get<double>();
  if (!std::isfinite(v)) throw InvalidInput(field, "must be finite");
  return v;
}

Vec3 getVec3(const json& j, const std::string& field) {
  if (!j.is_array() || j.size() != 3) throw InvalidInput(field, "must be an array of 3 numbers");
  return Vec3(getNumber(j[0], field + "[0]"), getNumber(j[1], field + "[1]"), getNumber(j[2], field + "[2]"));
}

Mat3 getMat3(const json& j, const std::string& field) {
  if (!j.is_array() || j.size() != 3) throw InvalidInput(field, "must be a 3x3 array of rows");
  Mat3 M;
  for (int r = 0; r < 3; ++r) M.row(r) = getVec3(j[static_cast<size_t>(r)], field + "[" + std::to_string(r) + "]").transpose();
  return M;
}

void onlyKeys(const json& j, const std::string& field, std::initializer_list<const char*> allowed) {
  if (!j.is_object()) throw InvalidInput(field.empty() ? "config" : field, "must be a JSON object");
  const std::set<std::string> ok(allowed.begin(), allowed.end());
  for (const auto& [k, v] : j.items())
    if (!ok.count(k)) throw InvalidInput(field.empty() ? keyName(k) : field + "." + keyName(k), "is not a known key");
}

BodyDef parseBody(const json& j, const std::string& field, int nesting, int& shapes) {
  if (++shapes > kMaxBodyShapes)
    throw InvalidInput("body", "has more than " + std::to_string(kMaxBodyShapes) + " shapes");
  onlyKeys(j, field, {"type", "semi_axes", "center", "side", "epsilon", "vertices", "parts"});
  if (!j.contains("type") || !j["type"].is_string())
    throw InvalidInput(field + ".type", "must be one of ellipsoid, cube, polyhedron, union, intersection");
  const std::string type = j["type"];
  if (j.contains("epsilon") && type != "cube" && type != "polyhedron")
    throw InvalidInput(field + ".epsilon", "applies only to a cube or polyhedron body (a rounding radius of its corners)");
  // Keys of another body type are an error, not silently ignored.
  if (type == "ellipsoid") onlyKeys(j, field, {"type", "semi_axes", "center"});
  else if (type == "cube") onlyKeys(j, field, {"type", "side", "epsilon", "center"});
  else if (type == "polyhedron") onlyKeys(j, field, {"type", "vertices", "epsilon"});
  else if (type == "union" || type == "intersection") onlyKeys(j, field, {"type", "parts"});
  BodyDef b;
  auto need = [&](const char* key) -> const json& {
    if (!j.contains(key)) throw InvalidInput(field + "." + key, std::string("is required for a ") + type);
    return j[key];
  };
  if (type == "ellipsoid") {
    b.type = BodyDef::Type::Ellipsoid;
    b.semiAxes = getVec3(need("semi_axes"), field + ".semi_axes");
    if (j.contains("center")) b.center = getVec3(j["center"], field + ".center");
  } else if (type == "cube") {
    b.type = BodyDef::Type::Cube;
    b.side = getNumber(need("side"), field + ".side");
    if (j.contains("epsilon")) b.epsilon = getNumber(j["epsilon"], field + ".epsilon");
    if (j.contains("center")) b.center = getVec3(j["center"], field + ".center");
  } else if (type == "polyhedron") {
    b.type = BodyDef::Type::Polyhedron;
    const json& v = need("vertices");
    if (!v.is_array()) throw InvalidInput(field + ".vertices", "must be an array of [x, y, z]");
    if (v.size() > 64) throw InvalidInput(field + ".vertices", "at most 64 vertices are supported");
    for (size_t i = 0; i < v.size(); ++i) b.vertices.push_back(getVec3(v[i], field + ".vertices[" + std::to_string(i) + "]"));
    if (j.contains("epsilon")) b.epsilon = getNumber(j["epsilon"], field + ".epsilon");
  } else if (type == "union" || type == "intersection") {
    b.type = type == "union" ? BodyDef::Type::Union : BodyDef::Type::Intersection;
    const json& p = need("parts");
    if (!p.is_array() || p.empty()) throw InvalidInput(field + ".parts", "must be a non-empty array of bodies");
    if (nesting >= kMaxBodyNesting)
      throw InvalidInput(field + ".parts", "unions and intersections nested deeper than " + std::to_string(kMaxBodyNesting) + " levels");
    for (size_t i = 0; i < p.size(); ++i)
      b.parts.push_back(parseBody(p[i], field + ".parts[" + std::to_string(i) + "]", nesting + 1, shapes));
  } else {
    throw InvalidInput(field + ".type", "must be one of ellipsoid, cube, polyhedron, union, intersection");
  }
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
  if (d.integrator.family == IntegratorFamily::Rk4) j["integrator"] = "rk4";  // docs/baselines.md "Why variational? The RK4 baseline"
  return j;
}

RigidBodyDef fromJsonObject(const json& j) {
  onlyKeys(j, "", {"model", "case", "body", "mass", "inertia", "mass_properties", "gravity", "h", "plane", "t0", "x0", "R0", "gamma0", "Pi0",
                   "retraction", "root_finder", "tolerance", "max_impacts_per_step", "contact_tolerance",
                   "strict_detection", "integrator", "restitution"});
  RigidBodyDef d;
  if (j.contains("model") && j["model"] != "rigid_body")  // the family key of the Simulation façade
    throw InvalidInput("model", "must be \"rigid_body\" for this configuration");
  if (j.contains("case")) {
    if (!j["case"].is_string()) throw InvalidInput("case", std::string("must be one of ") + kRigidPresetNames);
    d.caseName = j["case"];
  }
  if (!j.contains("body")) throw InvalidInput("body", "is required (or give a \"case\")");
  int shapes = 0;
  d.body = parseBody(j["body"], "body", 0, shapes);
  if (j.contains("mass")) {
    d.mass = getNumber(j["mass"], "mass");
    validateMass(d.mass);
  }
  if (j.contains("inertia")) d.inertia = getMat3(j["inertia"], "inertia");
  if (j.contains("mass_properties")) {  // docs/rigid-body.md "Rounded mass properties"
    const json& v = j["mass_properties"];
    if (v == "rounded") d.massConvention = MassConvention::Rounded;
    else if (v == "sharp") d.massConvention = MassConvention::Sharp;
    else throw InvalidInput("mass_properties", "must be \"rounded\" or \"sharp\"");
  }
  if (j.contains("gravity")) d.gravity = getNumber(j["gravity"], "gravity");
  if (j.contains("h")) d.integrator.h = getNumber(j["h"], "h");
  if (j.contains("plane")) {
    const json& p = j["plane"];
    onlyKeys(p, "plane", {"normal", "tilt", "azimuth"});
    if (p.contains("normal") && (p.contains("tilt") || p.contains("azimuth")))
      throw InvalidInput("plane", "give either normal or tilt/azimuth, not both");
    if (p.contains("normal")) {
      d.planeNormal = Plane(getVec3(p["normal"], "plane.normal")).normal();
    } else {
      const double tilt = p.contains("tilt") ? getNumber(p["tilt"], "plane.tilt") : 0.0;
      const double az = p.contains("azimuth") ? getNumber(p["azimuth"], "plane.azimuth") : 0.0;
      d.planeNormal = Plane::fromTilt(tilt, az).normal();
    }
  }
  if (j.contains("t0")) d.initial.t = getNumber(j["t0"], "t0");
  if (j.contains("x0")) d.initial.x = getVec3(j["x0"], "x0");
  if (j.contains("R0")) d.initial.R = getMat3(j["R0"], "R0");
  if (j.contains("gamma0")) d.initial.gamma = getVec3(j["gamma0"], "gamma0");
  if (j.contains("Pi0")) d.initial.Pi = getVec3(j["Pi0"], "Pi0");
  if (j.contains("retraction")) {
    const json& r = j["retraction"];
    if (r == "cayley") d.integrator.retraction = Retraction::Cayley;
    else if (r == "exp") d.integrator.retraction = Retraction::Exponential;
    else throw InvalidInput("retraction", "must be \"cayley\" or \"exp\"");
  }
  if (j.contains("root_finder")) {
    const json& r = j["root_finder"];
    if (r == "bisection") d.integrator.rootFinder = RootFinder::Bisection;
    else if (r == "fast") d.integrator.rootFinder = RootFinder::Illinois;
    else throw InvalidInput("root_finder", "must be \"bisection\" or \"fast\"");
  }
  if (j.contains("tolerance")) d.integrator.tolerance = getNumber(j["tolerance"], "tolerance");
  if (j.contains("max_impacts_per_step")) {
    const double v = getNumber(j["max_impacts_per_step"], "max_impacts_per_step");
    if (v != std::floor(v) || v < 1 || v > kMaxImpactsPerStepLimit)
      throw InvalidInput("max_impacts_per_step", kMaxImpactsPerStepRule);
    d.integrator.maxImpactsPerStep = static_cast<int>(v);
  }
  if (j.contains("contact_tolerance")) d.integrator.contactTolerance = getNumber(j["contact_tolerance"], "contact_tolerance");
  if (j.contains("strict_detection")) {  // docs/method.md "Impact detection inside a step"
    if (!j["strict_detection"].is_boolean()) throw InvalidInput("strict_detection", "must be true or false");
    d.integrator.strictDetection = j["strict_detection"].get<bool>();
  }
  if (j.contains("restitution")) {  // docs/rigid-body.md "Restitution"
    d.integrator.restitution = getNumber(j["restitution"], "restitution");
    if (!(d.integrator.restitution >= 0.0 && d.integrator.restitution <= 1.0))
      throw InvalidInput("restitution", "must be in [0, 1]");
  }
  if (j.contains("integrator")) {  // docs/baselines.md "Why variational? The RK4 baseline"
    const json& v = j["integrator"];
    if (v == "lgvci") d.integrator.family = IntegratorFamily::Lgvci;
    else if (v == "rk4") d.integrator.family = IntegratorFamily::Rk4;
    else throw InvalidInput("integrator", "must be \"lgvci\" or \"rk4\"");
  }
  return d;
}

}  // namespace

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
  if (d.integrator.family != IntegratorFamily::Lgvci)  // never run the LGVCI silently for an RK4 config
    throw InvalidInput("integrator", "\"rk4\" runs through createSimulation (or makeRk4Integrator), not makeIntegrator");
  return HybridIntegrator(makeSystem(d), d.integrator, d.initial);
}

RigidBodyDef parseConfig(const std::string& text) {
  checkJsonText(text);  // bounded, no duplicates, an object: the tree below is small and shallow
  const json patch = json::parse(text);
  if (!patch.contains("case")) return fromJsonObject(patch);
  const std::string name = patch["case"].is_string() ? patch["case"].get<std::string>() : std::string();
  if (!isRigidPreset(name))
    throw InvalidInput("case", std::string("must be one of ") + kRigidPresetNames +
                                   (patch["case"].is_string() ? " (got '" + printable(name) + "')" : std::string()));
  // The mass is checked before it scales the preset's inertia (else 1e308 would blame inertia[0][0]).
  if (patch.contains("mass")) validateMass(getNumber(patch["mass"], "mass"));
  // A preset, with the given keys merged over it (RFC 7386). If the body or mass changes and no
  // inertia is given, the inertia is recomputed from the new body.
  const json base = toJsonObject(rigidPreset(patch["case"].get<std::string>()));
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
