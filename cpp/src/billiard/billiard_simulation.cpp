// The billiard behind the Simulation façade: its state record (the generalized models' t, q, p, E, …),
// its impact record (the common fields and the bounce's Birkhoff coordinates s, p_t) and its
// registry entry (docs/billiard.md).
#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

#include "../core/factories.hpp"
#include "lgvci/billiard/billiard_config.hpp"
#include "lgvci/core/family.hpp"
#include "lgvci/core/simulation.hpp"

namespace lgvci::detail {
namespace {

RecordLayout billiardLayout() {
  RecordLayout l;
  l.add("t", 1, true).add("q", 2, true).add("p", 2, true).add("E", 1, true).add("impacts", 1, true);
  l.add("phi", 1, false).add("total_impacts", 1, false).add("steps", 1, false).add("status", 1, false);
  l.add("E0", 1, false).add("max_discrete_energy_mismatch", 1, false);
  return l;
}

// The common impact record, then the bounce map's coordinates (docs/billiard.md "The bounce map").
RecordLayout billiardImpactLayout() {
  RecordLayout l = lgvci::impactLayout();
  l.add("s", 1, true).add("p_t", 1, true);
  return l;
}

class BilliardSimulation final : public Simulation {
 public:
  explicit BilliardSimulation(BilliardDef def) : def_(std::move(def)), driver_(makeBilliardDriver(def_)) {
    energy0_ = energy();
  }

  StepReport step() override {
    const size_t before = driver_.impactLog().size();
    const StepReport r = driver_.step();
    lastImpacts_ = r.impacts;
    const auto& log = driver_.impactLog();
    for (size_t i = before; i < log.size(); ++i) {
      const double scale = std::max(std::abs(energy()), std::abs(energy0_));
      maxMismatch_ = std::max(maxMismatch_, std::abs(log[i].energyMismatch) / (scale > 0.0 ? scale : 1.0));
    }
    return r;
  }
  void reset() override {
    driver_.reset();
    driver_.model().clearBounces();
    lastImpacts_ = 0;
    maxMismatch_ = 0.0;
  }
  std::string model() const override { return "billiard"; }
  std::string integrator() const override { return "vci"; }
  void reverseMomenta() override {
    GenState s = driver_.state();
    s.p = -s.p;
    driver_.setState(s);
  }
  std::string caseName() const override { return def_.caseName; }
  std::string configJson() const override { return toJson(def_); }
  double h() const override { return def_.h; }
  double time() const override { return driver_.state().t; }
  double energy() const override { return driver_.model().hamiltonian(driver_.state()); }
  double initialEnergy() const override { return energy0_; }
  double minPhi() const override { return driver_.model().phi(driver_.state()); }
  long long totalImpacts() const override { return driver_.totalImpacts(); }
  long long steps() const override { return driver_.steps(); }
  long long multiImpactSteps() const override { return driver_.multiImpactSteps(); }
  StepStatus status() const override { return driver_.status(); }
  const std::string& statusMessage() const override { return driver_.statusMessage(); }
  bool halted() const override { return driver_.halted(); }
  long long zenoGuardEvents() const override { return driver_.zenoGuardEvents(); }
  double firstZenoGuardTime() const override { return driver_.firstZenoGuardTime(); }
  long long flowEvaluations() const override { return driver_.flowEvaluations(); }
  const std::vector<ImpactEvent>& impactLog() const override { return driver_.impactLog(); }
  void clearImpactLog() override {
    driver_.clearImpactLog();
    driver_.model().clearBounces();
  }
  double maxDiscreteEnergyMismatch() const override { return maxMismatch_; }
  const RecordLayout& layout() const override { return layout_; }

  const RecordLayout& impactLayout() const override { return impactLayout_; }
  void writeImpactRecord(const ImpactEvent& e, double* out) const override {
    lgvci::writeImpactRecord(e, out);
    const int common = lgvci::impactLayout().size;
    const Bounce* b = driver_.model().bounceAt(e.t);
    out[common] = b ? b->s : std::nan("");
    out[common + 1] = b ? b->pt : std::nan("");
  }

  void writeRecord(double* out) const override {
    const GenState& s = driver_.state();
    double* o = out;
    *o++ = s.t;
    *o++ = s.q(0);
    *o++ = s.q(1);
    *o++ = s.p(0);
    *o++ = s.p(1);
    *o++ = energy();
    *o++ = lastImpacts_;
    *o++ = minPhi();
    *o++ = static_cast<double>(driver_.totalImpacts());
    *o++ = static_cast<double>(driver_.steps());
    *o++ = static_cast<double>(driver_.status());
    *o++ = energy0_;
    *o++ = maxMismatch_;
  }

  std::string finalStateJson() const override {
    const GenState& s = driver_.state();
    return nlohmann::json{{"t", s.t}, {"q", {s.q(0), s.q(1)}}, {"p", {s.p(0), s.p(1)}}}.dump();
  }

 private:
  BilliardDef def_;
  HybridDriver<BilliardModel> driver_;
  RecordLayout layout_ = billiardLayout();
  RecordLayout impactLayout_ = billiardImpactLayout();
  double energy0_ = 0.0;
  double maxMismatch_ = 0.0;
  int lastImpacts_ = 0;
};

std::unique_ptr<Simulation> makeBilliardSimulation(const std::string& json) {
  return std::make_unique<BilliardSimulation>(parseBilliardConfig(json));
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
  f.options = {{"--table", "/table/shape", true, "S", "ellipse or stadium (another shape than the case's starts from its default sizes)"},
               {"--a", "/table/a", false, "X", "ellipse: semi-axis along x (default 2)"},
               {"--b", "/table/b", false, "X", "ellipse: semi-axis along y (default 1)"},
               {"--r", "/table/r", false, "X", "stadium: radius of the semicircles (default 1)"},
               {"--l", "/table/l", false, "X", "stadium: half length of the flat walls (default 1)"},
               {"--g", "/g", false, "X", "gravity along -y (default 0)"}};
  f.capabilities.reversible = true;
  f.capabilities.energyJump = true;
  f.capabilities.plots = {"energy", "energy_error", "bounce_map"};
  return {f};
}

}  // namespace lgvci::detail
