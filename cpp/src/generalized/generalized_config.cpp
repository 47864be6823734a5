// JSON ⇄ GeneralizedDef, validation, and the presets of Fetecau et al. §4.2–4.3.
#include "lgvci/generalized/generalized_config.hpp"
#include "lgvci/rigid_body/presets.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include <nlohmann/json.hpp>

#include "core/json_bounds.hpp"
#include "core/portable_math.hpp"
#include "lgvci/core/text.hpp"

namespace lgvci {
namespace {

using nlohmann::json;

constexpr int kMaxDof = 64;
constexpr int kMaxConstraints = 256;
// Magnitudes, as for the rigid body: products of a few of them (energy, M⁻¹p, the jump's quadratic)
// stay finite and normal.
constexpr double kMaxLength = 1e6, kMaxMomentum = 1e12, kMaxGravity = 1e6, kMaxTime = 1e9, kMaxStep = 1e6;
constexpr double kMinMass = 1e-9, kMaxMass = 1e9, kMaxCondition = 1e12, kMinStepRel = 1e-12;

void requireAbsAtMost(const VecX& v, double limit, const std::string& field) {
  for (long i = 0; i < v.size(); ++i)
    if (!(std::abs(v(i)) <= limit)) {
      throw InvalidInput(field + "[" + std::to_string(i) + "]", concat("must have |entries| <= ", limit));
    }
}

double number(const json& j, const std::string& field) {
  if (!j.is_number()) throw InvalidInput(field, "must be a number");
  const double v = j.get<double>();
  if (!std::isfinite(v)) throw InvalidInput(field, "must be finite");
  return v;
}

VecX vector(const json& j, const std::string& field, long n = -1) {
  if (!j.is_array() || j.empty() || j.size() > static_cast<size_t>(kMaxDof))
    throw InvalidInput(field, "must be an array of 1 to 64 numbers");
  if (n >= 0 && static_cast<long>(j.size()) != n)
    throw InvalidInput(field, "must have " + std::to_string(n) + " entries (one per coordinate)");
  VecX v(static_cast<long>(j.size()));
  for (size_t i = 0; i < j.size(); ++i) v(static_cast<long>(i)) = number(j[i], field + "[" + std::to_string(i) + "]");
  return v;
}

void onlyKeys(const json& j, const std::string& field, std::initializer_list<const char*> allowed) {
  if (!j.is_object()) throw InvalidInput(field.empty() ? "config" : field, "must be a JSON object");
  const std::set<std::string> ok(allowed.begin(), allowed.end());
  for (const auto& [k, v] : j.items())
    if (!ok.count(k)) throw InvalidInput(field.empty() ? keyName(k) : field + "." + keyName(k), "is not a known key");
}

json vecJson(const VecX& v) {
  json a = json::array();
  for (long i = 0; i < v.size(); ++i) a.push_back(v(i));
  return a;
}

json toJsonObject(const GeneralizedDef& d) {
  json j;
  j["model"] = "generalized";
  if (!d.caseName.empty()) j["case"] = d.caseName;
  json M = json::array();
  for (long r = 0; r < d.system.M.rows(); ++r) M.push_back(vecJson(d.system.M.row(r).transpose()));
  j["mass_matrix"] = M;
  const Potential& V = d.system.V;
  if (V.kind == Potential::Kind::Pendulums)
    j["potential"] = {{"type", "pendulums"}, {"g", V.g}, {"mass", V.mass}, {"length", V.length}};
  else
    j["potential"] = {{"type", V.kind == Potential::Kind::Linear ? "linear" : "newtonian"},
                      {"g", V.g}, {"axis", V.axis}, {"mass", V.mass}};
  if (V.kind == Potential::Kind::Newtonian) j["potential"]["radius"] = V.radius;
  json cs = json::array();
  for (const auto& c : d.system.constraints) {
    if (c.kind == Constraint::Kind::Linear) cs.push_back({{"type", "linear"}, {"normal", vecJson(c.normal)}, {"offset", c.offset}});
    else if (c.kind == Constraint::Kind::BallPair)
      cs.push_back({{"type", "ball_pair"}, {"ball", c.ball}, {"spacing", c.spacing}, {"length", c.length}, {"radius", c.radius}});
    else cs.push_back({{"type", "planar_point"}, {"point", {c.a, c.b}}});
  }
  j["constraints"] = cs;
  j["t0"] = d.t0;
  j["q0"] = vecJson(d.q0);
  j["p0"] = vecJson(d.p0);
  j["h"] = d.integrator.h;
  j["tolerance"] = d.integrator.tolerance;
  j["root_finder"] = d.integrator.rootFinder == RootFinder::Bisection ? "bisection" : "fast";
  j["max_impacts_per_step"] = d.integrator.maxImpactsPerStep;
  j["contact_tolerance"] = d.contactTolerance;
  if (d.system.policy != ImpactPolicy::Sequential || d.system.restTruncation) {
    j["impact_policy"] = policyName(d.system.policy);
    j["rest_truncation"] = d.system.restTruncation;
    j["chain_energy"] = d.system.discreteOuterLinks ? "discrete" : "continuous";
  }
  if (d.cradle) {
    const CradleParams& c = *d.cradle;
    j["cradle"] = {{"balls", c.balls}, {"pulled", c.pulled}, {"angle", c.angle}, {"gap", c.gap}, {"mass", c.mass},
                   {"length", c.length}, {"radius", c.radius}, {"g", c.g}, {"policy", policyName(c.policy)}};
  }
  return j;
}

int integerIn(const json& j, const std::string& field, int lo, int hi) {
  const double v = number(j, field);
  if (v != std::floor(v) || v < lo || v > hi)
    throw InvalidInput(field, "must be an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
  return static_cast<int>(v);
}

CradleParams cradleParams(const json& patch) {
  CradleParams c;
  if (!patch.contains("cradle")) return c;
  const json& j = patch["cradle"];
  onlyKeys(j, "cradle", {"balls", "pulled", "angle", "gap", "mass", "length", "radius", "g", "policy"});
  if (j.contains("balls")) c.balls = integerIn(j["balls"], "cradle.balls", 2, 7);
  if (j.contains("pulled")) c.pulled = integerIn(j["pulled"], "cradle.pulled", 1, c.balls);
  if (j.contains("angle")) c.angle = number(j["angle"], "cradle.angle");
  if (j.contains("gap")) c.gap = number(j["gap"], "cradle.gap");
  if (j.contains("mass")) c.mass = number(j["mass"], "cradle.mass");
  if (j.contains("length")) c.length = number(j["length"], "cradle.length");
  if (j.contains("radius")) c.radius = number(j["radius"], "cradle.radius");
  if (j.contains("g")) c.g = number(j["g"], "cradle.g");
  if (j.contains("policy")) {
    if (!j["policy"].is_string()) throw InvalidInput("cradle.policy", "must be \"chain\" or \"simultaneous\"");
    c.policy = parsePolicy(j["policy"].get<std::string>(), "cradle.policy");
  }
  validateCradle(c);
  return c;
}

GeneralizedDef fromJsonObject(const json& j) {
  onlyKeys(j, "", {"model", "case", "mass_matrix", "potential", "constraints", "t0", "q0", "p0", "qdot0", "h",
                   "tolerance", "root_finder", "max_impacts_per_step", "contact_tolerance", "impact_policy",
                   "rest_truncation", "chain_energy", "cradle"});
  GeneralizedDef d;
  if (j.contains("case")) {
    if (!j["case"].is_string()) throw InvalidInput("case", "must be a string");
    d.caseName = j["case"];
  }
  if (!j.contains("q0")) throw InvalidInput("q0", "is required (or give a \"case\")");
  d.q0 = vector(j["q0"], "q0");
  const long n = d.q0.size();
  if (!j.contains("mass_matrix")) throw InvalidInput("mass_matrix", "is required (or give a \"case\")");
  const json& Mj = j["mass_matrix"];
  if (!Mj.is_array() || static_cast<long>(Mj.size()) != n)
    throw InvalidInput("mass_matrix", "must be an array of " + std::to_string(n) + " numbers (diagonal) or rows");
  d.system.M = MatX::Zero(n, n);
  for (long r = 0; r < n; ++r) {
    const std::string f = "mass_matrix[" + std::to_string(r) + "]";
    if (Mj[static_cast<size_t>(r)].is_array()) d.system.M.row(r) = vector(Mj[static_cast<size_t>(r)], f, n).transpose();
    else d.system.M(r, r) = number(Mj[static_cast<size_t>(r)], f);
  }
  if (!(d.system.M - d.system.M.transpose()).isZero(0.0))
    throw InvalidInput("mass_matrix", "must be symmetric");
  Eigen::LLT<MatX> llt(d.system.M);
  if (llt.info() != Eigen::Success || !(d.system.M.diagonal().minCoeff() > 0.0))
    throw InvalidInput("mass_matrix", "must be positive definite");
  if (!j.contains("potential")) throw InvalidInput("potential", "is required (or give a \"case\")");
  const json& P = j["potential"];
  onlyKeys(P, "potential", {"type", "g", "axis", "mass", "radius", "length"});
  Potential& V = d.system.V;
  const std::string type = P.contains("type") && P["type"].is_string() ? P["type"].get<std::string>() : "";
  if (type == "linear") V.kind = Potential::Kind::Linear;
  else if (type == "newtonian") V.kind = Potential::Kind::Newtonian;
  else if (type == "pendulums") V.kind = Potential::Kind::Pendulums;
  else throw InvalidInput("potential.type", "must be \"linear\", \"newtonian\" or \"pendulums\"");
  V.g = P.contains("g") ? number(P["g"], "potential.g") : 9.81;
  if (V.g < 0.0) throw InvalidInput("potential.g", "must be >= 0");
  const double axis = P.contains("axis") ? number(P["axis"], "potential.axis") : 1.0;
  if (axis != std::floor(axis) || axis < 0 || axis >= static_cast<double>(n))
    throw InvalidInput("potential.axis", "must be a coordinate index in [0, " + std::to_string(n - 1) + "]");
  V.axis = static_cast<int>(axis);
  V.mass = P.contains("mass") ? number(P["mass"], "potential.mass") : d.system.M(V.axis, V.axis);
  if (!(V.mass > 0.0)) throw InvalidInput("potential.mass", "must be > 0");
  if (V.kind == Potential::Kind::Newtonian) {
    V.radius = P.contains("radius") ? number(P["radius"], "potential.radius") : 10.0;
    if (!(V.radius > 0.0)) throw InvalidInput("potential.radius", "must be > 0");
  } else if (P.contains("radius")) {
    throw InvalidInput("potential.radius", "applies only to a newtonian potential");
  }
  if (V.kind == Potential::Kind::Pendulums) {
    if (P.contains("axis")) throw InvalidInput("potential.axis", "does not apply to pendulums (every coordinate is an angle)");
    V.length = P.contains("length") ? number(P["length"], "potential.length") : 1.0;
    if (!(V.length > 0.0)) throw InvalidInput("potential.length", "must be > 0");
  } else if (P.contains("length")) {
    throw InvalidInput("potential.length", "applies only to a pendulums potential");
  }
  if (!j.contains("constraints")) throw InvalidInput("constraints", "is required (or give a \"case\")");
  const json& C = j["constraints"];
  if (!C.is_array() || C.empty() || C.size() > static_cast<size_t>(kMaxConstraints))
    throw InvalidInput("constraints", "must be an array of 1 to 256 constraints");
  for (size_t k = 0; k < C.size(); ++k) {
    const std::string f = "constraints[" + std::to_string(k) + "]";
    const json& c = C[k];
    onlyKeys(c, f, {"type", "normal", "offset", "point", "ball", "spacing", "length", "radius"});
    Constraint con;
    const std::string ct = c.contains("type") && c["type"].is_string() ? c["type"].get<std::string>() : "";
    if (ct == "linear") {
      onlyKeys(c, f, {"type", "normal", "offset"});
      con.kind = Constraint::Kind::Linear;
      if (!c.contains("normal")) throw InvalidInput(f + ".normal", "is required for a linear constraint");
      con.normal = vector(c["normal"], f + ".normal", n);
      if (!(con.normal.norm() > 0.0)) throw InvalidInput(f + ".normal", "must be non-zero");
      con.offset = c.contains("offset") ? number(c["offset"], f + ".offset") : 0.0;
    } else if (ct == "planar_point") {
      onlyKeys(c, f, {"type", "point"});
      if (n < 3) throw InvalidInput(f + ".type", "planar_point needs q = (x, y, theta, ...): at least 3 coordinates");
      con.kind = Constraint::Kind::PlanarPoint;
      if (!c.contains("point")) throw InvalidInput(f + ".point", "is required for a planar_point constraint");
      const VecX pt = vector(c["point"], f + ".point", 2);
      con.a = pt(0);
      con.b = pt(1);
    } else if (ct == "ball_pair") {
      onlyKeys(c, f, {"type", "ball", "spacing", "length", "radius"});
      if (n < 2) throw InvalidInput(f + ".type", "ball_pair needs at least 2 angles");
      con.kind = Constraint::Kind::BallPair;
      if (!c.contains("ball")) throw InvalidInput(f + ".ball", "is required for a ball_pair constraint");
      con.ball = integerIn(c["ball"], f + ".ball", 0, static_cast<int>(n) - 2);
      for (const char* key : {"spacing", "length", "radius"})
        if (!c.contains(key)) throw InvalidInput(f + "." + key, "is required for a ball_pair constraint");
      con.spacing = number(c["spacing"], f + ".spacing");
      con.length = number(c["length"], f + ".length");
      con.radius = number(c["radius"], f + ".radius");
      if (!(con.length > 0.0 && con.length <= kMaxLength)) throw InvalidInput(f + ".length", "must be in (0, 1e6]");
      if (!(con.radius > 0.0 && con.radius <= con.length)) throw InvalidInput(f + ".radius", "must be in (0, length]");
      if (!(con.spacing >= 2.0 * con.radius && con.spacing <= 4.0 * con.radius))
        throw InvalidInput(f + ".spacing", "must be in [2 radius, 4 radius]");
    } else {
      throw InvalidInput(f + ".type", "must be \"linear\", \"planar_point\" or \"ball_pair\"");
    }
    d.system.constraints.push_back(con);
  }
  if (j.contains("t0")) d.t0 = number(j["t0"], "t0");
  if (j.contains("p0") && j.contains("qdot0")) throw InvalidInput("p0", "give either p0 or qdot0, not both");
  if (j.contains("p0")) d.p0 = vector(j["p0"], "p0", n);
  else if (j.contains("qdot0")) d.p0 = d.system.M * vector(j["qdot0"], "qdot0", n);
  else d.p0 = VecX::Zero(n);
  if (j.contains("h")) d.integrator.h = number(j["h"], "h");
  if (j.contains("tolerance")) d.integrator.tolerance = number(j["tolerance"], "tolerance");
  if (j.contains("root_finder")) {
    const json& r = j["root_finder"];
    if (r == "bisection") d.integrator.rootFinder = RootFinder::Bisection;
    else if (r == "fast") d.integrator.rootFinder = RootFinder::Illinois;
    else throw InvalidInput("root_finder", "must be \"bisection\" or \"fast\"");
  }
  if (j.contains("max_impacts_per_step")) {
    const double v = number(j["max_impacts_per_step"], "max_impacts_per_step");
    if (v != std::floor(v) || v < 1 || v > kMaxImpactsPerStepLimit)
      throw InvalidInput("max_impacts_per_step", kMaxImpactsPerStepRule);
    d.integrator.maxImpactsPerStep = static_cast<int>(v);
  }
  if (j.contains("contact_tolerance")) d.contactTolerance = number(j["contact_tolerance"], "contact_tolerance");
  if (j.contains("impact_policy")) {
    if (!j["impact_policy"].is_string()) throw InvalidInput("impact_policy", "must be a string");
    d.system.policy = parsePolicy(j["impact_policy"].get<std::string>(), "impact_policy");
  }
  if (j.contains("rest_truncation")) {
    if (!j["rest_truncation"].is_boolean()) throw InvalidInput("rest_truncation", "must be true or false");
    d.system.restTruncation = j["rest_truncation"].get<bool>();
  }
  if (j.contains("chain_energy")) {
    const json& e = j["chain_energy"];
    if (e != "continuous" && e != "discrete") throw InvalidInput("chain_energy", "must be \"continuous\" or \"discrete\"");
    d.system.discreteOuterLinks = e == "discrete";
  }
  if (j.contains("cradle")) {
    if (d.caseName != "cradle") throw InvalidInput("cradle", "applies only to \"case\": \"cradle\"");
    CradleParams c = cradleParams(j);
    c.policy = d.system.policy;  // one source of truth: the system's policy
    d.cradle = c;
  }
  return d;
}

}  // namespace

bool isGeneralizedPreset(const std::string& name) { return name == "particle" || name == "star" || name == "cradle"; }

GeneralizedDef generalizedPreset(const std::string& name) {
  if (name == "cradle") return cradlePreset(CradleParams{});
  GeneralizedDef d;
  d.caseName = name;
  d.integrator.tolerance = 1e-15;
  const double m = 1.0, g = 9.81;  // g: the paper gives none
  d.system.V.kind = Potential::Kind::Linear;
  d.system.V.axis = 1;
  d.system.V.mass = m;
  d.system.V.g = g;
  if (name == "particle") {  // §4.2
    d.system.M = MatX::Identity(2, 2) * m;
    Constraint floor;
    floor.kind = Constraint::Kind::Linear;
    floor.normal = VecX::Zero(2);
    floor.normal(1) = 1.0;  // φ = y
    d.system.constraints = {floor};
    d.integrator.h = 0.01;
    d.q0 = VecX(2);
    d.q0 << 0.0, 1.0;
    VecX qdot(2);
    qdot << -2.0, 0.0;
    d.p0 = d.system.M * qdot;
  } else if (name == "star") {  // §4.3
    const double L = 1.0;
    d.system.M = MatX::Zero(3, 3);
    d.system.M.diagonal() << m, m, 29.0 / 192.0 * m * L * L;
    for (const double a : {0.5 * L, -0.5 * L})
      for (const double b : {0.5 * L, -0.5 * L}) {
        Constraint tip;  // (81): min over the tips is y − (L/2)(|sin θ| + |cos θ|)
        tip.kind = Constraint::Kind::PlanarPoint;
        tip.a = a;
        tip.b = b;
        d.system.constraints.push_back(tip);
      }
    d.integrator.h = 0.005;
    d.q0 = VecX(3);
    d.q0 << 0.0, 3.5, 0.0;
    VecX qdot(3);
    qdot << -2.0, 0.0, 5.0;
    d.p0 = d.system.M * qdot;
  } else {
    throw InvalidInput("case", std::string("must be one of ") + kRigidPresetNames + ", particle, star, cradle (got '" + printable(name) + "')");
  }
  return d;
}

GeneralizedDef parseGeneralizedConfig(const std::string& text) {
  checkJsonText(text);  // bounded size and depth, no duplicate keys (config.hpp)
  json patch;
  try {
    patch = json::parse(text);
  } catch (const json::exception& e) {
    throw InvalidInput("config", std::string("is not valid JSON: ") + e.what());
  }
  if (!patch.is_object()) throw InvalidInput("config", "must be a JSON object");
  if (patch.contains("model") && patch["model"] != "generalized")
    throw InvalidInput("model", "must be \"generalized\" here");
  if (!patch.contains("case")) return fromJsonObject(patch);
  if (!patch["case"].is_string()) throw InvalidInput("case", std::string("must be one of ") + kRigidPresetNames + ", particle, star, cradle");
  const std::string caseName = patch["case"].get<std::string>();
  if (caseName != "cradle" && patch.contains("cradle")) throw InvalidInput("cradle", "applies only to \"case\": \"cradle\"");
  json merged = toJsonObject(caseName == "cradle" ? cradlePreset(cradleParams(patch)) : generalizedPreset(caseName));
  if (patch.contains("qdot0")) merged.erase("p0");  // q̇0 replaces the preset's p0
  merged.merge_patch(patch);
  return fromJsonObject(merged);
}

std::string toJson(const GeneralizedDef& d, int indent) { return toJsonObject(d).dump(indent); }

HybridDriver<GeneralizedModel> makeGeneralizedDriver(const GeneralizedDef& d) {
  if (!std::isfinite(d.integrator.h) || d.integrator.h <= 0.0) throw InvalidInput("h", "must be a finite number > 0");
  if (!std::isfinite(d.integrator.tolerance) || d.integrator.tolerance <= 0.0 || d.integrator.tolerance > 1e-3)
    throw InvalidInput("tolerance", "must be in (0, 1e-3]");
  if (d.integrator.maxImpactsPerStep < 1 || d.integrator.maxImpactsPerStep > kMaxImpactsPerStepLimit)
    throw InvalidInput("max_impacts_per_step", kMaxImpactsPerStepRule);
  if (!std::isfinite(d.contactTolerance) || d.contactTolerance < 0.0 || d.contactTolerance > 1e-3)
    throw InvalidInput("contact_tolerance", "must be in [0, 1e-3]");
  if (!std::isfinite(d.t0)) throw InvalidInput("t0", "must be a finite number");
  const long n = d.q0.size();
  if (n < 1 || d.system.M.rows() != n || d.system.M.cols() != n) throw InvalidInput("mass_matrix", "must be n x n with n = size of q0");
  if (d.p0.size() != n) throw InvalidInput("p0", "must have one entry per coordinate");
  if (!d.q0.allFinite()) throw InvalidInput("q0", "must be finite numbers");
  if (!d.p0.allFinite()) throw InvalidInput("p0", "must be finite numbers");
  if (!d.system.V.defined(d.q0)) throw InvalidInput("q0", "lies outside the potential's domain (q_axis > -radius)");
  // Magnitudes of the inputs, then the quantities computed from them.
  Eigen::SelfAdjointEigenSolver<MatX> es(d.system.M);
  const double lmin = es.eigenvalues().minCoeff(), lmax = es.eigenvalues().maxCoeff();
  if (!(lmin >= kMinMass && lmax <= kMaxMass))
    throw InvalidInput("mass_matrix", "must have eigenvalues in [1e-9, 1e9]");
  if (!(lmax <= kMaxCondition * lmin)) throw InvalidInput("mass_matrix", "must have a condition number <= 1e12");
  const Potential& V = d.system.V;
  if (!(V.g >= 0.0 && V.g <= kMaxGravity)) throw InvalidInput("potential.g", "must be in [0, 1e6]");
  if (!(V.mass >= kMinMass && V.mass <= kMaxMass)) throw InvalidInput("potential.mass", "must be in [1e-9, 1e9]");
  if (V.kind == Potential::Kind::Pendulums && !(V.length >= 1e-6 && V.length <= kMaxLength))
    throw InvalidInput("potential.length", "must be in [1e-6, 1e6]");
  if (V.kind == Potential::Kind::Pendulums) requireAbsAtMost(d.q0, pmath::kMaxArgument, "q0");
  if (V.kind == Potential::Kind::Newtonian && !(V.radius >= 1e-6 && V.radius <= kMaxLength))
    throw InvalidInput("potential.radius", "must be in [1e-6, 1e6]");
  if (!(std::abs(d.t0) <= kMaxTime)) throw InvalidInput("t0", "must be in [-1e9, 1e9]");
  if (!(d.integrator.h >= kMinStepRel * std::max(1.0, std::abs(d.t0)) && d.integrator.h <= kMaxStep))
    throw InvalidInput("h", "must be in [1e-12 max(1, |t0|), 1e6]");
  requireAbsAtMost(d.q0, kMaxLength, "q0");
  requireAbsAtMost(d.p0, kMaxMomentum, "p0");
  for (size_t k = 0; k < d.system.constraints.size(); ++k) {
    const Constraint& c = d.system.constraints[k];
    const std::string f = "constraints[" + std::to_string(k) + "]";
    if (c.kind == Constraint::Kind::Linear) {
      requireAbsAtMost(c.normal, kMaxLength, f + ".normal");
      if (!(std::abs(c.offset) <= kMaxLength)) throw InvalidInput(f + ".offset", "must be in [-1e6, 1e6]");
    } else if (c.kind == Constraint::Kind::BallPair) {
      if (c.ball < 0 || c.ball + 1 >= n) throw InvalidInput(f + ".ball", "must be in [0, n - 2]");
      if (!(c.length > 0.0 && c.length <= kMaxLength)) throw InvalidInput(f + ".length", "must be in (0, 1e6]");
      if (!(c.radius > 0.0 && c.radius <= c.length)) throw InvalidInput(f + ".radius", "must be in (0, length]");
      if (!(c.spacing >= 2.0 * c.radius && c.spacing <= 4.0 * c.radius))
        throw InvalidInput(f + ".spacing", "must be in [2 radius, 4 radius]");
    } else if (!(std::abs(c.a) <= kMaxLength && std::abs(c.b) <= kMaxLength)) {
      throw InvalidInput(f + ".point", "must have |entries| <= 1e6");
    }
  }
  for (size_t k = 0; k < d.system.constraints.size(); ++k) {
    const double v = d.system.constraints[k].value(d.q0);
    if (!(v >= 0.0)) {
      throw InvalidInput("q0", concat("the initial state violates constraint ", k, " (phi = ", v, " < 0)"));
    }
  }
  const MatX Minv = d.system.M.inverse();
  const double H = 0.5 * d.p0.dot(Minv * d.p0) + d.system.V.value(d.q0);
  if (!std::isfinite(H) || !Minv.allFinite()) throw InvalidInput("p0", "gives a non-finite energy");
  GeneralizedState s0;
  s0.t = d.t0;
  s0.q = d.q0;
  s0.p = d.p0;
  return HybridDriver<GeneralizedModel>(GeneralizedModel(d.system, d.contactTolerance), d.integrator, s0);
}

}  // namespace lgvci
