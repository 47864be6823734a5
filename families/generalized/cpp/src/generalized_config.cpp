// JSON ⇄ GeneralizedDef, validation, and the presets of Fetecau et al. §4.2–4.3.
#include "lgvci/generalized/generalized_config.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include <nlohmann/json.hpp>

#include "lgvci/core/config_check.hpp"
#include "lgvci/core/driver_schema.hpp"
#include "lgvci/core/json_bounds.hpp"
#include "lgvci/core/text.hpp"

namespace lgvci {
namespace {

using nlohmann::json;

constexpr int kMaxDof = 64;
constexpr int kMaxConstraints = 256;
// Magnitudes, as for the rigid body: products of a few of them (energy, M⁻¹p, the jump's quadratic)
// stay finite and normal.
constexpr double kMaxLength = 1e6, kMaxMomentum = 1e12, kMaxGravity = 1e6;
constexpr double kMinMass = 1e-9, kMaxMass = 1e9, kMaxCondition = 1e12;

void requireAbsAtMost(const VecX& v, double limit, const std::string& field) {
  for (long i = 0; i < v.size(); ++i)
    if (!(std::abs(v(i)) <= limit)) {
      throw InvalidInput(field + "[" + std::to_string(i) + "]", concat("must have |entries| <= ", limit));
    }
}

// The readers below run after checkConfigTree: types, sizes and bounds are already the table's.
VecX vector(const json& j) {
  VecX v(static_cast<long>(j.size()));
  for (size_t i = 0; i < j.size(); ++i) v(static_cast<long>(i)) = j[i].get<double>();
  return v;
}

// An array sized like q0 (a rule across fields, not the table's).
VecX vector(const json& j, const std::string& field, long n) {
  if (static_cast<long>(j.size()) != n) throw InvalidInput(field, "must have " + std::to_string(n) + " entries (one per coordinate)");
  return vector(j);
}

using Type = ConfigField::Type;

ConfigSchema makeSchema() {
  const std::vector<std::string> constraintTypes = {"linear", "planar_point", "ball_pair"};
  const std::vector<std::string> policies = {"chain", "simultaneous", "sequential"};
  ConfigSchema s;
  s.family = s.model = "generalized";
  s.fields = {
      ConfigField("model", Type::String, "", "The model family.").oneOf({"generalized"}),
      ConfigField("case", Type::String, "", "A preset to start from; the other keys override it.").oneOf({"particle", "star", "cradle"}),
      ConfigField("mass_matrix", Type::Matrix, "kg (kg m^2 for an angle)", "Mass matrix M: n rows of n, or its n diagonal entries (n = size of q0).")
          .upTo(kMaxDof).need(),
      ConfigField("potential", Type::Object, "", "The potential V(q).").need(),
      ConfigField("potential.type", Type::String, "", "linear: m g q_axis; newtonian: -G-like 1/(q_axis + radius); pendulums: -m g l sum cos q_i.")
          .oneOf({"linear", "newtonian", "pendulums"}).need(),
      ConfigField("potential.g", Type::Number, "m/s^2", "Gravitational acceleration g.").range(0.0, kMaxGravity).byDefault("9.81"),
      ConfigField("potential.axis", Type::Integer, "", "The coordinate gravity acts along (and < size of q0).")
          .range(0, kMaxDof - 1).when("type", {"linear", "newtonian"}).byDefault("1"),
      ConfigField("potential.mass", Type::Number, "kg", "The mass m in V (default: M's entry on the axis).").range(kMinMass, kMaxMass),
      ConfigField("potential.radius", Type::Number, "m", "The offset of the newtonian potential.").range(1e-6, kMaxLength).when("type", {"newtonian"}).byDefault("10"),
      ConfigField("potential.length", Type::Number, "m", "The pendulums' length l.").range(1e-6, kMaxLength).when("type", {"pendulums"}).byDefault("1"),
      ConfigField("constraints", Type::Array, "", "The unilateral constraints phi_k(q) >= 0.").upTo(kMaxConstraints).need(),
      ConfigField("constraints[].type", Type::String, "", "linear: normal . q + offset; planar_point: a body point above y = 0; ball_pair: two pendulum balls apart.")
          .oneOf(constraintTypes).need(),
      ConfigField("constraints[].normal", Type::Vector, "", "The normal, one entry per coordinate.").upTo(kMaxDof).range(-kMaxLength, kMaxLength).when("type", {"linear"}).need(),
      ConfigField("constraints[].offset", Type::Number, "m", "The offset.").range(-kMaxLength, kMaxLength).when("type", {"linear"}).byDefault("0"),
      ConfigField("constraints[].point", Type::Vector, "m", "The point (a, b) in the body frame of q = (x, y, theta).")
          .ofSize(2).range(-kMaxLength, kMaxLength).when("type", {"planar_point"}).need(),
      ConfigField("constraints[].ball", Type::Integer, "", "The first ball of the pair (<= n - 2).").range(0, kMaxDof - 2).when("type", {"ball_pair"}).need(),
      ConfigField("constraints[].spacing", Type::Number, "m", "Pivot spacing (in [2 radius, 4 radius]).").range(0.0, 4 * kMaxLength, true).when("type", {"ball_pair"}).need(),
      ConfigField("constraints[].length", Type::Number, "m", "Pendulum length.").range(0.0, kMaxLength, true).when("type", {"ball_pair"}).need(),
      ConfigField("constraints[].radius", Type::Number, "m", "Ball radius (<= length).").range(0.0, kMaxLength, true).when("type", {"ball_pair"}).need(),
      ConfigField("q0", Type::Vector, "m or rad", "Initial coordinates q (n of them).").upTo(kMaxDof).range(-kMaxLength, kMaxLength).need()
          .slider(SliderHint("gy0", 0, 20, 0.05, "m").at(1))  // the particle's and the star's height y
          .slider(SliderHint("gtheta0", -180, 180, 1, "°").at(2).shown(SliderHint::Display::Degrees)),  // the star's angle
      ConfigField("p0", Type::Vector, "kg m/s (kg m^2/s for an angle)", "Initial momenta p (or qdot0, not both; default 0).")
          .upTo(kMaxDof).range(-kMaxMomentum, kMaxMomentum),
      ConfigField("qdot0", Type::Vector, "m/s or rad/s", "Initial velocities: p0 = M qdot0.").upTo(kMaxDof)
          .slider(SliderHint("gvx0", -10, 10, 0.1, "m/s").at(0))
          .slider(SliderHint("gvy0", -10, 10, 0.1, "m/s").at(1))
          .slider(SliderHint("gomega0", -30, 30, 0.1, "rad/s").at(2)),
      ConfigField("contact_tolerance", Type::Number, "", "Constraint value below which a pair is in contact.").range(0.0, 1e-3).byDefault("1e-10"),
      ConfigField("integrator", Type::String, "", "Fetecau et al.'s VCI or the naive baseline (docs/baselines.md).").oneOf({"vci", "naive"}).byDefault("\"vci\""),
      ConfigField("impact_policy", Type::String, "", "Simultaneous impacts: one at a time, as a chain, or at once.").oneOf(policies).byDefault("\"sequential\""),
      ConfigField("rest_truncation", Type::Boolean, "", "Drop momentum below the rest threshold after an impact.").byDefault("false"),
      ConfigField("chain_energy", Type::String, "", "The energy the chain's outer links conserve.").oneOf({"continuous", "discrete"}).byDefault("\"continuous\""),
      ConfigField("jump", Type::String, "",
                  "The impact's multiplier: variational = the discrete energy balance (75a) of the sub-steps around it (the "
                  "default; a chain: chain_energy discrete), energy = H kept at the impact (the default of a chain, whose "
                  "chain_energy continuous it is, and the only one of the simultaneous impulse) (docs/generalized.md).")
          .oneOf({"variational", "energy"}).byDefault("\"variational\""),
      ConfigField("cradle", Type::Object, "", "Newton's cradle's parameters (its preset is built from them).").when("case", {"cradle"}),
      ConfigField("cradle.balls", Type::Integer, "", "Number of balls n.").range(2, 7).byDefault("3").slider(SliderHint("cballs", 2, 7, 1, "")),
      ConfigField("cradle.pulled", Type::Integer, "", "Balls pulled back, 1..n.").range(1, 7).byDefault("1").slider(SliderHint("cpulled", 1, 7, 1, "")),
      ConfigField("cradle.angle", Type::Number, "rad", "The pulled balls' start angle.")
          .range(-M_PI / 2, 0.0, false, true).withRule("must be in [-pi/2, 0)").byDefault("-0.2")
          .slider(SliderHint("cangle", 0.1, 90, 0.1, "°").shown(SliderHint::Display::NegatedDegrees)),  // the pull's size
      ConfigField("cradle.gap", Type::Number, "m", "Extra pivot spacing (<= radius).").atLeast(0.0).byDefault("0").slider(SliderHint("cgap", 0, 0.05, 0.001, "m")),
      ConfigField("cradle.mass", Type::Number, "kg", "Mass of each ball.").range(1e-6, 1e6).byDefault("1"),
      ConfigField("cradle.length", Type::Number, "m", "Pendulum length l.").range(1e-3, 1e3).byDefault("1"),
      ConfigField("cradle.radius", Type::Number, "m", "Ball radius, in [1e-3, 0.25] x length.").range(1e-6, 250.0).byDefault("0.05"),
      ConfigField("cradle.g", Type::Number, "m/s^2", "Gravitational acceleration g.").range(0.0, 1e3).byDefault("9.81"),
      ConfigField("cradle.policy", Type::String, "", "The impact policy (the config's impact_policy wins).").oneOf(policies).byDefault("\"chain\""),
  };
  for (ConfigField& f : driverConfigFields()) s.fields.push_back(std::move(f));  // the core's rows
  for (ConfigField& f : s.fields) {
    if (f.path == "potential.type") f.noun = "potential";
    if (f.path == "constraints[].type") f.noun = "constraint";
    if (f.path == "case") f.noun = "case";
    if (f.path == "mass_matrix") f.diagonalForm = true;
  }
  return s;
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
  if (d.naive) j["integrator"] = "naive";  // docs/baselines.md "The naive baseline"
  if (d.system.keepHamiltonian) j["jump"] = "energy";  // docs/generalized.md "The energy jump"
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

CradleParams cradleParams(const json& patch) {
  CradleParams c;
  if (!patch.contains("cradle")) return c;
  const json& j = patch["cradle"];  // checked against the table (partly: before the merge)
  if (j.contains("balls")) c.balls = j["balls"].get<int>();
  if (j.contains("pulled")) c.pulled = j["pulled"].get<int>();
  c.angle = j.value("angle", c.angle);
  c.gap = j.value("gap", c.gap);
  c.mass = j.value("mass", c.mass);
  c.length = j.value("length", c.length);
  c.radius = j.value("radius", c.radius);
  c.g = j.value("g", c.g);
  if (j.contains("policy")) c.policy = parsePolicy(j["policy"].get<std::string>(), "cradle.policy");
  validateCradle(c);  // the rules across its fields: pulled <= balls, radius against length, gap <= radius
  return c;
}

GeneralizedDef fromJsonObject(const json& j) {
  checkConfigTree(generalizedConfigSchema(), j);  // keys, types, sizes, bounds: the table above
  GeneralizedDef d;
  if (j.contains("case")) d.caseName = j["case"];
  // The rules across fields: every vector and matrix sized like q0, M symmetric positive definite,
  // the potential's axis a coordinate, each constraint's own geometry.
  d.q0 = vector(j["q0"]);
  const long n = d.q0.size();
  const json& Mj = j["mass_matrix"];
  if (static_cast<long>(Mj.size()) != n)
    throw InvalidInput("mass_matrix", "must be an array of " + std::to_string(n) + " numbers (diagonal) or rows");
  d.system.M = MatX::Zero(n, n);
  for (long r = 0; r < n; ++r) {
    const json& row = Mj[static_cast<size_t>(r)];
    if (row.is_array()) d.system.M.row(r) = vector(row, "mass_matrix[" + std::to_string(r) + "]", n).transpose();
    else d.system.M(r, r) = row.get<double>();
  }
  if (!(d.system.M - d.system.M.transpose()).isZero(0.0))
    throw InvalidInput("mass_matrix", "must be symmetric");
  Eigen::LLT<MatX> llt(d.system.M);
  if (llt.info() != Eigen::Success || !(d.system.M.diagonal().minCoeff() > 0.0))
    throw InvalidInput("mass_matrix", "must be positive definite");
  const json& P = j["potential"];
  Potential& V = d.system.V;
  const std::string type = P["type"];
  V.kind = type == "linear" ? Potential::Kind::Linear : type == "newtonian" ? Potential::Kind::Newtonian : Potential::Kind::Pendulums;
  V.g = P.value("g", 9.81);
  const int axis = P.value("axis", 1);
  if (axis >= n) throw InvalidInput("potential.axis", "must be a coordinate index in [0, " + std::to_string(n - 1) + "]");
  V.axis = axis;
  V.mass = P.contains("mass") ? P["mass"].get<double>() : d.system.M(V.axis, V.axis);
  if (V.kind == Potential::Kind::Newtonian) V.radius = P.value("radius", 10.0);
  if (V.kind == Potential::Kind::Pendulums) V.length = P.value("length", 1.0);
  const json& C = j["constraints"];
  for (size_t k = 0; k < C.size(); ++k) {
    const std::string f = "constraints[" + std::to_string(k) + "]";
    const json& c = C[k];
    Constraint con;
    const std::string ct = c["type"];
    if (ct == "linear") {
      con.kind = Constraint::Kind::Linear;
      con.normal = vector(c["normal"], f + ".normal", n);
      if (!(con.normal.norm() > 0.0)) throw InvalidInput(f + ".normal", "must be non-zero");
      con.offset = c.value("offset", 0.0);
    } else if (ct == "planar_point") {
      if (n < 3) throw InvalidInput(f + ".type", "planar_point needs q = (x, y, theta, ...): at least 3 coordinates");
      con.kind = Constraint::Kind::PlanarPoint;
      con.a = c["point"][0].get<double>();
      con.b = c["point"][1].get<double>();
    } else {
      if (n < 2) throw InvalidInput(f + ".type", "ball_pair needs at least 2 angles");
      con.kind = Constraint::Kind::BallPair;
      con.ball = c["ball"].get<int>();
      if (con.ball > n - 2) throw InvalidInput(f + ".ball", "must be an integer in [0, " + std::to_string(n - 2) + "]");
      con.spacing = c["spacing"].get<double>();
      con.length = c["length"].get<double>();
      con.radius = c["radius"].get<double>();
      if (!(con.radius <= con.length)) throw InvalidInput(f + ".radius", "must be in (0, length]");
      if (!(con.spacing >= 2.0 * con.radius && con.spacing <= 4.0 * con.radius))
        throw InvalidInput(f + ".spacing", "must be in [2 radius, 4 radius]");
    }
    d.system.constraints.push_back(con);
  }
  d.t0 = j.value("t0", 0.0);
  if (j.contains("p0") && j.contains("qdot0")) throw InvalidInput("p0", "give either p0 or qdot0, not both");
  if (j.contains("p0")) d.p0 = vector(j["p0"], "p0", n);
  else if (j.contains("qdot0")) d.p0 = d.system.M * vector(j["qdot0"], "qdot0", n);
  else d.p0 = VecX::Zero(n);
  d.integrator.h = j.value("h", d.integrator.h);
  d.integrator.tolerance = j.value("tolerance", d.integrator.tolerance);
  if (j.contains("root_finder")) d.integrator.rootFinder = j["root_finder"] == "bisection" ? RootFinder::Bisection : RootFinder::Illinois;
  d.integrator.maxImpactsPerStep = j.value("max_impacts_per_step", d.integrator.maxImpactsPerStep);
  d.contactTolerance = j.value("contact_tolerance", d.contactTolerance);
  if (j.contains("integrator")) d.naive = j["integrator"] == "naive";  // docs/baselines.md "The naive baseline"
  if (j.contains("impact_policy")) d.system.policy = parsePolicy(j["impact_policy"].get<std::string>(), "impact_policy");
  d.system.restTruncation = j.value("rest_truncation", d.system.restTruncation);
  if (j.contains("chain_energy")) d.system.discreteOuterLinks = j["chain_energy"] == "discrete";
  // "jump" (docs/generalized.md "The energy jump"): one choice for every policy. A chain's is its
  // chain_energy (variational = discrete outer links); the simultaneous impulse has only the energy form.
  if (j.contains("jump")) {
    const bool variational = j["jump"] == "variational";
    if (d.system.policy == ImpactPolicy::Sequential) {
      d.system.keepHamiltonian = !variational;
    } else if (d.system.policy == ImpactPolicy::Chain) {
      if (j.contains("chain_energy") && d.system.discreteOuterLinks != variational)
        throw InvalidInput("jump", "contradicts chain_energy (a chain's variational jump is chain_energy \"discrete\", its energy "
                                   "jump \"continuous\"): give one of them");
      d.system.discreteOuterLinks = variational;
    } else if (variational) {
      throw InvalidInput("jump", "\"variational\" is not defined for the simultaneous impulse: (75a) is one equation for one "
                                 "multiplier per contact (docs/generalized.md); use \"energy\" or the chain policy");
    }
  }
  if (j.contains("cradle")) {
    CradleParams c = cradleParams(j);
    c.policy = d.system.policy;  // one source of truth: the system's policy
    d.cradle = c;
  }
  return d;
}

}  // namespace

const ConfigSchema& generalizedConfigSchema() {
  static const ConfigSchema s = makeSchema();
  return s;
}

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
    throw InvalidInput("case", "must be one of particle, star, cradle here (got '" + printable(name) + "')");
  }
  return d;
}

GeneralizedDef parseGeneralizedConfig(const std::string& text) { return parseGeneralizedConfig(ConfigDocument(text)); }

GeneralizedDef parseGeneralizedConfig(const ConfigDocument& config) {
  const json& patch = configTree(config);  // bounded, no duplicates, an object: ConfigDocument checked it
  if (patch.contains("model") && patch["model"] != "generalized")
    throw InvalidInput("model", "must be \"generalized\" here");
  if (!patch.contains("case")) return fromJsonObject(patch);
  if (!patch["case"].is_string()) throw InvalidInput("case", "must be one of particle, star, cradle here");
  const std::string caseName = patch["case"].get<std::string>();
  if (caseName != "cradle" && patch.contains("cradle")) throw InvalidInput("cradle", "applies only to \"case\": \"cradle\"");
  checkConfigTree(generalizedConfigSchema(), patch, true);  // the given keys, before the preset is merged
  // The preset as a tree, the given keys merged over it before the one typed parse; the fixed presets'
  // trees are made once, the cradle's from its parameters.
  static const json particle = toJsonObject(generalizedPreset("particle")), star = toJsonObject(generalizedPreset("star"));
  json merged = caseName == "cradle" ? toJsonObject(cradlePreset(cradleParams(patch))) : caseName == "particle" ? particle
              : caseName == "star"   ? star
                                     : toJsonObject(generalizedPreset(caseName));
  if (patch.contains("qdot0")) merged.erase("p0");  // q̇0 replaces the preset's p0
  if (patch.contains("jump") && !patch.contains("chain_energy")) merged.erase("chain_energy");  // one choice: "jump" replaces it
  merged.merge_patch(patch);
  return fromJsonObject(merged);
}

std::string toJson(const GeneralizedDef& d, int indent) { return toJsonObject(d).dump(indent); }

HybridDriver<GeneralizedModel> makeGeneralizedDriver(const GeneralizedDef& d) {
  // Each field's bounds are the config schema's rows (docs/config.md); the rules across fields follow.
  checkDriverSettings(d.integrator, d.t0);  // h, t0, tolerance, the Zeno budget: the core's rows and rule
  const ConfigSchema& S = generalizedConfigSchema();
  checkNumber(S, "contact_tolerance", d.contactTolerance);
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
  checkNumber(S, "potential.g", V.g);
  checkNumber(S, "potential.mass", V.mass);
  if (V.kind == Potential::Kind::Pendulums) checkNumber(S, "potential.length", V.length);
  if (V.kind == Potential::Kind::Newtonian) checkNumber(S, "potential.radius", V.radius);
  requireAbsAtMost(d.q0, kMaxLength, "q0");
  requireAbsAtMost(d.p0, kMaxMomentum, "p0");
  for (size_t k = 0; k < d.system.constraints.size(); ++k) {
    const Constraint& c = d.system.constraints[k];
    const std::string f = "constraints[" + std::to_string(k) + "]";
    if (c.kind == Constraint::Kind::Linear) {
      requireAbsAtMost(c.normal, kMaxLength, f + ".normal");
      checkNumber(S, "constraints[].offset", c.offset, f + ".offset");
    } else if (c.kind == Constraint::Kind::BallPair) {
      if (c.ball < 0 || c.ball + 1 >= n) throw InvalidInput(f + ".ball", "must be in [0, n - 2]");
      checkNumber(S, "constraints[].length", c.length, f + ".length");
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
