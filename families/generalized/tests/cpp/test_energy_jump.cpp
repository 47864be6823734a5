// The config's "jump" in generalized coordinates (docs/generalized.md "The energy jump"): "variational" (the
// default) is Fetecau et al.'s (75a); "energy" keeps H at q̃ instead — for the particle and the star, whose
// flight (Verlet under linear gravity) is exact, H is then constant to round-off and what the jump leaves
// of (75a) is the closed form −m g²(s₂² − s₁²)/8 of the sub-steps around the impact. A chain's choice is its
// chain_energy; the simultaneous impulse has no variational form. (The billiard's: test_billiard_jump.cpp.)
#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "lgvci/core/extensions.hpp"
#include "lgvci/generalized/generalized.hpp"
#include "lgvci/lgvci.hpp"
#include "make_simulation.hpp"

namespace test_energy_jump {

using namespace lgvci;
using lgvci_test::makeSimulation;

namespace {
double hamiltonian(const GeneralizedModel& m, const GeneralizedState& s) { return m.hamiltonian(s); }
}  // namespace

TEST_CASE("energy jump: the particle keeps H to round-off, (75a) is off by −m g²(s₂² − s₁²)/8 at each impact", "[generalized][jump]") {
  const GeneralizedDef def = parseGeneralizedConfig(R"({"case": "particle", "jump": "energy"})");
  CHECK(def.system.keepHamiltonian);
  HybridDriver<GeneralizedModel> d = makeGeneralizedDriver(def);
  const double g = 9.81, m = 1.0;
  const double H0 = hamiltonian(d.model(), d.state());
  int impacts = 0;
  for (int k = 0; k < 3000; ++k) {
    const double t0 = d.state().t;
    REQUIRE(d.step().status == StepStatus::Ok);
    CHECK(std::abs(hamiltonian(d.model(), d.state()) - H0) <= 1e-13 * H0);
    for (const ImpactEvent& e : d.impactLog()) {
      const double s1 = e.t - t0, s2 = d.state().t - e.t;
      CHECK(e.energyMismatch == Approx(-m * g * g * (s2 * s2 - s1 * s1) / 8.0).margin(1e-13));
      ++impacts;
    }
    d.clearImpactLog();
  }
  CHECK(impacts >= 30);
  // The default is (75a): its mismatch is round-off and H moves by m g² h²(1 − 2α)/8 per impact.
  auto variational = makeSimulation(R"({"case": "particle"})");
  for (int k = 0; k < 3000; ++k) variational->step();
  CHECK(variational->extension<EnergyBalance>()->maxDiscreteEnergyMismatch() <= 1e-15);
  CHECK(std::abs(variational->energies().energy - H0) > 1e-6);
}

TEST_CASE("energy jump: the star keeps H to round-off through tip impacts and edge chains", "[generalized][jump]") {
  auto sim = makeSimulation(R"({"case": "star", "jump": "energy"})");
  const double H0 = sim->energies().initial;
  double worst = 0.0, mismatch = 0.0;
  while (sim->runStatus().impacts < 300) {
    sim->step();
    REQUIRE_FALSE(sim->runStatus().halted);
    worst = std::max(worst, std::abs(sim->energies().energy - H0) / H0);
  }
  mismatch = sim->extension<EnergyBalance>()->maxDiscreteEnergyMismatch();
  // Round-off only: it grows with the steps (8.8e-13 after these 61 087, 4.3e-12 after 3·10⁵), where
  // (75a)'s jump moves H by 6.5e-5 over the same run.
  INFO("max |H - H0|/H0 " << worst << ", max (75a) mismatch " << mismatch);
  CHECK(worst <= 1e-11);
  CHECK(mismatch > 1e-6);  // what keeping H leaves of (75a)
  CHECK(sim->configJson().find(R"("jump":"energy")") != std::string::npos);
}

TEST_CASE("energy jump: a chain's choice is its chain_energy, the simultaneous impulse has no variational form", "[generalized][jump][cradle]") {
  auto run = [](const std::string& json) {
    auto sim = makeSimulation(json);
    for (int k = 0; k < 3000; ++k) sim->step();
    return sim->stateHashHex();
  };
  // The cradle's default chain keeps H at every link: its energy jump.
  CHECK(run(R"({"case": "cradle", "jump": "energy"})") == run(R"({"case": "cradle"})"));
  CHECK(run(R"({"case": "cradle", "jump": "variational"})") == run(R"({"case": "cradle", "chain_energy": "discrete"})"));
  CHECK(run(R"({"case": "cradle", "jump": "variational"})") != run(R"({"case": "cradle"})"));
  SimulationResult both = createSimulation(R"({"case": "cradle", "jump": "variational", "chain_energy": "continuous"})");
  REQUIRE_FALSE(both.ok());
  CHECK(both.error.message.rfind("jump: contradicts chain_energy", 0) == 0);
  SimulationResult simultaneous = createSimulation(R"({"case": "cradle", "cradle": {"policy": "simultaneous"}, "jump": "variational"})");
  REQUIRE_FALSE(simultaneous.ok());
  CHECK(simultaneous.error.message.find("simultaneous impulse") != std::string::npos);
  CHECK(createSimulation(R"({"case": "cradle", "cradle": {"policy": "simultaneous"}, "jump": "energy"})").ok());
}

}  // namespace test_energy_jump
