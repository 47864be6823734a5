// The System: a config validated once and its start, shared by runs (lgvci/core/system.hpp).
#include "lgvci/core/system.hpp"

#include <stdexcept>
#include <utility>

namespace lgvci {

System::System(std::unique_ptr<Simulation> start, const FamilyInfo& family) : start_(std::move(start)), family_(&family) {}

SystemResult System::create(const std::string& json) {
  SystemResult out;
  SimulationResult r = createSimulation(json);
  if (!r.ok()) {
    out.error = r.error;
    return out;
  }
  const std::string name = r.simulation->info().family;
  const FamilyInfo* family = findFamily(name);
  if (!family) {
    out.error = {"config", "config: its family '" + name + "' is not registered"};
    return out;
  }
  out.system = std::shared_ptr<const System>(new System(std::move(r.simulation), *family));
  return out;
}

std::shared_ptr<const System> System::of(const Simulation& run) {
  const std::string name = run.info().family;
  const FamilyInfo* family = findFamily(name);
  if (!family) throw std::invalid_argument("System::of: family '" + name + "' is not registered");
  std::unique_ptr<Simulation> start = run.clone();
  start->reset();
  start->clearImpactLog();
  return std::shared_ptr<const System>(new System(std::move(start), *family));
}

std::unique_ptr<Simulation> System::newRun() const { return start_->clone(); }

std::unique_ptr<Simulation> System::newRun(const std::vector<double>& state) const {
  std::unique_ptr<Simulation> run = start_->clone();
  run->setState(state);
  return run;
}

std::unique_ptr<Simulation> System::newRun(const Perturbation& p, double delta) const { return start_->perturbedStart(p, delta); }

}  // namespace lgvci
