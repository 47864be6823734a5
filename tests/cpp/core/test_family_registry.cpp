// The family registry (lgvci/core/family.hpp): a toy family — the exact bouncing ball of the driver
// tests — registered from this file alone runs through createSimulation, presetJson, the façade
// and the reverse check without any core file naming it; and the built-in families' declared
// capabilities agree with what their simulations do.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "ball_family.hpp"
#include "lgvci/core/driver_simulation.hpp"
#include "lgvci/core/ensemble.hpp"
#include "lgvci/core/family.hpp"
#include "lgvci/core/hybrid_driver_impl.hpp"
#include "lgvci/core/simulation.hpp"
#include "lgvci/core/types.hpp"

namespace test_family_registry {

using namespace lgvci;

namespace {

// Registered for the test's scope only: the rest of the suite sees the built-in registry.
struct ToyRegistration {
  ToyRegistration() { registerFamily(toyFamily()); }
  ~ToyRegistration() { unregisterFamily("toy_ball"); }
};

}  // namespace

TEST_CASE("registry: a toy family registered from a test runs through createSimulation and the façade", "[core][registry]") {
  ToyRegistration toy;
  REQUIRE(presetNames().back() == "toy_drop");
  SimulationResult r = createSimulation(presetJson("toy_drop"));
  REQUIRE(r.ok());
  Simulation& sim = *r.simulation;
  CHECK(sim.info().family == "toy_ball");
  CHECK(sim.info().caseName == "toy_drop");
  CHECK(sim.capabilities().reversible);
  CHECK(sim.capabilities().plots == std::vector<std::string>{"energy", "height"});

  // Impacts at t_k = (2k + 1)√(2 y0 / g), energy g y0 throughout.
  const double half = std::sqrt(2.0 / kG);
  std::vector<double> times;
  for (int k = 0; k < 1000; ++k) {
    REQUIRE(sim.step().status == StepStatus::Ok);
    for (const ImpactEvent& e : sim.impactLog()) times.push_back(e.t);
    sim.clearImpactLog();
    REQUIRE(std::abs(sim.energies().energy - kG) < 1e-12);
  }
  REQUIRE(times.size() == static_cast<size_t>(std::floor((10.0 / half + 1.0) / 2.0)));
  for (size_t k = 0; k < times.size(); ++k) CHECK(std::abs(times[k] - (2.0 * k + 1.0) * half) < 1e-12);
  CHECK(sim.stateHashHex().size() == 16);

  // Its one-line clone() copies the run (DriverSimulation's counters included) and continues alike.
  const std::unique_ptr<Simulation> copy = sim.clone();
  CHECK(copy->runStatus().impacts == sim.runStatus().impacts);
  for (int k = 0; k < 300; ++k) {
    sim.step();
    copy->step();
  }
  CHECK(copy->stateHash() == sim.stateHash());
  CHECK(copy->runStatus().steps == 1300);
  // Its perturbations come from its reversal fields alone: shifts of y and v; a start moved by δ in y
  // falls from y0 + δ (energy g (y0 + δ)), at the start (no steps), sharing the system.
  const std::vector<Perturbation> dirs = sim.perturbations();
  REQUIRE(dirs.size() == 2);
  CHECK(dirs[0].name == "y");
  CHECK(dirs[1].name == "v");
  const std::unique_ptr<Simulation> higher = sim.perturbedStart("y", 0.25);
  CHECK(higher->runStatus().steps == 0);
  CHECK(higher->runStatus().time == 0.0);
  CHECK(higher->energies().initial == Approx(kG * 1.25).epsilon(1e-15));
  CHECK_THROWS_WITH(sim.perturbedStart("position", 0.1), "kind: must be one of y, v (got 'position')");
  // setState: a run from a state is the run a config with that start gives, bit for bit (closed form:
  // the same record after the same steps), and a refused state leaves the run as it was.
  std::vector<double> rec = sim.record();
  std::unique_ptr<Simulation> restarted = sim.clone();
  restarted->setState(rec);
  CHECK(restarted->runStatus().steps == 0);
  CHECK(restarted->runStatus().impacts == 0);
  SimulationResult same = createSimulation(restarted->configJson());
  REQUIRE(same.ok());
  for (int k = 0; k < 500; ++k) {
    restarted->step();
    same.simulation->step();
  }
  CHECK(restarted->record() == same.simulation->record());
  std::vector<double> below = rec;
  below[1] = -0.5;
  const std::uint64_t before = sim.stateHash();
  CHECK_THROWS_WITH(sim.setState(below), "y: must be in [0, 100]");
  CHECK_THROWS_WITH(sim.setState(std::vector<double>(3, 0.0)), "record: must have 5 numbers (this run's layout), got 3");
  CHECK(sim.stateHash() == before);

  // A config by "model" reaches the same factory; its errors are values, as for every family.
  SimulationResult byModel = createSimulation(R"({"model": "toy_ball", "y0": 2})");
  REQUIRE(byModel.ok());
  CHECK(byModel.simulation->info().caseName.empty());
  SimulationResult bad = createSimulation(R"({"model": "toy_ball", "y0": -1})");
  CHECK_FALSE(bad.ok());
  CHECK(bad.error.message == "y0: must be in [0, 100]");
  SimulationResult wrongCase = createSimulation(R"({"model": "toy_ball", "case": "IV"})");
  CHECK_FALSE(wrongCase.ok());
  CHECK(wrongCase.error.field == "case");

  // Unknown names list the toy's preset and model beside the built-in ones.
  SimulationResult unknown = createSimulation(R"({"case": "nope"})");
  CHECK(unknown.error.message.find(", toy_drop (got 'nope')") != std::string::npos);
  SimulationResult unknownModel = createSimulation(R"({"model": "nope"})");
  CHECK(unknownModel.error.message.find("or \"toy_ball\"") != std::string::npos);

  // Time reversal by the family's declared fields: the exact flow returns to round-off.
  SimulationResult again = createSimulation(presetJson("toy_drop"));
  const ReverseCheck rc = runReverseCheck(*again.simulation, 100);
  REQUIRE(rc.distances.size() == 2);
  CHECK(rc.distances[0].name == "y");
  CHECK(rc.distances[1].name == "v");
  CHECK(rc.distances[0].value < 1e-12);
  CHECK(rc.distances[1].value < 1e-12);
  CHECK(rc.impactsForward == rc.impactsBack);
}

TEST_CASE("registry: a repeated name or preset is refused, an unregistered toy is gone", "[core][registry]") {
  {
    ToyRegistration toy;
    CHECK_THROWS_AS(registerFamily(toyFamily()), std::invalid_argument);
    FamilyInfo clash = toyFamily();
    clash.name = "toy_ball_2";
    CHECK_THROWS_AS(registerFamily(clash), std::invalid_argument);  // preset toy_drop is taken
    FamilyInfo noFactory = toyFamily();
    noFactory.name = "toy_ball_3";
    noFactory.presets.clear();
    noFactory.create = nullptr;
    CHECK_THROWS_AS(registerFamily(noFactory), std::invalid_argument);
  }
  CHECK(findFamily("toy_ball") == nullptr);
  CHECK_FALSE(createSimulation(R"({"case": "toy_drop"})").ok());
}

TEST_CASE("registry: every built-in preset builds a simulation of its own family", "[core][registry]") {
  std::vector<std::string> listed;
  for (const FamilyInfo& f : families()) {
    for (const std::string& p : f.presets) {
      listed.push_back(p);
      SimulationResult r = createSimulation(f.presetJson(p));
      INFO(p);
      REQUIRE(r.ok());
      CHECK(r.simulation->info().family == f.name);
      CHECK(r.simulation->info().model == f.model);
      CHECK(r.simulation->info().caseName == p);
      CHECK(familyOfPreset(p) == &f);
      // The reversal fields are record fields, and the layout offers what the capabilities declare.
      const RecordLayout& l = r.simulation->layout();
      for (const ReversalField& rf : f.reversal) CHECK_NOTHROW(l.field(rf.field));
      auto has = [&](const char* name) {
        for (const RecordField& field : l.fields)
          if (field.name == name) return true;
        return false;
      };
      CHECK(has("contact_points") == f.capabilities.contactPhase);
      CHECK(has("normal_force") == f.capabilities.contactPhase);
      CHECK(has("dissipated") == f.capabilities.dissipation);
      CHECK(has("rest_truncations") == f.capabilities.restTruncation);  // the presets use a truncating policy
    }
  }
  CHECK(listed == presetNames());
  CHECK(presetNames().size() == 12);
}

TEST_CASE("registry: a family declared reversible returns from a 100-step reverse check of its first preset", "[core][registry]") {
  for (const FamilyInfo& f : families()) {
    if (!f.capabilities.reversible || f.presets.empty()) continue;
    INFO(f.name);
    SimulationResult r = createSimulation(f.presetJson(f.presets.front()));
    REQUIRE(r.ok());
    const ReverseCheck rc = runReverseCheck(*r.simulation, 100);
    REQUIRE(rc.status == StepStatus::Ok);
    REQUIRE(rc.distances.size() == f.reversal.size());
    for (const ReturnDistance& d : rc.distances) {
      INFO(d.name);
      CHECK(d.value < 1e-9);
    }
  }
}

TEST_CASE("registry: every family has ensembles, the baselines take exactly the families that declare them", "[core][registry]") {
  for (const FamilyInfo& f : families()) {
    if (f.presets.empty()) continue;
    INFO(f.name);
    EnsembleSpec spec;
    spec.config = f.presetJson(f.presets.front());
    spec.steps = 10;
    spec.samples = 2;
    spec.members = 2;
    CHECK_NOTHROW(Ensemble(spec));
    for (const char* baseline : {"rk4", "naive"}) {
      nlohmann::json j = nlohmann::json::parse(f.presetJson(f.presets.front()));
      j["integrator"] = baseline;
      SimulationResult run = createSimulation(j.dump());
      const auto& declared = f.capabilities.baselines;
      const bool listed = std::find(declared.begin(), declared.end(), baseline) != declared.end();
      INFO(baseline);
      CHECK(run.ok() == listed);
      if (listed) CHECK(run.simulation->info().integrator == baseline);
      else CHECK(run.error.field == "integrator");
    }
  }
}

}  // namespace test_family_registry
