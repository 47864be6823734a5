// Ensembles: K copies of one set-up of any family, each started from the initial condition perturbed
// as the sensitivity twins perturb it (Tran & Leok §7.4), run N steps, and summarised as the histogram
// of impact counts, the histogram of final energy errors, and the median and quartiles of the
// divergence Err(t) from the unperturbed reference run: the sum over the family's configuration fields
// of their distance, ‖x − x_ref‖₂ + ‖R − R_ref‖₂ for a body with a position and an attitude,
// ‖q − q_ref‖₂ in generalized coordinates (docs/ensembles.md).
//
// Member k's perturbation is defined here once, so the native program and the page (WebAssembly)
// run the same K copies: u_k = the k-th output of splitmix64 seeded with `seed`, mapped to [−1, 1),
// and the start moved by size·u_k along the perturbation `kind` (Simulation::perturbations(): a
// shift of a coordinate or a momentum, or a turn R0·R_axis(size·u_k) of an attitude). No std:: distributions (they differ between C++ libraries) and only portable
// sin/cos, so every member is bit-identical natively and in WebAssembly.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "lgvci/core/simulation.hpp"
#include "lgvci/core/system.hpp"

namespace lgvci {

inline constexpr int kMaxEnsembleMembers = 10000;          // K
inline constexpr long long kMaxEnsembleSteps = 10000000;    // N, as the page's long run
inline constexpr int kMaxEnsembleSamples = 1000;            // M
inline constexpr double kMaxPerturbation = 1.0;             // size, in the perturbed entry's unit
inline constexpr std::uint64_t kMaxEnsembleSeed = (1ull << 53) - 1;  // a JS number holds it exactly
inline constexpr int kEnsembleImpactBins = 40;              // at most this many impact-count bins
inline constexpr int kEnergyBinsPerDecade = 4;               // log bins of the energy-error histogram

/// splitmix64 (Steele, Lea & Flood 2014): the k-th output (k ≥ 0) of the stream seeded with `seed`,
/// mix(seed + (k + 1)·0x9E3779B97F4A7C15), computed directly so every member is independent.
std::uint64_t splitmix64At(std::uint64_t seed, std::uint64_t k);
/// u_k = 2·(top 53 bits of splitmix64At(seed, k))·2⁻⁵³ − 1, in [−1, 1) (exact in binary64).
double memberOffset(std::uint64_t seed, int k);

struct EnsembleSpec {
  std::string config;  // JSON config of any family (a "case" or a full set-up)
  /// A name of the config's Simulation::perturbations(); "" for its first (the family's default).
  std::string kind;
  double size = 1e-8;  // the twins' default δx = 10⁻⁸
  std::uint64_t seed = 1;
  long long steps = 100000;  // N
  int samples = 100;         // M: Err(t) at steps j·N/M (integer division), j = 0..M (M ≤ N)
  int members = 100;         // K
};

/// From {"config": JSON text or object, "kind", "size", "seed", "steps", "samples", "members"} (the
/// page's request; missing keys keep EnsembleSpec's defaults) and validated. Throws InvalidInput("<key>", …).
EnsembleSpec parseEnsembleSpec(const std::string& json);

/// Bounds of K, N, M, size, seed (docs/ensembles.md "Ensembles"); throws InvalidInput("<field>", …).
void validateEnsembleSpec(const EnsembleSpec& spec);

/// What one member leaves behind.
struct MemberResult {
  int member = 0;
  long long steps = 0;    // steps taken (< N if the integrator halted)
  long long impacts = 0;
  double energyError = 0.0;  // |E_N − E₀| / |E₀| at the end (|E_N − E₀| when E₀ = 0)
  std::vector<double> err;   // Err at the M + 1 sample steps; NaN after a halt
  bool halted = false;       // the run halted (Newton failure, work limit, unresolved Zeno cascade; the step is not counted, as in the CLI)
  std::string message;       // why it halted (the simulation's status message); "" otherwise
};

class Ensemble;

/// One member (or the reference, member −1) stepped in chunks: the page's workers advance it a
/// chunk at a time so that Cancel is seen mid-member.
class MemberRun {
 public:
  MemberRun(const Ensemble& ensemble, int member);
  /// Up to n more steps; returns true when the member is finished (N steps or halted).
  bool advance(long long n);
  bool finished() const;
  long long stepsDone() const { return done_; }
  MemberResult result() const;
  /// The configuration (Ensemble::configurationFields(), their values in order: a position then an
  /// attitude row-major, or q in generalized coordinates) at each sample step reached so far,
  /// Ensemble::configurationSize() values per sample.
  const std::vector<double>& poses() const { return poses_; }

 private:
  void sample();
  const Ensemble& ens_;
  std::unique_ptr<Simulation> sim_;
  int member_;
  long long done_ = 0;
  std::size_t next_ = 0;  // next sample index
  bool halted_ = false;
  std::vector<double> err_, poses_;
  std::vector<int> offsets_, sizes_;  // the configuration fields' place in the record
};

class Ensemble {
 public:
  /// Validates the spec, its kind against the config's perturbations (InvalidInput("kind", …)), and
  /// the starts of the members with the smallest and largest offsets (a perturbation may push the body
  /// into the plane: InvalidInput("size", "member k's perturbed start is invalid: …"); MemberRun
  /// checks each member again), then runs the unperturbed reference.
  /// With checkExtremeMembers = false the two members are not checked here (a sweep reports each
  /// member whose start is invalid by itself, docs/sweeps.md); MemberRun still checks every member.
  explicit Ensemble(EnsembleSpec spec, bool checkExtremeMembers = true);
  /// The spec, its kind resolved (the config's first perturbation when it was "").
  const EnsembleSpec& spec() const { return spec_; }
  const Perturbation& perturbation() const { return perturbation_; }
  /// The record fields of the divergence, each with how its distance is measured: the family's
  /// reversal fields of kind Configuration (‖a − a_ref‖₂) and Rotation (‖A − A_ref‖₂, the largest
  /// singular value), in order.
  const std::vector<ReversalField>& configurationFields() const { return configuration_; }
  /// Values per sample of poses(): the sizes of configurationFields() summed.
  int configurationSize() const { return configurationSize_; }
  /// Member k's run at its start (k = −1: the reference, a copy of the unperturbed start): the start's
  /// perturbedStart(kind, size·u_k), sharing its system; no JSON is parsed. When the start moved by
  /// −size along the kind is not a valid start (a body resting on the plane, lowered), every member
  /// uses |u_k|: none starts outside the admissible set for want of a sign. Throws
  /// InvalidInput("size", "member k's perturbed start is invalid: …").
  std::unique_ptr<Simulation> memberSimulation(int k) const;
  /// The fully resolved config of member k (k = −1: the reference): what replays it (memberSimulation(k)'s configJson()).
  std::string memberConfig(int k) const;
  const std::vector<long long>& sampleSteps() const { return sampleSteps_; }
  std::vector<double> sampleTimes() const;
  double h() const { return h_; }
  const std::string& caseName() const { return caseName_; }
  /// The reference's configuration at each sample step (configurationSize() per sample; NaN after a halt).
  const std::vector<double>& referencePoses() const { return refPoses_; }
  const MemberResult& reference() const { return reference_; }
  MemberResult runMember(int k) const;

 private:
  EnsembleSpec spec_;
  std::shared_ptr<const System> system_;  // the config once: the reference and the members are its runs
  std::string resolved_;  // the reference's resolved config
  std::string caseName_;
  Perturbation perturbation_;
  std::vector<ReversalField> configuration_;
  int configurationSize_ = 0;
  bool upward_ = false;   // offsets taken as |δ|: the start moved by −size is not a valid start
  double h_ = 0.0;
  double t0_ = 0.0;
  std::vector<long long> sampleSteps_;
  std::vector<double> refPoses_;
  MemberResult reference_;
};

/// Counts of integers in bins [lo + i·width, lo + (i+1)·width − 1].
struct IntHistogram {
  long long lo = 0;
  long long width = 1;
  std::vector<long long> counts;
};

/// Counts of positive numbers in log bins [10^(i/b), 10^((i+1)/b)), i = first … first + counts − 1,
/// b = kEnergyBinsPerDecade; zeros counted apart.
struct LogHistogram {
  int first = 0;
  std::vector<double> edges;  // counts.size() + 1 edges
  std::vector<long long> counts;
  long long zeros = 0;
};

struct EnsembleStatistics {
  int members = 0;
  long long halted = 0;
  IntHistogram impacts;
  long long impactsMin = 0, impactsMax = 0;
  double impactsMean = 0.0;   // summed in member order
  double impactsMedian = 0.0;
  LogHistogram energy;
  double energyMedian = 0.0, energyMax = 0.0;
  std::vector<double> t;                  // sample times
  std::vector<double> q1, median, q3;     // of Err over members, per sample (NaN if none)
  std::vector<long long> n;               // members with a value at that sample
};

/// Quantile p ∈ [0, 1] of sorted values by linear interpolation between order statistics
/// (Hyndman & Fan type 7); NaN for no values.
double quantileSorted(const std::vector<double>& sorted, double p);
/// The bin edge 10^(i/kEnergyBinsPerDecade), the same bits on every platform.
double logBinEdge(int i);

/// Statistics of members 0..K−1 given in member order (results[k].member == k).
EnsembleStatistics ensembleStatistics(const Ensemble& ensemble, const std::vector<MemberResult>& results);
/// The statistics of any non-empty set of member results in the order given (each with t.size()
/// samples of Err), t the sample times: what ensembleStatistics computes, without an Ensemble (a
/// sweep's merge, docs/sweeps.md, has only the members' results). Throws InvalidInput("members", …).
EnsembleStatistics memberStatistics(std::vector<double> t, const std::vector<MemberResult>& results);
/// {"halted","impacts":{…},"energy_error":{…},"divergence":{…}} of ensembleStatisticsJson, alone.
std::string statisticsFieldsJson(const EnsembleStatistics& stats);
/// {"ensemble":{…spec},"reference":{…},"impacts":{…},"energy_error":{…},"divergence":{…},"halted"}
/// (docs/ensembles.md "Ensembles"); with `members` also every member's result.
std::string ensembleStatisticsJson(const Ensemble& ensemble, const EnsembleStatistics& stats,
                                   const std::vector<MemberResult>* members = nullptr);

/// Every member on the calling thread, in member order.
std::vector<MemberResult> runEnsemble(const Ensemble& ensemble);

}  // namespace lgvci
