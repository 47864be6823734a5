// The order of accuracy through impacts (docs/order-study.md; Fetecau et al. §4.2, Fig. 5): a set-up run
// to a fixed time T past at least one impact at h, h/2, …, h/2⁵ with the config's integrator, each final
// state compared with a reference run of the same integrator at h/2⁸, and the order fitted by least squares
// on log–log axes. Level by level, so that a worker can post progress and stop between levels.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "lgvci/core/simulation.hpp"

namespace lgvci {

/// The study's levels h/2^k, k = 0 … kOrderStudyLevels − 1, and the reference's h/2^kOrderStudyReference.
inline constexpr int kOrderStudyLevels = 6;
inline constexpr int kOrderStudyReference = 8;
/// The cap on the reference's steps N·2⁸ (docs/order-study.md): the study refuses a longer one, and the
/// search for the first impact gives up after kMaxOrderStudySteps / 2⁸ coarse steps.
inline constexpr long long kMaxOrderStudySteps = 1LL << 22;

struct OrderStudyResult {
  double T = 0.0;            // the end time t0 + N h
  long long steps = 0;       // N, at the coarsest level
  double firstImpact = 0.0;  // time of the coarse run's first impact (NaN when N was given and none came before T)
  std::string integrator;    // the config's
  std::string reference;     // "refined": the same integrator at h/2⁸
  std::vector<double> h;     // h/2^k of the levels run so far
  std::vector<double> error; // their errors at T
  double fittedOrder = 0.0;  // least-squares slope of log error on log h (NaN with fewer than two errors > 0)
};

/// One study of a config (a JSON config as createSimulation takes). Levels may be run in any order; the
/// reference runs first, by runReference() or by the first runLevel().
class OrderStudy {
 public:
  /// `steps` N > 0 fixes T = t0 + N h; 0 chooses N = ⌈1.5 k₁⌉ from the coarse run, k₁ the step in which
  /// the first impact happens (docs/order-study.md). Throws InvalidInput: the config's own error, "steps"
  /// (no impact to choose N from, or N·2⁸ beyond kMaxOrderStudySteps).
  explicit OrderStudy(const std::string& config, long long steps = 0);

  int levels() const { return kOrderStudyLevels; }
  double h(int level) const;
  long long stepsAt(int level) const;  // N·2^level (the reference: level kOrderStudyReference)
  double T() const { return result_.T; }
  long long steps() const { return result_.steps; }
  const std::string& integrator() const { return result_.integrator; }

  /// Runs the reference (N·2⁸ steps). Throws std::runtime_error when the run halts.
  void runReference();
  /// Up to `maxSteps` more steps of the reference (a worker's progress between chunks); true when it is
  /// done. Throws std::runtime_error when the run halts.
  bool advanceReference(long long maxSteps);
  long long referenceStepsDone() const { return referenceDone_; }
  bool hasReference() const { return !reference_.empty(); }
  /// Runs level k (N·2^k steps), after the reference, and returns its error
  /// √(Σ_f d_f²) over the family's FamilyInfo::reversal fields f: |a − a_ref| for configurations and
  /// momenta, ‖R − R_ref‖₂ for a rotation. Throws std::out_of_range for k outside [0, levels()), and
  /// std::runtime_error when the run halts.
  double runLevel(int level);
  /// The levels run so far, in order of k, and the slope fitted over them.
  OrderStudyResult result() const;

 private:
  std::string config_;  // the resolved config; its "h" is replaced per level
  double h0_ = 0.0;
  OrderStudyResult result_;
  std::vector<double> reference_;        // its record at T
  std::vector<double> errors_;           // per level, NaN until run
  std::unique_ptr<Simulation> referenceRun_;  // the reference in progress
  long long referenceDone_ = 0;
  std::unique_ptr<Simulation> start(int level) const;  // a run of the config at h/2^level
  std::vector<double> finalRecord(int level) const;
};

/// Runs the whole study: the reference, then every level.
OrderStudyResult runOrderStudy(const std::string& config, long long steps = 0);
/// Least-squares slope of log y on log x over the pairs with x, y > 0 (NaN with fewer than two).
double fittedSlope(const std::vector<double>& x, const std::vector<double>& y);

/// {"h": […], "error": […], "fitted_order": p, "T": …, "steps": N, "first_impact": …, "integrator": …,
///  "reference": "refined"} (p null when it cannot be fitted).
std::string orderStudyJson(const OrderStudyResult& r);
/// A table of h, error and the rate between neighbours, then the fitted order.
std::string orderStudyText(const OrderStudyResult& r);

}  // namespace lgvci
