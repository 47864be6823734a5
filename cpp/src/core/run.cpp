// A run as the CLI makes it: the loop, the CSV values of a record, the --json summary (lgvci/core/run.hpp).
#include "lgvci/core/run.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

#include <nlohmann/json.hpp>

#include "lgvci/core/extensions.hpp"
#include "lgvci/core/interrupt.hpp"

namespace lgvci {

void writeCsvValues(const RecordLayout& layout, const double* record, double* out) {
  for (const RecordField& f : layout.fields)
    for (std::size_t k = 0; k < f.columns.size(); ++k) *out++ = record[static_cast<std::size_t>(f.offset) + k];
}

RunSummary runSteps(Simulation& sim, long long steps, long long untilImpacts,
                    const std::function<void(Simulation&)>& afterStep) {
  RunSummary run;
  run.stepCap = steps;
  run.untilImpacts = untilImpacts;
  run.energyInitial = sim.energies().initial;
  const double E0 = run.energyInitial;
  // With a simultaneous-impact policy an instant's chain logs one impulse per link, all at one t.
  const bool instants = nlohmann::json::parse(sim.configJson()).contains("impact_policy");
  const auto start = std::chrono::steady_clock::now();
  long long done = 0;
  for (; done < steps; ++done) {
    if (untilImpacts > 0 && sim.runStatus().impacts >= untilImpacts) break;
    if (interruptRequested()) {
      run.interrupted = true;
      break;
    }
    StepStatus status;
    try {
      status = sim.step().status;
    } catch (const Interrupted&) {  // the flag was set since the check above: the same stop
      run.interrupted = true;
      break;
    }
    // A step that halts the run is discarded (t stays at the last grid time); it never reports Ok.
    if (status != StepStatus::Ok && sim.runStatus().halted) break;
    const std::vector<ImpactEvent>& log = sim.impactLog();
    if (!log.empty()) {  // most steps have no impact: nothing to read or clear
      for (const auto& ev : log)
        if (!instants || run.impactTimes.empty() || ev.t != run.impactTimes.back()) run.impactTimes.push_back(ev.t);
      sim.clearImpactLog();
    }
    run.maxAbsEnergyError = std::max(run.maxAbsEnergyError, std::abs(sim.energies().conserved - E0));
    if (afterStep) afterStep(sim);
  }
  run.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  run.steps = done;
  return run;
}

std::string runSummaryJson(const Simulation& sim, const RunSummary& run) {
  using nlohmann::json;
  std::vector<double> rec(static_cast<std::size_t>(sim.layout().size));
  sim.writeRecord(rec.data());
  // The energy the impacts took (the "dissipated" ledger, in the families that keep one) and the
  // family's own counters, read by name from the layouts the family declares.
  const RecordField* ledger = sim.layout().find("dissipated");
  const FamilyCounters* family = sim.extension<FamilyCounters>();
  std::vector<double> counters(family ? static_cast<std::size_t>(family->counterLayout().size()) : 0);
  if (family) family->writeCounters(counters.data());
  const RunInfo info = sim.info();
  const RunStatus status = sim.runStatus();
  const std::string& shownCase = info.caseName;
  const long long zenoEvents = status.zenoGuardEvents;
  json out;
  out["case"] = shownCase.empty() ? json(nullptr) : json(shownCase);
  out["model"] = info.model;
  out["integrator"] = info.integrator;
  out["steps"] = run.steps;
  out["h"] = info.h;
  out["impacts"] = status.impacts;
  out["multi_impact_steps"] = status.multiImpactSteps;
  out["energy_initial"] = run.energyInitial;
  out["energy_final"] = sim.energies().energy;
  out["max_abs_energy_error"] = run.maxAbsEnergyError;
  out["max_discrete_energy_mismatch"] = maxDiscreteEnergyMismatch(sim);
  if (ledger) out["dissipated"] = rec[static_cast<std::size_t>(ledger->offset)];
  for (std::size_t k = 0; k < counters.size(); ++k)
    out[family->counterLayout().fields[k].name] = static_cast<long long>(counters[k]);
  out["final"] = json::parse(sim.finalStateJson());
  out["impact_times"] = run.impactTimes;
  out["state_hash"] = sim.stateHashHex();
  out["status"] = statusName(status.status);
  out["status_message"] = status.message;
  out["halted"] = status.halted;
  out["zeno_guard_events"] = zenoEvents;
  out["flow_evaluations"] = status.flowEvaluations;
  out["work_units"] = status.workUnits;
  if (run.untilImpacts > 0)  // whether the impacts came before the cap on the steps (docs/cli.md)
    out["until_impacts"] = {{"impacts", run.untilImpacts}, {"reached", status.impacts >= run.untilImpacts}, {"step_cap", run.stepCap}};
  out["zeno_guard_first_t"] = zenoEvents > 0 ? json(status.firstZenoGuardTime) : json(nullptr);
  out["wall_seconds"] = run.wallSeconds;
  return out.dump();
}

}  // namespace lgvci
