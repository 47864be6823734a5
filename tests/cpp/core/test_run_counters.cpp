// The façade's family-declared run counters (Simulation::counterLayout(), writeCounters(), counter())
// and its energy balance conservedEnergy() (docs/architecture.md "Records"): what each family
// declares agrees with its capabilities, the values are the family's own integrator's, and the
// balance is the energy plus the state record's "dissipated" ledger.
#include <catch2/catch.hpp>
#include <cmath>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "lgvci/core/extensions.hpp"
#include "lgvci/core/family.hpp"
#include "lgvci/core/simulation.hpp"
#include "lgvci/rigid_body/config.hpp"
#include "lgvci/rigid_body/hybrid_integrator.hpp"
#include "lgvci/rigid_body/presets.hpp"
#include "make_simulation.hpp"

namespace test_run_counters {

using namespace lgvci;
using lgvci_test::makeSimulation;

namespace {

// The family's run counters (FamilyCounters), none for a family without the extension.
const CounterLayout& layoutOf(const Simulation& sim) {
  static const CounterLayout none;
  const FamilyCounters* c = sim.extension<FamilyCounters>();
  return c ? c->counterLayout() : none;
}

std::vector<double> countersOf(const Simulation& sim) {
  std::vector<double> v(static_cast<size_t>(layoutOf(sim).size()), -1.0);
  if (!v.empty()) sim.extension<FamilyCounters>()->writeCounters(v.data());
  return v;
}

}  // namespace

TEST_CASE("every preset's counters: unique names with a description, whole numbers from 0, declared as its capabilities say", "[counters]") {
  for (const FamilyInfo& f : families())
    for (const std::string& preset : f.presets) {
      INFO(f.name << " / " << preset);
      auto sim = makeSimulation(f.presetJson(preset));
      const CounterLayout& L = layoutOf(*sim);
      std::set<std::string> names;
      for (const CounterField& c : L.fields) {
        CHECK_FALSE(c.description.empty());
        CHECK(names.insert(c.name).second);
        CHECK(L.index(c.name) == static_cast<int>(&c - L.fields.data()));
      }
      // A persistent-contact phase (lgvci/core/family.hpp) comes with its phase switches and the
      // sub-divided steps of its implicit flow; no other family declares them.
      for (const char* name : {"contact_entries", "contact_releases", "subdivided_steps"})
        CHECK(names.count(name) == (f.capabilities.contactPhase ? 1u : 0u));
      for (double v : countersOf(*sim)) CHECK(v == 0.0);  // nothing counted before the first step
      for (int k = 0; k < 50; ++k) sim->step();
      const std::vector<double> after = countersOf(*sim);
      for (size_t k = 0; k < after.size(); ++k) {
        CHECK(after[k] >= 0.0);
        CHECK(after[k] == std::floor(after[k]));
        CHECK(sim->counter(L.fields[k].name) == static_cast<long long>(after[k]));
      }
      CHECK_THROWS_AS(sim->counter("no_such_counter"), std::out_of_range);
    }
}

TEST_CASE("the rigid body's counters are its integrator's: the rocking block lifts off and lands again", "[counters][contact]") {
  // The same run twice: through the façade and through the integrator itself (docs/rigid-body.md
  // "Persistent contact": rocking lifts off once and settles back onto its face).
  auto sim = makeSimulation(presetJson("rocking"));
  HybridIntegrator direct = makeIntegrator(parseConfig(presetJson("rocking")));
  for (int k = 0; k < 1000; ++k) {
    sim->step();
    direct.step();
  }
  CHECK(direct.contactReleases() >= 1);
  CHECK(sim->counter("contact_entries") == direct.contactEntries());
  CHECK(sim->counter("contact_releases") == direct.contactReleases());
  CHECK(sim->counter("subdivided_steps") == direct.subdividedSteps());
  CHECK(sim->counter("contact_entries") == sim->counter("contact_releases") + 1);  // back in contact

  // A clone carries the counts; reset() starts them again from 0.
  auto copy = sim->clone();
  CHECK(countersOf(*copy) == countersOf(*sim));
  sim->reset();
  for (double v : countersOf(*sim)) CHECK(v == 0.0);
  CHECK(copy->counter("contact_entries") == direct.contactEntries());
}

TEST_CASE("the RK4 baseline declares the rigid body's counters and, without a contact phase, counts none", "[counters][rk4]") {
  auto sim = makeSimulation(R"({"case":"rocking","integrator":"rk4"})");
  for (int k = 0; k < 200 && !sim->runStatus().halted; ++k) sim->step();
  const CounterLayout lgvci = layoutOf(*makeSimulation(presetJson("rocking")));
  REQUIRE(layoutOf(*sim).size() == lgvci.size());
  for (int k = 0; k < lgvci.size(); ++k) CHECK(layoutOf(*sim).fields[static_cast<size_t>(k)].name == lgvci.fields[static_cast<size_t>(k)].name);
  for (double v : countersOf(*sim)) CHECK(v == 0.0);
}

TEST_CASE("conservedEnergy() is E plus the state record's dissipated ledger, and E itself without one", "[counters][restitution]") {
  for (const FamilyInfo& f : families())
    for (const std::string& preset : f.presets) {
      INFO(f.name << " / " << preset);
      auto sim = makeSimulation(f.presetJson(preset));
      for (int k = 0; k < 300; ++k) sim->step();
      const RecordField* ledger = sim->layout().find("dissipated");
      CHECK((ledger != nullptr) == f.capabilities.dissipation);
      const std::vector<double> rec = sim->record();
      const double lost = ledger ? rec[static_cast<size_t>(ledger->offset)] : 0.0;
      CHECK(sim->energies().conserved == sim->energies().energy + lost);
    }
  // Restitution 0.5 on Case IV: energy is lost at every impact, and E + dissipated stays at E0 to the
  // flight's error (docs/rigid-body.md "Restitution").
  auto sim = makeSimulation(R"({"case":"IV","restitution":0.5})");
  const double E0 = sim->energies().initial;
  double worst = 0.0;
  for (int k = 0; k < 1000; ++k) {
    sim->step();
    worst = std::max(worst, std::abs(sim->energies().conserved - E0));
  }
  const std::vector<double> rec = sim->record();
  const double lost = rec[static_cast<size_t>(sim->layout().field("dissipated").offset)];
  CHECK(sim->runStatus().impacts > 0);
  CHECK(lost > 0.01 * E0);
  CHECK(worst <= 1e-3 * E0);
  CHECK(sim->energies().energy < E0 - 0.5 * lost);
}

}  // namespace test_run_counters
