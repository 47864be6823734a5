// A System: one config parsed and validated once, immutable, shared by any number of runs (MuJoCo's
// mjModel to its mjData, Jolt's shared shapes; docs/architecture.md "Model and data"). Each run is a
// Simulation of its own — state, scratch, counters — started at the config's start, at a given state,
// or at the start moved along one of the family's perturbations; no JSON is read again.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "lgvci/core/family.hpp"
#include "lgvci/core/simulation.hpp"

namespace lgvci {

class System;

/// Either a system or the reason there is none ("field: rule", as createSimulation).
struct SystemResult {
  std::shared_ptr<const System> system;
  SimulationError error;
  bool ok() const { return system != nullptr; }
};

class System {
 public:
  /// Parses and validates a JSON config (createSimulation's rules). Never throws for bad input.
  static SystemResult create(const std::string& json);
  /// The system of a run: its config, with the run's start (its state after reset()) as the start.
  static std::shared_ptr<const System> of(const Simulation& run);

  /// A run at the config's start. Thread-safe: runs may be made from one system on many threads.
  std::unique_ptr<Simulation> newRun() const;
  /// A run at `state` (a state record of layout(); Simulation::setState): throws InvalidInput naming
  /// the record field when the family refuses it as a start.
  std::unique_ptr<Simulation> newRun(const std::vector<double>& state) const;
  /// A run at the start moved by δ along `p` (Simulation::perturbedStart): throws InvalidInput.
  std::unique_ptr<Simulation> newRun(const Perturbation& p, double delta) const;

  const FamilyInfo& family() const { return *family_; }
  const Capabilities& capabilities() const { return family_->capabilities; }
  /// The state record's layout, the fields newRun(state) reads, the start's record.
  const RecordLayout& layout() const { return start_->layout(); }
  std::vector<std::string> stateFields() const { return start_->stateFields(); }
  std::vector<double> startRecord() const { return start_->record(); }
  /// The directions a start can be perturbed in, the default first; one of them by name (throws
  /// InvalidInput("kind", …)).
  std::vector<Perturbation> perturbations() const { return start_->perturbations(); }
  Perturbation perturbation(const std::string& name) const { return start_->perturbation(name); }
  /// The fully resolved config (it replays the start), its preset ("" for a custom set-up), h and t0.
  std::string configJson() const { return start_->configJson(); }
  std::string caseName() const { return start_->info().caseName; }
  double h() const { return start_->info().h; }
  double t0() const { return start_->runStatus().time; }

 private:
  System(std::unique_ptr<Simulation> start, const FamilyInfo& family);

  std::shared_ptr<const Simulation> start_;  // a run at the start, never stepped: runs are its copies
  const FamilyInfo* family_;
};

}  // namespace lgvci
