// A run of N steps as the CLI makes it (docs/cli.md): the loop, the CSV row of a state record, and the
// summary the CLI prints with --json. The CLI and the Python module (docs/python.md) share it, so a
// run from Python is the same steps, the same columns and the same summary as `lgvci --json --csv`.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "lgvci/core/simulation.hpp"

namespace lgvci {

/// The CSV columns of a state record (RecordLayout::csvColumns() order: each field with columns, its
/// values in record order). `record` holds layout.size doubles; `out` gets csvColumns().size().
void writeCsvValues(const RecordLayout& layout, const double* record, double* out);

/// What a run leaves besides the simulation's own state.
struct RunSummary {
  long long steps = 0;            // steps taken (fewer than asked: --until-impacts reached, or halted)
  double energyInitial = 0.0;     // energies().initial at the start
  double maxAbsEnergyError = 0.0; // max over the steps of |E + dissipated − E0| (docs/rigid-body.md "Restitution")
  std::vector<double> impactTimes;  // one per impact (one per instant under a simultaneous-impact policy)
  double wallSeconds = 0.0;       // the loop's wall time
  long long stepCap = 0;          // the steps asked for: with untilImpacts, the cap on the run
  long long untilImpacts = 0;     // the impacts asked for (0: none)
  bool interrupted = false;       // stopped at a step boundary by this thread's interrupt flag
};

/// With --until-impacts and no --steps, the CLI's cap on the run (docs/cli.md): 10⁷ steps (the presets'
/// longest such runs take 3·10⁵; a body at rest never reaches its first impact).
inline constexpr long long kUntilImpactsStepCap = 10000000;

/// Up to `steps` steps of `sim`; with untilImpacts > 0, stops before a step once that many impacts
/// happened. A step that halts the run is discarded and ends it. After each kept step (its impact log
/// read and cleared) `afterStep` is called, e.g. to write a CSV row. Before each step the thread's
/// interrupt flag is read (lgvci/core/interrupt.hpp): when it is set the run stops there, interrupted.
RunSummary runSteps(Simulation& sim, long long steps, long long untilImpacts = 0,
                    const std::function<void(Simulation&)>& afterStep = {});

/// The CLI's --json object of a run (docs/cli.md "Output"): case, model, integrator, steps, h, impacts,
/// energies, the family's counters, final state, impact_times, state_hash, status, Zeno guard, flow
/// evaluations, work units and wall_seconds, and with untilImpacts "until_impacts": {"impacts", "reached",
/// "step_cap"}; as JSON text. The CLI adds the optional claims to it.
std::string runSummaryJson(const Simulation& sim, const RunSummary& run);

}  // namespace lgvci
