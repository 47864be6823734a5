// The momentum maps' drift over a run (docs/momentum-maps.md).
#include "lgvci/claims/momentum_maps.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "lgvci/core/extensions.hpp"

#include <nlohmann/json.hpp>

namespace lgvci {

std::vector<double> momentumMaps(const Simulation& sim) {
  const MomentumMaps* maps = sim.extension<MomentumMaps>();  // none: a set-up without symmetries
  std::vector<double> v(maps ? static_cast<std::size_t>(maps->momentumMapLayout().size()) : 0);
  if (!v.empty()) maps->writeMomentumMaps(v.data());
  return v;
}

MomentumMapTracker::MomentumMapTracker(const Simulation& sim) {
  if (const MomentumMaps* maps = sim.extension<MomentumMaps>())
    for (const MomentumMapField& f : maps->momentumMapLayout().fields) drift_.names.push_back(f.name);
  drift_.initial = momentumMaps(sim);
  drift_.maxDrift.assign(drift_.initial.size(), 0.0);
  now_.resize(drift_.initial.size());
  impacts0_ = sim.runStatus().impacts;
}

void MomentumMapTracker::observe(const Simulation& sim) {
  ++drift_.steps;
  drift_.impacts = sim.runStatus().impacts - impacts0_;
  if (now_.empty()) return;
  sim.extension<MomentumMaps>()->writeMomentumMaps(now_.data());  // now_ is not empty: the run has them
  for (std::size_t k = 0; k < now_.size(); ++k) {
    const double d = std::abs(now_[k] - drift_.initial[k]);
    // NaN is kept (a non-finite state is not a small drift): max() would drop it.
    if (!(d <= drift_.maxDrift[k])) drift_.maxDrift[k] = d;
  }
}

MomentumMapDrift measureMomentumMapDrift(Simulation& sim, long long steps) {
  MomentumMapTracker tracker(sim);
  for (long long k = 0; k < steps && !sim.runStatus().halted; ++k) {
    sim.step();
    if (sim.runStatus().halted) break;  // the step was discarded
    tracker.observe(sim);
    sim.clearImpactLog();  // a long run keeps no log
  }
  return tracker.drift();
}

std::string momentumMapDriftJson(const MomentumMapDrift& d) {
  return nlohmann::json{{"names", d.names}, {"max_drift", d.maxDrift}, {"initial", d.initial},
                        {"steps", d.steps}, {"impacts", d.impacts}}.dump();
}

std::string momentumMapDriftText(const MomentumMapDrift& d) {
  if (d.names.empty()) return "momentum maps      none (no continuous symmetry: docs/momentum-maps.md)\n";
  std::string s;
  char line[160];
  for (std::size_t k = 0; k < d.names.size(); ++k) {
    std::snprintf(line, sizeof line, "momentum map %-5s %.17g, max drift %.3e over %lld steps\n", d.names[k].c_str(),
                  d.initial[k], d.maxDrift[k], d.steps);
    s += line;
  }
  return s;
}

}  // namespace lgvci
