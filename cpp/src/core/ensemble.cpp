// Ensembles: the members' perturbation (splitmix64 → [−1, 1) → size·u_k along the family's perturbation,
// applied to a copy of the unperturbed start by Simulation::perturbedStart, no JSON per member), their
// runs against the unperturbed reference, and the statistics, all in fixed operation order.
#include "lgvci/core/ensemble.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

#include <nlohmann/json.hpp>

#include "lgvci/core/json_bounds.hpp"
#include "lgvci/core/portable_math.hpp"
#include "lgvci/core/family.hpp"
#include "lgvci/core/system.hpp"

namespace lgvci {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Err = Σ over the configuration fields of ‖a − a_ref‖₂, a rotation's with the induced 2-norm (largest
// singular value): ‖x − x_ref‖₂ + ‖R − R_ref‖₂ on SE(3), as the twins (§7.4, Fig. 10).
double divergence(const std::vector<ReversalField>& fields, const std::vector<int>& sizes, const double* a, const double* b) {
  double err = 0.0;
  int o = 0;
  for (std::size_t f = 0; f < fields.size(); ++f) {
    const int n = sizes[f];
    if (fields[f].kind == ReversalField::Kind::Rotation) {
      Mat3 D;
      for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c) D(r, c) = a[o + 3 * r + c] - b[o + 3 * r + c];
      err += Eigen::JacobiSVD<Mat3>(D).singularValues()(0);
    } else {
      double s2 = 0.0;
      for (int i = 0; i < n; ++i) {
        const double d = a[o + i] - b[o + i];
        s2 += d * d;
      }
      err += std::sqrt(s2);
    }
    o += n;
  }
  return err;
}


}  // namespace

std::uint64_t splitmix64At(std::uint64_t seed, std::uint64_t k) {
  std::uint64_t z = seed + (k + 1) * 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

double memberOffset(std::uint64_t seed, int k) {
  const double unit = static_cast<double>(splitmix64At(seed, static_cast<std::uint64_t>(k)) >> 11) * 0x1p-53;
  return 2.0 * unit - 1.0;  // both operations exact: u ∈ [−1, 1) on a grid of 2⁻⁵²
}

void validateEnsembleSpec(const EnsembleSpec& s) {
  if (s.members < 1 || s.members > kMaxEnsembleMembers)
    throw InvalidInput("members", "must be an integer in [1, " + std::to_string(kMaxEnsembleMembers) + "]");
  if (s.steps < 1 || s.steps > kMaxEnsembleSteps) throw InvalidInput("steps", "must be an integer in [1, 1e7]");
  if (s.samples < 1 || s.samples > kMaxEnsembleSamples)
    throw InvalidInput("samples", "must be an integer in [1, " + std::to_string(kMaxEnsembleSamples) + "]");
  if (!(s.size > 0.0) || !(s.size <= kMaxPerturbation))
    throw InvalidInput("size", "must be a number in (0, 1] (in the perturbed entry's unit: a length, an angle, a momentum)");
  if (s.seed > kMaxEnsembleSeed) throw InvalidInput("seed", "must be an integer in [0, 2^53 - 1]");
}

EnsembleSpec parseEnsembleSpec(const std::string& text) {
  using nlohmann::json;
  checkJsonText(text);
  const json j = json::parse(text);
  if (!j.is_object()) throw InvalidInput("ensemble", "must be a JSON object");
  for (const auto& item : j.items())
    if (item.key() != "config" && item.key() != "kind" && item.key() != "size" && item.key() != "seed" &&
        item.key() != "steps" && item.key() != "samples" && item.key() != "members")
      throw InvalidInput(printable(item.key()), "unknown key of an ensemble (config, kind, size, seed, steps, samples, members)");
  EnsembleSpec s;
  if (!j.contains("config")) throw InvalidInput("config", "is required");
  s.config = j["config"].is_string() ? j["config"].get<std::string>() : j["config"].dump();
  // Integers as JSON numbers with no fraction, within the bounds checked below.
  const auto integer = [&](const char* key, double max) {
    const json& v = j[key];
    if (!v.is_number() || v.get<double>() != std::floor(v.get<double>()) || v.get<double>() < 0 || v.get<double>() > max)
      throw InvalidInput(key, "must be a whole number in [0, " + std::to_string(static_cast<unsigned long long>(max)) + "]");
    return v.get<double>();
  };
  if (j.contains("kind")) {
    if (!j["kind"].is_string()) throw InvalidInput("kind", "must be the name of one of the config's perturbations");
    s.kind = j["kind"].get<std::string>();
  }
  if (j.contains("size")) {
    if (!j["size"].is_number()) throw InvalidInput("size", "must be a number in (0, 1] (in the perturbed entry's unit: a length, an angle, a momentum)");
    s.size = j["size"].get<double>();
  }
  if (j.contains("seed")) s.seed = static_cast<std::uint64_t>(integer("seed", static_cast<double>(kMaxEnsembleSeed)));
  if (j.contains("steps")) s.steps = static_cast<long long>(integer("steps", 1e9));
  if (j.contains("samples")) s.samples = static_cast<int>(integer("samples", 1e9));
  if (j.contains("members")) s.members = static_cast<int>(integer("members", 1e9));
  validateEnsembleSpec(s);
  return s;
}

// ---- Ensemble ----

Ensemble::Ensemble(EnsembleSpec spec, bool checkExtremeMembers) : spec_(std::move(spec)) {
  validateEnsembleSpec(spec_);
  SystemResult made = System::create(spec_.config);
  if (!made.ok()) throw InvalidInput("config", made.error.message);
  system_ = std::move(made.system);
  const System& sys = *system_;
  perturbation_ = spec_.kind.empty() ? sys.perturbations().at(0) : sys.perturbation(spec_.kind);
  spec_.kind = perturbation_.name;
  for (const ReversalField& f : sys.family().reversal)
    if (f.kind != ReversalField::Kind::Momentum) {
      configuration_.push_back(f);
      configurationSize_ += sys.layout().field(f.field).size;
    }
  resolved_ = sys.configJson();
  caseName_ = sys.caseName();
  h_ = sys.h();
  t0_ = sys.t0();
  // A start on the boundary of the admissible set (a body resting on the plane) has no room on one
  // side: when the start moved by −size is refused, every member takes |u_k| (exact for a shift that
  // moves Φ monotonically; members are checked again when built).
  try {
    sys.newRun(perturbation_, -spec_.size);
  } catch (const InvalidInput&) {
    upward_ = true;
  }
  const long long M = std::min<long long>(spec_.samples, spec_.steps);
  for (long long j = 0; j <= M; ++j) sampleSteps_.push_back(j * spec_.steps / M);
  // The perturbed starts must be valid too (e.g. not inside the plane). Only the two extreme members
  // are checked here — exact for a shift that moves Φ monotonically — and every member again when it is
  // built (MemberRun).
  if (checkExtremeMembers) {
    int lo = 0, hi = 0;
    for (int k = 1; k < spec_.members; ++k) {
      if (memberOffset(spec_.seed, k) < memberOffset(spec_.seed, lo)) lo = k;
      if (memberOffset(spec_.seed, k) > memberOffset(spec_.seed, hi)) hi = k;
    }
    for (int k : {lo, hi}) memberSimulation(k);
  }
  MemberRun r(*this, -1);
  r.advance(spec_.steps);
  refPoses_ = r.poses();
  refPoses_.resize(static_cast<std::size_t>(configurationSize_) * sampleSteps_.size(), kNaN);
  reference_ = r.result();
}

std::unique_ptr<Simulation> Ensemble::memberSimulation(int k) const {
  if (k < 0) return system_->newRun();
  const double u = memberOffset(spec_.seed, k);
  const double delta = spec_.size * (upward_ ? std::abs(u) : u);
  try {
    return system_->newRun(perturbation_, delta);
  } catch (const InvalidInput& e) {
    throw InvalidInput("size", "member " + std::to_string(k) + "'s perturbed start is invalid: " + e.what());
  }
}

std::string Ensemble::memberConfig(int k) const {
  return k < 0 ? resolved_ : memberSimulation(k)->configJson();
}

std::vector<double> Ensemble::sampleTimes() const {
  std::vector<double> t;
  for (long long s : sampleSteps_) t.push_back(t0_ + static_cast<double>(s) * h_);
  return t;
}

MemberResult Ensemble::runMember(int k) const {
  MemberRun r(*this, k);
  r.advance(spec_.steps);
  return r.result();
}

// ---- MemberRun ----

MemberRun::MemberRun(const Ensemble& ensemble, int member) : ens_(ensemble), member_(member) {
  if (member < -1 || member >= ensemble.spec().members)
    throw InvalidInput("member", "must be in [0, " + std::to_string(ensemble.spec().members - 1) + "]");
  sim_ = ensemble.memberSimulation(member);
  const RecordLayout& l = sim_->layout();
  for (const ReversalField& f : ensemble.configurationFields()) {
    offsets_.push_back(l.field(f.field).offset);
    sizes_.push_back(l.field(f.field).size);
  }
  err_.reserve(ensemble.sampleSteps().size());
  poses_.reserve(static_cast<std::size_t>(ensemble.configurationSize()) * ensemble.sampleSteps().size());
  sample();
}

void MemberRun::sample() {
  const std::vector<long long>& at = ens_.sampleSteps();
  while (next_ < at.size() && at[next_] == done_) {
    const std::vector<double> rec = sim_->record();
    const std::size_t from = poses_.size(), n = static_cast<std::size_t>(ens_.configurationSize());
    for (std::size_t f = 0; f < offsets_.size(); ++f)
      poses_.insert(poses_.end(), rec.begin() + offsets_[f], rec.begin() + offsets_[f] + sizes_[f]);
    if (member_ >= 0) err_.push_back(divergence(ens_.configurationFields(), sizes_, &poses_[from], &ens_.referencePoses()[n * next_]));
    ++next_;
  }
}

bool MemberRun::finished() const { return halted_ || done_ >= ens_.spec().steps; }

bool MemberRun::advance(long long n) {
  for (long long i = 0; i < n && !finished(); ++i) {
    sim_->step();
    if (sim_->runStatus().halted) {
      halted_ = true;
      break;
    }
    sim_->clearImpactLog();
    ++done_;
    sample();
  }
  return finished();
}

MemberResult MemberRun::result() const {
  MemberResult m;
  m.member = member_;
  m.steps = done_;
  const RunStatus status = sim_->runStatus();
  m.impacts = status.impacts;
  // With restitution or a plastic start of contact the balance is E + dissipated = E0 (docs/rigid-body.md "Restitution").
  const Energies energies = sim_->energies();
  const double E0 = energies.initial, dE = std::abs(energies.conserved - E0);
  m.energyError = E0 != 0.0 ? dE / std::abs(E0) : dE;
  m.err = err_;
  if (member_ >= 0) m.err.resize(ens_.sampleSteps().size(), kNaN);
  m.halted = halted_;
  if (halted_) m.message = status.message;
  return m;
}

// ---- Statistics ----

double quantileSorted(const std::vector<double>& v, double p) {
  if (v.empty()) return kNaN;
  const double pos = p * static_cast<double>(v.size() - 1);
  const std::size_t lo = static_cast<std::size_t>(std::floor(pos));
  if (lo + 1 >= v.size()) return v.back();
  const double frac = pos - static_cast<double>(lo);
  return v[lo] + frac * (v[lo + 1] - v[lo]);
}

double logBinEdge(int i) {
  // 10^(m/4) for m = 0..3, correctly rounded, times 10^d (strtod rounds correctly on glibc and musl).
  static const double kMantissa[kEnergyBinsPerDecade] = {1.0, 1.7782794100389228, 3.1622776601683795, 5.6234132519034912};
  const int d = i >= 0 ? i / kEnergyBinsPerDecade : -((-i + kEnergyBinsPerDecade - 1) / kEnergyBinsPerDecade);
  const int m = i - d * kEnergyBinsPerDecade;
  const double decade = std::strtod(("1e" + std::to_string(d)).c_str(), nullptr);
  return kMantissa[m] * decade;
}

namespace {

// The bin i with edge(i) ≤ v < edge(i + 1): a first guess from log10, then exact comparisons with the
// edges, so the answer does not depend on the C library's log10.
int logBinOf(double v) {
  int i = static_cast<int>(std::floor(std::log10(v) * kEnergyBinsPerDecade));
  while (logBinEdge(i) > v) --i;
  while (logBinEdge(i + 1) <= v) ++i;
  return i;
}

}  // namespace

EnsembleStatistics ensembleStatistics(const Ensemble& ens, const std::vector<MemberResult>& results) {
  const int K = ens.spec().members;
  if (static_cast<int>(results.size()) != K) throw InvalidInput("members", "expected " + std::to_string(K) + " results");
  for (int k = 0; k < K; ++k)
    if (results[static_cast<std::size_t>(k)].member != k) throw InvalidInput("members", "results must be in member order");
  return memberStatistics(ens.sampleTimes(), results);
}

EnsembleStatistics memberStatistics(std::vector<double> t, const std::vector<MemberResult>& results) {
  if (results.empty()) throw InvalidInput("members", "at least one result is needed");
  const std::size_t S = t.size();
  for (const MemberResult& r : results)
    if (r.err.size() != S) throw InvalidInput("members", "a result has the wrong number of samples");
  const int K = static_cast<int>(results.size());
  EnsembleStatistics st;
  st.members = K;
  // Impact counts.
  std::vector<double> counts;
  st.impactsMin = results[0].impacts;
  st.impactsMax = results[0].impacts;
  double sum = 0.0;
  for (const MemberResult& r : results) {
    st.impactsMin = std::min(st.impactsMin, r.impacts);
    st.impactsMax = std::max(st.impactsMax, r.impacts);
    sum += static_cast<double>(r.impacts);
    counts.push_back(static_cast<double>(r.impacts));
    if (r.halted) ++st.halted;
  }
  st.impactsMean = sum / K;
  std::sort(counts.begin(), counts.end());
  st.impactsMedian = quantileSorted(counts, 0.5);
  const long long span = st.impactsMax - st.impactsMin + 1;
  st.impacts.lo = st.impactsMin;
  st.impacts.width = (span + kEnsembleImpactBins - 1) / kEnsembleImpactBins;
  st.impacts.counts.assign(static_cast<std::size_t>((span + st.impacts.width - 1) / st.impacts.width), 0);
  for (const MemberResult& r : results) ++st.impacts.counts[static_cast<std::size_t>((r.impacts - st.impacts.lo) / st.impacts.width)];
  // Final energy errors, log bins.
  std::vector<double> energies;
  std::vector<int> bins;
  for (const MemberResult& r : results) {
    energies.push_back(r.energyError);
    if (r.energyError > 0.0 && std::isfinite(r.energyError)) bins.push_back(logBinOf(r.energyError));
    else ++st.energy.zeros;  // 0 (or not finite, which a halted run can leave)
  }
  // NaN (a halted run's) sorts last: std::sort needs a strict weak order, and finite values keep theirs.
  std::sort(energies.begin(), energies.end(), [](double a, double b) { return std::isnan(b) ? !std::isnan(a) : a < b; });
  st.energyMedian = quantileSorted(energies, 0.5);
  st.energyMax = energies.back();
  if (!bins.empty()) {
    const auto mm = std::minmax_element(bins.begin(), bins.end());
    st.energy.first = *mm.first;
    st.energy.counts.assign(static_cast<std::size_t>(*mm.second - *mm.first + 1), 0);
    for (int b : bins) ++st.energy.counts[static_cast<std::size_t>(b - st.energy.first)];
    for (int i = *mm.first; i <= *mm.second + 1; ++i) st.energy.edges.push_back(logBinEdge(i));
  }
  // Err(t): quartiles over the members with a value at each sample.
  st.t = std::move(t);
  std::vector<double> col;
  for (std::size_t j = 0; j < S; ++j) {
    col.clear();
    for (const MemberResult& r : results)
      if (!std::isnan(r.err[j])) col.push_back(r.err[j]);
    std::sort(col.begin(), col.end());
    st.n.push_back(static_cast<long long>(col.size()));
    st.q1.push_back(quantileSorted(col, 0.25));
    st.median.push_back(quantileSorted(col, 0.5));
    st.q3.push_back(quantileSorted(col, 0.75));
  }
  return st;
}

std::string statisticsFieldsJson(const EnsembleStatistics& st) {
  using nlohmann::json;
  json out;
  out["halted"] = st.halted;
  out["impacts"] = {{"min", st.impactsMin},
                    {"max", st.impactsMax},
                    {"mean", st.impactsMean},
                    {"median", st.impactsMedian},
                    {"histogram", {{"lo", st.impacts.lo}, {"width", st.impacts.width}, {"counts", st.impacts.counts}}}};
  out["energy_error"] = {{"median", st.energyMedian},
                         {"max", st.energyMax},
                         {"histogram",
                          {{"bins_per_decade", kEnergyBinsPerDecade},
                           {"first", st.energy.first},
                           {"edges", st.energy.edges},
                           {"counts", st.energy.counts},
                           {"zeros", st.energy.zeros}}}};
  out["divergence"] = {{"t", st.t}, {"q1", st.q1}, {"median", st.median}, {"q3", st.q3}, {"n", st.n}};
  return out.dump();
}

std::string ensembleStatisticsJson(const Ensemble& ens, const EnsembleStatistics& st, const std::vector<MemberResult>* members) {
  using nlohmann::json;
  const EnsembleSpec& s = ens.spec();
  json out;
  out["ensemble"] = {{"case", ens.caseName().empty() ? json(nullptr) : json(ens.caseName())},
                     {"members", s.members},
                     {"kind", s.kind},
                     {"size", s.size},
                     {"seed", s.seed},
                     {"steps", s.steps},
                     {"samples", static_cast<long long>(ens.sampleSteps().size()) - 1},
                     {"h", ens.h()}};
  const MemberResult& ref = ens.reference();
  out["reference"] = {{"impacts", ref.impacts}, {"energy_error", ref.energyError}, {"steps", ref.steps}, {"halted", ref.halted}};
  out.update(json::parse(statisticsFieldsJson(st)));
  if (members) {
    json list = json::array();
    for (const MemberResult& m : *members)
      list.push_back({{"member", m.member},
                      {"offset", memberOffset(s.seed, m.member)},
                      {"steps", m.steps},
                      {"impacts", m.impacts},
                      {"energy_error", m.energyError},
                      {"halted", m.halted},
                      {"err", m.err}});
    out["members"] = list;
  }
  return out.dump();
}

std::vector<MemberResult> runEnsemble(const Ensemble& ens) {
  std::vector<MemberResult> out;
  out.reserve(static_cast<std::size_t>(ens.spec().members));
  for (int k = 0; k < ens.spec().members; ++k) out.push_back(ens.runMember(k));
  return out;
}

}  // namespace lgvci
