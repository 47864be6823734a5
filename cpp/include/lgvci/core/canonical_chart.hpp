// A family's canonical chart of its phase space (docs/symplecticity.md "The charts"): coordinates
// z = (q_1, …, q_n, p_1, …, p_n) in which the symplectic form is ω = Σ_i dq_i ∧ dp_i, so that a
// scheme's symplecticity can be measured by generic code (lgvci/claims/symplecticity.hpp) that names
// no family. A chart may be local, centred at the run state it was made from (a body's
// rotation vector ξ with R = R̄ exp(ξ̂)); it reads the state of any run of the same system and builds
// a run of that system starting at a given z.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace lgvci {

class Simulation;

class CanonicalChart {
 public:
  /// z of the current state of `run` (a run of the chart's system: the base's clones and their steps).
  using Read = std::function<std::vector<double>(const Simulation& run)>;
  /// A run of the base's system, integrator, time and settings (a clone of the base with its impact
  /// log empty) whose current state is z; step() then continues from there.
  using Start = std::function<std::unique_ptr<Simulation>(const std::vector<double>& z)>;

  /// `names`: the 2n coordinate names, the q's then their conjugate p's. `slicePair`: the pair i whose
  /// (q_i, p_i) plane a loop of starts is drawn in (the family's 2-D slice), or −1 when the family has
  /// none to show (then the one-step map's defect is measured instead).
  CanonicalChart(std::vector<std::string> names, int slicePair, Read read, Start start)
      : names_(std::move(names)), slicePair_(slicePair), read_(std::move(read)), start_(std::move(start)) {}

  int pairs() const { return static_cast<int>(names_.size()) / 2; }
  const std::vector<std::string>& names() const { return names_; }
  int slicePair() const { return slicePair_; }
  std::vector<double> read(const Simulation& run) const { return read_(run); }
  std::unique_ptr<Simulation> start(const std::vector<double>& z) const { return start_(z); }

 private:
  std::vector<std::string> names_;
  int slicePair_ = -1;
  Read read_;
  Start start_;
};

/// The Birkhoff chart of a family with a bounce map (docs/symplecticity.md "The bounce map"): a bounce
/// is (s, p_t), the wall's arc length s ∈ [0, perimeter) and the tangential momentum p_t there, the
/// impact record's fields "s" and "p_t"; start(s, p_t) is a run of the base's system and integrator that
/// leaves the wall at (s, p_t) with the base's energy, so that its k-th bounce is B^k(s, p_t) up to the
/// short way it starts from the wall (nullptr when (s, p_t) is not a bounce at that energy: |p_t| ≥ |p|).
class BounceChart {
 public:
  using Start = std::function<std::unique_ptr<Simulation>(double s, double pt)>;
  /// `maxMomentum`: the largest |p| at the wall at the base's energy (the scale of p_t).
  BounceChart(double perimeter, double maxMomentum, Start start)
      : perimeter_(perimeter), maxMomentum_(maxMomentum), start_(std::move(start)) {}

  double perimeter() const { return perimeter_; }
  double maxMomentum() const { return maxMomentum_; }
  std::unique_ptr<Simulation> start(double s, double pt) const { return start_(s, pt); }

 private:
  double perimeter_ = 0.0, maxMomentum_ = 0.0;
  Start start_;
};

}  // namespace lgvci
