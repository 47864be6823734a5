// The rigid body behind the Simulation façade; its record keeps the CLI's CSV columns (the 23 of the paper's
// quantities, then "dissipated" (docs/rigid-body.md "Restitution"), "contact_points" and "normal_force" (docs/rigid-body.md
// "Persistent contact")).
#include <cmath>
#include <type_traits>

#include <nlohmann/json.hpp>

#include "../core/factories.hpp"
#include "lgvci/core/driver_simulation.hpp"
#include "lgvci/core/family.hpp"
#include "lgvci/core/simulation.hpp"
#include "lgvci/rigid_body/presets.hpp"
#include "lgvci/baselines/rk4_rigid_body.hpp"
#include "lgvci/config.hpp"

namespace lgvci::detail {
namespace {

const RecordLayout& rigidLayout() {
  static const RecordLayout layout = [] {
    RecordLayout l;
    l.add("t", 1, true).add("x", 3, true).add("R", 9, true, true).add("gamma", 3, true).add("Pi", 3, true);
    l.add("E", 1, true).add("TPE", 1, true).add("RE", 1, true).add("impacts", 1, true);
    l.add("spatial_L", 3, false).add("phi", 1, false).add("total_impacts", 1, false).add("steps", 1, false);
    l.add("status", 1, false).add("E0", 1, false);
    // Restitution (docs/rigid-body.md "Restitution"): energy lost at the impacts so far, E + dissipated = E0.
    l.add("dissipated", 1, true).unhashed();
    // Persistent contact (docs/rigid-body.md "Persistent contact"): active contacts (0 in flight) and the normal
    // force they carry, N; bookkeeping beside the state, not hashed.
    l.add("contact_points", 1, true).unhashed();
    l.add("normal_force", 1, true).unhashed();
    return l;
  }();
  return layout;
}

// Integrator: HybridIntegrator (the LGVCI) or Rk4Integrator (the baseline), which share an interface;
// the driver's bookkeeping is DriverSimulation's.
template <class Integrator>
class RigidBodySimulation final : public DriverSimulation<Integrator> {
  using Base = DriverSimulation<Integrator>;
  using Base::driver_;

 public:
  /// `start`: the initial state the run was built from (def's, or a perturbed one); `sim` starts there.
  RigidBodySimulation(std::shared_ptr<const SimulationDef> def, const State& start, Integrator sim)
      : Base(std::move(sim)), def_(std::move(def)), start_(start) {
    energy0_ = driver_.energy().total;
  }

  std::unique_ptr<Simulation> clone() const override { return std::make_unique<RigidBodySimulation>(*this); }
  /// The same body, plane and settings (shared); the integrator rebuilt at the perturbed start, which
  /// its constructor validates as a config's start (Φ ≥ 0, R a rotation).
  std::unique_ptr<Simulation> perturbedStart(PerturbationKind kind, double delta) const override {
    State s0 = start_;
    perturbPose(kind, delta, s0.x, s0.R);
    return std::make_unique<RigidBodySimulation>(def_, s0, Integrator(driver_.system(), driver_.def(), s0));
  }

  std::string model() const override { return "rigid_body"; }
  std::string family() const override { return "rigid_body"; }
  std::string integrator() const override {
    return def_->integrator.family == IntegratorFamily::Rk4 ? "rk4" : "lgvci";
  }
  void reverseMomenta() override { driver_.reverseMomenta(); }
  std::string caseName() const override { return def_->caseName; }
  std::string configJson() const override {
    if (sameStart(start_, def_->initial)) return toJson(*def_);
    SimulationDef d = *def_;  // a perturbed start: the config that replays it
    d.initial = start_;
    return toJson(d);
  }
  double energy() const override { return driver_.energy().total; }
  double initialEnergy() const override { return energy0_; }
  double minPhi() const override { return driver_.phi(); }
  long long contactEntries() const override {
    if constexpr (std::is_same_v<Integrator, HybridIntegrator>) return driver_.contactEntries();
    else return 0;
  }
  long long contactReleases() const override {
    if constexpr (std::is_same_v<Integrator, HybridIntegrator>) return driver_.contactReleases();
    else return 0;
  }
  const RecordLayout& layout() const override { return rigidLayout(); }

  void writeRecord(double* out) const override {
    const State& s = driver_.state();
    const Energy e = driver_.energy();
    const Vec3 L = driver_.spatialAngularMomentum();
    double* o = out;
    *o++ = s.t;
    for (int i = 0; i < 3; ++i) *o++ = s.x(i);
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c) *o++ = s.R(r, c);
    for (int i = 0; i < 3; ++i) *o++ = s.gamma(i);
    for (int i = 0; i < 3; ++i) *o++ = s.Pi(i);
    *o++ = e.total;
    *o++ = e.translationalPotential;
    *o++ = e.rotational;
    *o++ = this->lastImpacts();
    for (int i = 0; i < 3; ++i) *o++ = L(i);
    *o++ = driver_.phi();
    *o++ = static_cast<double>(driver_.totalImpacts());
    *o++ = static_cast<double>(driver_.steps());
    *o++ = static_cast<double>(driver_.status());
    *o++ = energy0_;
    *o++ = driver_.dissipated();
    *o++ = static_cast<double>(s.contact.count);
    *o++ = s.normalForce;
  }

  std::string finalStateJson() const override {
    const State& s = driver_.state();
    auto vec = [](const Vec3& v) { return nlohmann::json{v.x(), v.y(), v.z()}; };
    nlohmann::json R = nlohmann::json::array();
    for (int r = 0; r < 3; ++r) R.push_back({s.R(r, 0), s.R(r, 1), s.R(r, 2)});
    return nlohmann::json{{"t", s.t}, {"x", vec(s.x)}, {"R", R}, {"gamma", vec(s.gamma)}, {"Pi", vec(s.Pi)}}.dump();
  }

 private:
  static bool sameStart(const State& a, const State& b) {
    return a.t == b.t && a.x == b.x && a.R == b.R && a.gamma == b.gamma && a.Pi == b.Pi;
  }

  std::shared_ptr<const SimulationDef> def_;  // the validated config: body, mass, plane, settings (constant, shared)
  State start_;                                // this run's initial state
  double energy0_ = 0.0;
};

std::unique_ptr<Simulation> makeRigidBodySimulation(const std::string& json) {
  auto def = std::make_shared<const SimulationDef>(parseConfig(json));
  if (def->integrator.family == IntegratorFamily::Rk4) {
    Rk4Integrator sim = makeRk4Integrator(*def);
    return std::make_unique<RigidBodySimulation<Rk4Integrator>>(def, def->initial, std::move(sim));
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
  f.presetJson = [](const std::string& name) { return toJson(rigidPreset(name)); };
  f.create = makeRigidBodySimulation;
  f.reversal = {{"x", K::Configuration}, {"R", K::Rotation}, {"gamma", K::Momentum}, {"Pi", K::Momentum}};
  Capabilities& c = f.capabilities;
  c.reversible = true;
  c.contactPhase = true;
  c.dissipation = true;
  c.shapes = true;
  c.twins = true;
  c.ensemble = true;
  c.baselines = {"rk4"};
  c.plots = {"energy", "energy_error", "height", "divergence"};
  return {f};
}

}  // namespace lgvci::detail
