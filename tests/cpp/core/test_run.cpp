// The run the CLI and the Python module share (lgvci/core/run.hpp): runSteps is the same steps as
// step() called by hand, stops where --until-impacts says, calls back once per kept step; the CSV
// values are the record's fields with columns; the summary carries the run's own numbers.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "lgvci/core/extensions.hpp"
#include "lgvci/core/family.hpp"
#include "lgvci/core/run.hpp"
#include "lgvci/core/simulation.hpp"
#include "make_simulation.hpp"

namespace test_run {

using namespace lgvci;
using lgvci_test::makeSimulation;

TEST_CASE("runSteps: every preset's run is its steps taken by hand, with a callback per step", "[run]") {
  for (const std::string& preset : presetNames()) {
    INFO(preset);
    const std::string config = presetJson(preset);
    auto sim = makeSimulation(config);
    auto byHand = makeSimulation(config);
    const double t0 = sim->runStatus().time;
    const double E0 = sim->energies().initial;
    long long calls = 0;
    double largest = 0.0;
    const RunSummary run = runSteps(*sim, 2000, 0, [&](Simulation& s) {
      ++calls;
      CHECK(s.impactLog().empty());  // read and cleared before the callback
      largest = std::max(largest, std::abs(s.energies().conserved - E0));
    });
    for (int k = 0; k < 2000 && !byHand->runStatus().halted; ++k) byHand->step();
    CHECK(run.steps == (sim->runStatus().halted ? sim->runStatus().steps : 2000));
    CHECK(calls == run.steps);
    CHECK(sim->stateHashHex() == byHand->stateHashHex());
    CHECK(run.energyInitial == E0);
    CHECK(run.maxAbsEnergyError == largest);
    CHECK(run.impactTimes.size() <= static_cast<size_t>(sim->runStatus().impacts));
    CHECK((run.impactTimes.empty() == (sim->runStatus().impacts == 0)));
    for (size_t k = 0; k < run.impactTimes.size(); ++k) {
      CHECK(run.impactTimes[k] > t0);
      CHECK(run.impactTimes[k] <= sim->runStatus().time);
      if (k > 0) CHECK(run.impactTimes[k] >= run.impactTimes[k - 1]);
    }
    CHECK(run.wallSeconds >= 0.0);
  }
}

TEST_CASE("runSteps with untilImpacts stops after the step of the N-th impact", "[run]") {
  const std::string config = presetJson(presetNames().front());
  auto sim = makeSimulation(config);
  const RunSummary run = runSteps(*sim, 1000000, 3);
  REQUIRE(sim->runStatus().impacts >= 3);
  REQUIRE(run.steps >= 1);
  auto before = makeSimulation(config);
  for (long long k = 0; k + 1 < run.steps; ++k) before->step();
  CHECK(before->runStatus().impacts < 3);  // one step fewer has not reached it
  CHECK(runSteps(*sim, 10, 3).steps == 0);  // already there: no step
}

TEST_CASE("writeCsvValues: the record's fields with columns, in csvColumns() order", "[run]") {
  for (const std::string& preset : presetNames()) {
    INFO(preset);
    auto sim = makeSimulation(presetJson(preset));
    runSteps(*sim, 300);
    const RecordLayout& L = sim->layout();
    std::vector<double> rec(static_cast<size_t>(L.size));
    sim->writeRecord(rec.data());
    const std::vector<std::string> cols = L.csvColumns();
    std::vector<double> row(cols.size() + 1, -7.0);  // one guard slot past the end
    writeCsvValues(L, rec.data(), row.data());
    CHECK(row.back() == -7.0);
    size_t k = 0;
    for (const RecordField& f : L.fields)
      for (size_t c = 0; c < f.columns.size(); ++c, ++k) {
        REQUIRE(k < cols.size());
        CHECK(cols[k] == f.columns[c]);
        CHECK(row[k] == rec[static_cast<size_t>(f.offset) + c]);
      }
    CHECK(k == cols.size());
  }
}

TEST_CASE("runSummaryJson: the run's numbers and the simulation's", "[run]") {
  for (const std::string& preset : presetNames()) {
    INFO(preset);
    auto sim = makeSimulation(presetJson(preset));
    const RunSummary run = runSteps(*sim, 500);
    const nlohmann::json j = nlohmann::json::parse(runSummaryJson(*sim, run));
    CHECK(j.at("case") == preset);
    CHECK(j.at("model") == sim->info().model);
    CHECK(j.at("steps") == run.steps);
    CHECK(j.at("impacts") == sim->runStatus().impacts);
    CHECK(j.at("energy_initial").get<double>() == run.energyInitial);
    CHECK(j.at("energy_final").get<double>() == sim->energies().energy);
    CHECK(j.at("max_abs_energy_error").get<double>() == run.maxAbsEnergyError);
    CHECK(j.at("impact_times").get<std::vector<double>>() == run.impactTimes);
    CHECK(j.at("state_hash") == sim->stateHashHex());
    CHECK(j.at("halted") == sim->runStatus().halted);
    CHECK(j.contains("dissipated") == (sim->layout().find("dissipated") != nullptr));
    if (const auto* counters = sim->extension<FamilyCounters>())
      for (const CounterField& c : counters->counterLayout().fields) CHECK(j.at(c.name) == sim->counter(c.name));
  }
}

}  // namespace test_run
