#include "summary.hpp"

#include <cmath>
#include <cstdio>
#include <iostream>
#include <vector>

#include <nlohmann/json.hpp>

#include "lgvci/core/extensions.hpp"
#include "lgvci/core/hybrid_driver.hpp"
#include "lgvci/core/text.hpp"

namespace lgvci::cli {

void printRunSummary(const Simulation& sim, const RunSummary& runDone, double E0, const CliOptions& o, const RunExtras& extras) {
  using nlohmann::json;
  const long long done = runDone.steps;
  const double maxErr = runDone.maxAbsEnergyError;
  const double E = sim.energies().energy;
  const RunStatus run = sim.runStatus();
  const RunInfo info = sim.info();
  const char* status = statusName(run.status);
  // The energy the impacts took (the state record's "dissipated" ledger, in the families that keep one)
  // and the family's own run counters, read by name from the layouts the family declares.
  std::vector<double> rec(static_cast<size_t>(sim.layout().size));
  sim.writeRecord(rec.data());
  const RecordField* ledger = sim.layout().find("dissipated");
  const double dissipated = ledger ? rec[static_cast<size_t>(ledger->offset)] : 0.0;
  const FamilyCounters* family = sim.extension<FamilyCounters>();
  std::vector<double> counters(family ? static_cast<size_t>(family->counterLayout().size()) : 0);
  if (family) family->writeCounters(counters.data());
  // The Zeno guard's summary (docs/rigid-body.md "Persistent contact"): kept when later steps were clean, and
  // always said on stderr, so that a run that ends "ok" does not hide it.
  const long long zenoEvents = run.zenoGuardEvents;
  if (zenoEvents > 0)
    std::cerr << "lgvci: the Zeno guard fired in " << zenoEvents << (zenoEvents == 1 ? " step" : " steps")
              << " (first at t = " << formatNumber(run.firstZenoGuardTime) << ")\n";
  if (run.halted) std::cerr << "lgvci: halted at t = " << formatNumber(run.time) << ": " << run.message << "\n";
  const bool capped = o.untilImpacts > 0 && run.impacts < o.untilImpacts && !run.halted;
  if (capped)  // the cap on the steps came first (docs/cli.md)
    std::cerr << "lgvci: --until-impacts " << o.untilImpacts << ": " << run.impacts << " impacts in the " << done << " steps of the cap"
              << (o.stepsGiven ? " (--steps)" : " (the default 1e7; raise it with --steps)") << "\n";
  const std::string& shownCase = info.caseName;
  if (o.asJson) {
    json out = json::parse(runSummaryJson(sim, runDone));  // lgvci/core/run.hpp, as the Python module's summary
    if (!extras.reverseJson.empty()) out["reverse_check"] = json::parse(extras.reverseJson);
    if (extras.momentum) out["momentum_maps"] = json::parse(momentumMapDriftJson(*extras.momentum));
    if (!extras.symplecticJson.empty()) out["symplecticity"] = json::parse(extras.symplecticJson);
    if (!extras.jacobianJson.empty()) out["jacobian"] = json::parse(extras.jacobianJson);
    if (!extras.lyapunovJson.empty()) out["lyapunov"] = json::parse(extras.lyapunovJson);
    std::cout << out.dump() << "\n";
    return;
  }
  const double t = run.time;
  std::printf("case %s: %lld steps of h = %g, t = %.6f\n", shownCase.empty() ? "(config)" : shownCase.c_str(), done, info.h, t);
  std::printf("integrator         %s\n", info.integrator.c_str());
  std::printf("impacts            %lld (%lld steps with several)\n", run.impacts, run.multiImpactSteps);
  std::printf("energy initial     %.17g\n", E0);
  std::printf("energy final       %.17g\n", E);
  const double relErr = maxErr / std::abs(E0);  // 0/0 for a body at rest at zero energy
  const bool lossy = dissipated != 0.0;         // restitution < 1: the balance E + dissipated = E0
  if (lossy) std::printf("dissipated         %.17g\n", dissipated);
  if (std::isfinite(relErr))
    std::printf(lossy ? "max |E + diss - E0| / E0  %.3e\n" : "max |E - E0| / E0  %.3e\n", relErr);
  else
    std::printf("max |E - E0|       %.3e (E0 = 0)\n", maxErr);
  for (size_t k = 0; k < counters.size(); ++k)  // the family's counters that counted something
    if (counters[k] > 0)
      std::printf("%-18s %lld\n", family->counterLayout().fields[k].description.c_str(), static_cast<long long>(counters[k]));
  if (sim.capabilities().energyJump) std::printf("max E_d mismatch   %.3e (relative, at impacts)\n", maxDiscreteEnergyMismatch(sim));
  std::printf("final state        %s\n", sim.finalStateJson().c_str());
  std::printf("status             %s %s\n", status, run.message.c_str());
  if (zenoEvents > 0) std::printf("zeno guard         %lld steps, first at t = %g\n", zenoEvents, run.firstZenoGuardTime);
  if (o.untilImpacts > 0)
    std::printf("until impacts      %lld %s (cap %lld steps)\n", o.untilImpacts, capped ? "not reached" : "reached", o.steps);
  std::printf("wall time          %.3f s\n", runDone.wallSeconds);
  if (!extras.reverseJson.empty()) std::printf("reverse check      %s\n", extras.reverseJson.c_str());
  if (extras.momentum) std::printf("%s", momentumMapDriftText(*extras.momentum).c_str());
  if (!extras.symplecticLine.empty()) std::printf("symplecticity      %s\n", extras.symplecticLine.c_str());
  if (!extras.jacobianLine.empty()) std::printf("jacobian           %s\n", extras.jacobianLine.c_str());
  if (!extras.lyapunovLine.empty()) std::printf("lyapunov           %s\n", extras.lyapunovLine.c_str());
}

}  // namespace lgvci::cli
