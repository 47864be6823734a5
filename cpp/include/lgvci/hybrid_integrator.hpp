// The hybrid-step driver of Algorithm 5.2: flow with F̃_Ld[h]; when a trial step penetrates, locate
// the impact time inside the step, apply the jump map there and flow the rest of the step.
#pragma once

#include <string>
#include <vector>

#include "lgvci/collision.hpp"
#include "lgvci/discrete_flow.hpp"

namespace lgvci {

enum class RootFinder {
  Bisection,  // the paper's: halve [0, remaining], keep the admissible side, until width ≤ tol
  Illinois,   // regula falsi with the Illinois modification, safeguarded by bisection; same tol
};

/// Integrator settings, with the paper's defaults (§7).
struct IntegratorDef {
  double h = 0.01;
  double tolerance = 1e-15;  // ε_tol: impact-time bracket (fraction of h) and Newton tolerance
  Retraction retraction = Retraction::Cayley;
  RootFinder rootFinder = RootFinder::Illinois;  // reproduces §7 like bisection, ~15% faster
  int maxImpactsPerStep = 64;  // Zeno guard
  /// Points within contactTolerance × body radius of the closest point count as touching together.
  double contactTolerance = 1e-10;
};

/// The physical system: body, mass properties, gravity g along −e3, plane.
struct SystemDef {
  ShapePtr body;
  MassProperties mass;
  double gravity = 9.80665;
  Plane plane;
};

enum class StepStatus { Ok = 0, NewtonFailed = 1, ZenoGuard = 2 };

struct ImpactEvent {
  double t = 0.0;
  double lambda = 0.0;           // multiplier of the (first) jump at this instant
  Vec3 point = Vec3::Zero();     // contact point, inertial frame (barycentre if several)
  Vec3 bodyPoint = Vec3::Zero(); // ρ_C, body frame (barycentre if several)
  int contacts = 1;              // points touching together
};

struct Energy {
  double total = 0.0;
  double translationalPotential = 0.0;  // |γ|²/2m + m g e3·x   (T.P.E. of §7.2)
  double rotational = 0.0;              // ½ΠᵀJ⁻¹Π             (R.E.)
};

struct StepReport {
  int impacts = 0;
  StepStatus status = StepStatus::Ok;
};

class HybridIntegrator {
 public:
  /// Validates everything (throws InvalidInput naming the field), including Φ(x0, R0) ≥ 0.
  HybridIntegrator(SystemDef system, IntegratorDef def, const State& initial);

  /// One step of Algorithm 5.2 (time advances by h unless the integrator reports a problem).
  /// After NewtonFailed the simulation is halted: further calls return NewtonFailed at once.
  StepReport step();
  void reset();

  const State& state() const { return state_; }
  const State& initialState() const { return initial_; }
  const SystemDef& system() const { return system_; }
  const IntegratorDef& def() const { return def_; }
  Energy energy() const { return energyOf(state_); }
  Energy energyOf(const State& s) const;
  double phi() const;
  Vec3 spatialAngularMomentum() const { return state_.R * state_.Pi; }
  long long totalImpacts() const { return totalImpacts_; }
  long long steps() const { return steps_; }
  StepStatus status() const { return status_; }
  const std::string& statusMessage() const { return statusMessage_; }
  /// Impacts since the last clearImpactLog().
  const std::vector<ImpactEvent>& impactLog() const { return log_; }
  void clearImpactLog() { log_.clear(); }

 private:
  bool flow(const State& s, double h, State& out);  // false when Newton failed
  bool locateImpact(const State& s, double remaining, State& atImpact, double& alpha);
  int resolveImpact(State& s, int budget);  // impulses applied (≥ 0, ≤ budget)
  double phiOf(const State& s) const;
  double phiNoise(const State& s) const;  // rounding error of Φ at s

  SystemDef system_;
  IntegratorDef def_;
  DiscreteFlow flow_;
  Mat3 Jinv_;
  double radius_ = 0.0;
  double failedStep_ = 0.0;
  State initial_;
  State state_;
  double gridStart_ = 0.0;   // t_i = gridStart_ + gridSteps_ h avoids summing h
  long long gridSteps_ = 0;
  long long totalImpacts_ = 0;
  long long steps_ = 0;
  StepStatus status_ = StepStatus::Ok;
  std::string statusMessage_;
  std::vector<ImpactEvent> log_;
  std::vector<ContactPoint> contacts_;  // scratch, reused
};

}  // namespace lgvci
