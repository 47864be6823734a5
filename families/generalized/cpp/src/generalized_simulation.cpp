// A generalized-coordinates system behind the Simulation façade: record t, q, p, H, impacts, …
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <type_traits>

#include <nlohmann/json.hpp>

#include "lgvci/generalized/naive_generalized.hpp"
#include "lgvci/core/driver_simulation.hpp"
#include "lgvci/core/family.hpp"
#include "lgvci/core/record_schema.hpp"
#include "lgvci/core/simulation.hpp"
#include "lgvci/generalized/generalized_config.hpp"
#include "generalized_jacobian.hpp"
#include "lgvci/vci/qp_chart.hpp"
#include "lgvci/vci/qp_facade.hpp"

namespace lgvci::detail {
namespace {

// The impact record (docs/generalized.md; docs/architecture.md "Records"): the common t, lambda, point,
// then the constraints approaching together and the index of the one that fired (ImpactEvent::extra,
// named in lgvci/generalized/impact.hpp) and the jump's discrete-energy mismatch (75a).
const RecordSchema<ImpactEvent>& generalizedImpactSchema() {
  using E = const ImpactEvent&;
  constexpr FieldUse csv = FieldUse::Csv;
  static const RecordSchema<ImpactEvent> schema =
      RecordSchema<ImpactEvent>(impactSchema())
          .scalar("contacts", csv, [](E e, double* o) { o[0] = generalized_impact::contacts(e); })
          .scalar("constraint", csv, [](E e, double* o) { o[0] = generalized_impact::constraint(e); })
          .scalar("energy_mismatch", csv, [](E e, double* o) { o[0] = e.energyMismatch; });
  return schema;
}

// The momentum maps of a generalized system (docs/momentum-maps.md): with M constant, L = ½q̇ᵀMq̇ − V(q) is
// invariant under q_i → q_i + c when V does not depend on q_i, so p_i = (Mq̇)_i is conserved (Noether);
// when no constraint depends on q_i either, ∇φ_k has no i-th entry and the impulse λ∇φ_k leaves p_i
// alone. The Verlet step (73) and the jump (76) keep p_i exactly. Detected from the model's potential and
// constraints: the star's and the particle's p_1 (their x), none for the cradle (every angle is in V).
std::vector<int> cyclicCoordinates(const GeneralizedSystem& sys, int n) {
  std::vector<bool> used(static_cast<std::size_t>(n), false);
  const auto use = [&](int i) { if (i >= 0 && i < n) used[static_cast<std::size_t>(i)] = true; };
  if (sys.V.g != 0.0) {
    if (sys.V.kind == Potential::Kind::Pendulums) for (int i = 0; i < n; ++i) use(i);
    else use(sys.V.axis);
  }
  for (const Constraint& c : sys.constraints) switch (c.kind) {
      case Constraint::Kind::Linear:
        for (int i = 0; i < n && i < c.normal.size(); ++i) if (c.normal(i) != 0.0) use(i);
        break;
      case Constraint::Kind::PlanarPoint: use(1); use(2); break;  // φ = y + a sin θ + b cos θ
      case Constraint::Kind::BallPair: use(c.ball); use(c.ball + 1); break;
    }
  std::vector<int> cyclic;
  for (int i = 0; i < n; ++i) if (!used[static_cast<std::size_t>(i)]) cyclic.push_back(i);
  return cyclic;
}

struct GeneralizedSymmetry {
  std::vector<int> cyclic;
  MomentumMapLayout layout;
  GeneralizedSymmetry(const GeneralizedSystem& sys, int n) : cyclic(cyclicCoordinates(sys, n)) {
    for (int i : cyclic)  // named as the CSV's column of p_i (1-based)
      layout.fields.push_back({"p" + std::to_string(i + 1), "momentum of the cyclic coordinate q" + std::to_string(i + 1) +
                                                                " (neither V nor a constraint depends on it)"});
  }
};

// Driver: HybridDriver<GeneralizedModel> (Fetecau et al.'s VCI) or NaiveDriver<NaiveGeneralizedModel>
// (the naive baseline, docs/baselines.md "The naive baseline"), whose models share φ, H and the statistics.
template <class Driver>
class GeneralizedSimulation final : public DriverSimulation<Driver>, public MomentumMaps, public PhaseSpaceChart, public TypedFields,
                                 public StepJacobian {
  using Base = DriverSimulation<Driver>;
  using Base::driver_;
  using Base::energy0_;
  using Base::state;

 public:
  GeneralizedSimulation(std::shared_ptr<const GeneralizedDef> def, Driver driver)
      : Base(std::move(driver)), def_(std::move(def)),
        schema_(makeSchema(static_cast<int>(def_->q0.size()), def_->system.policy != ImpactPolicy::Sequential)),
        symmetry_(std::make_shared<const GeneralizedSymmetry>(def_->system, static_cast<int>(def_->q0.size()))) {
    energy0_ = energy();
    std::vector<std::string> names = coordinateNames();
    const std::size_t n = names.size();
    for (std::size_t i = 0; i < n; ++i) names.push_back("p_" + names[i]);
    chartNames_ = std::make_shared<const std::vector<std::string>>(std::move(names));
  }

  std::unique_ptr<Simulation> clone() const override { return std::make_unique<GeneralizedSimulation>(*this); }

  void reset() override {
    Base::reset();
    driver_.model().resetStatistics();
  }
  std::string model() const override { return "generalized"; }
  /// The cradle is a case of this model with capabilities of its own (lgvci/core/family.hpp).
  std::string family() const override { return def_->cradle ? "cradle" : "generalized"; }
  std::string integrator() const override { return def_->naive ? "naive" : "vci"; }
  void reverseMomenta() override { this->negateMomenta(); }  // time reversal: p → −p at the current q
  std::string caseName() const override { return def_->caseName; }
  std::string configJson() const override { return toJson(*def_); }
  double energy() const override { return driver_.model().hamiltonian(driver_.state()); }
  double minPhi() const override { return driver_.model().phi(driver_.state()); }
  const RecordLayout& layout() const override { return schema_->layout(); }
  void writeRecord(double* out) const override { schema_->write(*this, out); }
  const RecordSchema<ImpactEvent>& impactSchema() const override { return generalizedImpactSchema(); }
  const MomentumMapLayout& momentumMapLayout() const override { return symmetry_->layout; }
  void writeMomentumMaps(double* out) const override {
    for (std::size_t k = 0; k < symmetry_->cyclic.size(); ++k) out[k] = driver_.state().p(symmetry_->cyclic[k]);
  }

  /// The restart at the record's t, q, p: a copy of the config with that start, validated as a config's
  /// (φ_k(q) ≥ 0, a finite energy); its names q0, p0, t0 in a refusal become the record's q, p, t.
  void setState(const double* record, std::size_t size) override {
    const RecordLayout& L = layout();
    requireRecordSize(L, size);
    auto def = std::make_shared<GeneralizedDef>(*def_);
    const long n = def->q0.size();
    def->t0 = record[L.field("t").offset];
    for (long i = 0; i < n; ++i) {
      def->q0(i) = record[L.field("q").offset + i];
      def->p0(i) = record[L.field("p").offset + i];
    }
    try {
      *this = GeneralizedSimulation(def, makeQpDriver<Driver>(*def, makeGeneralizedDriver, makeNaiveGeneralizedDriver));
    } catch (const InvalidInput& e) {
      throw asRecordField(e, {{"q0", "q"}, {"p0", "p"}, {"t0", "t"}});
    }
  }

  /// The coordinates' names (the chart's and the perturbations'): θ_i for the cradle, (x, y) for the
  /// particle, (x, y, θ) for the star, q_i otherwise.
  std::vector<std::string> coordinateNames() const {
    const int n = static_cast<int>(driver_.state().q.size());
    if (def_->caseName == "particle" && n == 2 && !def_->cradle) return {"x", "y"};
    if (def_->caseName == "star" && n == 3 && !def_->cradle) return {"x", "y", "theta"};
    std::vector<std::string> names;
    for (int i = 1; i <= n; ++i) names.push_back((def_->cradle ? "theta" : "q") + std::to_string(i));
    return names;
  }
  /// The chart's slice pair: the vertical coordinate of a linear potential (the particle's and the
  /// star's y), the first ball's θ_1 for the cradle.
  int slicePair() const {
    const int n = static_cast<int>(driver_.state().q.size());
    if (def_->cradle || def_->system.V.kind == Potential::Kind::Pendulums) return 0;
    return std::min(def_->system.V.axis, n - 1);
  }
  /// Shifts of each coordinate, the slice's first (the default of ensembles and twins: the height of
  /// the particle and the star, whose x is a symmetry, and the pulled ball's angle of the cradle), then
  /// of each momentum, named p_<coordinate> (docs/ensembles.md "Perturbations").
  std::vector<Perturbation> perturbations() const override {
    const std::vector<std::string> names = coordinateNames();
    const int n = static_cast<int>(names.size()), first = slicePair();
    std::vector<Perturbation> out;
    for (const char* field : {"q", "p"})
      for (int k = 0; k < n; ++k) {
        const int i = k == 0 ? first : k <= first ? k - 1 : k;  // the slice first, then the others in order
        const std::string name = field[0] == 'q' ? names[i] : "p_" + names[i];
        out.push_back({name, std::string(field[0] == 'q' ? "shift the coordinate " : "shift the momentum ") + name, field, i,
                       Perturbation::Op::Shift});
      }
    return out;
  }

  /// z = (q, p) (docs/symplecticity.md "The charts"). The 2-D slice: the vertical coordinate of a
  /// linear potential and its momentum, (y, p_y) for the particle and the star; the first ball's
  /// (θ_1, p_1) for the cradle.
  std::shared_ptr<const CanonicalChart> canonicalChart() const override {
    const int n = static_cast<int>(driver_.state().q.size());
    const std::vector<std::string> names = coordinateNames();
    const int slice = slicePair();
    return makeQpChart(std::make_shared<GeneralizedSimulation>(*this), names, slice,
                       [n](GeneralizedSimulation& run, const std::vector<double>& z) {
                         GeneralizedState s = run.driver_.state();
                         for (int i = 0; i < n; ++i) {
                           s.q(i) = z[static_cast<std::size_t>(i)];
                           s.p(i) = z[static_cast<std::size_t>(n + i)];
                         }
                         s.qLow.resize(0);  // a state built from numbers (lgvci/vci/state.hpp)
                         s.pLow.resize(0);
                         run.driver_.setState(s);
                       });
  }

  /// The chart's names (canonicalChart()): the coordinates, then p_ and each.
  const std::vector<std::string>& jacobianCoordinates() const override { return *chartNames_; }
  /// The step, then its exact Jacobian from the path it took (generalized_jacobian.hpp; the VCI's only:
  /// the extension is not offered for the naive baseline).
  StepReport stepWithJacobian(double* jacobian) override {
    if constexpr (std::is_same_v<Driver, HybridDriver<GeneralizedModel>>) {
      GeneralizedState start;  // its t, q and p (the flight's residuals play no part in the derivative)
      start.t = driver_.state().t;
      start.q = driver_.state().q;
      start.p = driver_.state().p;
      const std::size_t first = driver_.impactLog().size();
      const long long truncations = driver_.model().restTruncations();
      const long long flows = driver_.flowEvaluations();
      const StepReport r = this->step();
      if (driver_.halted())
        throw std::domain_error("jacobian: the step from t = " + std::to_string(start.t) + " halted: " + driver_.statusMessage());
      generalizedStepJacobian(driver_.model(), start, driver_.state(), driver_.settings().h, driver_.impactLog(), first,
                              driver_.model().restTruncations() != truncations, driver_.flowEvaluations() - flows, jacobian);
      return r;
    } else {
      (void)jacobian;
      throw std::domain_error("jacobian: the naive baseline has no exact step Jacobian");
    }
  }

  std::string finalStateJson() const override {
    const GeneralizedState& s = driver_.state();
    nlohmann::json q = nlohmann::json::array(), p = nlohmann::json::array();
    for (long i = 0; i < s.q.size(); ++i) {
      q.push_back(s.q(i));
      p.push_back(s.p(i));
    }
    return nlohmann::json{{"t", s.t}, {"q", q}, {"p", p}}.dump();
  }

 protected:
  /// Its canonical chart always; its momentum maps when a coordinate is cyclic.
  const Extension* findExtension(const std::type_info& type) const override {
    if (type == typeid(MomentumMaps)) return symmetry_->cyclic.empty() ? nullptr : offerExtension<MomentumMaps>(this, type);
    if (const Extension* e = offerExtension<PhaseSpaceChart>(this, type)) return e;
    if (const Extension* e = offerExtension<TypedFields>(this, type)) return e;
    if constexpr (std::is_same_v<Driver, HybridDriver<GeneralizedModel>>)
      if (const Extension* e = offerExtension<StepJacobian>(this, type)) return e;
    return Base::findExtension(type);
  }

 public:
  /// h set in a copy of the def (the rest shared as parsed), rebuilt from the config's start over the
  /// same driver; the driver's maker checks it as a config's (checkDriverSettings).
  std::unique_ptr<Simulation> withNumber(const std::string& path, double value) const override {
    if (path != "h") return nullptr;
    auto def = std::make_shared<GeneralizedDef>(*def_);
    def->integrator.h = value;
    return std::make_unique<GeneralizedSimulation>(def, makeQpDriver<Driver>(*def, makeGeneralizedDriver, makeNaiveGeneralizedDriver));
  }

 private:
  friend struct QpRecord<GeneralizedSimulation>;
  std::shared_ptr<const GeneralizedDef> def_;    // the validated config (constant, shared by clones)
  std::shared_ptr<const RecordSchema<GeneralizedSimulation>> schema_;
  std::shared_ptr<const GeneralizedSymmetry> symmetry_;  // its momentum maps (constant, shared by clones)
  std::shared_ptr<const std::vector<std::string>> chartNames_;  // the chart's 2n names (constant, shared by clones)

  // The state record for n coordinates: t, q, p, H, the step's impacts (the CSV), then what the page reads.
  static std::shared_ptr<const RecordSchema<GeneralizedSimulation>> makeSchema(int n, bool truncation) {
    using G = const GeneralizedSimulation&;
    constexpr FieldUse rec = FieldUse::Record;
    auto table = std::make_shared<RecordSchema<GeneralizedSimulation>>();
    QpRecord<GeneralizedSimulation>::addCommonRows(*table, n);
    // Models with a simultaneous-impact policy (the cradle): what the rest truncation did so far.
    if (truncation)
      table->scalar("rest_truncations", rec, [](G g, double* o) { o[0] = static_cast<double>(g.driver_.model().restTruncations()); })
          .scalar("truncated_momentum", rec, [](G g, double* o) { o[0] = g.driver_.model().truncatedMomentum(); });
    // For the page, the record only and not hashed: the velocities q̇ = M⁻¹p and the balance kept at E0
    // (Simulation::conservedEnergy: H itself, the jumps dissipate nothing).
    table->field("qdot", n, FieldUse::RecordUnhashed, [](G g, double* o) {
             const VecX v = g.driver_.model().inverseMass() * g.state().p;
             for (long i = 0; i < v.size(); ++i) o[i] = v(i);
           })
        .scalar("conserved_energy", FieldUse::RecordUnhashed, [](G g, double* o) { o[0] = g.energies().conserved; });
    return table;
  }
};

// The VCI, or the naive baseline (docs/baselines.md "The naive baseline").
std::unique_ptr<Simulation> makeGeneralizedSimulation(const ConfigDocument& config) {
  return makeQpSimulation<GeneralizedSimulation>(std::make_shared<const GeneralizedDef>(parseGeneralizedConfig(config)),
                                                 makeGeneralizedDriver, makeNaiveGeneralizedDriver);
}

}  // namespace

std::vector<FamilyInfo> generalizedFamilies() {
  using K = ReversalField::Kind;
  FamilyInfo g;
  g.name = "generalized";
  g.model = "generalized";
  g.summary = "a system in generalized coordinates (Fetecau et al., variational collision integrator)";
  g.presets = {"particle", "star"};
  g.presetJson = [](const std::string& name) { return toJson(generalizedPreset(name)); };
  g.create = makeGeneralizedSimulation;
  g.reversal = {{"q", K::Configuration}, {"p", K::Momentum}};
  using O = FamilyOption::Kind;
  g.options = {{"--q0", "/q0", O::Vector, "A,B,...", "initial generalized coordinates q0"},
               {"--qdot0", "/qdot0", O::Vector, "A,B,...", "initial generalized velocities, p0 = M qdot0"},
               {"--jump", "/jump", O::Text, "J",
                "variational ((75a); a chain: chain_energy discrete) or energy (H kept at the impact; the cradle's default)"}};
  g.capabilities.reversible = true;
  g.capabilities.energyJump = true;
  g.capabilities.baselines = {"naive"};
  g.capabilities.plots = {"energy", "energy_error", "height"};
  g.capabilities.throwable = true;  // the planar body moved in its plane and released: q0, qdot0 (web/generalized/controls.ts)
  g.schema = generalizedConfigSchema();  // the cradle, a case of this model, shares it

  // The cradle is a case of the generalized model with simultaneous impacts (Seghete & Murphey).
  FamilyInfo c = g;
  c.name = "cradle";
  c.summary = "Newton's cradle: n pendulums, q_i = theta_i, p_i = m l^2 theta_i' (Seghete & Murphey)";
  c.presets = {"cradle"};
  c.options.insert(c.options.end(), {{"--balls", "/cradle/balls", FamilyOption::Kind::Number, "N", "number of balls, 2..7 (default 3)"},
               {"--pulled", "/cradle/pulled", FamilyOption::Kind::Number, "K", "balls 1..K start pulled back (default 1)"},
               {"--angle", "/cradle/angle", FamilyOption::Kind::Number, "X", "their angle in radians, in [-pi/2, 0) (default -0.2)"},
               {"--gap", "/cradle/gap", FamilyOption::Kind::Number, "X", "extra spacing between neighbouring balls, in [0, r] (default 0)"},
               {"--policy", "/cradle/policy", FamilyOption::Kind::Text, "P", "chain (Seghete & Murphey, default) or simultaneous (engines' impulse)"}});
  c.capabilities.restTruncation = true;
  c.capabilities.plots = {"energy", "energy_error", "angle", "velocities"};
  c.capabilities.throwable = false;  // its balls swing on their pivots: no free planar body to move (yet)
  return {g, c};
}

}  // namespace lgvci::detail
