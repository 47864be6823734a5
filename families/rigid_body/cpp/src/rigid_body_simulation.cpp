// The rigid body behind the Simulation façade; its record keeps the CLI's CSV columns (the 23 of the paper's
// quantities, then "dissipated" (docs/rigid-body.md "Restitution"), "contact_points" and "normal_force" (docs/rigid-body.md
// "Persistent contact")).
#include <cmath>
#include <type_traits>

#include <nlohmann/json.hpp>

#include "lgvci/core/counter_schema.hpp"
#include "lgvci/core/driver_simulation.hpp"
#include "lgvci/core/family.hpp"
#include "lgvci/core/record_schema.hpp"
#include "lgvci/core/simulation.hpp"
#include "lgvci/core/text.hpp"
#include "lgvci/rigid_body/presets.hpp"
#include "lgvci/rigid_body/naive_rigid_body.hpp"
#include "lgvci/rigid_body/rk4_rigid_body.hpp"
#include "lgvci/rigid_body/config.hpp"
#include "so3.hpp"

namespace lgvci::detail {
namespace {

// The impact record (docs/rigid-body.md; docs/architecture.md "Records"): the common t, lambda, point,
// then the body-frame contact point and the number of points touching (ImpactEvent::extra, named in
// lgvci/rigid_body/impact.hpp) and the kinetic energy the impulse took (restitution, the start of a
// persistent contact; HybridDriver sums it into the "dissipated" ledger of the state record).
const RecordSchema<ImpactEvent>& rigidImpactSchema() {
  using E = const ImpactEvent&;
  constexpr FieldUse csv = FieldUse::Csv;
  static const RecordSchema<ImpactEvent> schema =
      RecordSchema<ImpactEvent>(impactSchema())
          .field("body_point", 3, csv, [](E e, double* o) { put(o, rigid_impact::bodyPoint(e)); })
          .scalar("contacts", csv, [](E e, double* o) { o[0] = rigid_impact::contacts(e); })
          .scalar("dissipated", csv, [](E e, double* o) { o[0] = e.dissipated; });
  return schema;
}

// The momentum maps of a body over the plane n·z = 0 under gravity g along −e₃ (docs/momentum-maps.md;
// Tran & Leok's discrete Noether theorem): the Lagrangian and the admissible set are invariant under the
// translations along a tangent direction t of the plane with t·e₃ = 0 (or any tangent t when g = 0),
// which conserve γ·t, and under the rotations about an axis along n when n = e₃ (or g = 0), which conserve
// the normal component of the spatial angular momentum n·(x × γ + RΠ) (γ spatial, Π body-frame, R
// body→space, so RΠ is the spin part in space). An impulse λn at a contact point p changes γ by λn (no
// tangential part) and the spatial angular momentum by p × λn (no normal part): the impacts keep them.
// The plane's basis: u = e₁, v = e₂ for the level plane; u = e₃ × n / |e₃ × n| (the level line of a
// tilted plane), v = n × u (its fall line) otherwise.
struct RigidBodySymmetry {
  Vec3 n, u, v;
  bool alongV = false, aboutN = false;
  MomentumMapLayout layout;

  explicit RigidBodySymmetry(const RigidBodyDef& d) : n(d.planeNormal) {
    const bool level = n.x() == 0.0 && n.y() == 0.0;
    u = level ? Vec3::UnitX() : Vec3::UnitZ().cross(n).normalized();
    v = n.cross(u);
    alongV = level || d.gravity == 0.0;
    aboutN = level || d.gravity == 0.0;
    const auto vec = [](const Vec3& a) { return "(" + formatNumber(a.x()) + ", " + formatNumber(a.y()) + ", " + formatNumber(a.z()) + ")"; };
    layout.fields.push_back({"gamma_u", "linear momentum along the plane, gamma . u, u = " + vec(u)});
    if (alongV) layout.fields.push_back({"gamma_v", "linear momentum along the plane, gamma . v, v = " + vec(v)});
    if (aboutN) layout.fields.push_back({"L_n", "spatial angular momentum about the normal, n . (x × gamma + R Pi), n = " + vec(n)});
  }
  void write(const RigidBodyState& s, double* out) const {
    int k = 0;
    out[k++] = s.gamma.dot(u);
    if (alongV) out[k++] = s.gamma.dot(v);
    if (aboutN) out[k++] = n.dot(s.x.cross(s.gamma) + s.R * s.Pi);
  }
};

/// The façade of a validated def (below): over the integrator the def asks for.
std::unique_ptr<Simulation> makeFromDef(std::shared_ptr<const RigidBodyDef> def);

// Integrator: HybridIntegrator (the LGVCI), Rk4Integrator or NaiveRigidBodyIntegrator (the baselines), which share an interface;
// the driver's bookkeeping is DriverSimulation's.

template <class Integrator>
class RigidBodySimulation final : public DriverSimulation<Integrator>,
                                  public MomentumMaps,
                                  public PhaseSpaceChart,
                                  public FamilyCounters,
                                  public TypedFields {
  using Base = DriverSimulation<Integrator>;
  using Base::driver_;
  using Base::energy0_;

 public:
  /// `start`: the initial state the run was built from (def's, or a perturbed one); `sim` starts there.
  RigidBodySimulation(std::shared_ptr<const RigidBodyDef> def, const RigidBodyState& start, Integrator sim)
      : Base(std::move(sim)), def_(std::move(def)), start_(start), symmetry_(std::make_shared<const RigidBodySymmetry>(*def_)) {
    energy0_ = driver_.energy().total;
  }

  std::unique_ptr<Simulation> clone() const override { return std::make_unique<RigidBodySimulation>(*this); }
  /// The same body, plane and settings (shared); the integrator rebuilt at the record's state, which
  /// its constructor validates as a config's start (Φ ≥ 0, R a rotation). The config's start names
  /// (x0, R0, gamma0, Pi0, t0) in its refusals become the record's.
  void setState(const double* record, std::size_t size) override {
    const RecordLayout& L = layout();
    requireRecordSize(L, size);
    RigidBodyState s0;
    const auto vec = [&](const char* name) {
      const double* v = record + L.field(name).offset;
      return Vec3(v[0], v[1], v[2]);
    };
    s0.t = record[L.field("t").offset];
    s0.x = vec("x");
    const double* R = record + L.field("R").offset;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) s0.R(i, j) = R[3 * i + j];
    s0.gamma = vec("gamma");
    s0.Pi = vec("Pi");
    try {
      *this = RigidBodySimulation(def_, s0, Integrator(driver_.system(), driver_.def(), s0));
    } catch (const InvalidInput& e) {
      throw asRecordField(e, {{"x0", "x"}, {"R0", "R"}, {"gamma0", "gamma"}, {"Pi0", "Pi"}, {"t0", "t"}});
    }
  }
  /// Tran & Leok's §7.4 perturbations first: "position" x0 + δ e₃ (the ensemble's default) and
  /// "attitude" R0·R_y(δ); then the generic ones (docs/ensembles.md "Perturbations").
  std::vector<Perturbation> perturbations() const override {
    std::vector<Perturbation> out = {
        {"position", "x0 + delta e3: the centre of mass raised by delta", "x", 2, Perturbation::Op::Shift},
        {"attitude", "R0 R_y(delta): the body turned by delta about its second axis", "R", 1, Perturbation::Op::Turn}};
    const std::vector<Perturbation> generic = Base::perturbations();
    out.insert(out.end(), generic.begin(), generic.end());
    return out;
  }

  std::string model() const override { return "rigid_body"; }
  std::string family() const override { return "rigid_body"; }
  std::string integrator() const override {
    switch (def_->integrator.family) {
      case IntegratorFamily::Rk4: return "rk4";
      case IntegratorFamily::Naive: return "naive";
      case IntegratorFamily::Lgvci: break;
    }
    return "lgvci";
  }
  void reverseMomenta() override { driver_.reverseMomenta(); }
  std::string caseName() const override { return def_->caseName; }
  std::string configJson() const override {
    if (sameStart(start_, def_->initial)) return toJson(*def_);
    RigidBodyDef d = *def_;  // a perturbed start: the config that replays it
    d.initial = start_;
    return toJson(d);
  }
  double energy() const override { return driver_.energy().total; }
  double minPhi() const override { return driver_.phi(); }
  const RecordLayout& layout() const override { return schema().layout(); }
  void writeRecord(double* out) const override { schema().write(*this, out); }
  const RecordSchema<ImpactEvent>& impactSchema() const override { return rigidImpactSchema(); }
  const CounterLayout& counterLayout() const override { return counters().layout(); }
  void writeCounters(double* out) const override { counters().write(*this, out); }
  const MomentumMapLayout& momentumMapLayout() const override { return symmetry_->layout; }
  void writeMomentumMaps(double* out) const override { symmetry_->write(driver_.state(), out); }

  /// A local chart centred at the current state (R̄ = its attitude; docs/symplecticity.md "The charts"):
  /// q = (x, ξ) with R = R̄ exp S(ξ), p = (γ, p_ξ). γ = m ẋ is the spatial linear momentum (5.9a), conjugate
  /// to x. With Ω = J_r(ξ) ξ̇ (so3::rightJacobian) and Π = ∂L/∂Ω the body angular momentum, the momentum
  /// conjugate to ξ is p_ξ = ∂L/∂ξ̇ = J_r(ξ)ᵀ Π (Π itself at ξ = 0). The contact bookkeeping of a restarted
  /// state is the base's (empty in flight).
  std::shared_ptr<const CanonicalChart> canonicalChart() const override {
    auto base = std::make_shared<RigidBodySimulation>(*this);
    base->clearImpactLog();
    const Mat3 Rbar = driver_.state().R;
    CanonicalChart::Read read = [Rbar](const Simulation& run) {
      const std::vector<double> r = run.record();
      const RecordLayout& L = run.layout();
      auto vec = [&](const char* name) {
        const int o = L.field(name).offset;
        return Vec3(r[static_cast<std::size_t>(o)], r[static_cast<std::size_t>(o + 1)], r[static_cast<std::size_t>(o + 2)]);
      };
      Mat3 R;
      const int o = L.field("R").offset;
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) R(i, j) = r[static_cast<std::size_t>(o + 3 * i + j)];
      const Vec3 xi = so3::logmap(Rbar.transpose() * R);
      const Vec3 pxi = so3::rightJacobian(xi).transpose() * vec("Pi");
      const Vec3 x = vec("x"), g = vec("gamma");
      return std::vector<double>{x.x(), x.y(), x.z(), xi.x(), xi.y(), xi.z(), g.x(), g.y(), g.z(), pxi.x(), pxi.y(), pxi.z()};
    };
    CanonicalChart::Start start = [base, Rbar](const std::vector<double>& z) -> std::unique_ptr<Simulation> {
      auto run = std::make_unique<RigidBodySimulation>(*base);
      RigidBodyState s = run->driver_.state();
      const Vec3 xi(z[3], z[4], z[5]), pxi(z[9], z[10], z[11]);
      s.x = Vec3(z[0], z[1], z[2]);
      s.R = Rbar * so3::expmap(xi);
      s.gamma = Vec3(z[6], z[7], z[8]);
      s.xLow = 0.0;  // a state built from numbers (state.hpp)
      s.gammaLow = 0.0;
      s.Pi = so3::rightJacobian(xi).transpose().partialPivLu().solve(pxi);
      if constexpr (std::is_same_v<typename Base::State, Rk4State>) run->driver_.setState(toRk4State(s));  // its quaternion from R
      else run->driver_.setState(s);
      return run;
    };
    return std::make_shared<const CanonicalChart>(
        std::vector<std::string>{"x1", "x2", "x3", "xi1", "xi2", "xi3", "gamma1", "gamma2", "gamma3", "p_xi1", "p_xi2", "p_xi3"},
        -1, std::move(read), std::move(start));
  }

 protected:
  /// Its momentum maps (at least γ·u), canonical chart and run counters, for every integrator.
  const Extension* findExtension(const std::type_info& type) const override {
    if (const Extension* e = offerExtension<MomentumMaps>(this, type)) return e;
    if (const Extension* e = offerExtension<PhaseSpaceChart>(this, type)) return e;
    if (const Extension* e = offerExtension<FamilyCounters>(this, type)) return e;
    if (const Extension* e = offerExtension<TypedFields>(this, type)) return e;
    return Base::findExtension(type);
  }

 public:
  /// h and the restitution e set in a copy of the def (the rest shared as parsed), rebuilt from the
  /// config's start: the integrator's constructor checks them as a config's (checkDriverSettings, e ∈ [0, 1]).
  std::unique_ptr<Simulation> withNumber(const std::string& path, double value) const override {
    auto def = std::make_shared<RigidBodyDef>(*def_);
    if (path == "h") def->integrator.h = value;
    else if (path == "restitution") def->integrator.restitution = value;
    else return nullptr;
    return makeFromDef(std::move(def));
  }

 public:

  std::string finalStateJson() const override {
    const RigidBodyState& s = driver_.state();
    auto vec = [](const Vec3& v) { return nlohmann::json{v.x(), v.y(), v.z()}; };
    nlohmann::json R = nlohmann::json::array();
    for (int r = 0; r < 3; ++r) R.push_back({s.R(r, 0), s.R(r, 1), s.R(r, 2)});
    return nlohmann::json{{"t", s.t}, {"x", vec(s.x)}, {"R", R}, {"gamma", vec(s.gamma)}, {"Pi", vec(s.Pi)}}.dump();
  }

 private:
  static bool sameStart(const RigidBodyState& a, const RigidBodyState& b) {
    return a.t == b.t && a.x == b.x && a.R == b.R && a.gamma == b.gamma && a.Pi == b.Pi;
  }

  std::shared_ptr<const RigidBodyDef> def_;  // the validated config: body, mass, plane, settings (constant, shared)
  RigidBodyState start_;                                // this run's initial state
  std::shared_ptr<const RigidBodySymmetry> symmetry_;  // its momentum maps (constant, shared by clones)

  // The state record: the CLI's CSV columns (the paper's 23 quantities, then the ledgers) and what the
  // page reads beside them.
  static const RecordSchema<RigidBodySimulation>& schema() {
    using S = const RigidBodySimulation&;
    constexpr FieldUse csv = FieldUse::Csv, rec = FieldUse::Record, ledger = FieldUse::CsvUnhashed;
    static const RecordSchema<RigidBodySimulation> table =
        RecordSchema<RigidBodySimulation>()
            .scalar("t", csv, [](S r, double* o) { o[0] = r.driver_.state().t; })
            .field("x", 3, csv, [](S r, double* o) { put(o, r.driver_.state().x); })
            .field("R", 9, csv, [](S r, double* o) {  // row-major
              for (int i = 0; i < 3; ++i)
                for (int j = 0; j < 3; ++j) o[3 * i + j] = r.driver_.state().R(i, j);
            }, true)
            .field("gamma", 3, csv, [](S r, double* o) { put(o, r.driver_.state().gamma); })
            .field("Pi", 3, csv, [](S r, double* o) { put(o, r.driver_.state().Pi); })
            .scalar("E", csv, [](S r, double* o) { o[0] = r.driver_.energy().total; })
            .scalar("TPE", csv, [](S r, double* o) { o[0] = r.driver_.energy().translationalPotential; })
            .scalar("RE", csv, [](S r, double* o) { o[0] = r.driver_.energy().rotational; })
            .scalar("impacts", csv, [](S r, double* o) { o[0] = r.lastImpacts(); })
            .field("spatial_L", 3, rec, [](S r, double* o) { put(o, r.driver_.spatialAngularMomentum()); })
            .scalar("phi", rec, [](S r, double* o) { o[0] = r.driver_.phi(); })
            .scalar("total_impacts", rec, [](S r, double* o) { o[0] = static_cast<double>(r.driver_.totalImpacts()); })
            .scalar("steps", rec, [](S r, double* o) { o[0] = static_cast<double>(r.driver_.steps()); })
            .scalar("status", rec, [](S r, double* o) { o[0] = static_cast<double>(r.driver_.status()); })
            .scalar("E0", rec, [](S r, double* o) { o[0] = r.energy0_; })
            // Restitution (docs/rigid-body.md "Restitution"): energy lost at the impacts so far, E + dissipated = E0.
            .scalar("dissipated", ledger, [](S r, double* o) { o[0] = r.driver_.dissipated(); })
            // Persistent contact (docs/rigid-body.md "Persistent contact"): active contacts (0 in flight) and the
            // normal force they carry, N; bookkeeping beside the state, not hashed.
            .scalar("contact_points", ledger, [](S r, double* o) { o[0] = static_cast<double>(r.driver_.state().contact.count); })
            .scalar("normal_force", ledger, [](S r, double* o) { o[0] = r.driver_.state().normalForce; })
            // The balance the scheme keeps at E0, E + dissipated (Simulation::conservedEnergy), for the page's
            // error plots and HUD; the record only, not hashed.
            .scalar("conserved_energy", FieldUse::RecordUnhashed, [](S r, double* o) { o[0] = r.energies().conserved; });
    return table;
  }

  // The run counters (the CLI's JSON keys): sub-divided steps (docs/rigid-body.md "Hard impacts:
  // sub-division"), the phase switches of the persistent contact (docs/rigid-body.md "Persistent
  // contact") and the impacts where the variational jump kept Corollary 4.4's impulse, with the reason
  // (docs/rigid-body.md "The variational jump"). The baselines have none: their counters stay 0, so their
  // output keeps the same keys.
  static const CounterSchema<RigidBodySimulation>& counters() {
    using S = const RigidBodySimulation&;
    constexpr bool lgvci = std::is_same_v<Integrator, HybridIntegrator>;
    static const CounterSchema<RigidBodySimulation> table =
        CounterSchema<RigidBodySimulation>()
            .counter("subdivided_steps", "sub-divided steps", [](S r) -> long long {
              if constexpr (lgvci) return r.driver_.subdividedSteps();
              else return 0;
            })
            .counter("contact_entries", "contact entries", [](S r) -> long long {  // flight → contact
              if constexpr (lgvci) return r.driver_.contactEntries();
              else return 0;
            })
            .counter("contact_releases", "contact releases", [](S r) -> long long {  // contact → flight
              if constexpr (lgvci) return r.driver_.contactReleases();
              else return 0;
            })
            .counter("jump_fallbacks_no_root", "(5.16a) without a bounce root: Cor. 4.4 kept", [](S r) -> long long {
              if constexpr (lgvci) return r.driver_.jumpFallbacksNoRoot();
              else return 0;
            })
            .counter("jump_fallbacks_contact", "impacts after a contact step: Cor. 4.4 kept", [](S r) -> long long {
              if constexpr (lgvci) return r.driver_.jumpFallbacksAfterContact();
              else return 0;
            });
    return table;
  }
};

std::unique_ptr<Simulation> makeRigidBodySimulation(const ConfigDocument& config) {
  return makeFromDef(std::make_shared<const RigidBodyDef>(parseConfig(config)));
}

std::unique_ptr<Simulation> makeFromDef(std::shared_ptr<const RigidBodyDef> def) {
  if (def->integrator.family == IntegratorFamily::Rk4) {
    Rk4Integrator sim = makeRk4Integrator(*def);
    return std::make_unique<RigidBodySimulation<Rk4Integrator>>(def, def->initial, std::move(sim));
  }
  if (def->integrator.family == IntegratorFamily::Naive) {  // docs/baselines.md "The naive baseline"
    NaiveRigidBodyIntegrator sim = makeNaiveRigidBodyIntegrator(*def);
    return std::make_unique<RigidBodySimulation<NaiveRigidBodyIntegrator>>(def, def->initial, std::move(sim));
  }
  HybridIntegrator sim = makeIntegrator(*def);
  return std::make_unique<RigidBodySimulation<HybridIntegrator>>(def, def->initial, std::move(sim));
}

}  // namespace

std::vector<FamilyInfo> rigidBodyFamilies() {
  using K = ReversalField::Kind;
  FamilyInfo f;
  f.name = "rigid_body";
  f.model = "rigid_body";
  f.summary = "a rigid body falling onto a plane (Tran & Leok, Lie group variational collision integrator)";
  f.presets = {"I", "II", "III", "IV", "rest", "slide", "rocking"};
  using O = FamilyOption::Kind;
  const double deg = M_PI / 180.0;
  f.options = {
      {"--x0", "/x0", O::Vector, "A,B,C", "initial centre of mass", 3},
      {"--gamma0", "/gamma0", O::Vector, "A,B,C", "initial linear momentum", 3},
      {"--Pi0", "/Pi0", O::Vector, "A,B,C", "initial body-frame angular momentum", 3},
      {"--tilt", "/plane/tilt", O::Number, "DEG", "plane tilt in degrees, 0 <= tilt < 90", 0, deg, true},
      {"--azimuth", "/plane/azimuth", O::Number, "DEG", "direction the plane tilts towards, degrees from +x (default 0)", 0, deg, true},
      {"--epsilon", "/body/epsilon", O::Number, "X", "rounding radius of a cube or polyhedron body", 0, 1.0, false, true},
      {"--restitution", "/restitution", O::Number, "E",
       "coefficient of restitution in [0, 1] (default 1, elastic); the energy lost is reported as \"dissipated\""},
      {"--strict-detection", "/strict_detection", O::Flag, "", "also catch a corner dipping under the plane within one step"},
      {"--retraction", "/retraction", O::Text, "R", "cayley (default) or exp: the retraction of Appendix D used by Newton"},
      {"--jump", "/jump", O::Text, "J",
       "energy (default: Cor. 4.4, H kept at the impact) or variational (the discrete energy balance (5.16a): a symplectic impact step)"}};
  f.presetJson = [](const std::string& name) { return toJson(rigidPreset(name)); };
  f.create = makeRigidBodySimulation;
  f.reversal = {{"x", K::Configuration}, {"R", K::Rotation}, {"gamma", K::Momentum}, {"Pi", K::Momentum}};
  Capabilities& c = f.capabilities;
  c.reversible = true;
  c.contactPhase = true;
  c.dissipation = true;
  c.shapes = true;
  c.baselines = {"rk4", "naive"};
  c.plots = {"energy", "energy_error", "height", "divergence"};
  c.throwable = true;
  f.schema = rigidBodyConfigSchema();
  return {f};
}

}  // namespace lgvci::detail
