// The billiard behind the Simulation façade: its state record (the generalized models' t, q, p, E, …),
// its impact record (the common fields, constraint, energy_mismatch and the bounce's Birkhoff coordinates s, p_t) and its
// registry entry (docs/billiard.md).
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <nlohmann/json.hpp>

#include "lgvci/billiard/billiard_config.hpp"
#include "lgvci/billiard/naive_billiard.hpp"
#include "billiard_jacobian.hpp"
#include "lgvci/core/driver_simulation.hpp"
#include "lgvci/core/family.hpp"
#include "lgvci/core/record_schema.hpp"
#include "lgvci/core/simulation.hpp"
#include "lgvci/vci/qp_chart.hpp"
#include "lgvci/vci/qp_facade.hpp"

namespace lgvci::detail {
namespace {

// The impact record (docs/billiard.md "Records"): the common t, lambda, point, then the wall's constraint
// index and the jump's discrete-energy mismatch (75a) as in the generalized models, and the bounce map's
// Birkhoff coordinates s, p_t (docs/billiard.md "The bounce map"; ImpactEvent::extra, named in
// lgvci/billiard/billiard_model.hpp).
const RecordSchema<ImpactEvent>& billiardImpactSchema() {
  using E = const ImpactEvent&;
  constexpr FieldUse csv = FieldUse::Csv;
  static const RecordSchema<ImpactEvent> schema =
      RecordSchema<ImpactEvent>(impactSchema())
          .scalar("constraint", csv, [](E e, double* o) { o[0] = e.extra[billiard_impact::kConstraint]; })
          .scalar("energy_mismatch", csv, [](E e, double* o) { o[0] = e.energyMismatch; })
          .scalar("s", csv, [](E e, double* o) { o[0] = e.extra[billiard_impact::kS]; })
          .scalar("p_t", csv, [](E e, double* o) { o[0] = e.extra[billiard_impact::kPt]; });
  return schema;
}

// Driver: HybridDriver<BilliardModel> (the VCI) or NaiveDriver<NaiveBilliardModel> (the naive baseline,
// docs/baselines.md "The naive baseline"), whose models share φ and H.
template <class Driver>
class BilliardSimulation final : public DriverSimulation<Driver>,
                                 public MomentumMaps,
                                 public PhaseSpaceChart,
                                 public BounceMap,
                                 public TypedFields,
                                 public StepJacobian {
  using Base = DriverSimulation<Driver>;
  using Base::driver_;
  using Base::energy0_;
  using Base::state;

 public:
  BilliardSimulation(std::shared_ptr<const BilliardDef> def, Driver driver) : Base(std::move(driver)), def_(std::move(def)) {
    energy0_ = energy();
  }

  std::unique_ptr<Simulation> clone() const override { return std::make_unique<BilliardSimulation>(*this); }
  bool circular() const {
    const BilliardSystem& s = def_->system;
    return s.table.shape == BilliardTable::Shape::Ellipse && s.table.a == s.table.b && s.g == 0.0;
  }

  /// The restart at the record's t, q, p: a copy of the config with that start (its momentum as "p0",
  /// exactly), validated as a config's (q strictly inside the table); its names q0, p0, t0 in a refusal
  /// become the record's q, p, t.
  void setState(const double* record, std::size_t size) override {
    const RecordLayout& L = layout();
    requireRecordSize(L, size);
    auto def = std::make_shared<BilliardDef>(*def_);
    const double* q = record + L.field("q").offset;
    const double* p = record + L.field("p").offset;
    def->t0 = record[L.field("t").offset];
    def->q0 = Vec2(q[0], q[1]);
    def->momentumGiven = true;
    def->p0 = Vec2(p[0], p[1]);
    try {
      *this = BilliardSimulation(def, makeQpDriver<Driver>(*def, makeBilliardDriver, makeNaiveBilliardDriver));
    } catch (const InvalidInput& e) {
      throw asRecordField(e, {{"q0", "q"}, {"p0", "p"}, {"t0", "t"}});
    }
  }
  /// Shifts of x, y, then of p_x, p_y (docs/ensembles.md "Perturbations").
  std::vector<Perturbation> perturbations() const override {
    return {{"x", "shift the start's x", "q", 0, Perturbation::Op::Shift},
            {"y", "shift the start's y", "q", 1, Perturbation::Op::Shift},
            {"p_x", "shift the start's momentum p_x", "p", 0, Perturbation::Op::Shift},
            {"p_y", "shift the start's momentum p_y", "p", 1, Perturbation::Op::Shift}};
  }

  std::string model() const override { return "billiard"; }
  std::string integrator() const override { return def_->naive ? "naive" : "vci"; }
  void reverseMomenta() override { this->negateMomenta(); }  // time reversal: p → −p at the current q
  std::string caseName() const override { return def_->caseName; }
  std::string configJson() const override { return toJson(*def_); }
  double energy() const override { return driver_.model().hamiltonian(driver_.state()); }
  double minPhi() const override { return driver_.model().phi(driver_.state()); }
  const RecordLayout& layout() const override { return schema().layout(); }
  void writeRecord(double* out) const override { schema().write(*this, out); }
  // The momentum maps (docs/momentum-maps.md): a circular table (an ellipse with a = b) without gravity
  // is invariant under the rotations about its centre, the origin, so L = q₁p₂ − q₂p₁ is conserved; the
  // wall's impulse is along ∇φ ∥ q and adds nothing to it. A true ellipse, the stadium or gravity: none
  // (findExtension offers MomentumMaps for a circular table only).
  const MomentumMapLayout& momentumMapLayout() const override {
    static const MomentumMapLayout circle{{{"L", "angular momentum about the centre, q1 p2 - q2 p1"}}};
    return circle;
  }
  void writeMomentumMaps(double* out) const override { out[0] = state().q(0) * state().p(1) - state().q(1) * state().p(0); }

  const RecordSchema<ImpactEvent>& impactSchema() const override { return billiardImpactSchema(); }

  /// The chart's names, as canonicalChart()'s.
  const std::vector<std::string>& jacobianCoordinates() const override {
    static const std::vector<std::string> names = {"x", "y", "p_x", "p_y"};
    return names;
  }
  /// The step, then its exact Jacobian from the path it took (billiard_jacobian.hpp; the VCI's only).
  StepReport stepWithJacobian(double* jacobian) override {
    if constexpr (std::is_same_v<Driver, HybridDriver<BilliardModel>>) {
      GeneralizedState start;  // its t, q and p (the flight's residuals play no part in the derivative)
      start.t = driver_.state().t;
      start.q = driver_.state().q;
      start.p = driver_.state().p;
      const std::size_t first = driver_.impactLog().size();
      const long long flows = driver_.flowEvaluations();
      const StepReport r = this->step();
      if (driver_.halted())
        throw std::domain_error("jacobian: the step from t = " + std::to_string(start.t) + " halted: " + driver_.statusMessage());
      billiardStepJacobian(def_->system, start, driver_.state(), driver_.settings().h, driver_.impactLog(), first,
                           driver_.flowEvaluations() - flows, jacobian);
      return r;
    } else {
      (void)jacobian;
      throw std::domain_error("jacobian: the naive baseline has no exact step Jacobian");
    }
  }

  /// z = (x, y, p_x, p_y) (docs/symplecticity.md "The charts"); the loop is drawn in (x, p_x).
  std::shared_ptr<const CanonicalChart> canonicalChart() const override {
    return makeQpChart(std::make_shared<BilliardSimulation>(*this), {"x", "y"}, 0,
                       [](BilliardSimulation& run, const std::vector<double>& z) {
                         GeneralizedState s = run.driver_.state();
                         s.q << z[0], z[1];
                         s.p << z[2], z[3];
                         s.qLow.resize(0);  // a state built from numbers (lgvci/vci/state.hpp)
                         s.pLow.resize(0);
                         run.driver_.setState(s);
                       });
  }

  /// (s, p_t) ↦ a run leaving the wall point Q(s) along v̂ = (p_t/|p|) t̂ + √(1 − (p_t/|p|)²) n̂ (n̂ the
  /// inward normal), started 10⁻³ of the table's mean radius in along v̂ with the speed that gives it this run's
  /// energy: |p|² = 2m(E − m g y) (docs/symplecticity.md "The bounce map").
  std::shared_ptr<const BounceChart> bounceChart() const override {
    auto base = std::make_shared<BilliardSimulation>(*this);
    base->clearImpactLog();
    const BilliardSystem sys = def_->system;
    const double E = energy();
    const BilliardTable& T = sys.table;
    const double P = T.perimeter(), offset = 1e-3 * P / 6.283185307179586;  // 10⁻³ of the table's mean radius
    // |p|² at height y with this run's energy, H = |p|²/2m + m g y.
    const auto momentum2 = [m = sys.mass, g = sys.g, E](double y) { return 2.0 * m * (E - m * g * y); };
    double lowest = 0.0;  // the wall's lowest point, where the speed is largest (g ≥ 0 by the config)
    for (int k = 0; k < 256; ++k) lowest = std::min(lowest, T.wallPoint(P * k / 256.0).y());
    const double maxMomentum = std::sqrt(std::max(0.0, momentum2(lowest)));
    return std::make_shared<BounceChart>(
        P, maxMomentum,
        [base, table = sys.table, momentum2, offset](double s, double pt) -> std::unique_ptr<Simulation> {
          const Vec2 Q = table.wallPoint(s), tan = table.tangent(Q), inward(-tan.y(), tan.x());
          const double speedAtWall2 = momentum2(Q.y());
          if (!(speedAtWall2 > pt * pt)) return nullptr;
          const double u = pt / std::sqrt(speedAtWall2);
          const Vec2 dir = u * tan + std::sqrt(1.0 - u * u) * inward;
          const Vec2 q0 = Q + offset * dir;
          const double speed2 = momentum2(q0.y());
          if (!(speed2 > 0.0)) return nullptr;
          auto run = std::make_unique<BilliardSimulation>(*base);
          GeneralizedState st = run->driver_.state();
          st.q << q0.x(), q0.y();
          st.p << std::sqrt(speed2) * dir.x(), std::sqrt(speed2) * dir.y();
          st.qLow.resize(0);  // a state built from numbers (lgvci/vci/state.hpp)
          st.pLow.resize(0);
          run->driver_.setState(st);
          return run;
        });
  }

  std::string finalStateJson() const override {
    const GeneralizedState& s = driver_.state();
    return nlohmann::json{{"t", s.t}, {"q", {s.q(0), s.q(1)}}, {"p", {s.p(0), s.p(1)}}}.dump();
  }

 protected:
  /// Its canonical chart and bounce map always; its momentum map on a circular table.
  const Extension* findExtension(const std::type_info& type) const override {
    if (type == typeid(MomentumMaps)) return circular() ? offerExtension<MomentumMaps>(this, type) : nullptr;
    if (const Extension* e = offerExtension<PhaseSpaceChart>(this, type)) return e;
    if (const Extension* e = offerExtension<BounceMap>(this, type)) return e;
    if (const Extension* e = offerExtension<TypedFields>(this, type)) return e;
    if constexpr (std::is_same_v<Driver, HybridDriver<BilliardModel>>)
      if (const Extension* e = offerExtension<StepJacobian>(this, type)) return e;
    return Base::findExtension(type);
  }

 public:
  /// h set in a copy of the def (the rest shared as parsed), rebuilt from the config's start over the
  /// same driver; the driver's maker checks it as a config's (checkDriverSettings).
  std::unique_ptr<Simulation> withNumber(const std::string& path, double value) const override {
    if (path != "h") return nullptr;
    auto def = std::make_shared<BilliardDef>(*def_);
    def->h = value;
    return std::make_unique<BilliardSimulation>(def, makeQpDriver<Driver>(*def, makeBilliardDriver, makeNaiveBilliardDriver));
  }

 private:
  friend struct QpRecord<BilliardSimulation>;
  std::shared_ptr<const BilliardDef> def_;  // the validated config (constant, shared by clones)

  // The state record (docs/billiard.md "Records"): the generalized models' fields for q, p ∈ R², then,
  // for the page, the record only and not hashed: the balance kept at E0 (H itself).
  static const RecordSchema<BilliardSimulation>& schema() {
    static const RecordSchema<BilliardSimulation> s = [] {
      RecordSchema<BilliardSimulation> table;
      QpRecord<BilliardSimulation>::addCommonRows(table, 2);
      table.scalar("conserved_energy", FieldUse::RecordUnhashed,
                   [](const BilliardSimulation& b, double* o) { o[0] = b.energies().conserved; });
      return table;
    }();
    return s;
  }
};

// The VCI, or the naive baseline (docs/baselines.md "The naive baseline").
std::unique_ptr<Simulation> makeBilliardSimulation(const ConfigDocument& config) {
  return makeQpSimulation<BilliardSimulation>(std::make_shared<const BilliardDef>(parseBilliardConfig(config)), makeBilliardDriver,
                                              makeNaiveBilliardDriver);
}

}  // namespace

std::vector<FamilyInfo> billiardFamilies() {
  using K = ReversalField::Kind;
  FamilyInfo f;
  f.name = "billiard";
  f.model = "billiard";
  f.summary = "a point particle in a convex table with elastic walls: ellipse or Bunimovich stadium (Fetecau et al., variational collision integrator)";
  f.presets = billiardPresetNames();
  f.presetJson = [](const std::string& name) { return toJson(billiardPreset(name)); };
  f.create = makeBilliardSimulation;
  f.reversal = {{"q", K::Configuration}, {"p", K::Momentum}};
  f.options = {{"--table", "/table/shape", FamilyOption::Kind::Text, "S", "ellipse or stadium (another shape than the case's starts from its default sizes)"},
               {"--a", "/table/a", FamilyOption::Kind::Number, "X", "ellipse: semi-axis along x (default 2)"},
               {"--b", "/table/b", FamilyOption::Kind::Number, "X", "ellipse: semi-axis along y (default 1)"},
               {"--r", "/table/r", FamilyOption::Kind::Number, "X", "stadium: radius of the semicircles (default 1)"},
               {"--l", "/table/l", FamilyOption::Kind::Number, "X", "stadium: half length of the flat walls (default 1)"},
               {"--g", "/g", FamilyOption::Kind::Number, "X", "gravity along -y (default 0)"},
               {"--q0", "/q0", FamilyOption::Kind::Vector, "X,Y", "start position, strictly inside the table", 2},
               {"--v0", "/v0", FamilyOption::Kind::Vector, "VX,VY", "start velocity", 2},
               {"--jump", "/jump", FamilyOption::Kind::Text, "J", "variational (default: the discrete energy balance (75a)) or energy (|p| kept at the wall)"}};
  f.capabilities.reversible = true;
  f.capabilities.energyJump = true;
  f.capabilities.baselines = {"naive"};
  f.capabilities.plots = {"energy", "energy_error", "bounce_map"};
  f.capabilities.throwable = true;  // the ball moved on the table and released: q0, v0 (web/controls.ts)
  f.schema = billiardConfigSchema();
  return {f};
}

}  // namespace lgvci::detail
